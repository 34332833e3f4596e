/// Approximate Bayesian computation by rejection: draw parameter sets from a scenario's
/// distributions (its prior), simulate each, and keep those whose table agrees with a measured
/// table on every measured cell (or all but `tolerance`).
///
/// Set `n` takes point `n` of a Sobol sequence digitally shifted by `seed`, mapped through each
/// distribution's quantile function; sets run in chunks of 64 across the cores and their
/// tallies merge in order, so the result is byte-identical on any number of threads.
package struct Calibration: Sendable {
    /// The scenario; its uncertain settings are the prior, the rest stay fixed.
    package let scenario: Scenario
    /// The measured cells, matched to the scenario.
    package let targets: [MeasuredTarget]
    /// How many parameter sets are drawn.
    package let samples: Int
    /// The seed of the sequence's digital shift.
    package let seed: UInt64
    /// How many measured cells an accepted set may miss.
    package let tolerance: Int

    /// The most sets one calibration may draw (the sequence has 2^32 points).
    package static let maxSamples = 100_000_000
    /// The most kill procedures a calibrated scenario may have: a cell's predictions are counted
    /// per set of procedures finished under (2^procedures possible masks a cell, counted sparsely).
    package static let maxProcedures = 12
    /// Sets per chunk: one 64-bit word of the accepted bits.
    package static let chunkSize = 64

    /// A calibration of `scenario` against `targets`; throws when `scenario` has no uncertain
    /// settings or more than ``SobolSequence/maxDimensions``, more than ``maxProcedures`` kill
    /// procedures, `samples` outside 1…``maxSamples`` or a negative `tolerance` (each diagnostic
    /// names the scenario as its file).
    package init(
        scenario: Scenario, targets: [MeasuredTarget], samples: Int, seed: UInt64, tolerance: Int = 0
    ) throws(InputError) {
        func problem(_ path: String, _ message: String) -> Diagnostic {
            Diagnostic(file: scenario.name, path: path, message: message)
        }
        var problems: [Diagnostic] = []
        let settings = scenario.uncertainties.count, procedures = scenario.procedures.count
        if !scenario.isUncertain {
            problems.append(problem("", "expected settings drawn from distributions (the prior to vary), found none"))
        }
        if settings > SobolSequence.maxDimensions {
            problems.append(problem(
                "", "expected at most \(SobolSequence.maxDimensions) settings drawn from distributions, "
                    + "found \(settings)"))
        }
        if procedures > Self.maxProcedures {
            problems.append(problem(
                "procedures", "expected at most \(Self.maxProcedures) kill procedures to calibrate against, "
                    + "found \(procedures)"))
        }
        if !(1...Self.maxSamples).contains(samples) {
            problems.append(problem("", "expected a number of samples from 1 to \(Self.maxSamples), found \(samples)"))
        }
        if tolerance < 0 { problems.append(problem("", "expected a tolerance of 0 or more missed cells, found \(tolerance)")) }
        guard problems.isEmpty else { throw InputError(problems) }
        self.scenario = scenario
        self.targets = targets
        self.samples = samples
        self.seed = seed
        self.tolerance = tolerance
    }

    /// The plan of the sets, over `space` (a simulator's parameters for this scenario).
    package func plan(space: ParameterSpace) -> LowDiscrepancyPlan {
        let sobol = SobolSequence(dimensions: scenario.uncertainties.count, seed: seed)
        return LowDiscrepancyPlan(scenario: scenario, space: space, points: samples) { sobol.coordinate($0, dimension: $1) }
    }

    /// Simulates every set and tallies them; `parallel: false` runs on this thread only;
    /// `progress` counts the sets as they finish.
    package func run(parallel: Bool = true, progress: WorkProgress? = nil) -> CalibrationResult {
        var tally = emptyTally()
        let chunks = (samples + Self.chunkSize - 1) / Self.chunkSize
        let calibration = self
        ChunkedWork.run(chunks: chunks, scenario: scenario, parallel: parallel, body: { chunk, simulator in
            let start = chunk * Self.chunkSize
            return calibration.runChunk(
                start..<Swift.min(calibration.samples, start + Self.chunkSize), simulator: simulator, progress: progress)
        }, merge: { tally.merge($0) })
        return CalibrationResult(calibration: self, tally: tally)
    }

    package func emptyTally() -> CalibrationTally {
        CalibrationTally(
            settings: scenario.uncertainties.count, cells: scenario.hooks.count * scenario.strategies.count,
            procedures: scenario.procedures.count, targets: targets.count)
    }

    /// The tally of the sets `range` (within one 64-set word), each counted in `progress`.
    package func runChunk(_ range: Range<Int>, simulator: Simulator, progress: WorkProgress? = nil) -> CalibrationTally {
        let plan = plan(space: simulator.parameters)
        var tally = emptyTally()
        var word: UInt64 = 0
        var masks = CellMasks(scenario: scenario)
        var near: [CalibrationTally.NearMiss] = []
        for index in range {
            let outcome = CellMasks.of(point: index, plan: plan, simulator: simulator, reusing: &masks)
            let missed = targets.indices.filter { outcome[cellIndex(targets[$0])] != targets[$0].finishedMask }
            for target in missed { tally.misses[target] += 1 }
            near.append(.init(index: index, missed: missed, predicted: missed.map { outcome[cellIndex(targets[$0])] }))
            if near.count > 4 * CalibrationTally.closestKept {
                tally.keepClosest(near)
                near.removeAll(keepingCapacity: true)
            }
            tally.samples += 1
            progress?.add()
            guard missed.count <= tolerance else { continue }
            tally.accepted += 1
            word |= 1 << UInt64(index % 64)
            record(point: index, plan: plan, masks: outcome, into: &tally)
        }
        tally.keepClosest(near)
        tally.acceptedBits = [word]
        return tally
    }

    /// Counts an accepted set's values and predictions.
    private func record(point: Int, plan: LowDiscrepancyPlan, masks: [UInt32], into tally: inout CalibrationTally) {
        for (dimension, varied) in plan.settings.enumerated() {
            let u = plan.coordinates(point, dimension)
            let stored = varied.setting.storedValue(atQuantile: u, slot: varied.info)
            tally.fineHistograms[dimension][Swift.min(CalibrationTally.fineBins - 1, Int(u * Double(CalibrationTally.fineBins)))] += 1
            tally.lowest[dimension] = Swift.min(tally.lowest[dimension], stored)
            tally.highest[dimension] = Swift.max(tally.highest[dimension], stored)
        }
        for (cell, mask) in masks.enumerated() { tally.predictions[cell][mask, default: 0] += 1 }
    }

    /// The row-major index of a measured cell.
    package func cellIndex(_ target: MeasuredTarget) -> Int { target.hook * scenario.strategies.count + target.strategy }
}
