import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceModel
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExplain

/// #26 (a later newcomer walk): the built-in kill procedures are the user swiping the app away in
/// the app switcher, so they are a force quit as `swipeAway` is: a background transfer started in a
/// hook is cancelled (Apple: `URLError.BackgroundTaskCancelledReason.userForceQuitApplication`).
/// They are written as hand-written turns; the swipe's turn says so with `"forceQuit": true`.
@Suite("Built-in swipe procedures force-quit")
struct BuiltinSwipeForceQuitTests {
    /// The built-in scenario with one more strategy: a background-session upload handed off from the hook.
    static let upload = """
        {
          "extend": "builtin:live-activity",
          "name": "upload-from-hook",
          "systemCalls": {"Upload": {"costMs": 1, "service": "backgroundTransfer", "serviceRunMs": 300, "cleanup": true}},
          "strategies": {"upload": {"program": [{"op": "call", "name": "Upload", "queue": "main", "completion": []}]}}
        }
        """

    static func load(_ json: String) throws -> Scenario {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-builtin-swipe-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scenario.json")
        try Data(json.utf8).write(to: file)
        return try ScenarioLoader.load(path: file.path)
    }

    static func timeline(_ scenario: Scenario, hook: Int, strategy: Int, procedure: Int) -> [String] {
        let explanation = CellExplanation(Simulator(scenario: scenario).trace(hook: hook, strategy: strategy, procedure: procedure))
        return explanation.lines.map { "\($0.time / 1000)µs \($0.place): \($0.text)" }
    }

    @Test("the built-in procedures' swipe turns are marked forceQuit, and only those")
    func builtinTurnsAreMarked() throws {
        let scenario = try ScenarioLoader.loadDefault()
        var marked: [String] = []
        for procedure in scenario.procedures {
            for (index, step) in procedure.steps.enumerated() {
                if case .turn(_, _, forceQuit: true) = step { marked.append("\(procedure.name).steps[\(index)]") }
            }
        }
        expectEqual(marked, ["foreground.steps[1]", "background.steps[1]"])
    }

    @Test("a background transfer started in any hook is cancelled under both built-in procedures")
    func transferCancelled() throws {
        let scenario = try Self.load(Self.upload)
        let strategy = try #require(scenario.strategies.firstIndex { $0.name == "upload" })
        let simulator = Simulator(scenario: scenario)
        for procedure in scenario.procedures.indices {
            for hook in scenario.hooks.indices {
                let outcome = simulator.run(hook: hook, strategy: strategy, procedure: procedure)
                let cell = "\(scenario.hooks[hook].name) under \(scenario.procedures[procedure].name)"
                #expect(!outcome.cleanupFinished, "\(cell): the force quit cancels the transfer")
                let lines = Self.timeline(scenario, hook: hook, strategy: strategy, procedure: procedure)
                #expect(lines.contains { $0.hasSuffix("user: force-quits the app from the app switcher: the system cancels work that a force quit cancels") }, "\(cell)")
                #expect(lines.contains { $0.hasSuffix("cancels the background transfer of Upload: the user force-quit the app (cancelledByForceQuit)") }, "\(cell)")
            }
        }
    }

    @Test("under the foreground swipe the force quit comes when the termination turn is sent (0 ms), before the hand-off")
    func forceQuitAtTheSwipe() throws {
        let scenario = try Self.load(Self.upload)
        let strategy = try #require(scenario.strategies.firstIndex { $0.name == "upload" })
        let hook = try #require(scenario.hooks.firstIndex { $0.name == "sceneDidDisconnect" })
        let lines = Self.timeline(scenario, hook: hook, strategy: strategy, procedure: 0)
        let quit = try #require(lines.firstIndex { $0.contains("force-quits the app") })
        #expect(lines[quit].hasPrefix("0µs "))
        let handOff = try #require(lines.firstIndex { $0.hasSuffix("takes over the background transfer of Upload: it goes on outside the app's process") })
        #expect(quit < handOff)
        #expect(lines[handOff + 1].hasSuffix("cancels the background transfer of Upload: the user force-quit the app (cancelledByForceQuit)"))
    }

    @Test("a hand-written termination turn without forceQuit (the system terminating the app) cancels nothing")
    func unmarkedTurnIsNoForceQuit() throws {
        let json = """
            {
              "name": "system-termination",
              "systemCalls": {"Upload": {"costMs": 1, "service": "backgroundTransfer", "serviceRunMs": 300, "cleanup": true}},
              "hooks": {"applicationWillTerminate": {}},
              "strategies": {"upload": {"program": [{"op": "call", "name": "Upload", "queue": "main", "completion": []}]}},
              "procedures": {
                "system": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}, {"op": "exit"}]}]},
                "swipe": {"steps": [{"op": "turn", "forceQuit": true, "actions": [{"op": "hook", "name": "applicationWillTerminate"}, {"op": "exit"}]}]}
              }
            }
            """
        let scenario = try ScenarioDecoder.decode(json, file: "system-termination.json")
        #expect(TestScenario.run(scenario, procedure: 0).cleanupFinished, "the transfer goes on after the process died")
        #expect(!TestScenario.run(scenario, procedure: 1).cleanupFinished, "the force quit cancels it")
    }

    @Test("forceQuit must be a boolean: a clear error")
    func forceQuitIsBoolean() {
        let json = """
            {"name": "bad", "hooks": {"applicationWillTerminate": {}}, "strategies": {"s": {"program": []}},
             "procedures": {"p": {"steps": [{"op": "turn", "forceQuit": "yes", "actions": [{"op": "exit"}]}]}}}
            """
        #expect {
            _ = try ScenarioDecoder.decode(json, file: "bad.json")
        } throws: { error in
            "\(error)".contains("procedures.p.steps[0].forceQuit") && "\(error)".contains("expected")
        }
    }
}
