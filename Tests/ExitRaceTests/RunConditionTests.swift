import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// `runCondition` picks a debug or release run's own timing and lifecycle settings (issue 21, §3).
@Suite("Run conditions")
struct RunConditionTests {
    static func scenario(_ condition: String) throws -> Scenario {
        try ScenarioDecoder.decode(
            """
            {
              "name": "conditions",
              "runCondition": "\(condition)",
              "runConditions": {
                "debug": {"timing": {"exitDurationMs": 3}, "lifecycle": {"debuggerAttached": true}},
                "release": {"timing": {"exitDurationMs": 1, "startLatencyMs": {"userInitiated": 0.5}}}
              },
              "systemCalls": {"request": {"costMs": 1}},
              "hooks": {"applicationWillTerminate": {}},
              "strategies": {"Task.detached(priority: .high)": {"program": [
                {"op": "detached", "priority": "high", "body": [{"op": "call", "name": "request"}]}]}},
              "procedures": {"kill": {"steps": [
                {"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}, {"op": "exit"}]}]}}
            }
            """, file: "conditions.json")
    }

    @Test("debug and release carry their own settings, and the race comes out differently")
    func conditionsDiffer() throws {
        let debug = try Self.scenario("debug")
        expectEqual(debug.timing.exitDuration, .ms(3))
        #expect(debug.lifecycle.debuggerAttached)
        #expect(TestScenario.run(debug).cleanupFinished)
        let release = try Self.scenario("release")
        expectEqual(release.timing.exitDuration, .ms(1))
        #expect(!release.lifecycle.debuggerAttached)
        expectEqual(release.timing.startLatency(.userInitiated), VirtualDuration(nanoseconds: 500_000))
        // 0.5 ms to start and 1 ms of work against a 1 ms exit: lost by 0.5 ms.
        let outcome = TestScenario.run(release)
        #expect(!outcome.cleanupFinished)
        expectEqual(outcome.margin, VirtualDuration(nanoseconds: -500_000))
    }

    @Test("an unknown run condition, or a section a condition may not change, is refused with its place")
    func refused() {
        #expect {
            _ = try ScenarioDecoder.decode(
                #"{"runCondition": "profile", "systemCalls": {"r": {"costMs": 1}}, "hooks": {"h": {}}, "#
                    + #""strategies": {"s": {"program": [{"op": "detached", "body": [{"op": "call", "name": "r"}]}]}}, "#
                    + #""procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "h"}]}]}}}"#,
                file: "c.json")
        } throws: { "\($0)".contains("runCondition: expected \"debug\" or \"release\"") }
        #expect {
            _ = try ScenarioDecoder.decode(
                #"{"runCondition": "debug", "runConditions": {"debug": {"hooks": {}}}, "systemCalls": {"r": {"costMs": 1}}, "#
                    + #""hooks": {"h": {}}, "strategies": {"s": {"program": [{"op": "detached", "body": [{"op": "call", "name": "r"}]}]}}, "#
                    + #""procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "h"}]}]}}}"#,
                file: "c.json")
        } throws: { "\($0)".contains("runConditions.debug.hooks: expected \"timing\" or \"lifecycle\"") }
    }
}
