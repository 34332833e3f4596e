import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// What a newcomer's walk found: failing replications listed for cells that fail in every one, an
/// imported hook not found by its callback, explain's places section undocumented.
@Suite("A newcomer's walk: rates, hooks by callback, places documented")
struct WalkPolishTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-walkpolish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let uncertain = Repository.root.appendingPathComponent("scenarios/live-activity-uncertain.json").path

    /// The rate lines with their wrapped continuations joined back, one cell a line.
    static func unwrapped(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\n      ", with: " ").split(separator: "\n").map(String.init)
    }

    static func line(_ lines: [String], _ cell: String) -> String {
        lines.first { $0.hasPrefix("  \(cell): ") } ?? "(no line for \(cell))"
    }

    @Test("fails in replications: only under a procedure where the cell finished in some replications but not all")
    func failuresListedOnlyBetweenNoneAndAll() throws {
        let result = Tool.main(["run", Self.uncertain, "--runs", "40"])
        expectEqual(result.exitCode, .success, "\(result.stderr)")
        let lines = Self.unwrapped(result.stdout)
        // 0% under both procedures: every replication fails whatever the draw; nothing to list.
        expectEqual(
            Self.line(lines, "SceneDelegate · Task + semaphore"),
                "  SceneDelegate · Task + semaphore: foreground 0/40 0% (0–8.8%), background 0/40 0% (0–8.8%)")
        expectEqual(
            Self.line(lines, "SceneDelegate · Task"),
                "  SceneDelegate · Task: foreground 0/40 0% (0–8.8%), background 40/40 100% (91.2–100%)")
        // 0% under foreground, 98% under background: only background's failure is listed.
        expectEqual(
            Self.line(lines, "AppDelegate · Task"),
                "  AppDelegate · Task: foreground 0/40 0% (0–8.8%), background 39/40 98% (87.1–99.6%); "
                + "fails in replications: background 30")
        expectEqual(
            Self.line(lines, "AppDelegate · Task.detached(priority: .high)"),
                "  AppDelegate · Task.detached(priority: .high): foreground 39/40 98% (87.1–99.6%), background 39/40 98% "
                + "(87.1–99.6%); fails in replications: foreground 30; background 30")
        expectContains(result.stdout, "(P and r from \"fails in replications\")")
    }

    @Test("a table whose failing cells all fail in every replication lists none, and its replay hint says any r")
    func everyFailureTotal() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("total.json")
        let text = """
            { "extend": "\(Self.uncertain)", "name": "total",
              "hooks": { "sceneDidDisconnect": null, "willTerminateNotification": null },
              "strategies": { "Task": null, "Task.detached": null, "Task.detached + semaphore": null,
                "DispatchQueue.main.async": null, "Task.detached(priority: .high)": null } }
            """
        try Data(text.utf8).write(to: file)
        let result = Tool.main(["run", file.path, "--runs", "20"])
        expectEqual(result.exitCode, .success, "\(result.stderr)")
        let lines = Self.unwrapped(result.stdout)
        expectNotContains(result.stdout, "fails in replications:", "\(result.stdout)")
        expectEqual(
            Self.line(lines, "AppDelegate · Task + semaphore"),
                "  AppDelegate · Task + semaphore: foreground 0/20 0% (0–16.2%), background 0/20 0% (0–16.2%)")
        let flat = result.stdout.replacingOccurrences(of: "\n    ", with: " ")
        expectContains(flat, "--replication r (any r: a procedure that fails here fails in every replication)", "\(result.stdout)")
    }

    /// A scenario like an import writes: the built-in hooks removed, one named `File.callback`.
    static func importedLike(_ directory: URL, yourApp: Bool) throws -> String {
        let file = directory.appendingPathComponent(yourApp ? "app.json" : "min.json")
        let extra = yourApp
            ? #", "your app": { "callbacks": ["applicationWillTerminate", "sceneDidDisconnect"] }"#
            : ""
        let text = """
            { "extend": "builtin:live-activity", "name": "min",
              "hooks": { "applicationWillTerminate": null, "sceneDidDisconnect": null, "willTerminateNotification": null,
                "AppDelegate.applicationWillTerminate": { "callbacks": ["applicationWillTerminate"] }\(extra) } }
            """
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("--hook takes a callback name when exactly one hook of the file listens to it")
    func hookByCallback() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.importedLike(directory, yourApp: false)
        let byCallback = Tool.main(["explain", file, "--hook", "applicationWillTerminate", "--strategy", "Task", "--procedure", "foreground"])
        expectEqual(byCallback.exitCode, .success, "\(byCallback.stderr)")
        #expect(byCallback.stdout.hasPrefix("min · AppDelegate.applicationWillTerminate · Task · foreground\n"), "\(byCallback.stdout)")
        let byName = Tool.main(
            ["explain", file, "--hook", "AppDelegate.applicationWillTerminate", "--strategy", "Task", "--procedure", "foreground"])
        expectEqual(byCallback.stdout, byName.stdout)
        let explored = Tool.main(["explore", file, "--hook", "applicationWillTerminate", "--strategy", "Task", "--bound", "0"])
        expectEqual(explored.exitCode, .success, "\(explored.stderr)")
        // A callback no hook listens to is still unknown, with the names accepted.
        let unknown = Tool.main(["explain", file, "--hook", "sceneDidDisconnect", "--strategy", "Task"])
        expectEqual(unknown.exitCode, .badInput)
        #expect(unknown.stderr.hasPrefix("exitrace explain: no hook 'sceneDidDisconnect'"), "\(unknown.stderr)")
    }

    @Test("a callback several hooks listen to: the one that listens to it alone, else an error that lists them")
    func hookByCallbackAmbiguous() throws {
        let twoHooks = try ScenarioDecoder.decode(
            #"{"name": "two", "systemCalls": {"save": {"costMs": 1}}, "#
                + #""hooks": {"a": {"callbacks": ["sceneDidDisconnect", "applicationWillTerminate"]}, "#
                + #""b": {"callbacks": ["applicationWillTerminate", "willTerminateNotification"]}}, "#
                + #""strategies": {"s": {"program": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}]}}, "#
                + #""procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "sceneDidDisconnect"}, "#
                + #"{"op": "hook", "name": "applicationWillTerminate"}, {"op": "hook", "name": "willTerminateNotification"}]}]}}}"#,
            file: "two.json")
        #expect(throws: InputError.self) { _ = try twoHooks.hookIndex(named: "applicationWillTerminate") }
        expectEqual(try twoHooks.hookIndex(named: "sceneDidDisconnect"), 0)
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.importedLike(directory, yourApp: true)
        // your app listens to it too, but AppDelegate.applicationWillTerminate listens to it alone: that one.
        let result = Tool.main(["explain", file, "--hook", "applicationWillTerminate", "--strategy", "Task", "--procedure", "foreground"])
        #expect(result.stdout.hasPrefix("min · AppDelegate.applicationWillTerminate · Task · foreground\n"), "\(result.stderr)")
        // The one hook that listens to sceneDidDisconnect is found.
        let single = Tool.main(["explain", file, "--hook", "sceneDidDisconnect", "--strategy", "Task", "--procedure", "foreground"])
        #expect(single.stdout.hasPrefix("min · your app · Task · foreground\n"), "\(single.stderr)")
    }

    @Test("explain --help and scenario-format.md describe the places section, its marks and the closing table")
    func placesSectionDocumented() throws {
        let help = Tool.main(["explain", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").joined(separator: " ")
        for words in [
            "\"cleanup calls, place by place\"", "two or more places", "○ took effect in time", "too late", "made but never took effect",
            "never made", "– owes nothing: its code did not run", "not delivered in this run", "does not listen",
            "on a condition not taken", "Without --procedure, a table",
        ] {
            expectContains(help, words, "explain --help lacks \(words)")
        }
        let format = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        for words in ["cleanup calls, place by place", "| ○ | took effect in time", "| × | did not: too late", "| – | owes nothing: its code did not run",
            "cleanup calls, place by place and procedure"] {
            expectContains(format, words, "scenario-format.md lacks \(words)")
        }
    }
}
