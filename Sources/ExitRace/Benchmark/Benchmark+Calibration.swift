/// The calibration part of `exitrace bench`.
extension Benchmark {
    /// Calibrating the default scenario with the reference prior's four settings drawn
    /// (`scenarios/live-activity-prior.json`'s ranges) against its own table: 100,000 parameter
    /// sets on all cores (the issue's goal: under 30 s); on one thread, a set against a warm
    /// default table measured alternately; and whether parallel and serial tallies agree.
    package static func calibration(
        seconds: Double, sets: Int = BenchWorkload.reference.calibrationSets, checkSets: Int = BenchWorkload.reference.tallyCheckSets
    ) -> Part {
        guard let scenario = try? ScenarioLoader.loadDefault(overrides: [
            SettingOverride.parse("timing.exitDurationMs=logUniform(0.5,30)"),
            SettingOverride.parse("timing.startLatencyMs.userInitiated=logUniform(0.01,5)"),
            SettingOverride.parse("timing.startLatencyMs.default=logUniform(1,100)"),
            SettingOverride.parse("systemCalls[\"Activity.end\"].costMs=logUniform(1,10)"),
        ]) else { return Part(label: "calibration", lines: ["could not load the scenario"]) }
        let simulator = Simulator(scenario: scenario), targets = ownTable(simulator)
        let reference = BenchWorkload.reference.calibrationSets
        guard let whole = try? Calibration(scenario: scenario, targets: targets, samples: sets, seed: 1),
            let small = try? Calibration(scenario: scenario, targets: targets, samples: 64, seed: 1),
            let check = try? Calibration(scenario: scenario, targets: targets, samples: checkSets, seed: 2, tolerance: 1)
        else { return Part(label: "calibration", lines: ["could not set up the calibration"]) }
        let (elapsed, blocks) = Stopwatch().repeatedly(seconds: seconds) { _ = whole.run() }
        // Seconds of a 100,000-set calibration, at the rate measured on `sets`.
        let perCalibration = elapsed / Double(blocks) * Double(reference) / Double(sets)
        let (calibrating, warm, rounds) = Stopwatch().alternate(
            seconds: seconds, { _ = small.run(parallel: false) }, { for _ in 0..<64 { _ = simulator.table() } })
        let perSet = calibrating / Double(rounds * 64) * 1e6, perTable = warm / Double(rounds * 64) * 1e6
        let same = check.run(parallel: true).tally == check.run(parallel: false).tally
        let runs = scenario.hooks.count * scenario.strategies.count * scenario.procedures.count
        return Part(
            label: "calibrating the default scenario with 4 settings drawn against its own table (\(TimeFormatting.grouped(sets)) sets × "
                + "\(runs) runs, all cores)",
            lines: [
                "\(fixed(perCalibration, 2)) s per calibration of 100,000 sets\(sets == reference ? "" : " (at the rate of \(TimeFormatting.grouped(sets)))") = "
                    + "\(fixed(Double(reference) / perCalibration / 1e3, 1)) k sets/s (the target: under 30 s on 2 cores)",
                "one thread: \(fixed(perSet, 1)) µs per set = \(fixed(perSet / perTable, 2))× a warm default table (\(fixed(perTable, 1)) µs, measured alternately)",
                "parallel and serial tallies of \(TimeFormatting.grouped(checkSets)) sets: \(same ? "identical" : "DIFFERENT (a determinism bug)")",
            ])
    }

    /// Every cell of `simulator`'s table at its nominal values, as measured targets.
    private static func ownTable(_ simulator: Simulator) -> [MeasuredTarget] {
        let scenario = simulator.scenario
        var masks = CellMasks(scenario: scenario)
        let outcome = CellMasks.of(point: 0, plan: SinglePoint(simulator.defaults), simulator: simulator, reusing: &masks)
        return outcome.enumerated().map { cell, mask in
            let hook = cell / scenario.strategies.count, strategy = cell % scenario.strategies.count
            let cellName = MeasuredCell(hook: scenario.hooks[hook].name, strategy: scenario.strategies[strategy].name, observed: .never)
            return MeasuredTarget(hook: hook, strategy: strategy, finishedMask: mask, cell: cellName)
        }
    }
}
