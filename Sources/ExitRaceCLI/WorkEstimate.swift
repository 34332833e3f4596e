import ExitRace
import Foundation

/// What a command says before long work, on a terminal: how long it may take, when that is over a
/// minute. As explore's estimate (``ExplorationBudget/estimate(_:simulator:cells:procedures:command:)``),
/// it times cell runs of the scenario now, at its default values, and multiplies: here by the cell
/// runs the work does, shared over the cores. Wall clock: stderr only, never in a result.
enum WorkEstimate {
    /// Cell runs timed at most, spread over the cells and procedures.
    static let probes = 24

    /// The mean seconds of a cell run of `scenario` at its default values, from up to ``probes``
    /// runs spread over its cells and procedures (fewer once half a second has gone).
    static func secondsPerCellRun(_ scenario: Scenario) -> Double {
        let simulator = Simulator(scenario: scenario)
        let cells = scenario.hooks.count * scenario.strategies.count, procedures = scenario.procedures.count
        let runs = cells * procedures
        guard runs > 0 else { return 0 }
        let clock = ContinuousClock(), start = clock.now
        var timed = 0
        for probe in 0..<min(probes, runs) {
            let run = probe * runs / min(probes, runs)
            let cell = run / procedures
            _ = simulator.run(hook: cell / scenario.strategies.count, strategy: cell % scenario.strategies.count, procedure: run % procedures)
            timed += 1
            if clock.now - start > .milliseconds(500) { break }
        }
        return seconds(clock.now - start) / Double(timed)
    }

    /// `exitrace calibrate: this may take about 17 min (1,000,000 samples × 36 cell runs × about
    /// 60 µs each, on 2 cores); --samples bounds it`, or nil under a minute.
    static func sentence(
        command: String, units: Int, unit: String, cellRunsPerUnit: Int, secondsPerCellRun: Double, parallel: Bool, bound: String
    ) -> String? {
        let cores = parallel ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        let total = Double(units) * Double(cellRunsPerUnit) * secondsPerCellRun / Double(cores)
        guard total > 60 else { return nil }
        let on = cores == 1 ? "on 1 core" : "on \(cores) cores"
        return "\(command): this may take about \(ExplorationBudget.duration(total)) (\(TimeFormatting.counted(units, unit)) × "
            + "\(TimeFormatting.counted(cellRunsPerUnit, "cell run")) × about \(short(secondsPerCellRun)) each, \(on)); \(bound)\n"
    }

    /// `12 µs`, `3.4 ms`, `2 s`.
    static func short(_ seconds: Double) -> String {
        if seconds < 1e-3 { return "\(max(1, Int((seconds * 1e6).rounded()))) µs" }
        if seconds < 1 { return "\(Double(Int(seconds * 1e4)) / 10) ms" }
        return ExplorationBudget.duration(seconds)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Says the estimate on `progress`'s terminal, when there is one and the work may take over a
    /// minute; then the count to draw the progress line with.
    static func start(
        _ progress: ProgressLine, scenario: Scenario, command: String, units: Int, unit: String, cellRunsPerUnit: Int,
        parallel: Bool, bound: String, counted: Int? = nil
    ) -> WorkProgress? {
        guard progress.isShown else { return nil }
        if let sentence = sentence(
            command: command, units: units, unit: unit, cellRunsPerUnit: cellRunsPerUnit,
            secondsPerCellRun: secondsPerCellRun(scenario), parallel: parallel, bound: bound)
        {
            progress.say(sentence)
        }
        return progress.counter(total: counted ?? units)
    }
}

extension Scenario {
    /// The cell runs of one point of the scenario's settings: every cell under every procedure.
    var cellRuns: Int { hooks.count * strategies.count * procedures.count }
}
