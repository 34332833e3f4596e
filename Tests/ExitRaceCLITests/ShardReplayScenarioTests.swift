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

    @Test("a shard whose replay words hold a NUL is refused (merge printed it raw); a tab, which a path may hold, is kept")
    func replayWordsChecked() throws {
        let directory = try HostileInputTests.directory("shard-replay-words")
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("a\tb.json").path
        try FileManager.default.copyItem(atPath: ShardTests.scenario, toPath: copy)
        let shard = directory.appendingPathComponent("shard.json").path
        expectEqual(Tool.main(["run", copy, "--runs", "4", "--seed", "1", "--shard", "1/1", "--output", shard]).exitCode, .success)
        let merged = Tool.main(["merge", shard])
        expectEqual(merged.exitCode, .success, "\(merged.stderr)")
        expectContains(merged.stdout, "exitrace explain '\(copy)'")
        let text = try String(contentsOfFile: shard, encoding: .utf8)
        let words = try #require(text.range(of: #""replayScenario": \[[^\]]*\]"#, options: .regularExpression))
        try text.replacingCharacters(in: words, with: #""replayScenario": ["s.json", "\u0000"]"#)
            .write(toFile: shard, atomically: true, encoding: .utf8)
        let refused = Tool.main(["merge", shard])
        expectEqual(refused.exitCode, .badInput, "\(refused.stdout.prefix(200))")
        expectContains(
            refused.stderr, "replayScenario[1]: expected a command-line word, found a string with a NUL (U+0000), which no command line can hold")
        #expect(refused.stdout.isEmpty)
    }
}
