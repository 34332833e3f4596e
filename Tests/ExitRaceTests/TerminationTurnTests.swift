import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExplain

/// A hand-written turn that delivers a termination callback (`applicationWillTerminate`,
/// `willTerminateNotification`) or exits begins the app's termination when it is sent, as the
/// `swipeAway` action's own expansion does: the app is not suspended while it terminates, and an
/// app suspended already gets no callback but a SIGKILL (a suspended app swiped away). Before,
/// such turns left a production app (`debuggerAttached: false`) suspended mid-termination, and the
/// process never died (found by a newcomer's walk, 2026-11-25).
@Suite("Hand-written termination turns")
struct TerminationTurnTests {
    static let production = #""debuggerAttached": false, "suspendAfterMs": 2000"#
    static let detachedRequest = #"[{"op": "detached", "body": [{"op": "call", "name": "request"}]}]"#

    /// Home, then after `delayMs` a turn delivering applicationWillTerminate, then one that exits.
    static func scenario(delayMs: Int, program: String) throws -> Scenario {
        try LifecycleTests.scenario(
            lifecycle: production, callbacks: ["applicationWillTerminate"], program: program,
            steps: """
                [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": \(delayMs)},
                 {"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]},
                 {"op": "turn", "actions": [{"op": "hook", "name": "willTerminateNotification"}, {"op": "exit"}]}]
                """)
    }

    @Test("a termination turn sent to a suspended app kills it at once (SIGKILL), without the callback")
    func suspendedAppIsKilled() throws {
        let outcome = Simulator(scenario: try Self.scenario(delayMs: 2_500, program: Self.detachedRequest)).run(hook: 0, strategy: 0, procedure: 0)
        let death = try #require(outcome.death, "the process must die, not live on suspended")
        expectEqual(death.cause, .sigkill)
        expectEqual(death.at, TestScenario.ms(2_500))
        expectEqual(outcome.cleanupAt, nil, "applicationWillTerminate is never called")
    }

    @Test("a long applicationWillTerminate is not suspended: the exit turn runs after it")
    func terminatingAppIsNotSuspended() throws {
        // 10 ms in the background, then a 3-s wait in applicationWillTerminate: past suspendAfterMs.
        let program = #"[{"op": "sleep", "ms": 3000}, \#(Self.detachedRequest.dropFirst())"#
        let outcome = Simulator(scenario: try Self.scenario(delayMs: 10, program: program)).run(hook: 0, strategy: 0, procedure: 0)
        let death = try #require(outcome.death, "the process must exit, not stay suspended")
        #expect(death.cause != .sigkill)
        #expect(death.at > TestScenario.ms(3_010))
    }

    @Test("a forceQuit turn is the swipe: it begins the termination, so a sceneDidDisconnect longer than suspendAfterMs is not suspended")
    func forceQuitTurnBeginsTermination() throws {
        // The built-in background kill's shape: home, then the swipe's sceneDidDisconnect turn (forceQuit),
        // then applicationWillTerminate and exit. sceneDidDisconnect blocks for 3 s, past suspendAfterMs (2 s).
        func scenario(forceQuit: Bool) throws -> Scenario {
            try LifecycleTests.scenario(
                lifecycle: Self.production, callbacks: ["sceneDidDisconnect"],
                program: #"[{"op": "sleep", "ms": 3000}, {"op": "detached", "body": [{"op": "call", "name": "save"}]}]"#,
                steps: """
                    [{"op": "action", "action": "pressHome"},
                     {"op": "turn", "forceQuit": \(forceQuit), "actions": [{"op": "hook", "name": "sceneDidDisconnect"}]},
                     {"op": "delay", "ms": 50},
                     {"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]},
                     {"op": "turn", "actions": [{"op": "hook", "name": "willTerminateNotification"}, {"op": "exit"}]}]
                    """,
                calls: #""save": {"costMs": 1}"#)
        }
        let swiped = Simulator(scenario: try scenario(forceQuit: true)).trace(hook: 0, strategy: 0, procedure: 0)
        #expect(!swiped.records.contains { $0.kind == .suspended }, "an app being swiped away is not suspended")
        let death = try #require(swiped.outcome.death)
        expectEqual(death.cause, .exit, "applicationWillTerminate and the exit turn run after the 3-s save")
        #expect(death.at > TestScenario.ms(3_050))
        // Without forceQuit the turn is the system's, not a termination: the app is suspended at 2 s as before.
        let systemTurn = Simulator(scenario: try scenario(forceQuit: false)).trace(hook: 0, strategy: 0, procedure: 0)
        #expect(systemTurn.records.contains { $0.kind == .suspended })
    }
}
