/// Maps virtual time to x positions for a timeline drawing. Long quiet stretches (a watchdog's
/// 5 s after 50 ms of action) are squeezed to a fixed width and marked, so the action stays
/// readable; everything else is linear.
struct TimeScale {
    /// Event times, sorted and unique, and the x of each.
    private let times: [Int64]
    private let xs: [Double]
    /// Gaps drawn shorter than they are: (start, end) in virtual time.
    let breaks: [(start: Int64, end: Int64)]

    init(times raw: [Int64], x0: Double, width: Double) {
        var times = Array(Set(raw)).sorted()
        if times.isEmpty { times = [0] }
        if times.count == 1 { times.append(times[0] + 1_000_000) }
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        // A gap longer than a tenth of the whole span, four times the median non-zero gap and 2 ms
        // is squeezed to the larger of the last two.
        let positive = gaps.filter { $0 > 0 }.sorted()
        let median = positive.isEmpty ? 1 : positive[positive.count / 2]
        let cap = max(4 * median, 2_000_000)
        let span = times[times.count - 1] - times[0]
        var weights: [Double] = []
        var breaks: [(Int64, Int64)] = []
        for (index, gap) in gaps.enumerated() {
            if gap > cap * 3 && gap * 10 > span {
                weights.append(Double(cap))
                breaks.append((times[index], times[index + 1]))
            } else {
                weights.append(Double(gap))
            }
        }
        let total = max(weights.reduce(0, +), 1)
        var xs = [x0]
        for weight in weights { xs.append(xs[xs.count - 1] + weight / total * width) }
        self.times = times
        self.xs = xs
        self.breaks = breaks
    }

    /// x of a time, interpolating between known event times.
    func x(_ time: Int64) -> Double {
        guard time > times[0] else { return xs[0] }
        guard time < times[times.count - 1] else { return xs[xs.count - 1] }
        var low = 0
        var high = times.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if times[mid] <= time { low = mid } else { high = mid }
        }
        let span = Double(times[high] - times[low])
        let fraction = span == 0 ? 0 : Double(time - times[low]) / span
        return xs[low] + fraction * (xs[high] - xs[low])
    }
}
