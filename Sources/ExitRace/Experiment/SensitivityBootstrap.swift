import Foundation

/// 95% bootstrap confidence intervals of Sobol indices, as SALib's `sobol.analyze` computes
/// them: `resamples` times, draw N base samples with replacement (the same draw for A, B and
/// every AB_i), estimate S1 and ST again; the interval is the estimate ± 1.96 × the standard
/// deviation (n − 1) of those estimates.
///
/// Resample `r` draws from SplitMix64 seeded by (seed, "sensitivity bootstrap", r), so the
/// intervals are the same on any number of threads. Only the kept outcome bits are resampled;
/// no set is simulated again.
package struct SensitivityBootstrap: Sendable {
    /// The sums of the analysis, with their rows kept.
    package let sums: SensitivitySums
    /// How many resamples.
    package let resamples: Int
    /// Per output and setting (`[output * settings + i]`): 1.96 × the standard deviation of S1
    /// over the resamples, and of ST; `nil` for an output that never changes.
    let firstOrderHalfWidth: [Double?], totalHalfWidth: [Double?]

    /// The fewest and most resamples.
    package static let resampleRange = 2...10_000
    /// The standard normal's 97.5% quantile.
    static let z = 1.959_963_984_540_054

    /// Resamples `sums` (run with `keepRows: true`) `resamples` times, seeded by `seed`.
    package init(sums: SensitivitySums, resamples: Int, seed: UInt64, parallel: Bool = true) {
        precondition(Self.resampleRange.contains(resamples) && sums.rows.count == sums.samples * sums.rowWords)
        self.sums = sums
        self.resamples = resamples
        let source = sums
        let estimates = FanOut.map(resamples, parallel: parallel) { Self.estimates(source, resample: $0, seed: seed) }
        let count = sums.firstOrder.count
        func halfWidths(offset: Int) -> [Double?] {
            (0..<count).map { index in
                sums.variance(output: index / sums.settings) > 0 ? Self.halfWidth(estimates.map { $0[offset + index] }) : nil
            }
        }
        firstOrderHalfWidth = halfWidths(offset: 0)
        totalHalfWidth = halfWidths(offset: count)
    }

    /// S1 of setting `setting` for `output` with its interval; `nil` when the output never changes.
    package func firstOrder(output: Int, setting: Int) -> SobolEstimate? {
        guard let value = sums.firstOrderIndex(output: output, setting: setting),
            let half = firstOrderHalfWidth[output * sums.settings + setting]
        else { return nil }
        return SobolEstimate(value: value, low: value - half, high: value + half)
    }

    /// ST of setting `setting` for `output` with its interval; `nil` when the output never changes.
    package func total(output: Int, setting: Int) -> SobolEstimate? {
        guard let value = sums.totalIndex(output: output, setting: setting),
            let half = totalHalfWidth[output * sums.settings + setting]
        else { return nil }
        return SobolEstimate(value: value, low: value - half, high: value + half)
    }

    /// Resample `resample`'s S1 then ST estimates, `[output * settings + i]` each (NaN where the
    /// resampled output never changes).
    static func estimates(_ sums: SensitivitySums, resample: Int, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: StableSeed.combine(StableSeed.combine(seed, StableSeed.hash("sensitivity bootstrap")), UInt64(resample)))
        let n = sums.samples
        var weights = [Int](repeating: 0, count: n)
        for _ in 0..<n { weights[Int(generator.next().multipliedFullWidth(by: UInt64(n)).high)] += 1 }
        var resampled = sums.emptied()
        let width = sums.rowWords
        for (row, weight) in weights.enumerated() where weight > 0 {
            resampled.add(row: sums.rows[row * width..<(row + 1) * width], weight: weight)
        }
        let count = sums.firstOrder.count
        let first = (0..<count).map { resampled.firstOrderIndex(output: $0 / sums.settings, setting: $0 % sums.settings) ?? .nan }
        let total = (0..<count).map { resampled.totalIndex(output: $0 / sums.settings, setting: $0 % sums.settings) ?? .nan }
        return first + total
    }

    /// 1.96 × the standard deviation (n − 1) of the finite `values`, in their order; 0 when
    /// fewer than two are finite.
    static func halfWidth(_ values: [Double]) -> Double {
        let finite = values.filter(\.isFinite)
        guard finite.count > 1 else { return 0 }
        let mean = finite.reduce(0, +) / Double(finite.count)
        let squares = finite.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return z * (squares / Double(finite.count - 1)).squareRoot()
    }
}

/// A Sobol index and its 95% bootstrap interval (the estimate ± 1.96 standard deviations; as
/// the estimate, it may stray outside 0…1 at small N).
package struct SobolEstimate: Equatable, Sendable {
    /// The estimate from every base sample.
    package var value: Double
    /// The interval's ends.
    package var low: Double, high: Double
}
