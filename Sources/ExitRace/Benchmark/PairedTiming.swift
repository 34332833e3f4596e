/// CPU-time pairs for a ratio that a loaded machine cannot move much: two workloads timed by the
/// thread's CPU time (``ThreadCPUTime``), in blocks long enough for the clock's granularity and a
/// preemption's cache refill not to matter, interleaved A B A B …, the ratio taken per pair and the
/// median of the pairs reported. A load spike then skews one pair, not the figure.
struct PairedTiming {
    /// The CPU time the cheaper of the two blocks takes at least.
    var minimumBlock: Duration = .milliseconds(20)
    /// The pairs measured at least, however short `seconds` is.
    var minimumPairs = 5

    /// How ``pairs(seconds:_:_:)``'s figures were measured, for bench's output: "thread CPU time, …".
    var method: String {
        "thread CPU time, the two alternately in blocks of ≥ \(Benchmark.fixed(minimumBlock.seconds * 1e3, 0)) ms"
            + " (the cheaper one's), ≥ \(minimumPairs) pairs;"
            + " a ratio is the pairs' median, their lowest–highest in brackets"
    }

    /// The CPU seconds of `a` and of `b` in each pair, both run `units` times a block, `units`
    /// chosen so that the cheaper block takes at least ``minimumBlock``; pairs are measured until
    /// `seconds` of wall time have passed and there are at least ``minimumPairs``.
    func pairs(seconds: Double, _ a: () -> Void, _ b: () -> Void) -> (pairs: [TimedPair], units: Int) {
        let units = unitsPerBlock(a, b)
        var pairs: [TimedPair] = []
        let clock = ContinuousClock()
        let start = clock.now
        repeat {
            let timeA = ThreadCPUTime.measure { for _ in 0..<units { a() } }.1
            let timeB = ThreadCPUTime.measure { for _ in 0..<units { b() } }.1
            pairs.append(TimedPair(a: timeA.seconds, b: timeB.seconds))
        } while pairs.count < minimumPairs || clock.now - start < .seconds(seconds)
        return (pairs, units)
    }

    /// How many units of `a` and of `b` a block runs: grown until the cheaper block takes at least
    /// ``minimumBlock`` of CPU (these trial blocks warm both up, too).
    private func unitsPerBlock(_ a: () -> Void, _ b: () -> Void) -> Int {
        var units = 1
        while true {
            let timeA = ThreadCPUTime.measure { for _ in 0..<units { a() } }.1
            let timeB = ThreadCPUTime.measure { for _ in 0..<units { b() } }.1
            let cheaper = min(timeA, timeB)
            if cheaper >= minimumBlock { return units }
            // Aim a little past the minimum, at least doubling: a few trials even from a 1 µs unit.
            let scale = cheaper > .zero ? 1.2 * minimumBlock.seconds / cheaper.seconds : 2
            units = max(2 * units, Int((Double(units) * scale).rounded(.up)))
        }
    }
}

/// The CPU seconds of the two blocks of one pair.
struct TimedPair: Equatable {
    var a: Double
    var b: Double
}

/// The median of a list of ratios and its spread: what bench reports for a ratio measured in pairs.
struct RatioSummary: Equatable {
    var median: Double
    var lowest: Double
    var highest: Double

    init(median: Double, lowest: Double, highest: Double) {
        self.median = median
        self.lowest = lowest
        self.highest = highest
    }

    /// The ratios `a / b` of `pairs` summarised; nil for no pair. With an even count the median is
    /// the mean of the two middle ratios.
    init?(ratiosOf pairs: [TimedPair]) {
        self.init(pairs.map { $0.a / $0.b })
    }

    /// `values` summarised; nil for none.
    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        lowest = sorted[0]
        highest = sorted[sorted.count - 1]
    }
}
