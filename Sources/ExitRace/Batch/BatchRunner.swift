import Dispatch
import Foundation

/// Runs many scenarios, in parallel across the cores, and renders each one's result files. The
/// output depends only on the inputs: results come back in input order, and each scenario is
/// simulated by its own simulator, so a parallel batch gives the same bytes as a serial one.
package enum BatchRunner {
    /// One scenario's results, ready to be written as `<name>.md` and `<name>.json`.
    package struct Result: Equatable, Sendable {
        /// The scenario's name, which names both files: `<name>.md` and `<name>.json`.
        package var name: String
        /// The Markdown table, as `exitrace run --format md` prints it.
        package var markdown: String
        /// The canonical JSON, as `exitrace run --format json` prints it: what `exitrace check` compares.
        package var json: String
    }

    /// How a batch samples each scenario: `nil` for one run per cell (as a scenario without
    /// distributions always was), else the replications and seed of a ``SampledExperiment``.
    package typealias SamplingChoice = @Sendable (Scenario) -> SamplingSettings?

    /// The default choice: a scenario with distributions is sampled as its `sampling` section
    /// says, any other runs once per cell.
    package static let samplingOfScenario: SamplingChoice = { $0.isUncertain ? $0.sampling : nil }

    /// Simulates one scenario, and its sweeps if it has any, and renders its results; with
    /// `sampling`, the files hold the scenario's rate table instead (its sweeps, which use the
    /// nominal values, are not part of a sampled result).
    /// With `exploration`, a table of single runs also has its cells' schedules explored (`[o]`
    /// marks, races and an `"exploration"` member); a sampled table is never explored.
    /// `replayOptions`: as ``RateTable/replayOptions``, the options a replay must repeat.
    package static func result(
        for scenario: Scenario, sampling: SamplingSettings? = nil, exploration limits: ExplorationLimits? = nil,
        replayOptions: [String] = []
    ) -> Result {
        if let sampling {
            var table = SampledExperiment(scenario: scenario, sampling: sampling).run()
            table.replayOptions = replayOptions
            return Result(name: scenario.name, markdown: MarkdownRenderer.render(table), json: RateJSONRenderer.render(table))
        }
        let simulator = Simulator(scenario: scenario)
        let table = simulator.table()
        let exploration = limits.map { ScenarioExploration(simulator: simulator, limits: $0) }
        let sweeps = scenario.sweeps.map { (name: $0.name, report: FlipAnalysis.report(of: $0, in: scenario)) }
        var markdown = MarkdownRenderer.render(table, exploration: exploration)
        for sweep in sweeps { markdown += "\n" + FlipReportRenderer.markdown(sweep.report, title: "sweep \(sweep.name)") }
        return Result(name: scenario.name, markdown: markdown, json: JSONRenderer.render(table, sweeps: sweeps, exploration: exploration))
    }

    /// How a batch explores each scenario's schedules: `nil` for not at all (the default).
    package typealias ExplorationChoice = @Sendable (Scenario) -> ExplorationLimits?

    /// Simulates every scenario; `parallel: false` runs them one after another (for comparison).
    /// `sampling` says which scenarios are sampled and how (by default those with distributions,
    /// as their files say). `progress` is called after each scenario with the number done so far.
    /// `replayOptions`: as in ``result(for:sampling:exploration:replayOptions:)``.
    package static func run(
        _ scenarios: [Scenario], parallel: Bool = true, sampling: SamplingChoice = samplingOfScenario,
        exploration: ExplorationChoice = { _ in nil }, replayOptions: [String] = [], progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> [Result] {
        @Sendable func result(_ index: Int) -> Result {
            Self.result(
                for: scenarios[index], sampling: sampling(scenarios[index]), exploration: exploration(scenarios[index]),
                replayOptions: replayOptions)
        }
        let total = scenarios.count
        let done: (@Sendable (Int) -> Void)? = progress.map { report in { @Sendable done in report(done, total) } }
        return FanOut.map(total, parallel: parallel, progress: done, result)
    }

    /// Scenario names must be unique in a batch: they name the result files.
    package static func checkUniqueNames(_ scenarios: [(file: String, name: String)]) throws(InputError) {
        var seen: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for (file, name) in scenarios {
            if let first = seen[name] {
                diagnostics.append(
                    Diagnostic(
                        file: file, path: "name",
                        message: "expected a scenario name not used by another file of the batch, found \"\(name)\", also the name of \(first)"))
            } else {
                seen[name] = file
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
    }
}
