import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// `calibrate --shard i/n` and `sensitivity --shard i/n` with `merge`: cut into 1, 2, 3, 5 and 8
/// shards, merged they print byte for byte what the unsharded command prints, in every format;
/// mismatched, mixed and missing shards are refused with exit code 2 naming the file.
@Suite("Analysis shards")
struct AnalysisShardTests {
    /// 3 shards in Markdown in `swift test` (an uneven split); with `EXITRACE_FULL=1` (`.ci/run`) 1, 2,
    /// 5 and 8 (more shards than some parts have) as well, in every format.
    static let counts = TestRun.full ? [1, 2, 3, 5, 8] : [3]
    static let formats = TestRun.full ? ["text", "md", "json", "html"] : ["md"]
    static let scenario = Repository.root.appendingPathComponent("scenarios/live-activity-prior.json").path
    static let measured = Repository.root.appendingPathComponent("measurements/live-activity-ios18.4.json").path
    /// 200 sets: four words of 64 (the last partial), so 8 shards leave four empty.
    static let calibrate = ["calibrate", scenario, "--measured", measured, "--samples", "200", "--seed", "3"]
    static let sensitivity = ["sensitivity", scenario, "--samples", "24", "--seed", "3", "--bootstrap", "10"]

    /// Shards 1/count…count/count of `command` written into `directory`.
    static func shards(_ command: [String], _ directory: URL, count: Int, prefix: String) -> [String] {
        (1...count).map { index in
            let file = directory.appendingPathComponent("\(prefix)-\(index)-of-\(count).json").path
            let output = Tool.main(command + ["--shard", "\(index)/\(count)", "--output", file])
            expectEqual(output.exitCode, .success, "\(output.stderr)")
            #expect(output.stdout.isEmpty)
            return file
        }
    }

