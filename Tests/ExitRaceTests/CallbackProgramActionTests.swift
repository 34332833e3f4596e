import Testing

@testable import ExitRace

/// `onCallbacks` under lifecycle actions: an action is compiled from every state the app might be in,
/// but only the expansion the run takes delivers callbacks, so only its programs' cleanup is owed.
@Suite("Strategies: onCallbacks under lifecycle actions owe only the expansion taken")
struct CallbackProgramActionTests {
    /// A scene-based app sent home, 100 ms later brought back from the background (`tapIcon`, whose
    /// expansion from `notRunning` would deliver applicationDidFinishLaunching), then exiting.
    static func scenario(_ onCallbacks: String) throws -> Scenario {
        let json = """
            {"name": "app",
             "systemCalls": {"save": {"costMs": 1}, "flush": {"costMs": 1}},
             "hooks": {"app": {"callbacks": ["sceneDidEnterBackground", "sceneWillEnterForeground",
               "applicationDidFinishLaunching"]}},
             "strategies": {"s": {"onCallbacks": \(onCallbacks)}},
             "procedures": {"p": {"steps": [
               {"op": "action", "action": "pressHome"},
               {"op": "delay", "ms": 100},
               {"op": "action", "action": "tapIcon"},
               {"op": "delay", "ms": 100},
               {"op": "turn", "actions": [{"op": "exit"}]}]}}}
            """
        return try ScenarioDecoder.decode(json, file: "app.json")
    }

    static func cell(_ scenario: Scenario) -> (symbol: String, cleanupAt: Int64?) {
        let cell = Simulator(scenario: scenario).table().cell(hook: 0, strategy: 0)
        return (cell.verdict.symbol, cell.outcomes[0].cleanupAt?.nanoseconds)
    }

    @Test("tapIcon from the background never launches the app: applicationDidFinishLaunching's flush is not owed")
    func untakenVariantOwesNothing() throws {
        let scenario = try Self.scenario("""
            {"sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}],
             "applicationDidFinishLaunching": [{"op": "detached", "body": [{"op": "call", "name": "flush"}]}]}
            """)
        let lines = CallbackProgramTests.timeline(scenario)
        #expect(lines.contains { $0.contains("→ sceneDidEnterBackground (runs the strategy)") })
        #expect(lines.contains { $0.contains("→ sceneWillEnterForeground") })
        #expect(!lines.contains { $0.contains("applicationDidFinishLaunching") }, "the launch variant never runs")
        #expect(!lines.contains { $0.contains("calls flush") })
        expectEqual(Self.cell(scenario).symbol, "○", "save, the only cleanup of a program run, took effect")
    }

    @Test("the expansion taken owes its programs' cleanup: flush in sceneWillEnterForeground, never finished, is ×")
    func takenVariantOwesItsCleanup() throws {
        let scenario = try Self.scenario("""
            {"sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}],
             "sceneWillEnterForeground": [{"op": "detached", "body": [{"op": "sleep", "ms": 500},
               {"op": "call", "name": "flush"}]}]}
            """)
        expectEqual(Self.cell(scenario).symbol, "×", "flush is owed once tapIcon delivers sceneWillEnterForeground")
    }

    @Test("a save made in two programs is owed from each: the cleanup finished at the second save, after tapIcon")
    func savesInTwoProgramsAreOwedFromEach() throws {
        let scenario = try Self.scenario("""
            {"sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}],
             "sceneWillEnterForeground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}],
             "applicationDidFinishLaunching": [{"op": "detached", "body": [{"op": "call", "name": "flush"}]}]}
            """)
        let lines = CallbackProgramTests.timeline(scenario)
        let saves = lines.filter { $0.contains("calls save") }
        expectEqual(saves.count, 2, "\(saves)")
        let cell = Self.cell(scenario)
        expectEqual(cell.symbol, "○")
        let at = cell.cleanupAt ?? -1
        // Each place owes its call (docs/scenario-format.md, "goal"): the first save, before tapIcon,
        // is not enough once sceneWillEnterForeground's save is owed.
        #expect(at >= 100_000_000, "the second save, after tapIcon: \(at) ns")
    }
}
