import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// `sweep --shard i/n` with `merge`, and `batch`/`check --shard i/n`: cut into 1, 2, 3, 5 and 8
/// shards, put together they give byte for byte what the unsharded command gives; mixed, mismatched,
/// missing and overlapping shards are refused with exit code 2 and a message naming the file.
@Suite("Experiment shards")
struct ExperimentShardTests {
    /// 3 shards in `swift test` (an uneven split); with `EXITRACE_FULL=1` (`.ci/run`) 1, 2, 5 and 8
    /// (more shards than some parts have) as well.
    static let counts = TestRun.full ? [1, 2, 3, 5, 8] : [3]
    static let scenario = Repository.root.appendingPathComponent("scenarios/live-activity.json").path
    /// A 5 × 2 grid: 10 points, so 8 shards hold one or two points each.
    static let grid = ["--vary", "timing.exitDurationMs=1...20", "--steps", "5", "--vary", "timing.startLatencyMs.default=1,10"]
    static let formats = ["text", "md", "json", "jsonl"]

    /// Shards 1/count…count/count of the sweep `grid` (plus `extra`) written into `directory`.
    static func sweepShards(
        _ directory: URL, count: Int, grid: [String] = grid, extra: [String] = [], prefix: String = "sweep"
    ) -> [String] {
        (1...count).map { index in
            let file = directory.appendingPathComponent("\(prefix)-\(index)-of-\(count).json").path
            let output = Tool.main(["sweep", scenario] + grid + extra + ["--shard", "\(index)/\(count)", "--output", file])
            expectEqual(output.exitCode, .success, "\(output.stderr)")
            #expect(output.stdout.isEmpty)
            return file
        }
    }

