import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// The merged table's replay hint names the scenario file as the shards' `run` was given it, as the
/// unsharded run does. (Shards run from two paths are refused: a shard's fingerprint covers the path.)
@Suite("Shards name the scenario in the replay hint")
struct ShardReplayScenarioTests {
    @Test("the merged hint names the scenario's path, and the merged table is the unsharded run's", .heavy)
    func replayScenario() throws {
        let directory = try HostileInputTests.directory("shard-replay")
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("my scenario.json").path
        try FileManager.default.copyItem(atPath: ShardTests.scenario, toPath: copy)
        var files: [String] = []
        for index in 1...2 {
            let file = directory.appendingPathComponent("shard-\(index).json").path
            let output = Tool.main(["run", copy] + ShardTests.sampled + ["--shard", "\(index)/2", "--output", file])
            expectEqual(output.exitCode, .success, "\(output.stderr)")
            files.append(file)
        }
        let merged = Tool.main(["merge"] + files)
        expectEqual(merged.exitCode, .success, "\(merged.stderr)")
        expectContains(merged.stdout, "exitrace explain '\(copy)'", "\(merged.stdout)")
        expectEqual(merged.stdout, Tool.main(["run", copy] + ShardTests.sampled).stdout)
    }

    @Test("a shard whose replay words hold a control character, or too many words, is refused (merge printed them raw)")
    func replayWordsChecked() throws {
        let directory = try HostileInputTests.directory("shard-replay-words")
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("s.json").path
        try FileManager.default.copyItem(atPath: ShardTests.scenario, toPath: copy)
        let shard = directory.appendingPathComponent("shard.json").path
        expectEqual(Tool.main(["run", copy, "--runs", "4", "--seed", "1", "--shard", "1/1", "--output", shard]).exitCode, .success)
        let text = try String(contentsOfFile: shard, encoding: .utf8)
        let words = try #require(text.range(of: #""replayScenario": \[[^\]]*\]"#, options: .regularExpression))
        let many = "[" + Array(repeating: "\"w\"", count: 1_001).joined(separator: ", ") + "]"
        for (value, message) in [
            (#"["s.json", "\u0000"]"#, "replayScenario[1]: expected a command-line word, found a string with the control character U+0000"),
            (#"["\u001b[2Js.json"]"#, "replayScenario[0]: expected a command-line word, found a string with the control character U+001B"),
            (many, "replayScenario: expected at most 1,000 command-line words, found 1,001"),
        ] {
            try text.replacingCharacters(in: words, with: #""replayScenario": "# + value).write(toFile: shard, atomically: true, encoding: .utf8)
            let merged = Tool.main(["merge", shard])
            expectEqual(merged.exitCode, .badInput, "\(merged.stdout.prefix(200))")
            expectContains(merged.stderr, message)
            #expect(merged.stdout.isEmpty)
        }
    }
}
