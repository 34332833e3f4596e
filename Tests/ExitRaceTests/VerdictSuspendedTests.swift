import Testing

@testable import ExitRace

/// A run lost because the app was suspended says so: a newcomer's fourth walk read "the main thread
/// never took it: it was running <the very task it never took>", where the app had been suspended.
@Suite("Verdicts: an app suspended before it died")
struct VerdictSuspendedTests {
    static func verdict(sleepMs: Int) throws -> String {
        let json = """
            {"name": "susp",
             "systemCalls": {"save": {"costMs": 1}},
             "hooks": {"bg": {"callbacks": ["sceneDidEnterBackground"]}},
             "strategies": {"s": {"program": [{"op": "task", "body": [{"op": "taskSleep", "ms": \(sleepMs)}, {"op": "call", "name": "save"}]}]}},
             "procedures": {"later": {"steps": [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 10000},
               {"op": "action", "action": "swipeAway"}]}}}
            """
        let scenario = try ScenarioDecoder.decode(json, file: "susp.json")
        return CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)).verdict
    }

    @Test("a task queued on the main queue as the app is suspended: the suspension is why, not a busy main thread")
    func queuedWhenSuspended() throws {
        expectEqual(try Self.verdict(sleepMs: 2000), "× lost: Task (main actor) from sceneDidEnterBackground had been queued on the main "
            + "queue since 2000 ms, but the app was suspended at 2000 ms before the main thread took it, and it stayed suspended "
            + "until the process was killed (SIGKILL) at 10000 ms.")
    }

    @Test("a task still asleep when the app was suspended: the verdict adds that its threads had stopped")
    func asleepWhenSuspended() throws {
        expectEqual(try Self.verdict(sleepMs: 3000), "× lost: Task (main actor) from sceneDidEnterBackground was suspended in "
            + "Task.sleep when the process was killed (SIGKILL) at 10000 ms; the app had been suspended since 2000 ms: its "
            + "threads had stopped.")
    }
}
