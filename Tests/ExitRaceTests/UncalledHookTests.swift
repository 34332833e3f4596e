import Testing

@testable import ExitRace

/// A hook that no kill procedure calls fills its row with ×; the scenario says which hooks and why,
/// and `explain` gives the same reason (a newcomer's walk, issue 26).
@Suite("Hooks no procedure calls")
struct UncalledHookTests {
    static func scenario(scenes: Bool) throws -> Scenario {
        try ScenarioDecoder.decode(
            """
            {
              "name": "uncalled",
              "lifecycle": {"scenes": \(scenes)},
              "systemCalls": {"save": {"costMs": 20}},
              "hooks": {
                "applicationDidEnterBackground": {"label": "didEnterBackground"},
                "sceneDidEnterBackground": {"label": "SceneDelegate"}
              },
              "strategies": {"save": {"program": [{"op": "call", "name": "save", "queue": "global", "completion": []}]}},
              "procedures": {
                "background": {"steps": [
                  {"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 1000}, {"op": "action", "action": "swipeAway"}]}
              }
            }
            """, file: "uncalled.json")
    }

    @Test("a scene-based app: applicationDidEnterBackground is never called, and the scene's callback is named")
    func sceneBased() throws {
        let scenario = try Self.scenario(scenes: true)
        let uncalled = scenario.uncalledHooks
        expectEqual(uncalled.map(\.hook), ["applicationDidEnterBackground"])
        expectEqual(
            uncalled.first?.why,
                "applicationDidEnterBackground is never called: no kill procedure delivers it; a scene-based app "
                + "(lifecycle.scenes is true) gets sceneDidEnterBackground instead")
        let text = CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)).renderText()
        expectContains(text, "applicationDidEnterBackground was never called before the process exited at 1053 ms: no kill procedure "
            + "delivers it; a scene-based app (lifecycle.scenes is true) gets sceneDidEnterBackground instead.", "\(text)")
        let table = TextRenderer.render(Simulator(scenario: scenario).table())
        expectContains(table, "didEnterBackground: applicationDidEnterBackground is never called: no kill procedure", "\(table)")
    }

    @Test("an app without scenes: the scene delegate's hook is the one never called")
    func withoutScenes() throws {
        let uncalled = try Self.scenario(scenes: false).uncalledHooks
        expectEqual(uncalled.map(\.hook), ["sceneDidEnterBackground"])
        expectEqual(uncalled.first?.why.hasSuffix("an app without scenes (lifecycle.scenes is false) gets applicationDidEnterBackground instead"), true)
    }

    @Test("the built-in default scenario calls every hook")
    func defaultScenario() {
        #expect(DefaultScenario.load().uncalledHooks.isEmpty)
    }
}

extension UncalledHookTests {
    @Test("shipped scenarios: which hooks no procedure calls (each is a finding their docs state)")
    func shippedScenarios() throws {
        var found: [String] = []
        let directory = ScenarioDecoderTests.repository.appendingPathComponent("scenarios").path
        for scenario in try ScenarioSet.load([directory]).scenarios {
            found += scenario.uncalledHooks.map { "\(scenario.name): \($0.hook)" }
        }
        expectEqual(found, [], "\(found)")
    }
}
