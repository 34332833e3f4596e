import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// What the model was missing (issue 21, section 3): watchdog budgets by transition and
/// background modes.
@Suite("Model gaps: watchdogs by transition, background modes")
struct ModelGapsTests {
    static func scenario(lifecycle: String = "", hook: String, program: String, steps: String) -> Scenario {
        let json = """
            {
              "name": "gaps",
              "lifecycle": {\(lifecycle)},
              "systemCalls": {"request": {"costMs": 1}},
              "hooks": {"\(hook)": {}},
              "strategies": {"s": {"program": \(program)}},
              "procedures": {"p": {"steps": \(steps)}}
            }
            """
        do {
            return try ScenarioDecoder.decode(json, file: "gaps.json")
        } catch {
            preconditionFailure("\(error)")
        }
    }

    static func detachedThenSleep(_ ms: Int) -> String {
        #"[{"op": "detached", "body": [{"op": "call", "name": "request"}]}, {"op": "sleep", "ms": \#(ms)}]"#
    }

    @Test("a scene moving to the background has 10 s of wall clock (backgroundSceneWatchdogMs), not 5")
    func backgroundSceneWatchdog() {
        let home = #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 60000}, {"op": "action", "action": "jetsam"}]"#
        let eight = TestScenario.run(Self.scenario(hook: "sceneDidEnterBackground", program: Self.detachedThenSleep(8000), steps: home))
        expectEqual(eight.death?.cause, .sigkill)
        let twelve = TestScenario.run(Self.scenario(hook: "sceneDidEnterBackground", program: Self.detachedThenSleep(12000), steps: home))
        expectEqual(twelve.death, RunOutcome.Death(at: TestScenario.ms(10000), cause: .watchdog))
        let set = TestScenario.run(
            Self.scenario(
                lifecycle: #""backgroundSceneWatchdogMs": 7000"#, hook: "sceneDidEnterBackground",
                program: Self.detachedThenSleep(8000), steps: home))
        expectEqual(set.death, RunOutcome.Death(at: TestScenario.ms(7000), cause: .watchdog))
    }

    @Test("an app-delegate app's applicationDidEnterBackground keeps the 5 s callback budget")
    func appDelegateEnterBackground() {
        let home = #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 60000}, {"op": "action", "action": "jetsam"}]"#
        let outcome = TestScenario.run(
            Self.scenario(
                lifecycle: #""scenes": false"#, hook: "applicationDidEnterBackground", program: Self.detachedThenSleep(8000),
                steps: home))
        expectEqual(outcome.death, RunOutcome.Death(at: TestScenario.ms(5000), cause: .watchdog))
    }

    /// Home, then a swipe 10 s later: long after suspension (2 s), unless a mode keeps the app running.
    static func swipeLater(modes: String) -> Scenario {
        scenario(
            lifecycle: modes.isEmpty ? "" : #""activeBackgroundModes": [\#(modes)]"#, hook: "applicationWillTerminate",
            program: #"[{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "request"}]}, {"op": "sleep", "ms": 50}]"#,
            steps: #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 10000}, {"op": "action", "action": "swipeAway"}]"#)
    }

    @Test("an app with an active background mode is not suspended: swiped away later, it gets applicationWillTerminate")
    func backgroundModeKeepsAppRunning() {
        let suspended = TestScenario.run(Self.swipeLater(modes: ""))
        expectEqual(suspended.death?.cause, .sigkill)
        #expect(!suspended.cleanupFinished)
        for mode in BackgroundMode.allCases {
            let running = TestScenario.run(Self.swipeLater(modes: "\"\(mode.rawValue)\""))
            expectEqual(running.death?.cause, .exit, "\(mode)")
            #expect(running.cleanupFinished, "\(mode)")
        }
    }

    @Test("an unknown background mode is refused, naming the place and the modes")
    func unknownMode() {
        #expect {
            _ = try ScenarioDecoder.decode(
                #"{"name": "m", "lifecycle": {"activeBackgroundModes": ["music"]}, "systemCalls": {"r": {"costMs": 1}}, "#
                    + #""hooks": {"applicationWillTerminate": {}}, "strategies": {"s": {"program": [{"op": "detached", "body": "#
                    + #"[{"op": "call", "name": "r"}]}]}}, "procedures": {"p": {"steps": [{"op": "action", "action": "swipeAway"}]}}}"#,
                file: "m.json")
        } throws: { error in
            "\(error)".contains("lifecycle.activeBackgroundModes[0]: expected one of \"audio\"") && "\(error)".contains("found")
        }
    }
}
