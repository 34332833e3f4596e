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
}
