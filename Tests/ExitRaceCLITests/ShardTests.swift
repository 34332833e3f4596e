import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// `run --shard i/n --output SHARD.json` and `merge`: four shards merged give, byte for byte, what
/// the unsharded run prints; mismatched, missing or overlapping shards are refused.
@Suite("Shards")
struct ShardTests {
    static let scenario = Repository.root.appendingPathComponent("scenarios/live-activity.json").path
    static let sampled = ["--runs", "200", "--seed", "7", "--set", "timing.exitDurationMs=uniform(1,20)"]

    /// A fresh directory with shards 1/4…4/4 of the sampled run (extra arguments change it).
    static func shards(_ name: String, count: Int = 4, extra: [String] = []) throws -> (directory: URL, files: [String]) {
        let directory = try HostileInputTests.directory("shard-\(name)")
        var files: [String] = []
        for index in 1...count {
            let file = directory.appendingPathComponent("shard-\(index).json").path
            let output = Tool.main(["run", scenario] + sampled + extra + ["--shard", "\(index)/\(count)", "--output", file])
            expectEqual(output.exitCode, .success, "\(output.stderr)")
            #expect(output.stdout.isEmpty)
            files.append(file)
        }
        return (directory, files)
    }

    @Test("four shards merged equal the unsharded run byte for byte, in every format")
    func mergedEqualsUnsharded() throws {
        let (directory, files) = try Self.shards("equal")
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in OutputFormat.allCases {
            let whole = Tool.main(["run", Self.scenario] + Self.sampled + ["--format", format.rawValue])
            expectEqual(whole.exitCode, .success)
            let merged = Tool.main(["merge"] + files + ["--format", format.rawValue])
            expectEqual(merged.exitCode, .success, "\(merged.stderr)")
            expectEqual(merged.stdout, whole.stdout, "format \(format.rawValue)")
            // --output writes the same bytes.
            let out = directory.appendingPathComponent("merged.\(format.rawValue)").path
            expectEqual(Tool.main(["merge"] + files + ["--format", format.rawValue, "--output", out]).exitCode, .success)
            expectEqual(try String(contentsOfFile: out, encoding: .utf8), whole.stdout)
        }
    }

    @Test("shards in any order merge the same", .heavy)
    func anyOrder() throws {
        let (directory, files) = try Self.shards("order")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = Tool.main(["merge"] + files)
        expectEqual(first.exitCode, .success)
        for order in [[3, 1, 0, 2], [3, 2, 1, 0], [1, 0, 3, 2]] {
            expectEqual(Tool.main(["merge"] + order.map { files[$0] }), first)
        }
    }

    @Test("more shards than replications: empty shards merge too")
    func emptyShards() throws {
        let directory = try HostileInputTests.directory("shard-empty")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["run", Self.scenario, "--runs", "3", "--seed", "2", "--set", "timing.exitDurationMs=uniform(1,20)"]
        let files = (1...5).map { directory.appendingPathComponent("s\($0).json").path }
        for (index, file) in files.enumerated() {
            expectEqual(Tool.main(arguments + ["--shard", "\(index + 1)/5", "--output", file]).exitCode, .success)
        }
        expectEqual(Tool.main(["merge"] + files.reversed()).stdout, Tool.main(arguments).stdout)
    }

