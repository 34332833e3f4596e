/// The sums Saltelli's estimators need, per output (a cell under one kill procedure, finished =
/// 1, else 0) and per varied setting. Outputs are 0 or 1, so every sum is a whole number: the
/// sums of consecutive chunks add up exactly, in any order, on any number of threads.
///
/// When asked to, the sums also keep every base sample's outcomes as bits (``rows``), which is
/// what a bootstrap resamples: no set is simulated twice.
package struct SensitivitySums: Equatable, Sendable {
    /// Base samples counted (with a bootstrap's weights, the resample's size).
    package var samples = 0
    /// Per output: Σ f(A), Σ f(B) (f is 0 or 1, so these are also Σ f²).
    package var sumA: [Int], sumB: [Int]
    /// Per output and setting i (`[output * settings + i]`): Σ f(B)·(f(AB_i) − f(A)).
    package var firstOrder: [Int]
    /// Per output and setting i: Σ (f(A) − f(AB_i))².
    package var total: [Int]
    /// How many settings are varied.
    package let settings: Int
    /// 64-bit words per matrix row: one bit per output.
    package let words: Int
    /// How many outputs (bits of a row) there are.
    package var outputs: Int { sumA.count }
    /// Each base sample's outcomes, in sample order when kept (else empty): per sample, the
    /// words of A's row, of B's, then of each AB_i's (``rowWords`` words a sample).
    package private(set) var rows: [UInt64] = []

    /// Zero sums for `outputs` outputs and `settings` settings.
    package init(outputs: Int, settings: Int) {
        self.settings = settings
        words = Swift.max(1, (outputs + 63) / 64)
        sumA = Array(repeating: 0, count: outputs)
        sumB = sumA
        firstOrder = Array(repeating: 0, count: outputs * settings)
        total = firstOrder
    }

    /// Words per base sample in ``rows``.
    package var rowWords: Int { (settings + 2) * words }

    /// Adds one base sample: `row` holds the outcome bits at A, at B and at each AB_i
    /// (``rowWords`` words); `keep` appends them to ``rows``.
    package mutating func add(row: ArraySlice<UInt64>, weight: Int = 1, keep: Bool = false) {
        samples += weight
        let first = row.startIndex
        for k in 0..<words {
            let a = row[first + k], b = row[first + words + k]
            Self.forEachBit(a, word: k) { sumA[$0] += weight }
            Self.forEachBit(b, word: k) { sumB[$0] += weight }
            for i in 0..<settings {
                let mixed = row[first + (2 + i) * words + k], changed = a ^ mixed
                Self.forEachBit(changed, word: k) { total[$0 * settings + i] += weight }
                Self.forEachBit(changed & b, word: k) { output in
                    firstOrder[output * settings + i] += mixed >> UInt64(output % 64) & 1 == 1 ? weight : -weight
                }
            }
        }
        if keep { rows += row }
    }

    /// Calls `body` with the output of each set bit of word `word`, lowest first.
    @inline(__always)
    static func forEachBit(_ bits: UInt64, word: Int, _ body: (Int) -> Void) {
        var rest = bits
        while rest != 0 {
            body(word * 64 + rest.trailingZeroBitCount)
            rest &= rest - 1
        }
    }

    /// Adds the sums (and kept rows) of the base samples after these.
    package mutating func merge(_ other: SensitivitySums) {
        samples += other.samples
        for k in sumA.indices {
            sumA[k] += other.sumA[k]
            sumB[k] += other.sumB[k]
        }
        for k in firstOrder.indices {
            firstOrder[k] += other.firstOrder[k]
            total[k] += other.total[k]
        }
        rows += other.rows
    }

    /// Zero sums of the same shape, keeping no rows.
    func emptied() -> SensitivitySums { SensitivitySums(outputs: sumA.count, settings: settings) }

    /// The variance of output `output` over A and B together (population variance, as SALib).
    package func variance(output: Int) -> Double {
        let n = Double(2 * samples), mean = Double(sumA[output] + sumB[output]) / n
        return mean - mean * mean
    }

    /// The share of runs of output `output` (over A and B) in which the cleanup finished.
    package func finishedShare(output: Int) -> Double { Double(sumA[output] + sumB[output]) / Double(2 * samples) }

    /// First-order index S1 of setting `setting` for `output` (Saltelli 2010), `nil` when the
    /// output never changes.
    package func firstOrderIndex(output: Int, setting: Int) -> Double? {
        let v = variance(output: output)
        guard v > 0 else { return nil }
        return Double(firstOrder[output * settings + setting]) / Double(samples) / v
    }

    /// Total index ST of setting `setting` for `output` (Jansen 1999, as Saltelli 2010 and
    /// SALib), `nil` when the output never changes.
    package func totalIndex(output: Int, setting: Int) -> Double? {
        let v = variance(output: output)
        guard v > 0 else { return nil }
        return 0.5 * Double(total[output * settings + setting]) / Double(samples) / v
    }
}