    static func mergedEqualsUnsharded(_ command: [String], name: String) throws {
        let directory = try HostileInputTests.directory(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = formats.map { Tool.main(command + ["--format", $0]) }
        for output in whole { #expect(output.exitCode == .success && !output.stdout.isEmpty) }
        for count in counts {
            let files = shards(command, directory, count: count, prefix: name)
            for (format, unsharded) in zip(formats, whole) {
                let merged = Tool.main(["merge"] + files.reversed() + ["--format", format])
                expectEqual(merged.exitCode, .success, "\(merged.stderr)")
                expectEqual(merged.stdout, unsharded.stdout, "\(name): \(count) shards, format \(format)")
            }
        }
    }

    @Test("calibration shards merged equal the unsharded calibration, for 1, 2, 3, 5 and 8 shards")
    func calibrationMerged() throws { try Self.mergedEqualsUnsharded(Self.calibrate, name: "calibrate") }

    @Test("sensitivity shards merged equal the unsharded analysis, for 1, 2, 3, 5 and 8 shards")
    func sensitivityMerged() throws { try Self.mergedEqualsUnsharded(Self.sensitivity, name: "sensitivity") }

    @Test("mismatched, mixed and missing analysis shards are refused, naming the file", .heavy)
    func refusals() throws {
        let directory = try HostileInputTests.directory("analysis-refusals")
        defer { try? FileManager.default.removeItem(at: directory) }
        let calibration = Self.shards(Self.calibrate, directory, count: 2, prefix: "c")
        let otherSeed = Self.shards(
            ["calibrate", Self.scenario, "--measured", Self.measured, "--samples", "200", "--seed", "4"], directory, count: 2, prefix: "s")
        let analysis = Self.shards(Self.sensitivity, directory, count: 2, prefix: "a")
        let seed = Tool.main(["merge", calibration[0], otherSeed[1]])
        expectEqual(seed.exitCode, .badInput)
        expectContains(seed.stderr, "\(otherSeed[1]): error: samples: expected --samples 200 --seed 3", "\(seed.stderr)")
        let mixed = Tool.main(["merge", calibration[0], analysis[1]])
        expectEqual(mixed.exitCode, .badInput)
        expectContains(mixed.stderr, "\(analysis[1]): error: kind: expected shards of one kind (calibrate shards", "\(mixed.stderr)")
        let missing = Tool.main(["merge", analysis[1]])
        expectEqual(missing.exitCode, .badInput)
        expectContains(missing.stderr, "expected all 2 shards, found 1: missing 1/2", "\(missing.stderr)")
        for command in [Self.calibrate, Self.sensitivity] {
            let format = Tool.main(command + ["--shard", "1/2", "--format", "md", "--output", directory.appendingPathComponent("x.json").path])
            expectEqual(format.exitCode, .badInput)
            expectContains(format.stderr, "--shard writes a shard file (JSON) and takes no --format", "\(format.stderr)")
        }
    }

    @Test("an edited shard's outcome bits past the last output, a count past its sets, or a near miss outside the shard or past the procedures are refused at their place (a hunt, 2026-12-03: the first two trapped in merge)", .heavy)
    func editedCountsRefused() throws {
        let directory = try HostileInputTests.directory("analysis-edited")
        defer { try? FileManager.default.removeItem(at: directory) }
        func edit(_ file: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
            change(&object)
            let edited = file.replacingOccurrences(of: ".json", with: "-edited.json")
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: edited))
            return edited
        }
        let analysis = Self.shards(Self.sensitivity, directory, count: 2, prefix: "a")
        let highBit = try edit(analysis[1]) { object in
            var rows = object["rows"] as! [String]
            rows[0] = "ffffffffffffffff"
            object["rows"] = rows
        }
        let bits = Tool.main(["merge", analysis[0], highBit])
        expectEqual(bits.exitCode, .badInput)
        #expect(bits.stderr.hasPrefix(highBit + ":"), "\(bits.stderr)")
        expectContains(bits.stderr, "error: rows[0]: expected a word of outcome bits in hexadecimal (36 outcomes: below 2^36), found the string \"ffffffffffffffff\"")
        let calibration = Self.shards(Self.calibrate, directory, count: 2, prefix: "c")
        for (value, name) in [(Int64.max, "huge"), (-5, "negative")] {
            let edited = try edit(calibration[1]) { object in
                var tally = object["tally"] as! [String: Any]
                var misses = tally["misses"] as! [Any]
                misses[0] = value
                tally["misses"] = misses
                object["tally"] = tally
            }
            let merged = Tool.main(["merge", calibration[0], edited])
            expectEqual(merged.exitCode, .badInput, "\(name)")
            #expect(merged.stderr.hasPrefix(edited + ":"), "\(merged.stderr)")
            expectContains(merged.stderr, "error: tally.misses[0]: expected a whole number from 0 to 72 (the shard's sets), found the number \(value)", "\(name)")
        }
        // A setting's lowest accepted value above its highest.
        let crossed = try edit(calibration[1]) { object in
            var tally = object["tally"] as! [String: Any]
            tally["lowest"] = (tally["highest"] as! [Any]).map { _ in Int64.max }
            object["tally"] = tally
        }
        let bounds = Tool.main(["merge", calibration[0], crossed])
        expectEqual(bounds.exitCode, .badInput)
        expectContains(bounds.stderr, "error: tally.lowest: expected each setting's lowest accepted value at most its highest", "\(bounds.stderr)")
        // More near misses than are kept (or than the shard has sets: the review of 2026-12-03).
        let extra = try edit(calibration[1]) { object in
            var tally = object["tally"] as! [String: Any]
            let closest = tally["closest"] as! [Any]
            tally["closest"] = closest + Array(repeating: closest[0], count: 4 - closest.count)
            object["tally"] = tally
        }
        let many = Tool.main(["merge", calibration[0], extra])
        expectEqual(many.exitCode, .badInput)
        expectContains(many.stderr, "error: tally.closest: expected at most 3 near misses (one per set of the shard, at most 3), found 4")
        // A near miss of a set outside the shard, or with a mask past the procedures, or a mask short.
        let edits: [(String, ([String: Any]) -> [String: Any])] = [
            ("index", { near in near.merging(["index": 0]) { $1 } }),
            ("mask", { near in near.merging(["missed": [0], "predicted": [4_294_967_295]]) { $1 } }),
            ("length", { near in near.merging(["missed": [0], "predicted": []]) { $1 } }),
        ]
        for (name, change) in edits {
            let edited = try edit(calibration[1]) { object in
                var tally = object["tally"] as! [String: Any]
                var closest = tally["closest"] as! [[String: Any]]
                closest[0] = change(closest[0])
                tally["closest"] = closest
                object["tally"] = tally
            }
            let merged = Tool.main(["merge", calibration[0], edited])
            expectEqual(merged.exitCode, .badInput, "\(name): \(merged.stdout)")
            expectContains(merged.stderr, name == "index" ? "error: tally.closest[0].index: expected" : "error: tally.closest[0]: expected measured cell numbers below", "\(name)")
        }
    }
}
