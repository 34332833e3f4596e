/// Variance-based sensitivity analysis: which uncertain settings decide each cell's outcome.
///
/// Saltelli's scheme: two matrices A and B of `samples` rows (the first and the last D columns
/// of a 2D-dimensional Sobol sequence, digitally shifted by `seed`), and for each setting i the
/// matrix AB_i (A with column i from B): N·(D + 2) parameter sets, each simulated in every cell
/// and procedure. First-order indices S1 use Saltelli (2010)'s estimator, total indices ST
/// Jansen's, both as SALib's `sobol.analyze` computes them (their bootstrap intervals:
/// ``SensitivityBootstrap``).
package struct Sensitivity: Sendable {
    /// The scenario; its uncertain settings are varied over their distributions.
    package let scenario: Scenario
    /// Base samples N.
    package let samples: Int
    /// The seed of the sequence's digital shift.
    package let seed: UInt64

    /// The most base samples.
    package static let maxSamples = 10_000_000
    /// Base samples per chunk.
    package static let chunkSize = 64

    /// An analysis of `scenario` (with 1 to half of ``SobolSequence/maxDimensions`` uncertain
    /// settings) over `samples` base samples.
    package init(scenario: Scenario, samples: Int, seed: UInt64) {
        precondition((1...SobolSequence.maxDimensions / 2).contains(scenario.uncertainties.count))
        precondition((1...Self.maxSamples).contains(samples))
        self.scenario = scenario
        self.samples = samples
        self.seed = seed
    }

    /// How many settings are varied (D).
    package var settings: Int { scenario.uncertainties.count }

    /// The plan: point `n·(D+2)` is row n of A, the next of B, then AB_0 … AB_{D−1}.
    package func plan(space: ParameterSpace) -> LowDiscrepancyPlan {
        let d = settings
        let sobol = SobolSequence(dimensions: 2 * d, seed: seed)
        return LowDiscrepancyPlan(scenario: scenario, space: space, points: samples * (d + 2)) { point, dimension in
            let row = point / (d + 2), kind = point % (d + 2)
            let fromB = kind == 1 || kind - 2 == dimension
            return sobol.coordinate(row, dimension: fromB ? d + dimension : dimension)
        }
    }

    /// Simulates every set and sums; `parallel: false` runs on this thread only; `keepRows`
    /// keeps every base sample's outcome bits in the sums (what ``SensitivityBootstrap`` resamples);
    /// `progress` counts the base samples as they finish.
    package func run(parallel: Bool = true, keepRows: Bool = false, progress: WorkProgress? = nil) -> SensitivitySums {
        let outputs = scenario.hooks.count * scenario.strategies.count * scenario.procedures.count
        var sums = SensitivitySums(outputs: outputs, settings: settings)
        let analysis = self
        ChunkedWork.run(chunks: (samples + Self.chunkSize - 1) / Self.chunkSize, scenario: scenario, parallel: parallel, body: { chunk, simulator in
            let start = chunk * Self.chunkSize
            return analysis.runChunk(
                start..<Swift.min(analysis.samples, start + Self.chunkSize), simulator: simulator, outputs: outputs, keepRows: keepRows,
                progress: progress)
        }, merge: { sums.merge($0) })
        return sums
    }

    /// The sums of base samples `rows`, each counted in `progress`.
    package func runChunk(
        _ rows: Range<Int>, simulator: Simulator, outputs: Int, keepRows: Bool = false, progress: WorkProgress? = nil
    ) -> SensitivitySums {
        let plan = plan(space: simulator.parameters)
        var sums = SensitivitySums(outputs: outputs, settings: settings)
        var masks = CellMasks(scenario: scenario)
        let procedures = scenario.procedures.count, words = sums.words
        var row = [UInt64](repeating: 0, count: sums.rowWords)
        for base in rows {
            for matrix in 0..<(settings + 2) {
                let cells = CellMasks.of(point: base * (settings + 2) + matrix, plan: plan, simulator: simulator, reusing: &masks)
                for k in 0..<words { row[matrix * words + k] = 0 }
                for (cell, mask) in cells.enumerated() {
                    for procedure in 0..<procedures where mask >> UInt32(procedure) & 1 == 1 {
                        let output = cell * procedures + procedure
                        row[matrix * words + output / 64] |= 1 << UInt64(output % 64)
                    }
                }
            }
            sums.add(row: row[...], keep: keepRows)
            progress?.add()
        }
        return sums
    }
}
