import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// Fixes from the review of the merge: the exploration limits apply together and the output
/// names the budget only where it cut a search.
@Suite("Review fixes")
struct ReviewFixTests {
    static func defaultRunEvents(_ path: String) throws -> Int {
        Simulator(scenario: try ScenarioLoader.load(path: path)).run(hook: 0, strategy: 0, procedure: 0).events
    }

    @Test("--max-schedules and --max-events together: the search runs the fewer schedules of the two")
    func bothLimitsApply() throws {
        let path = try LongWorkTests.file("review-both", LongWorkTests.raceScenario)
        let events = try Self.defaultRunEvents(path)
        // The budget allows 2 schedules, --max-schedules 5: 2.
        let budgetFewer = Tool.main(["explore", path, "--max-schedules", "5", "--max-events", "\(2 * events)", "--format", "json"])
        expectEqual(budgetFewer.exitCode, .success)
        let compact = budgetFewer.stdout.replacingOccurrences(of: " ", with: "")
        #expect(compact.contains("\"schedules\":2,") && compact.contains("\"budgetSchedules\":2"), "\(compact)")
        expectContains(compact, "\"maxEvents\":\(2 * events)")
        // --max-schedules 1 is the fewer: the budget did not cut it.
        let schedulesFewer = Tool.main(["explore", path, "--max-schedules", "1", "--max-events", "\(2 * events)", "--format", "json"])
        let fewer = schedulesFewer.stdout.replacingOccurrences(of: " ", with: "")
        #expect(fewer.contains("\"schedules\":1,") && !fewer.contains("budgetSchedules"), "\(fewer)")
        // --max-schedules alone: no budget.
        let alone = Tool.main(["explore", path, "--max-schedules", "5", "--format", "json"]).stdout
        expectNotContains(alone, "maxEvents", "\(alone)")
    }

    @Test("a budget that did not cut the search is not written nor printed")
    func uncutBudgetIsSilent() throws {
        let path = try LongWorkTests.file("review-uncut", LongWorkTests.raceScenario)
        let events = try Self.defaultRunEvents(path)
        let json = Tool.main(["explore", path, "--max-events", "\(1000 * events)", "--format", "json"])
        #expect(json.exitCode == .success && json.stderr.isEmpty)
        let compact = json.stdout.replacingOccurrences(of: " ", with: "")
        #expect(compact.contains("\"exhaustive\":true") && !compact.contains("budgetSchedules"), "\(compact)")
        // A budget whose share is below --max-schedules but that the search never reached.
        let text = Tool.main(["explore", path, "--max-events", "\(1000 * events)", "--max-schedules", "10000"])
        expectEqual(text.exitCode, .success)
        expectNotContains(LongWorkTests.prose(text.stdout), "fewer where", "\(text.stdout)")
        expectNotContains(text.stdout, "the budget")
    }

    @Test("the note names a given budget without calling it the default, in plain English")
    func noteWording() throws {
        let path = try LongWorkTests.file("review-note", LongWorkTests.raceScenario)
        let output = Tool.main(["explore", path, "--max-events", "1"])
        let prose = LongWorkTests.prose(output.stdout)
        expectContains(prose, "the budget --max-events 1 cut the search of 1 cell run short", "\(prose)")
        #expect(!prose.contains("(the default)") && !prose.contains("'s search"))
    }
}

/// `bench`'s texts say what it measures.
@Suite("Review fixes: bench")
struct ReviewFixBenchTests {
    @Test("--seconds 0 is refused in words that say 0 is out; --help lists every part and the sweep's real size")
    func benchTexts() {
        let zero = Tool.main(["bench", "--seconds", "0"])
        expectEqual(zero.exitCode, .badInput)
        expectContains(zero.stderr, "--seconds expects a number above 0, at most 600, found '0'")
        let help = LongWorkTests.prose(Tool.main(["bench", "--help"]).stdout)
        for name in Tool.benchPartNames { expectContains(help, name) }
        expectContains(help, "run only this part: memory, engine, cost,")
        expectContains(help, "- sweep: 2,000 points × 36 cell-runs (× N)")
        expectNotContains(help, "- sweep: a million")
    }
}

/// The doc comments' example paths exist in the default scenario.
@Suite("Review fixes: example paths")
struct ReviewFixPathTests {
    @Test("procedures.background.steps[2].ms applies; steps[1] is the pressHome step, with no ms")
    func examplePath() {
        expectEqual(Tool.main(["run", "--set", "procedures.background.steps[2].ms=5"]).exitCode, .success)
        expectEqual(Tool.main(["run", "--set", "procedures.background.steps[1].ms=5"]).exitCode, .badInput)
    }
}

/// `merge` of run shards: every shard made with the same `--set` options in the same order.
@Suite("Review fixes: merge")
struct ReviewFixMergeTests {
    @Test("shards made with --set in another order are refused, naming the file and both option lists")
    func replayOptionsMustAgree() throws {
        let directory = try HostileInputTests.directory("review-merge")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = ExperimentShardTests.scenario
        let a = "timing.exitDurationMs=uniform(1,20)", b = "timing.startLatencyMs.default=2"
        let first = directory.appendingPathComponent("first.json").path
        let second = directory.appendingPathComponent("second.json").path
        let same = directory.appendingPathComponent("same.json").path
        let runs = ["--runs", "10", "--seed", "3"]
        expectEqual(Tool.main(["run", scenario] + runs + ["--set", a, "--set", b, "--shard", "1/2", "--output", first]).exitCode, .success)
        expectEqual(Tool.main(["run", scenario] + runs + ["--set", b, "--set", a, "--shard", "2/2", "--output", second]).exitCode, .success)
        expectEqual(Tool.main(["run", scenario] + runs + ["--set", a, "--set", b, "--shard", "2/2", "--output", same]).exitCode, .success)
        let refused = Tool.main(["merge", first, second])
        expectEqual(refused.exitCode, .badInput)
        #expect(refused.stdout.isEmpty)
        expectContains(refused.stderr, "\(second): error: replayOptions: expected the options '--set' '\(a)' '--set' '\(b)' (as in \(first))",
                "\(refused.stderr)")
        expectEqual(Tool.main(["merge", first, same]).exitCode, .success)
    }
}
