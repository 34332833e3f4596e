import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A third newcomer's walk (issue 26): a batch shard that holds no scenario says so, an accepted
/// drift under --set says the files then need the same --set, and an app without scenes gets no
/// scene callback from the built-in procedures.
@Suite("A newcomer's third walk")
struct NewcomerWalkThreeTests {
    static func scratch() throws -> URL { try HostileInputTests.directory("walk3") }

    static let oneScenario = Repository.root.appendingPathComponent("scenarios/live-activity.json").path

    @Test("batch --shard past the scenarios' count: exit 0, a line on stderr, no result file", .heavy)
    func emptyBatchShard() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        // Shard i of n holds scenarios (i-1)·N/n ..< i·N/n: of one scenario in three shards, the third.
        let output = Tool.main(["batch", Self.oneScenario, "--out", out, "--shard", "2/3"])
        expectEqual(output.exitCode, .success)
        expectEqual(output.stderr, "exitrace batch: shard 2/3 of 1 scenario holds none: no result file written\n", "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
        // The shard that holds it writes it, and says nothing of the kind.
        let first = Tool.main(["batch", Self.oneScenario, "--out", out, "--shard", "3/3"])
        #expect(first.exitCode == .success && first.stderr.isEmpty, "\(first.stderr)")
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["live-activity.json", "live-activity.md"])
    }

    @Test("check's accept line under --set says the accepted files then hold what --set gives")
    func acceptUnderSet() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = directory.appendingPathComponent("results").path
        // A small scenario: one hook, two strategies, the built-in procedures; a 12 ms exit changes its cells.
        let scenario = directory.appendingPathComponent("small.json").path
        let text = #"{"extend": "builtin:live-activity", "hooks": {"sceneDidDisconnect": null, "willTerminateNotification": null}, "#
            + #""strategies": {"Task + semaphore": null, "Task.detached + semaphore": null, "#
            + #""DispatchQueue.main.async": null, "Task.detached(priority: .high)": null}}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: scenario))
        expectEqual(Tool.main(["check", scenario, "--against", results, "--update"]).exitCode, .success)
        let drifted = Tool.main(["check", scenario, "--against", results, "--set", "timing.exitDurationMs=12"])
        expectEqual(drifted.exitCode, .difference)
        expectContains(drifted.stdout,
            "--set is not recorded in result files: accepted, they hold the tables as --set makes them (check them with the same --set)\n"
                + "results in \(results) differ",
            "\(drifted.stdout)")
        #expect(drifted.stdout.hasSuffix("--set timing.exitDurationMs=12 --update\n"), "\(drifted.stdout)")
        let plain = Tool.main(["check", scenario, "--against", results, "--set", "timing.exitDurationMs=3"])
        expectNotContains(plain.stdout, "--set is not recorded", "\(plain.stdout)")
    }

    @Test("--help's usage says every experiment takes --shard and each command's --help lists every option")
    func helpNamesSharding() {
        let help = Tool.main(["--help"]).stdout
        expectContains(help, "Every\n  experiment splits across machines with --shard i/n (run, sweep, batch, check,\n  calibrate, sensitivity)", "\(help)")
    }

    /// An app without scenes, under the built-in procedures (which name sceneDidDisconnect).
    static func sceneless(hook: String) throws -> Scenario {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sceneless.json")
        try Data(
            """
            {
              "name": "sceneless", "extend": "builtin:live-activity",
              "lifecycle": {"scenes": false},
              "hooks": {"applicationWillTerminate": null, "sceneDidDisconnect": null, "willTerminateNotification": null,
                        "mine": {"callbacks": ["\(hook)"]}},
              "strategies": {"Task": null, "Task + semaphore": null, "Task.detached": null, "Task.detached + semaphore": null,
                             "DispatchQueue.main.async": null, "Task.detached(priority: .high)": null,
                             "save": {"program": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}]}},
              "systemCalls": {"save": {"costMs": 1}}
            }
            """.utf8
        ).write(to: file)
        return try ScenarioLoader.load(path: file.path)
    }

    @Test("an app without scenes: the built-in procedures deliver no sceneDidDisconnect, and a hook on it is never called")
    func noSceneCallbackWithoutScenes() throws {
        let terminate = try Self.sceneless(hook: "applicationWillTerminate")
        let procedure = try #require(terminate.procedures.firstIndex { $0.name == "foreground" })
        let hook = try #require(terminate.hooks.firstIndex { $0.name == "mine" })
        let strategy = try #require(terminate.strategies.firstIndex { $0.name == "save" })
        let text = CellExplanation(Simulator(scenario: terminate).trace(hook: hook, strategy: strategy, procedure: procedure)).renderText()
        expectContains(text, "→ applicationWillTerminate", "\(text)")
        expectNotContains(text, "sceneDidDisconnect", "\(text)")

        let disconnect = try Self.sceneless(hook: "sceneDidDisconnect")
        let uncalled = disconnect.uncalledHooks.first { $0.hook == "mine" }
        expectEqual(uncalled?.why, "sceneDidDisconnect is never called: no kill procedure delivers it; an app without scenes "
            + "(lifecycle.scenes is false) gets no scene callbacks", "\(String(describing: uncalled))")
    }
}
