import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// `exitrace import`: the scenario on stdout or in --output, the summary on stderr, exit 2 on bad input.
@Suite("import command")
struct ImportCommandTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/ExitRaceTests/ImportFixtures")

    @Test("import then run: the scenario runs, its table names your code, its JSON and explain the source")
    func importThenRun() throws {
        let input = Self.fixtures.appendingPathComponent("SceneDelegate+TaskDetached.swift").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("my-app-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let imported = Tool.main(["import", input, "--output", out])
        expectEqual(imported.exitCode, .success)
        #expect(imported.stdout.isEmpty)
        expectContains(imported.stderr, "SceneDelegate.sceneDidDisconnect")
        let run = Tool.main(["run", out])
        expectEqual(run.exitCode, .success)
        expectContains(run.stdout, "SceneDelegate.sceneDidDisconnect | ○")
        let explain = Tool.main(["explain", out, "--hook", "SceneDelegate.sceneDidDisconnect",
                                 "--strategy", "your code: SceneDelegate.sceneDidDisconnect"])
        expectEqual(explain.exitCode, .success)
        expectContains(explain.stdout, "sceneDidDisconnect (runs the strategy)")
        // The strategy's code names the file and line of the entry point and quotes its statements.
        let json = Tool.main(["run", out, "--format", "json"])
        expectContains(json.stdout, "SceneDelegate+TaskDetached.swift:11 SceneDelegate.sceneDidDisconnect: Task.detached { … }")
    }

    @Test("without --output the scenario goes to stdout")
    func stdout() {
        let output = Tool.main(["import", Self.fixtures.appendingPathComponent("AppDelegate+Task.swift").path])
        expectEqual(output.exitCode, .success)
        #expect(output.stdout.hasPrefix("{\n") && output.stdout.contains(#""name": "imported""#))
    }

    @Test("bad input exits 2 with a message naming the file", arguments: ["/nonexistent.swift", "/tmp", "/bin/sh"])
    func badInput(path: String) {
        let output = Tool.main(["import", path])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        expectContains(output.stderr, path)
    }

    @Test("a --name the scenario format refuses is an error, not an invalid file")
    func badName() {
        let output = Tool.main(["import", Self.fixtures.appendingPathComponent("AppDelegate+Task.swift").path, "--name", "a/b"])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("exitrace import: --name: expected a name without \"/\""))
    }

    @Test("no file is a usage error")
    func noFile() {
        expectEqual(Tool.main(["import"]).exitCode, .badInput)
    }
}
