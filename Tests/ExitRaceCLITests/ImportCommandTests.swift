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
        #expect(imported.exitCode == .success)
        #expect(imported.stdout.isEmpty)
        #expect(imported.stderr.contains("SceneDelegate.sceneDidDisconnect"))
        let run = Tool.main(["run", out])
        #expect(run.exitCode == .success)
        #expect(run.stdout.contains("SceneDelegate.sceneDidDisconnect | ○"))
        let explain = Tool.main(["explain", out, "--hook", "SceneDelegate.sceneDidDisconnect",
                                 "--strategy", "your code: SceneDelegate.sceneDidDisconnect"])
        #expect(explain.exitCode == .success)
        #expect(explain.stdout.contains("sceneDidDisconnect (runs the strategy)"))
        // The strategy's code names the file and line of the entry point and quotes its statements.
        let json = Tool.main(["run", out, "--format", "json"])
        #expect(json.stdout.contains("SceneDelegate+TaskDetached.swift:11 SceneDelegate.sceneDidDisconnect: Task.detached { … }"))
    }

    @Test("without --output the scenario goes to stdout")
    func stdout() {
        let output = Tool.main(["import", Self.fixtures.appendingPathComponent("AppDelegate+Task.swift").path])
        #expect(output.exitCode == .success)
        #expect(output.stdout.hasPrefix("{\n") && output.stdout.contains(#""name": "imported""#))
    }

    @Test("bad input exits 2 with a message naming the file", arguments: ["/nonexistent.swift", "/tmp", "/bin/sh"])
    func badInput(path: String) {
        let output = Tool.main(["import", path])
        #expect(output.exitCode == .badInput)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(path))
    }

    @Test("a --name the scenario format refuses is an error, not an invalid file")
    func badName() {
        let output = Tool.main(["import", Self.fixtures.appendingPathComponent("AppDelegate+Task.swift").path, "--name", "a/b"])
        #expect(output.exitCode == .badInput)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("exitrace import: --name: expected a name without \"/\""))
    }

    @Test("no file is a usage error")
    func noFile() {
        #expect(Tool.main(["import"]).exitCode == .badInput)
    }
}
