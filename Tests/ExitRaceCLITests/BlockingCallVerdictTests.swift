import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A synchronous save that the watchdog kills: the verdict names the thread it blocked and the
/// user's step (its call, and its `file:line: code` when the step has them), never the empty
/// completion handler that spells a synchronous call in the scenario language.
@Suite("The verdict of a blocked synchronous call")
struct BlockingCallVerdictTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-blocking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func verdict(_ output: ToolOutput) -> String {
        output.stdout.split(separator: "\n").last { $0.hasPrefix("× ") || $0.hasPrefix("○ ") }.map(String.init) ?? ""
    }

    @Test("an imported try context.save() that outlasts the watchdog: the main thread, blocked in the user's line")
    func importedSave() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("save.json").path
        let fixture = Repository.root.appendingPathComponent("Tests/ExitRaceTests/ImportFixtures/Construct+CoreDataSave.swift").path
        expectEqual(Tool.main(["import", fixture, "--output", file]).exitCode, .success)
        let hook = "AppDelegate.applicationWillTerminate"
        for strategy in ["your code: \(hook)", "your app"] {
            let output = Tool.main([
                "explain", file, "--hook", hook, "--strategy", strategy, "--procedure", "foreground",
                "--set", #"systemCalls["context.save"].costMs=10000"#,
            ])
            expectEqual(output.exitCode, .success, "\(output.stderr)")
            let verdict = Self.verdict(output)
            // On main: "× lost: completion handler from applicationWillTerminate was still waiting for the reply to its call …"
            expectNotContains(verdict, "completion handler", "\(verdict)")
            #expect(verdict.hasPrefix("× lost: the main thread had been blocked since 50 ms in the synchronous call context.save ("),
                    "\(verdict)")
            #expect(verdict.hasSuffix("Construct+CoreDataSave.swift:25:17: try context.save()) when the watchdog killed the process "
                + "at 5000 ms: lost by 5050 ms (it would have finished at 10050 ms); the call blocks its thread for 10000 ms."),
                "\(verdict)")
        }
    }

    @Test("a hand-written synchronous call (an empty completion on a global queue) is told by its call's name")
    func handWritten() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sync.json")
        try Data("""
            { "extend": "builtin:live-activity",
              "systemCalls": { "db.save": { "costMs": 10000 } },
              "strategies": { "save": { "code": "try db.save()",
                "program": [{ "op": "call", "name": "db.save", "queue": "global", "completion": [] }] } } }
            """.utf8).write(to: file)
        let output = Tool.main(["explain", file.path, "--hook", "AppDelegate", "--strategy", "save", "--procedure", "foreground"])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        expectEqual(Self.verdict(output), "× lost: the main thread had been blocked since 50 ms in the synchronous call db.save when "
            + "the watchdog killed the process at 5000 ms: lost by 5050 ms (it would have finished at 10050 ms); the call blocks "
            + "its thread for 10000 ms.")
    }
}
