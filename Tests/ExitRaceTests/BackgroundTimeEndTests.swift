import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark

/// Once the expiration handlers have been called, the app's background time is over: a background
/// task begun then (from the handler or later) gets no allowance of its own
/// (google/gtm-session-fetcher#199; UIKit's documentation of `beginBackgroundTask(expirationHandler:)`).
@Suite("Background time after the expiration handlers")
struct BackgroundTimeEndTests {
    static let background = #""backgroundTaskAllowanceMs": 30000, "expirationWarningMs": 5000, "suspendAfterMs": 2000"#
    static let home = #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 90000}]"#

    /// Task "old" begins at home (0 s); its handler at 25 s ends it and begins "new", which the upload ends.
    static func renewingInHandler(uploadMs: Int) throws -> Scenario {
        try LifecycleTests.scenario(
            lifecycle: background, callbacks: ["sceneDidEnterBackground"],
            program: """
                [{"op": "beginBackgroundTask", "task": "old", "expiration": [
                   {"op": "endBackgroundTask", "task": "old"},
                   {"op": "beginBackgroundTask", "task": "new", "expiration": [{"op": "endBackgroundTask", "task": "new"}]}]},
                 {"op": "detached", "body": [{"op": "call", "name": "request"}, {"op": "endBackgroundTask", "task": "new"}]}]
                """,
            steps: home, calls: #""request": {"costMs": 1, "replyLatencyMs": \#(uploadMs), "takesEffectOn": "reply"}"#)
    }

    @Test("a task begun in the expiration handler (25 s) ends with the first allowance (30 s): still held, the app is killed")
    func taskBegunInHandlerIsKilledAtFirstDeadline() throws {
        let trace = Simulator(scenario: try Self.renewingInHandler(uploadMs: 40000)).trace(hook: 0, strategy: 0, procedure: 0)
        let begun = trace.records.filter { $0.kind == .taskBegan }.map(\.time)
        expectEqual(begun, [0, 25_000_000_000])
        expectEqual(trace.records.filter { $0.kind == .expirationDue }.map(\.time), [25_000_000_000])
        expectEqual(trace.outcome.death, .init(at: VirtualInstant(nanoseconds: 30_000_000_000), cause: .backgroundTaskExpired))
        #expect(!trace.outcome.cleanupFinished)
    }

    @Test("work that ends the new task before the first allowance is over is not killed")
    func endedInTimeSurvives() throws {
        let outcome = Simulator(scenario: try Self.renewingInHandler(uploadMs: 27000)).run(hook: 0, strategy: 0, procedure: 0)
        expectEqual(outcome.death, nil)
        #expect(outcome.cleanupFinished)
    }

    @Test("a new stay in the background gives new tasks their own allowance again")
    func newStayResets() throws {
        let scenario = try LifecycleTests.scenario(
            lifecycle: Self.background, callbacks: ["sceneDidEnterBackground"],
            program: #"[{"op": "beginBackgroundTask", "task": "bg", "expiration": [{"op": "endBackgroundTask", "task": "bg"}]}, {"op": "detached", "body": [{"op": "call", "name": "request"}]}]"#,
            steps: """
                [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 40000},
                 {"op": "action", "action": "tapIcon"}, {"op": "delay", "ms": 1000},
                 {"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 40000}]
                """)
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        // Each stay: the handler at 25 s into it, no kill.
        expectEqual(trace.records.filter { $0.kind == .expirationDue }.map(\.time), [25_000_000_000, 66_000_000_000])
        expectEqual(trace.outcome.death, nil)
    }
}
