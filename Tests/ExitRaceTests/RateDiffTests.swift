import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceBenchmark

@Suite("Sampled results: batch files, rate drift, the uncertain scenario")
struct RateDiffTests {
    static let repository = ScenarioDecoderTests.repository

    /// The default scenario with `overrides`, sampled `runs` times from `seed`.
    static func rates(_ overrides: [String] = [], runs: Int = 200, seed: UInt64 = 1) throws -> RateTable {
        let scenario = try ScenarioLoader.loadDefault(overrides: overrides.map(SettingOverride.parse))
        return SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: runs, seed: seed)).run()
    }

    static func document(_ overrides: [String] = [], runs: Int = 200, seed: UInt64 = 1) throws -> ResultDocument {
        ResultDocument(rateTable: try rates(overrides, runs: runs, seed: seed))
    }

    static func uncertain() throws -> Scenario {
        try ScenarioLoader.load(path: repository.appendingPathComponent("scenarios/live-activity-uncertain.json").path)
    }

    @Test("a rate document reads back with its counts and intervals")
    func rateDocumentParses() throws {
        let table = try Self.rates(["timing.exitDurationMs=uniform(1,20)"])
        let document = ResultDocument(rateTable: table)
        #expect(document.isSampled)
        expectEqual(document.scenario, "live-activity")
        expectEqual(document.cells.count, table.cells.count)
        for (cell, parsed) in zip(table.cells, document.cells) {
            let rates = try #require(parsed.rates)
            expectEqual(parsed.verdict, cell.verdict.symbol)
            expectEqual(rates.map(\.finished), cell.procedures.map(\.finished))
            expectEqual(rates.map(\.runs), cell.procedures.map(\.runs))
            expectEqual(parsed.deadlock, (cell.deadlocks > 0))
            expectEqual(parsed.priorityInversion, (cell.inversions > 0))
            #expect(parsed.outcomes.isEmpty)
        }
        #expect(!(try BatchAndDiffTests.document()).isSampled)
        #expect(try BatchAndDiffTests.document().cells.allSatisfy { $0.rates == nil })
    }

    @Test("diff: the same sampled table is no change; a rate within the tolerance is none either", .heavy)
    func sameRates() throws {
        let old = try Self.document(["timing.exitDurationMs=uniform(1,20)"])
        #expect(ResultDiff(old: [old], new: [old]).isEmpty)
        // Another seed moves rates by sampling noise only: within 20 points, and intervals overlap.
        let other = try Self.document(["timing.exitDurationMs=uniform(1,20)"], seed: 2)
        #expect(ResultDiff(old: [old], new: [other], rateTolerance: 0.2).isEmpty)
    }

    @Test("diff: a rate that moved beyond --rate-tolerance is drift, in words", .heavy)
    func rateMoved() throws {
        let old = try Self.document(["timing.exitDurationMs=uniform(1,20)"])
        let new = try Self.document(["timing.exitDurationMs=uniform(1,30)"])
        let diff = ResultDiff(old: [old], new: [new])
        #expect(!diff.isEmpty)
        let lines = diff.changes.map(\.description)
        let detached = try #require(lines.first { $0.hasPrefix("live-activity · AppDelegate · Task.detached:") })
        expectContains(detached, "foreground: finished in ")
        expectContains(detached, ", was ")
        expectContains(detached, "points, beyond --rate-tolerance 0.02")
        // Loose enough, only intervals that no longer overlap count.
        let loose = ResultDiff(old: [old], new: [new], rateTolerance: 1)
        for change in loose.changes {
            guard case .cell(let cell) = change else { continue }
            #expect(cell.procedures.allSatisfy { $0.contains("the 95% intervals no longer overlap") && !$0.contains("beyond") })
        }
        Golden.check(diff.renderText(), against: "diff-rates-moved.txt")
    }

    @Test("diff: the words of a moved rate, computed by hand")
    func rateWords() {
        func rate(_ finished: Int, _ low: Double, _ high: Double) -> ResultDocument.Rate {
            ResultDocument.Rate(procedure: "foreground", runs: 1000, finished: finished, rate: Double(finished) / 1000, low: low, high: high)
        }
        let lines = ResultDiff.rateChanges([rate(510, 0.479, 0.541)], [rate(452, 0.421, 0.483)], tolerance: 0.02)
        expectEqual(lines, ["foreground: finished in 45.2% (42.1–48.3%), was 51.0% (47.9–54.1%): moved 5.8 points, beyond --rate-tolerance 0.02 (2 points)"])
        // Exactly at the tolerance is not beyond it.
        #expect(ResultDiff.rateChanges([rate(510, 0.40, 0.60)], [rate(490, 0.40, 0.60)], tolerance: 0.02).isEmpty)
        expectEqual(ResultDiff.rateChanges([rate(510, 0.50, 0.52)], [rate(505, 0.53, 0.55)], tolerance: 0.1),
            ["foreground: finished in 50.5% (53.0–55.0%), was 51.0% (50.0–52.0%): moved 0.5 points, the 95% intervals no longer overlap"])
    }

    @Test("diff: a cell that became sampled, or stopped being, is drift")
    func samplingChanged() throws {
        let single = try BatchAndDiffTests.document()
        let sampled = try Self.document(runs: 20)
        let became = ResultDiff(old: [single], new: [sampled])
        expectEqual(became.changes.count, single.cells.count)
        #expect(became.changes.allSatisfy { $0.description.hasSuffix("(sampled now, was one run per procedure)") })
        let stopped = ResultDiff(old: [sampled], new: [single])
        #expect(stopped.changes.allSatisfy { $0.description.contains("one run per procedure now, was sampled") })
    }

    @Test("batch: without distributions or runs a result is as before; sampled, it holds the rate table", .heavy)
    func batchResults() throws {
        let scenario = try ScenarioLoader.loadDefault()
        let plain = BatchRunner.result(for: scenario)
        expectEqual(plain, BatchRunner.result(for: scenario, sampling: nil))
        expectEqual(BatchRunner.run([scenario]), [plain])
        let settings = SamplingSettings(runs: 20, seed: 3)
        let sampled = BatchRunner.result(for: scenario, sampling: settings)
        let table = SampledExperiment(scenario: scenario, sampling: settings).run()
        expectEqual(sampled.json, RateJSONRenderer.render(table))
        expectEqual(sampled.markdown, MarkdownRenderer.render(table))
        expectEqual(BatchRunner.run([scenario], sampling: { _ in settings }), [sampled])
        // A scenario with distributions is sampled by default, as its file says.
        let uncertain = try Self.uncertain()
        expectEqual(BatchRunner.samplingOfScenario(uncertain), SamplingSettings(runs: 500, seed: 1))
        expectEqual(BatchRunner.samplingOfScenario(scenario), nil)
    }

    @Test("check: drift against committed sampled results, and none against the same", .heavy)
    func checkSampled() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-rates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try ScenarioLoader.loadDefault(overrides: [try SettingOverride.parse("timing.exitDurationMs=uniform(1,20)")])
        let committed = BatchRunner.result(for: scenario, sampling: SamplingSettings(runs: 100, seed: 1))
        try ResultFiles.write(committed, to: directory.path)
        #expect(ResultsDrift(results: [committed], against: directory.path, includeOrphans: false, marginToleranceNs: nil).isEmpty)
        // Another seed: rates move within the tolerance, yet the files differ, which is named.
        let reseeded = BatchRunner.result(for: scenario, sampling: SamplingSettings(runs: 100, seed: 2))
        let noise = ResultsDrift(results: [reseeded], against: directory.path, includeOrphans: false, marginToleranceNs: nil, rateTolerance: 0.5)
        #expect(noise.diff.isEmpty)
        #expect(noise.notes.contains { $0.contains("no rate moved beyond --rate-tolerance") })
        // One run per cell instead: every cell stopped being sampled.
        let single = BatchRunner.result(for: scenario)
        let stopped = ResultsDrift(results: [single], against: directory.path, includeOrphans: false, marginToleranceNs: nil)
        expectEqual(stopped.diff.changes.count, 18)
    }

    @Test("the uncertain scenario: a range with a note on every timing, safe, never and coin-toss cells", .heavy)
    func uncertainScenario() throws {
        let scenario = try Self.uncertain()
        let paths = scenario.uncertainties.map(\.path)
        for path in [
            "timing.exitDurationMs", "timing.startLatencyMs.userInitiated", "timing.startLatencyMs.default",
            #"systemCalls["Activity.end"].costMs"#, #"systemCalls["Activity.end"].deliverAfterMs"#,
            #"systemCalls["Activity.end"].replyLatencyMs"#, "procedures.foreground.steps[1].actions[1].ms",
            "procedures.background.steps[2].ms",
        ] {
            #expect(paths.contains(path), "\(path)")
        }
        // Every distribution in the file says where its range comes from.
        let text = try String(contentsOf: Self.repository.appendingPathComponent("scenarios/live-activity-uncertain.json"), encoding: .utf8)
        let families = Distribution.familyNames.map { text.components(separatedBy: "\"\($0)\":").count - 1 }.reduce(0, +)
        expectEqual(families, scenario.uncertainties.count)
        #expect(text.components(separatedBy: "\"note\":").count - 1 > families)
        let table = SampledExperiment(scenario: scenario, sampling: scenario.sampling).run()
        let verdicts = table.cells.map(\.verdict.symbol)
        #expect(verdicts.contains("○") && verdicts.contains("×") && verdicts.contains("△"))
        // A coin toss: some cell finishes in between a quarter and three quarters of the kills.
        #expect(table.cells.contains { cell in cell.procedures.contains { $0.rate > 0.25 && $0.rate < 0.75 } })
        // Safe whatever the timings: Task.detached + semaphore; never: Task + semaphore.
        let strategies = scenario.strategies.map(\.name)
        let safe = try #require(strategies.firstIndex(of: "Task.detached + semaphore"))
        let never = try #require(strategies.firstIndex(of: "Task + semaphore"))
        for hook in scenario.hooks.indices {
            expectEqual(table.cell(hook: hook, strategy: safe).verdict, .always)
            expectEqual(table.cell(hook: hook, strategy: never).verdict, .never)
        }
        Golden.check(TextRenderer.render(table), against: "live-activity-uncertain.txt")
    }
}
