import Foundation
import Testing

@testable import ExitRaceCLI

/// #26 (a later newcomer walk): the replay hint under a `run --runs` table names the scenario file
/// the user gave (shell-quoted when it needs it), not a `FILE` placeholder; the built-in scenario
/// needs no file. Result files (`batch`, `check`) keep the placeholder: they must not depend on
/// where the command ran.
@Suite("Replay hint names the file")
struct ReplayHintPathTests {
    /// A sampled scenario in a folder whose name needs quoting, written for the test.
    static func withScenario(named name: String, _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace replay \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(#"{"extend": "builtin:live-activity", "name": "drawn", "timing": {"exitDurationMs": {"uniform": [1, 20]}}}"#.utf8)
            .write(to: file)
        try body(file.path)
    }

    @Test("a path with a space and a quote is given quoted for a POSIX shell")
    func quotedPath() throws {
        try Self.withScenario(named: "it's.json") { path in
            let output = Tool.main(["run", path, "--runs", "20", "--seed", "3"])
            expectEqual(output.exitCode, .success)
            let quoted = "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
            let hint = try #require(ReplayHintTests.hint(output.stdout))
            #expect(hint.hasPrefix("replay one: exitrace explain \(quoted) --hook HOOK --strategy STRATEGY --seed 3 --procedure P"), "\(hint)")
            expectNotContains(hint, "FILE")
        }
    }

    @Test("the quoted path reads back as the file: the hint's command replays a replication")
    func hintReplays() throws {
        try Self.withScenario(named: "drawn.json") { path in
            let output = Tool.main(["run", path, "--runs", "20", "--seed", "3", "--format", "md"])
            expectEqual(output.exitCode, .success)
            expectContains(LongWorkTests.prose(output.stdout), "exitrace explain '\(path)' --hook HOOK")
            let replay = Tool.main(["explain", path, "--hook", "AppDelegate", "--strategy", "Task.detached", "--seed", "3",
                                    "--procedure", "foreground", "--replication", "0"])
            expectEqual(replay.exitCode, .success)
        }
    }

    @Test("batch keeps the FILE placeholder in the committed Markdown (results do not depend on where batch ran)")
    func batchKeepsPlaceholder() throws {
        try Self.withScenario(named: "drawn.json") { path in
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-replay-out-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: out) }
            expectEqual(Tool.main(["batch", path, "--runs", "20", "--out", out.path]).exitCode, .success)
            let markdown = try String(contentsOf: out.appendingPathComponent("drawn.md"), encoding: .utf8)
            expectContains(LongWorkTests.prose(markdown), "exitrace explain FILE --hook HOOK")
        }
    }

    @Test("a path that would read as an option gets ./ in front")
    func dashPath() {
        expectEqual(Tool.replayPath("-x.json"), "./-x.json")
        expectEqual(Tool.replayPath("scenarios/x.json"), "scenarios/x.json")
    }
}
