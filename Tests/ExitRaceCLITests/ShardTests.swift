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
            #expect(output.exitCode == .success, "\(output.stderr)")
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
            #expect(whole.exitCode == .success)
            let merged = Tool.main(["merge"] + files + ["--format", format.rawValue])
            #expect(merged.exitCode == .success, "\(merged.stderr)")
            #expect(merged.stdout == whole.stdout, "format \(format.rawValue)")
            // --output writes the same bytes.
            let out = directory.appendingPathComponent("merged.\(format.rawValue)").path
            #expect(Tool.main(["merge"] + files + ["--format", format.rawValue, "--output", out]).exitCode == .success)
            #expect(try String(contentsOfFile: out, encoding: .utf8) == whole.stdout)
        }
    }

    @Test("shards in any order merge the same")
    func anyOrder() throws {
        let (directory, files) = try Self.shards("order")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = Tool.main(["merge"] + files)
        #expect(first.exitCode == .success)
        for order in [[3, 1, 0, 2], [3, 2, 1, 0], [1, 0, 3, 2]] {
            #expect(Tool.main(["merge"] + order.map { files[$0] }) == first)
        }
    }

    @Test("more shards than replications: empty shards merge too")
    func emptyShards() throws {
        let directory = try HostileInputTests.directory("shard-empty")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["run", Self.scenario, "--runs", "3", "--seed", "2", "--set", "timing.exitDurationMs=uniform(1,20)"]
        let files = (1...5).map { directory.appendingPathComponent("s\($0).json").path }
        for (index, file) in files.enumerated() {
            #expect(Tool.main(arguments + ["--shard", "\(index + 1)/5", "--output", file]).exitCode == .success)
        }
        #expect(Tool.main(["merge"] + files.reversed()).stdout == Tool.main(arguments).stdout)
    }

    @Test("a shard file round-trips: read and written again, the same bytes")
    func roundTrip() throws {
        let (directory, files) = try Self.shards("roundtrip", count: 2)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let shard = try ShardFile.read(path: file)
            #expect(shard.serialized() == text)
            #expect(shard.toolVersion == ExitRaceVersion.current)
            #expect(shard.sampling == SamplingSettings(runs: 200, seed: 7))
            #expect(text.contains("\"shardFormatVersion\": \(ShardFile.formatVersion)"))
        }
    }

    @Test("a missing shard is refused, naming it")
    func missing() throws {
        let (directory, files) = try Self.shards("missing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = Tool.main(["merge", files[0], files[1], files[3]])
        #expect(output.exitCode == .badInput)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("missing 3/4"))
    }

    @Test("a shard given twice, or overlapping another, is refused")
    func overlapping() throws {
        let (directory, files) = try Self.shards("overlap")
        defer { try? FileManager.default.removeItem(at: directory) }
        let twice = Tool.main(["merge"] + files + [files[1]])
        #expect(twice.exitCode == .badInput)
        #expect(twice.stderr.contains("found shard 2/4 again"))
        let half = directory.appendingPathComponent("half.json").path
        #expect(Tool.main(["run", Self.scenario] + Self.sampled + ["--shard", "1/2", "--output", half]).exitCode == .success)
        let overlap = Tool.main(["merge", half, files[1], files[2], files[3]])
        #expect(overlap.exitCode == .badInput)
        #expect(overlap.stderr.contains("overlapping"))
        #expect(overlap.stderr.contains("shard-2.json"))
        // Cut two ways but tiling every replication: merged as one.
        #expect(Tool.main(["merge", files[3], half, files[2]]).stdout == Tool.main(["merge"] + files).stdout)
    }

    @Test("a shard of another seed or scenario is refused")
    func mismatched() throws {
        let (directory, files) = try Self.shards("mismatch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let otherSeed = directory.appendingPathComponent("seed.json").path
        #expect(Tool.main(["run", Self.scenario] + Self.sampled + ["--seed", "8", "--shard", "2/4", "--output", otherSeed]).exitCode == .success)
        let seed = Tool.main(["merge", files[0], otherSeed, files[2], files[3]])
        #expect(seed.exitCode == .badInput)
        #expect(seed.stderr.contains("seed.json: error: seed: expected seed 7"))
        let otherScenario = directory.appendingPathComponent("scenario.json").path
        let changed = Self.sampled + ["--set", "timing.exitDurationMs=uniform(1,21)"]
        #expect(Tool.main(["run", Self.scenario] + changed + ["--shard", "2/4", "--output", otherScenario]).exitCode == .success)
        let scenario = Tool.main(["merge", files[0], otherScenario, files[2], files[3]])
        #expect(scenario.exitCode == .badInput)
        #expect(scenario.stderr.contains("expected the scenario of"))
        let otherRuns = directory.appendingPathComponent("runs.json").path
        #expect(Tool.main(["run", Self.scenario] + Self.sampled + ["--runs", "100", "--shard", "2/4", "--output", otherRuns]).exitCode == .success)
        #expect(Tool.main(["merge", files[0], otherRuns, files[2], files[3]]).stderr.contains("expected 200 replications"))
    }

    @Test("a shard of another format or tool version, or an edited one, is refused")
    func versions() throws {
        let (directory, files) = try Self.shards("version", count: 2)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOfFile: files[1], encoding: .utf8)
        func variant(_ name: String, _ from: String, _ to: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            #expect(text.contains(from))
            try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let format = Tool.main(["merge", files[0], try variant("format.json", "\"shardFormatVersion\": 1", "\"shardFormatVersion\": 99")])
        #expect(format.exitCode == .badInput)
        #expect(format.stderr.contains("format.json:"))
        #expect(format.stderr.contains("expected shard format version 1"))
        let tool = Tool.main(["merge", files[0], try variant("tool.json", "\"toolVersion\": \"\(ExitRaceVersion.current)\"", "\"toolVersion\": \"0.0.1\"")])
        #expect(tool.exitCode == .badInput)
        #expect(tool.stderr.contains("found one of exitrace 0.0.1"))
        let edited = Tool.main(["merge", files[0], try variant("edited.json", "uniform", "logUniform")])
        #expect(edited.exitCode == .badInput)
        #expect(edited.stderr.contains("fingerprint"))
        let counts = Tool.main(["merge", files[0], try variant("counts.json", "\"runs\": 100", "\"runs\": 7")])
        #expect(counts.exitCode == .badInput)
        #expect(counts.stderr.contains("counts.json:"))
        let broken = directory.appendingPathComponent("broken.json").path
        try "{\"shardFormatVersion\": 1, ".write(toFile: broken, atomically: true, encoding: .utf8)
        let syntax = Tool.main(["merge", files[0], broken])
        #expect(syntax.exitCode == .badInput)
        #expect(syntax.stderr.contains("broken.json:1:"))
    }

    @Test("malformed or misused --shard is a usage error", arguments: ["0/4", "5/4", "a/b", "1/0", "1/", "/4", "1/4/2", ""])
    func malformed(spec: String) throws {
        let directory = try HostileInputTests.directory("shard-malformed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("s.json").path
        let output = Tool.main(["run", Self.scenario, "--runs", "10", "--shard", spec, "--output", out])
        #expect(output.exitCode == .badInput)
        #expect(output.stderr.contains("--shard expected"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("--shard needs --output, one FILE and a sampled run")
    func misuse() throws {
        let directory = try HostileInputTests.directory("shard-misuse")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("s.json").path
        let noOutput = Tool.main(["run", Self.scenario, "--runs", "10", "--shard", "1/2"])
        #expect(noOutput.exitCode == .badInput)
        #expect(noOutput.stderr.contains("needs --output"))
        let noFile = Tool.main(["run", "--runs", "10", "--shard", "1/2", "--output", out])
        #expect(noFile.exitCode == .badInput)
        #expect(noFile.stderr.contains("exactly one scenario FILE"))
        let twoFiles = Tool.main(["run", Self.scenario, Self.scenario, "--runs", "10", "--shard", "1/2", "--output", out])
        #expect(twoFiles.exitCode == .badInput)
        let unsampled = Tool.main(["run", Self.scenario, "--shard", "1/2", "--output", out])
        #expect(unsampled.exitCode == .badInput)
        #expect(unsampled.stderr.contains("sampled"))
        #expect(Tool.main(["merge"]).exitCode == .badInput)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("merge has help", arguments: [["merge", "--help"], ["help", "merge"]])
    func help(arguments: [String]) {
        let output = Tool.main(arguments)
        #expect(output.exitCode == .success)
        #expect(output.stdout.contains("USAGE: exitrace merge"))
    }

    @Test("shard specs cover every replication once", arguments: [1, 2, 3, 4, 7, 200, 201])
    func specs(count: Int) {
        for runs in [1, 3, 200, 1001] {
            let ranges = (1...count).map { ShardSpec(index: $0, count: count)!.replications(of: runs) }
            #expect(ranges.first?.lowerBound == 0)
            #expect(ranges.last?.upperBound == runs)
            for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        }
        #expect(ShardSpec.parse("2/4") == .success(ShardSpec(index: 2, count: 4)!))
    }
}
