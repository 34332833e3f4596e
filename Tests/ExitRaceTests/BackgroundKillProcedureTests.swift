import Testing

@testable import ExitRace
@testable import ExitRaceModel
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExplain

/// #26: the built-in "background kill: home screen first, then swiped away" goes to the home
/// screen first, as its label says and as the reference experiment's procedure 2 did: UIKit
/// delivers `sceneWillResignActive`, then `sceneDidEnterBackground` (the app delegate's
/// `applicationWillResignActive` and `applicationDidEnterBackground` without scenes), each its own
/// main-queue turn, and the app is in the background when it is swiped away.
@Suite("The built-in background kill goes home first")
struct BackgroundKillProcedureTests {
    /// The default scenario's background kill, with a hook of `name` under test (a `Task` in it).
    static func scenario(extra hook: String? = nil, scenes: Bool = true) throws -> Scenario {
        var settings = ["lifecycle.scenes=\(scenes)"]
        if let hook { settings.append("hooks.\(hook)={}") }
        return try ScenarioLoader.loadDefault(overrides: try settings.map(SettingOverride.parse))
    }

    static func lines(_ scenario: Scenario, hook: String) throws -> [String] {
        let simulator = Simulator(scenario: scenario)
        let trace = simulator.trace(
            hook: try scenario.hookIndex(named: hook), strategy: try scenario.strategyIndex(named: "Task"),
            procedure: try scenario.procedureIndex(named: "background"))
        return CellExplanation(trace).lines.map { "\($0.time / 1000)µs \($0.place): \($0.text)" }
    }

    @Test("the background kill delivers sceneWillResignActive, then sceneDidEnterBackground, then the termination callbacks")
    func homeScreenFirst() throws {
        let lines = try Self.lines(try Self.scenario(), hook: "sceneDidDisconnect")
        let order = ["→ sceneWillResignActive", "is in the background", "→ sceneDidDisconnect", "→ applicationWillTerminate"]
        let positions = order.map { words in lines.firstIndex { $0.contains(words) } }
        #expect(positions.allSatisfy { $0 != nil }, "\(lines.joined(separator: "\n"))")
        expectEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted())
        let background = try #require(lines.firstIndex { $0.contains("→ sceneDidEnterBackground") })
        #expect(background > positions[0]! && background < positions[2]!)
    }

    @Test("a sceneDidEnterBackground hook is called under the background kill, before the swipe")
    func sceneDidEnterBackgroundIsCalled() throws {
        let scenario = try Self.scenario(extra: "sceneDidEnterBackground")
        #expect(scenario.uncalledHooks.isEmpty, "\(scenario.uncalledHooks)")
        let lines = try Self.lines(scenario, hook: "sceneDidEnterBackground")
        #expect(lines.contains("0µs main thread: → sceneDidEnterBackground (runs the strategy)"), "\(lines.joined(separator: "\n"))")
        // A main-actor Task queued there runs before the swipe's first callback arrives.
        let task = try #require(lines.firstIndex { $0.contains("runs Task (main actor) from sceneDidEnterBackground") })
        let swipe = try #require(lines.firstIndex { $0.contains("→ sceneDidDisconnect") })
        #expect(task < swipe)
    }

    @Test("without scenes, the app delegate's callbacks stand in")
    func withoutScenes() throws {
        let lines = try Self.lines(try Self.scenario(scenes: false), hook: "applicationWillTerminate")
        #expect(lines.contains { $0.contains("→ applicationWillResignActive") })
        #expect(lines.contains { $0.contains("→ applicationDidEnterBackground") })
        #expect(!lines.contains { $0.contains("→ sceneDidEnterBackground") })
    }

    @Test("the reference table is unchanged: the home press takes no time and runs nothing of the hooks under test")
    func tableUnchanged() {
        let table = TextRenderer.render(Simulator(scenario: DefaultScenario.load()).table())
        expectContains(table, "AppDelegate   | △ background [t] | × [d]        | ×             | ○ [i]")
        expectContains(table, "SceneDelegate | △ background     | × [d]        | ○             | ○ [i]")
        expectContains(table, "Notification  | ×                | × [d]        | ×             | ○ [i]")
    }
}
