import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// #26: a run cut by a command's `--max-events` budget says to raise `--max-events`, not the
/// scenario's `limits.maxEvents`, in the verdict as in the note; a run cut by the scenario's own
/// limit still names the limit.
@Suite("Event budget wording")
struct EventBudgetWordingTests {
    @Test("explain: a run cut by --max-events ends with a verdict that says to raise --max-events")
    func explainVerdictNamesTheBudget() throws {
        let path = try LongWorkTests.file("endless-verdict", LongWorkTests.endlessScenario)
        let output = Tool.main(["explain", path, "--hook", "applicationWillTerminate", "--strategy", "poll", "--max-events", "2000"])
        expectEqual(output.exitCode, .success)
        let prose = LongWorkTests.prose(output.stdout)
        expectContains(prose,
            "? the run reached the --max-events budget while the process was alive: raise --max-events to see how the race ends.")
        expectNotContains(prose, "raise it")
        expectNotContains(prose, "reached limits.maxEvents")
    }

    /// Seconds in a debug build (the default budget of `ExplorationLimits.defaultMaxEvents`): `.ci/run` runs it (`EXITRACE_FULL=1`).
    @Test("explain: the default budget cutting a run names --max-events too",
          .heavy)
    func explainDefaultBudget() throws {
        let path = try LongWorkTests.file("endless-default", LongWorkTests.endlessScenario)
        let output = Tool.main(["explain", path, "--hook", "applicationWillTerminate", "--strategy", "poll"])
        expectEqual(output.exitCode, .success)
        expectContains(LongWorkTests.prose(output.stdout), "raise --max-events to see how the race ends")
    }

    @Test("explain --trace: the trace's verdict names the budget as well")
    func traceVerdictNamesTheBudget() throws {
        let path = try LongWorkTests.file("endless-trace", LongWorkTests.endlessScenario)
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-budget-\(getpid()).trace.json").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let output = Tool.main([
            "explain", path, "--hook", "applicationWillTerminate", "--strategy", "poll", "--max-events", "2000", "--trace", trace,
        ])
        expectEqual(output.exitCode, .success)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        expectContains(text, "raise --max-events to see how the race ends")
    }

    @Test("explain: a run cut by the scenario's own limit (below the budget) still says limits.maxEvents")
    func scenarioLimitKeepsItsName() throws {
        let path = try LongWorkTests.file("endless-own-limit", LongWorkTests.endlessScenario)
        let output = Tool.main([
            "explain", path, "--hook", "applicationWillTerminate", "--strategy", "poll", "--set", "limits.maxEvents=2000",
        ])
        expectEqual(output.exitCode, .success)
        let prose = LongWorkTests.prose(output.stdout)
        expectContains(prose, "? the run reached limits.maxEvents while the process was alive: raise it")
        expectNotContains(prose, "--max-events")
    }
}