    @Test("a shard file round-trips: read and written again, the same bytes")
    func roundTrip() throws {
        let (directory, files) = try Self.shards("roundtrip", count: 2)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let shard = try ShardFile.read(path: file)
            expectEqual(shard.serialized(), text)
            expectEqual(shard.toolVersion, ExitRaceVersion.current)
            expectEqual(shard.sampling, SamplingSettings(runs: 200, seed: 7))
            expectContains(text, "\"shardFormatVersion\": \(ShardFile.formatVersion)")
        }
    }

    @Test("a missing shard is refused, naming it")
    func missing() throws {
        let (directory, files) = try Self.shards("missing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = Tool.main(["merge", files[0], files[1], files[3]])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        expectContains(output.stderr, "missing 3/4")
    }

    @Test("a shard given twice, or overlapping another, is refused", .heavy)
    func overlapping() throws {
        let (directory, files) = try Self.shards("overlap")
        defer { try? FileManager.default.removeItem(at: directory) }
        let twice = Tool.main(["merge"] + files + [files[1]])
        expectEqual(twice.exitCode, .badInput)
        expectContains(twice.stderr, "found shard 2/4 again")
        let half = directory.appendingPathComponent("half.json").path
        expectEqual(Tool.main(["run", Self.scenario] + Self.sampled + ["--shard", "1/2", "--output", half]).exitCode, .success)
        let overlap = Tool.main(["merge", half, files[1], files[2], files[3]])
        expectEqual(overlap.exitCode, .badInput)
        expectContains(overlap.stderr, "overlapping")
        expectContains(overlap.stderr, "shard-2.json")
        // Cut two ways but tiling every replication: merged as one.
        expectEqual(Tool.main(["merge", files[3], half, files[2]]).stdout, Tool.main(["merge"] + files).stdout)
    }

    @Test("a shard of another seed or scenario is refused", .heavy)
    func mismatched() throws {
        let (directory, files) = try Self.shards("mismatch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let otherSeed = directory.appendingPathComponent("seed.json").path
        expectEqual(Tool.main(["run", Self.scenario] + Self.sampled + ["--seed", "8", "--shard", "2/4", "--output", otherSeed]).exitCode, .success)
        let seed = Tool.main(["merge", files[0], otherSeed, files[2], files[3]])
        expectEqual(seed.exitCode, .badInput)
        expectContains(seed.stderr, "seed.json: error: seed: expected seed 7")
        let otherScenario = directory.appendingPathComponent("scenario.json").path
        let changed = Self.sampled + ["--set", "timing.exitDurationMs=uniform(1,21)"]
        expectEqual(Tool.main(["run", Self.scenario] + changed + ["--shard", "2/4", "--output", otherScenario]).exitCode, .success)
        let scenario = Tool.main(["merge", files[0], otherScenario, files[2], files[3]])
        expectEqual(scenario.exitCode, .badInput)
        expectContains(scenario.stderr, "expected the scenario of")
        let otherRuns = directory.appendingPathComponent("runs.json").path
        expectEqual(Tool.main(["run", Self.scenario] + Self.sampled + ["--runs", "100", "--shard", "2/4", "--output", otherRuns]).exitCode, .success)
        expectContains(Tool.main(["merge", files[0], otherRuns, files[2], files[3]]).stderr, "expected 200 replications")
    }

    @Test("a shard of another format or tool version, or an edited one, is refused", .heavy)
    func versions() throws {
        let (directory, files) = try Self.shards("version", count: 2)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOfFile: files[1], encoding: .utf8)
        func variant(_ name: String, _ from: String, _ to: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            expectContains(text, from)
            try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let format = Tool.main(["merge", files[0], try variant("format.json", "\"shardFormatVersion\": 1", "\"shardFormatVersion\": 99")])
        expectEqual(format.exitCode, .badInput)
        expectContains(format.stderr, "format.json:")
        expectContains(format.stderr, "expected shard format version 1")
        let tool = Tool.main(["merge", files[0], try variant("tool.json", "\"toolVersion\": \"\(ExitRaceVersion.current)\"", "\"toolVersion\": \"0.0.1\"")])
        expectEqual(tool.exitCode, .badInput)
        expectContains(tool.stderr, "found one of exitrace 0.0.1")
        let edited = Tool.main(["merge", files[0], try variant("edited.json", "uniform", "logUniform")])
        expectEqual(edited.exitCode, .badInput)
        expectContains(edited.stderr, "fingerprint")
        let counts = Tool.main(["merge", files[0], try variant("counts.json", "\"runs\": 100", "\"runs\": 7")])
        expectEqual(counts.exitCode, .badInput)
        expectContains(counts.stderr, "counts.json:")
        let broken = directory.appendingPathComponent("broken.json").path
        try "{\"shardFormatVersion\": 1, ".write(toFile: broken, atomically: true, encoding: .utf8)
        let syntax = Tool.main(["merge", files[0], broken])
        expectEqual(syntax.exitCode, .badInput)
        expectContains(syntax.stderr, "broken.json:1:")
    }

    @Test("malformed or misused --shard is a usage error", arguments: ["0/4", "5/4", "a/b", "1/0", "1/", "/4", "1/4/2", ""])
    func malformed(spec: String) throws {
        let directory = try HostileInputTests.directory("shard-malformed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("s.json").path
        let output = Tool.main(["run", Self.scenario, "--runs", "10", "--shard", spec, "--output", out])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "--shard expected")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("--shard needs --output, one FILE and a sampled run")
    func misuse() throws {
        let directory = try HostileInputTests.directory("shard-misuse")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("s.json").path
        let noOutput = Tool.main(["run", Self.scenario, "--runs", "10", "--shard", "1/2"])
        expectEqual(noOutput.exitCode, .badInput)
        expectContains(noOutput.stderr, "needs --output")
        let noFile = Tool.main(["run", "--runs", "10", "--shard", "1/2", "--output", out])
        expectEqual(noFile.exitCode, .badInput)
        expectContains(noFile.stderr, "exactly one scenario FILE")
        let twoFiles = Tool.main(["run", Self.scenario, Self.scenario, "--runs", "10", "--shard", "1/2", "--output", out])
        expectEqual(twoFiles.exitCode, .badInput)
        let unsampled = Tool.main(["run", Self.scenario, "--shard", "1/2", "--output", out])
        expectEqual(unsampled.exitCode, .badInput)
        expectContains(unsampled.stderr, "sampled")
        expectEqual(Tool.main(["merge"]).exitCode, .badInput)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("merge has help", arguments: [["merge", "--help"], ["help", "merge"]])
    func help(arguments: [String]) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, .success)
        expectContains(output.stdout, "USAGE: exitrace merge")
    }

    @Test("shard specs cover every replication once", arguments: [1, 2, 3, 4, 7, 200, 201])
    func specs(count: Int) {
        for runs in [1, 3, 200, 1001] {
            let ranges = (1...count).map { ShardSpec(index: $0, count: count)!.replications(of: runs) }
            expectEqual(ranges.first?.lowerBound, 0)
            expectEqual(ranges.last?.upperBound, runs)
            for (a, b) in zip(ranges, ranges.dropFirst()) { expectEqual(a.upperBound, b.lowerBound) }
        }
        expectEqual(ShardSpec.parse("2/4"), .success(ShardSpec(index: 2, count: 4)!))
    }
}
