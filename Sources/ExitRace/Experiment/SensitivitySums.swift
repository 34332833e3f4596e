/// The sums Saltelli's estimators need, per output (a cell under one kill procedure, finished =
/// 1, else 0) and per varied setting. Outputs are 0 or 1, so every sum is a whole number: the
/// sums of consecutive chunks add up exactly, in any order, on any number of threads.
public struct SensitivitySums: Equatable, Sendable {
    /// Base samples counted.
    public var samples = 0
    /// Per output: Σ f(A), Σ f(B) (f is 0 or 1, so these are also Σ f²).
    public var sumA: [Int], sumB: [Int]
    /// Per output and setting i (`[output * settings + i]`): Σ f(B)·(f(AB_i) − f(A)).
    public var firstOrder: [Int]
    /// Per output and setting i: Σ (f(A) − f(AB_i))².
    public var total: [Int]
    /// How many settings are varied.
    public let settings: Int

    /// Zero sums for `outputs` outputs and `settings` settings.
    init(outputs: Int, settings: Int) {
        self.settings = settings
        sumA = Array(repeating: 0, count: outputs)
        sumB = sumA
        firstOrder = Array(repeating: 0, count: outputs * settings)
        total = firstOrder
    }

    /// Adds one base sample: the outputs at A, at B and at each AB_i.
    mutating func add(a: [Int], b: [Int], ab: [[Int]]) {
        samples += 1
        for output in a.indices {
            sumA[output] += a[output]
            sumB[output] += b[output]
            for i in 0..<settings {
                let mixed = ab[i][output]
                firstOrder[output * settings + i] += b[output] * (mixed - a[output])
                total[output * settings + i] += (a[output] - mixed) * (a[output] - mixed)
            }
        }
    }

    /// Adds the sums of other base samples.
    mutating func merge(_ other: SensitivitySums) {
        samples += other.samples
        for k in sumA.indices {
            sumA[k] += other.sumA[k]
            sumB[k] += other.sumB[k]
        }
        for k in firstOrder.indices {
            firstOrder[k] += other.firstOrder[k]
            total[k] += other.total[k]
        }
    }

    /// The variance of output `output` over A and B together (population variance, as SALib).
    public func variance(output: Int) -> Double {
        let n = Double(2 * samples), mean = Double(sumA[output] + sumB[output]) / n
        return mean - mean * mean
    }

    /// The share of runs of output `output` (over A and B) in which the cleanup finished.
    public func finishedShare(output: Int) -> Double { Double(sumA[output] + sumB[output]) / Double(2 * samples) }

    /// First-order index S1 of setting `setting` for `output` (Saltelli 2010), `nil` when the
    /// output never changes.
    public func firstOrderIndex(output: Int, setting: Int) -> Double? {
        let v = variance(output: output)
        guard v > 0 else { return nil }
        return Double(firstOrder[output * settings + setting]) / Double(samples) / v
    }

    /// Total index ST of setting `setting` for `output` (Jansen 1999, as Saltelli 2010 and
    /// SALib), `nil` when the output never changes.
    public func totalIndex(output: Int, setting: Int) -> Double? {
        let v = variance(output: output)
        guard v > 0 else { return nil }
        return 0.5 * Double(total[output * settings + setting]) / Double(samples) / v
    }
}
