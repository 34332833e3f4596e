import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain
import ExitRaceCLI

@Suite("Replaying sampled replications, and the sampled report")
struct ReplayTests {
    static let setting = "timing.exitDurationMs=uniform(1,20)"
    static let seed: UInt64 = 7

    /// The default scenario with an uncertain exit duration.
    static func uncertain() throws -> Scenario {
        try ScenarioLoader.loadDefault(overrides: [try SettingOverride.parse(setting)])
    }

    static func rates(_ scenario: Scenario, runs: Int = 200) -> RateTable {
        SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: runs, seed: seed)).run(parallel: false)
    }

    static func explain(_ extra: [String]) -> ToolOutput {
        Tool.main(["explain", "--set", setting, "--hook", "AppDelegate", "--strategy", "Task.detached", "--procedure", "foreground"] + extra)
    }

    @Test("replaying replication r twice gives identical traces and the same text")
    func replayIsExact() throws {
        let scenario = try Self.uncertain()
        let simulator = Simulator(scenario: scenario)
        let hook = try scenario.hookIndex(named: "AppDelegate"), strategy = try scenario.strategyIndex(named: "Task.detached")
        for replication in [0, 3, 17] {
            let a = Replay(simulator: simulator, seed: Self.seed, replication: replication)
            let other = Simulator(scenario: scenario)
            let b = Replay(simulator: other, seed: Self.seed, replication: replication)
            expectEqual(a.values.raw, b.values.raw)
            let first = simulator.trace(hook: hook, strategy: strategy, procedure: 0, values: a.values)
            let second = other.trace(hook: hook, strategy: strategy, procedure: 0, values: b.values)
            expectEqual(ChromeTrace.render(first), ChromeTrace.render(second))
            expectEqual(CellExplanation(first).renderText(), CellExplanation(second).renderText())
        }
        let once = Self.explain(["--seed", "7", "--replication", "5"])
        expectEqual(once.exitCode, .success)
        expectEqual(once, Self.explain(["--seed", "7", "--replication", "5"]))
    }

    @Test("each failing replication a rate table lists fails when replayed; the others it ran finish", .heavy)
    func listedFailuresFail() throws {
        let scenario = try Self.uncertain()
        let table = Self.rates(scenario)
        let simulator = Simulator(scenario: scenario)
        var checked = 0
        for cell in table.cells {
            for (procedure, counts) in cell.procedures.enumerated() {
                for replication in counts.failures {
                    let replay = Replay(simulator: simulator, seed: Self.seed, replication: replication)
                    let trace = simulator.trace(hook: cell.hook, strategy: cell.strategy, procedure: procedure, values: replay.values)
                    #expect(!trace.outcome.cleanupFinished, "replication \(replication) of cell \(cell.hook),\(cell.strategy)")
                    checked += 1
                }
                // Every replication before the last failure listed that is not listed finished.
                if let last = counts.failures.last {
                    for replication in 0..<last where !counts.failures.contains(replication) {
                        let replay = Replay(simulator: simulator, seed: Self.seed, replication: replication)
                        #expect(simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, values: replay.values).cleanupFinished)
                    }
                }
            }
        }
        #expect(checked > 0)
        // The command line says so too.
        let detached = table.cell(hook: try scenario.hookIndex(named: "AppDelegate"), strategy: try scenario.strategyIndex(named: "Task.detached"))
        let failing = try #require(detached.procedures[0].failures.first)
        let output = Self.explain(["--seed", "7", "--replication", String(failing)]).stdout
        expectContains(output, "\n× lost")
    }

    @Test("the values printed are ReplicationPlan's, for the seed given and for the file's seed by default")
    func printedValues() throws {
        let scenario = try Self.uncertain()
        let simulator = Simulator(scenario: scenario)
        for (seed, extra) in [(Self.seed, ["--seed", "7"]), (scenario.sampling.seed, [])] {
            let plan = ReplicationPlan(scenario: scenario, space: simulator.parameters, runs: 10, seed: seed)
            for replication in [0, 9] {
                let drawn = plan.drawnValues(replication: replication)
                let replay = Replay(simulator: simulator, seed: seed, replication: replication)
                expectEqual(replay.drawn.map(\.path), drawn.map(\.path))
                expectEqual(replay.drawn.map(\.value), drawn.map(\.value))
                var filled = simulator.defaults
                plan.fill(&filled, point: replication)
                expectEqual(filled, replay.values)
                let output = Self.explain(extra + ["--replication", String(replication)]).stdout
                let nanoseconds = Int64((drawn[0].value * 1_000_000).rounded())
                #expect(output.hasPrefix("replication \(replication), seed \(seed), drew:\n"))
                expectContains(output, "  timing.exitDurationMs = \(TimeFormatting.exactMilliseconds(nanoseconds)) ms  ~ uniform(1, 20)\n")
            }
        }
    }

    @Test("nominal values without --replication; a scenario without distributions replays as itself")
    func nominalAndCertain() {
        let nominal = Self.explain([]).stdout
        #expect(nominal.hasPrefix("nominal values (medians of the distributions); add --replication r to replay a sampled run\n"))
        expectContains(nominal, "timing.exitDurationMs = 10.5 ms  ~ uniform(1, 20)")
        let plain = Tool.main(["explain", "--hook", "AppDelegate", "--strategy", "Task.detached", "--procedure", "foreground"])
        let replayed = Tool.main(["explain", "--hook", "AppDelegate", "--strategy", "Task.detached", "--procedure", "foreground", "--replication", "3"])
        expectEqual(replayed.exitCode, .success)
        #expect(replayed.stdout.hasPrefix("replication 3, seed 1: the scenario draws no setting from a distribution"))
        #expect(replayed.stdout.hasSuffix(plain.stdout))
    }

    @Test("--trace with --replication writes the replayed run")
    func traceFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("trace.json").path
        expectEqual(Self.explain(["--seed", "7", "--replication", "2", "--trace", path]).exitCode, .success)
        let scenario = try Self.uncertain()
        let simulator = Simulator(scenario: scenario)
        let replay = Replay(simulator: simulator, seed: 7, replication: 2)
        let trace = simulator.trace(
            hook: try scenario.hookIndex(named: "AppDelegate"), strategy: try scenario.strategyIndex(named: "Task.detached"),
            procedure: 0, values: replay.values)
        expectEqual(try String(contentsOfFile: path, encoding: .utf8), ChromeTrace.render(trace))
    }

    @Test("a bad --replication or --seed is a usage error", arguments: [
        ["--replication", "-1"], ["--replication", "x"], ["--replication", "1.5"], ["--replication", ""],
        ["--replication", "100000000"], ["--seed", "3"], ["--seed", "-2", "--replication", "1"], ["--seed", "x", "--replication", "1"],
    ])
    func badInput(extra: [String]) {
        let output = Self.explain(extra)
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        expectContains(output.stderr, "exitrace explain: --")
    }

    @Test("the rate table says how to replay a failing replication", .heavy)
    func replayHint() throws {
        let table = Self.rates(try Self.uncertain())
        expectEqual(table.legendLines().last, table.replayHint)
        expectContains(table.replayHint, "--seed 7 --procedure P --replication r")
        let certain = Self.rates(DefaultScenario.load(), runs: 3)
        #expect(certain.legendLines().contains(certain.replayHint))
    }

    @Test("the report of a sampled scenario shows rate bars, margin histograms, what was drawn and replayed failures", .heavy)
    func sampledReport() throws {
        let scenario = try Self.uncertain()
        let sampling = SamplingSettings(runs: 24, seed: Self.seed)
        let content = ReportContent.compute([scenario], sampling: { _ in sampling })
        let section = content.sections[0]
        let rates = try #require(section.rates)
        expectEqual(rates, SampledExperiment(scenario: scenario, sampling: sampling).run())
        let html = HTMLReport.render(content)
        expectEqual(html, HTMLReport.render(ReportContent.compute([scenario], sampling: { _ in sampling })))
        let cells = scenario.hooks.count * scenario.strategies.count
        expectEqual(html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"rate-bars\"").count - 1, cells)
        expectEqual(html.components(separatedBy: "class=\"margins\"").count - 1, cells * scenario.procedures.count)
        expectContains(html, "timing.exitDurationMs ~ uniform(1, 20)")
        expectContains(html, "class=\"whisker\"")
        // Every failing (cell, procedure) has its first failure replayed, and it lost.
        for (index, cell) in rates.cells.enumerated() {
            for (procedure, counts) in cell.procedures.enumerated() {
                let run = section.failingRuns[index][procedure]
                expectEqual(run?.replay.replication, counts.failures.first)
                if let run { #expect(!run.trace.outcome.cleanupFinished) }
            }
        }
        expectContains(html, "--seed 7 --replication ")
        // Not sampled: no rate pictures.
        let plainContent = ReportContentTests.defaultContent
        expectNotContains(HTMLReport.render(plainContent), "class=\"rate-bars\"")
        expectEqual(plainContent.sections[0].rates, nil)
    }

    @Test("a histogram of known margins: bars in their bins, the zero marked, runs without a margin counted")
    func histogramPicture() {
        var margins = MarginHistogram()
        margins.record(VirtualDuration(nanoseconds: -2_000_000))
        margins.record(VirtualDuration(nanoseconds: 3_000_000))
        margins.record(VirtualDuration(nanoseconds: 3_100_000))
        margins.record(nil)
        let svg = RateSVG.histogram(margins, title: "margins · foreground")
        expectContains(svg, "<title>-3.162 ms to -1.778 ms: 1 run</title>")
        expectContains(svg, "<title>+1.778 ms to +3.162 ms: 2 runs</title>")
        expectContains(svg, "class=\"zero\"")
        expectContains(svg, "3 runs with a margin, 1 without")
        expectContains(RateSVG.histogram(MarginHistogram(), title: "t"), "no run has a margin (0 without one)")
    }
}