    @Test("sweep shards merged equal the unsharded sweep byte for byte, in every format, for 1, 2, 3, 5 and 8 shards")
    func sweepMergedEqualsUnsharded() throws {
        let directory = try HostileInputTests.directory("sweep-shards")
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = Self.formats.map { Tool.main(["sweep", Self.scenario] + Self.grid + ["--format", $0]) }
        for output in whole { #expect(output.exitCode == .success && !output.stdout.isEmpty) }
        for count in Self.counts {
            let files = Self.sweepShards(directory, count: count)
            for (format, unsharded) in zip(Self.formats, whole) {
                // Given in reverse: the order of the files does not matter.
                let merged = Tool.main(["merge"] + files.reversed() + ["--format", format])
                expectEqual(merged.exitCode, .success, "\(merged.stderr)")
                expectEqual(merged.stdout, unsharded.stdout, "\(count) shards, format \(format)")
            }
        }
    }

    @Test("more shards than grid points: the empty shards merge too")
    func sweepEmptyShards() throws {
        let directory = try HostileInputTests.directory("sweep-empty")
        defer { try? FileManager.default.removeItem(at: directory) }
        let grid = ["--vary", "timing.exitDurationMs=1,5,20"]
        let files = Self.sweepShards(directory, count: 5, grid: grid)
        for format in Self.formats {
            let whole = Tool.main(["sweep", Self.scenario] + grid + ["--format", format])
            expectEqual(Tool.main(["merge"] + files + ["--format", format]).stdout, whole.stdout)
        }
    }

    @Test("merging a run shard with a sweep shard is refused, naming the file")
    func mixedKindsRefused() throws {
        let directory = try HostileInputTests.directory("sweep-mixed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sweep = Self.sweepShards(directory, count: 1)[0]
        let run = directory.appendingPathComponent("run.json").path
        let sampled = ["--runs", "10", "--set", "timing.exitDurationMs=uniform(1,20)"]
        expectEqual(Tool.main(["run", Self.scenario] + sampled + ["--shard", "1/1", "--output", run]).exitCode, .success)
        for files in [[sweep, run], [run, sweep]] {
            let output = Tool.main(["merge"] + files)
            expectEqual(output.exitCode, .badInput)
            #expect(output.stdout.isEmpty)
            expectContains(output.stderr, "\(files[1]): error: kind: expected shards of one kind", "\(output.stderr)")
        }
    }

    @Test("a file beside a sweep shard that is empty, cut short, missing or no JSON is refused as such, not as a run shard (a hunt, 2026-12-03)")
    func unreadableBesideSweepShard() throws {
        let directory = try HostileInputTests.directory("sweep-unreadable")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sweep = Self.sweepShards(directory, count: 1)[0]
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sweep))
        let empty = directory.appendingPathComponent("empty.json").path, cut = directory.appendingPathComponent("cut.json").path
        let array = directory.appendingPathComponent("array.json").path, missing = directory.appendingPathComponent("nope.json").path
        try Data().write(to: URL(fileURLWithPath: empty))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: array))
        for (files, bad) in [([sweep, empty], empty), ([sweep, cut], cut), ([missing, sweep], missing), ([sweep, directory.path], directory.path)] {
            let output = Tool.main(["merge"] + files)
            expectEqual(output.exitCode, .badInput, "\(bad)")
            #expect(output.stderr.hasPrefix(bad + ":"), "the bad file is named first: \(output.stderr)")
            expectNotContains(output.stderr, "expected shards of one kind")
        }
        // Every broken file at once (the review of 2026-12-03: the first stopped the others).
        let both = Tool.main(["merge", sweep, empty, cut])
        expectEqual(both.exitCode, .badInput)
        expectContains(both.stderr, empty + ":")
        expectContains(both.stderr, cut + ":")
        let noKind = Tool.main(["merge", sweep, array])
        expectEqual(noKind.exitCode, .badInput)
        expectContains(noKind.stderr, "\(array): error: kind: expected shards of one kind (sweep shards, as \(sweep) is), found no \"kind\" member (a run shard has none)")
    }

    @Test("sweep shards of another scenario or another grid are refused, naming the file")
    func mismatchedSweepsRefused() throws {
        let directory = try HostileInputTests.directory("sweep-mismatch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = Self.sweepShards(directory, count: 2)
        let otherScenario = Self.sweepShards(directory, count: 2, extra: ["--set", "timing.startLatencyMs.default=3"], prefix: "set")
        let otherGrid = Self.sweepShards(
            directory, count: 2, grid: ["--vary", "timing.exitDurationMs=1...20", "--steps", "6", "--vary", "timing.startLatencyMs.default=1,10"],
            prefix: "steps")
        let scenario = Tool.main(["merge", base[0], otherScenario[1]])
        expectEqual(scenario.exitCode, .badInput)
        expectContains(scenario.stderr, "\(otherScenario[1]): error: scenario: expected the scenario of \(base[0])", "\(scenario.stderr)")
        let grid = Tool.main(["merge", base[0], otherGrid[1]])
        expectEqual(grid.exitCode, .badInput)
        expectContains(grid.stderr, "\(otherGrid[1]): error: sweep: expected the sweep of \(base[0])", "\(grid.stderr)")
    }

    @Test("missing, repeated and overlapping sweep shards are refused")
    func coverageRefused() throws {
        let directory = try HostileInputTests.directory("sweep-coverage")
        defer { try? FileManager.default.removeItem(at: directory) }
        let thirds = Self.sweepShards(directory, count: 3)
        let halves = Self.sweepShards(directory, count: 2)
        let missing = Tool.main(["merge", thirds[0], thirds[2]])
        expectEqual(missing.exitCode, .badInput)
        expectContains(missing.stderr, "expected all 3 shards, found 2: missing 2/3", "\(missing.stderr)")
        let twice = Tool.main(["merge"] + thirds + [thirds[1]])
        expectEqual(twice.exitCode, .badInput)
        expectContains(twice.stderr, "\(thirds[1]): error: shard: expected each shard once, found shard 2/3 again", "\(twice.stderr)")
        let overlap = Tool.main(["merge", halves[0], thirds[1], thirds[2]])
        expectEqual(overlap.exitCode, .badInput)
        expectContains(overlap.stderr, "error: shard: expected shards that do not overlap", "\(overlap.stderr)")
        // Cut two ways but tiling the grid (points 0..<5 and 5..<10): accepted.
        let tiled = Tool.main(["merge", halves[1], halves[0]])
        expectEqual(tiled.exitCode, .success)
    }

    @Test("a sweep shard edited by hand is refused, naming the file and the place")
    func editedShardRefused() throws {
        let directory = try HostileInputTests.directory("sweep-edited")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = Self.sweepShards(directory, count: 2)
        let text = try String(contentsOfFile: files[1], encoding: .utf8)
        try text.replacingOccurrences(of: "\"endPoint\": 10", with: "\"endPoint\": 9").write(toFile: files[1], atomically: true, encoding: .utf8)
        let output = Tool.main(["merge"] + files)
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "\(files[1])", "\(output.stderr)")
        expectContains(output.stderr, "shard: expected points 5..<10 (shard 2/2 of 10), found 5..<9", "\(output.stderr)")
    }

    @Test("a sweep shard file round-trips: read and written again, the same bytes")
    func sweepRoundTrip() throws {
        let directory = try HostileInputTests.directory("sweep-roundtrip")
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in Self.sweepShards(directory, count: 3) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            expectEqual(try SweepShardFile.read(path: file).serialized(), text)
        }
    }

    @Test("sweep --shard writes a shard file: no --format, no --svg, --output required")
    func sweepShardUsage() {
        for extra in [["--format", "md", "-o", "x.json"], ["--svg", "pictures", "-o", "x.json"], [], ["--shard", "0/2", "-o", "x.json"]] {
            let shard = extra.first == "--shard" ? [] : ["--shard", "1/2"]
            let output = Tool.main(["sweep", Self.scenario] + Self.grid + shard + extra)
            expectEqual(output.exitCode, .badInput, "\(extra)")
            expectContains(output.stderr, "exitrace sweep: --shard", "\(output.stderr)")
        }
    }

    /// A directory of five quick scenarios (none extends another).
    static func scenarios() throws -> URL {
        let directory = try HostileInputTests.directory("shard-scenarios")
        for name in ["recipes-in-the-wild", "lifecycle-orders", "live-activity", "background-main-queue-deadlock", "live-activity-lifetime"] {
            let source = Repository.root.appendingPathComponent("scenarios/\(name).json")
            try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("\(name).json"))
        }
        return directory
    }

    /// Every file of `directory`, name to bytes.
    static func contents(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }

    @Test("batch shards write disjoint result files whose union is the unsharded batch, for 1, 2, 3, 5 and 8 shards", .heavy)
    func batchShardsUnion() throws {
        let input = try Self.scenarios()
        let work = try HostileInputTests.directory("batch-shards")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: work)
        }
        let whole = work.appendingPathComponent("whole")
        expectEqual(Tool.main(["batch", input.path, "--out", whole.path]).exitCode, .success)
        let expected = try Self.contents(whole)
        expectEqual(expected.count, 10)
        for count in Self.counts {
            var union: [String: Data] = [:]
            for index in 1...count {
                let out = work.appendingPathComponent("\(count)-\(index)")
                let output = Tool.main(["batch", input.path, "--out", out.path, "--shard", "\(index)/\(count)"])
                expectEqual(output.exitCode, .success, "\(output.stderr)")
                for (name, bytes) in try Self.contents(out) {
                    expectEqual(union[name], nil, "\(name) written by two shards of \(count)")
                    union[name] = bytes
                }
            }
            expectEqual(union, expected, "\(count) shards")
        }
    }

    @Test("the same scenarios in any order make the same shards: they are cut by sorted name")
    func batchShardsByName() throws {
        let input = try Self.scenarios()
        let work = try HostileInputTests.directory("batch-order")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: work)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: input.path).sorted().map { input.appendingPathComponent($0).path }
        let forward = Tool.main(["batch"] + files + ["--out", work.appendingPathComponent("a").path, "--shard", "1/2"])
        let backward = Tool.main(["batch"] + files.reversed() + ["--out", work.appendingPathComponent("b").path, "--shard", "1/2"])
        #expect(forward.exitCode == .success && backward.exitCode == .success)
        #expect(try Self.contents(work.appendingPathComponent("a")) == Self.contents(work.appendingPathComponent("b")))
        expectEqual(try Set(Self.contents(work.appendingPathComponent("a")).keys), [
            "background-main-queue-deadlock.json", "background-main-queue-deadlock.md", "lifecycle-orders.json", "lifecycle-orders.md",
        ])
    }

    @Test("check --shard checks its part only: exit 1 only in the shard holding the drift, removed results in shard 1", .heavy)
    func checkShards() throws {
        let input = try Self.scenarios()
        let work = try HostileInputTests.directory("check-shards")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: work)
        }
        let results = work.appendingPathComponent("results")
        expectEqual(Tool.main(["batch", input.path, "--out", results.path]).exitCode, .success)
        for count in [1, 3] {
            for index in 1...count {
                let output = Tool.main(["check", input.path, "--against", results.path, "--shard", "\(index)/\(count)"])
                expectEqual(output.exitCode, .success, "\(index)/\(count): \(output.stdout)\(output.stderr)")
            }
        }
        // Drift in live-activity-lifetime (4th of 5 by name): with 2 shards, shard 2 alone fails.
        let lifetime = results.appendingPathComponent("live-activity-lifetime.json").path
        let text = try String(contentsOfFile: lifetime, encoding: .utf8)
        try text.replacingOccurrences(of: "\"cleanupFinished\": true", with: "\"cleanupFinished\": false").write(toFile: lifetime, atomically: true, encoding: .utf8)
        expectEqual(Tool.main(["check", input.path, "--against", results.path, "--shard", "1/2"]).exitCode, .success)
        let second = Tool.main(["check", input.path, "--against", results.path, "--shard", "2/2"])
        expectEqual(second.exitCode, .difference)
        expectContains(second.stdout, "--shard 2/2 --update", "\(second.stdout)")
        // A result of a removed scenario: reported by shard 1 only.
        try FileManager.default.removeItem(atPath: lifetime)
        try FileManager.default.copyItem(
            atPath: results.appendingPathComponent("live-activity.json").path, toPath: results.appendingPathComponent("gone.json").path)
        let first = Tool.main(["check", input.path, "--against", results.path, "--shard", "1/2"])
        expectEqual(first.exitCode, .difference)
        expectContains(first.stdout, "gone: scenario removed", "\(first.stdout)")
        expectNotContains(Tool.main(["check", input.path, "--against", results.path, "--shard", "2/2"]).stdout, "gone")
    }
}
