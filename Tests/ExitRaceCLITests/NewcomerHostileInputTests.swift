// The inputs of issue 26 that crashed, hung, blew up or wrote half their output on main: each is
// refused (exit 2, a message) or handled, quickly, and leaves no output half rewritten.
import ExitRace
import ExitRaceCLI
import Foundation
import Testing

@Suite("Newcomer's hostile inputs")
struct NewcomerHostileInputTests {
    static let root = Repository.root.path

    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

    static let minimal = """
        {
          "name": "minimal",
          "systemCalls": { "Activity.end": { "costMs": 1 } },
          "hooks": { "applicationWillTerminate": { "label": "AppDelegate" } },
          "strategies": { "Task.detached": { "program": [{ "op": "detached", "body": [{ "op": "call", "name": "Activity.end" }] }] } },
          "procedures": { "terminate": { "steps": [ { "op": "turn", "actions": [ { "op": "hook", "name": "applicationWillTerminate" }, { "op": "exit" } ] } ] } }
        }
        """

    /// Seconds `body` takes on the wall clock.
    /// The CPU time of this thread while `body` runs, in seconds: the work done, which a loaded
    /// machine does not inflate as it does the wall clock (a refusal before the work, or linear work,
    /// stays far under the bounds the tests give even on a busy machine).
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let ((), cpu) = try ThreadCPUTime.measure(body)
        return Double(cpu.components.seconds) + Double(cpu.components.attoseconds) / 1e18
    }

    @Test("merge refuses a shard whose firstReplication is above its endReplication, without trapping")
    func mergeFirstAboveEnd() throws {
        let folder = try Self.directory()
        try Self.write(Self.minimal, folder + "/minimal.json")
        let shard = folder + "/shard.json"
        expectEqual(Tool.main(["run", folder + "/minimal.json", "--runs", "2", "--shard", "1/1", "--output", shard]).exitCode, .success)
        let text = try String(contentsOfFile: shard, encoding: .utf8)
        expectContains(text, "\"firstReplication\": 0")
        try Self.write(text.replacingOccurrences(of: "\"firstReplication\": 0", with: "\"firstReplication\": 3"), shard)
        let merged = Tool.main(["merge", shard])
        expectEqual(merged.exitCode, .badInput)
        expectContains(merged.stderr, "shard.firstReplication: expected at most endReplication (2), found 3", "\(merged.stderr)")
    }

    @Test("merge counts a hundred million missing shards without listing them")
    func mergeCountsMissingShards() throws {
        let folder = try Self.directory()
        try Self.write(Self.minimal, folder + "/minimal.json")
        let shard = folder + "/shard.json"
        let run = Tool.main(["run", folder + "/minimal.json", "--runs", "1", "--shard", "1/100000000", "--output", shard])
        expectEqual(run.exitCode, .success, "\(run.stderr)")
        var merged = ToolOutput()
        let elapsed = Self.seconds { merged = Tool.main(["merge", shard]) }
        expectEqual(merged.exitCode, .badInput)
        expectContains(merged.stderr, "found 1: missing 2/100000000, 3/100000000")
        expectContains(merged.stderr, "and 99999989 more")
        #expect(elapsed < 2, "took \(elapsed) s")
    }

    @Test("choice weights near DBL_MAX and subnormal draw like weights of 1", arguments: [1e308, Double.leastNonzeroMagnitude, 1.0])
    func choiceWeights(weight: Double) {
        let choice = Distribution.choice(values: [1, 20], weights: [weight, weight])
        let draws = (0..<1000).map { choice.quantile((Double($0) + 0.5) / 1000) }
        expectEqual(draws.filter { $0 == 1 }.count, 500)
        expectEqual(choice.nominal, Distribution.choice(values: [1, 20], weights: [1, 1]).nominal)
    }

    @Test("a schedule with + signs is not canonical and is refused")
    func scheduleWithPlusSigns() throws {
        #expect(throws: ScheduleTextError.self) { try ScheduleText(parsing: "v1:0.2.0:+873881fac1b8062:+0=+1") }
        #expect(throws: ScheduleTextError.self) { try ScheduleText(parsing: "v1:0.2.0:0873881fac1b8062:0=01") }
        let canonical = ScheduleText(fingerprint: 0x873881fac1b8062, deviations: [ScheduleDeviation(choice: 0, pick: 1)], toolVersion: "0.2.0")
        expectEqual(try ScheduleText(parsing: canonical.text), canonical)
    }

    @Test("sweep --svg into a file is refused before the sweep", .timeLimit(.minutes(1)))
    func sweepSVGIntoFileFirst() throws {
        let folder = try Self.directory()
        try Self.write("not a directory", folder + "/file")
        var output = ToolOutput()
        let elapsed = Self.seconds {
            output = Tool.main(["sweep", "--vary", "timing.exitDurationMs=0.1...100", "--steps", "100000", "--svg", folder + "/file"])
        }
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, folder + "/file")
        #expect(elapsed < 5, "took \(elapsed) s")
    }

    @Test("calibrate -o . and -o /dev/full are refused before calibrating", .timeLimit(.minutes(1)),
          arguments: [".", "/dev/full"])
    func calibrateOutputFirst(output path: String) {
        var output = ToolOutput()
        let elapsed = Self.seconds {
            output = Tool.main([
                "calibrate", Self.root + "/scenarios/live-activity-prior.json", "--measured",
                Self.root + "/measurements/live-activity-ios18.4.json", "--samples", "10000000", "-o", path,
            ])
        }
        expectEqual(output.exitCode, .badInput)
        #expect(elapsed < 5, "took \(elapsed) s")
    }

    @Test("calibrate --check --update leaves the pair alone when its .md cannot be written")
    func calibrateUpdateChecksBothFirst() throws {
        let folder = try Self.directory()
        let committed = folder + "/cal.json"
        // A calibration file (its identifying members), not this calibration's.
        let original = "{\"accepted\": 0, \"misses\": [], \"settings\": []}\n"
        try Self.write(original, committed)
        try FileManager.default.createDirectory(atPath: folder + "/cal.md", withIntermediateDirectories: false)
        let output = Tool.main([
            "calibrate", Self.root + "/scenarios/live-activity-prior.json", "--measured",
            Self.root + "/measurements/live-activity-ios18.4.json", "--samples", "16", "--check", committed, "--update",
        ])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "cal.md", "\(output.stderr)")
        expectEqual(try String(contentsOfFile: committed, encoding: .utf8), original)
    }

    @Test("check --update writes nothing when one result file cannot be written")
    func checkUpdateChecksEveryOutputFirst() throws {
        let scenarios = try Self.directory(), results = try Self.directory()
        try Self.write(Self.minimal, scenarios + "/a.json")
        try Self.write(Self.minimal.replacingOccurrences(of: "\"minimal\"", with: "\"zzz\""), scenarios + "/zzz.json")
        try FileManager.default.createDirectory(atPath: results + "/zzz.md", withIntermediateDirectories: false)
        let output = Tool.main(["check", scenarios, "--against", results, "--update"])
        expectEqual(output.exitCode, .badInput)
        #expect(!FileManager.default.fileExists(atPath: results + "/minimal.json"))
        #expect(!FileManager.default.fileExists(atPath: results + "/minimal.md"))
    }

    @Test("a measured table of 100,000 duplicate cells is refused in linear time", .heavy)
    func duplicateMeasuredCells() throws {
        let cell = #"{"hook": "AppDelegate", "strategy": "Task", "observed": "○"}"#
        let json = #"{"device": "x", "os": "y", "cells": ["# + Array(repeating: cell, count: 100_000).joined(separator: ",") + "]}"
        let table = try MeasurementsDecoder.decode(json, file: "wide.json")
        let scenario = try ScenarioLoader.load(path: Self.root + "/scenarios/live-activity-prior.json")
        var diagnostics: [Diagnostic] = []
        let elapsed = Self.seconds {
            do throws(InputError) { _ = try table.resolve(against: scenario) } catch { diagnostics = error.diagnostics }
        }
        // The first 20 problems listed, the rest counted (issue 26's audit, item 9).
        expectEqual(diagnostics.count, MeasuredTable.maxListedProblems + 1)
        expectEqual(diagnostics[MeasuredTable.maxListedProblems - 1].message, "AppDelegate · Task is measured twice (first at cells[0])")
        expectEqual(diagnostics.last?.description, "wide.json: error: … and 99,979 more problems in this table (the first 20 are listed)")
        #expect(elapsed < 5, "took \(elapsed) s")
    }

    @Test("a sweep whose flip report would not fit in memory is refused before the work; jsonl streams it")
    func sweepReportTooLarge() {
        let paths = [
            "timing.exitDurationMs", "timing.startLatencyMs.userInteractive", "timing.startLatencyMs.userInitiated",
            "timing.startLatencyMs.default", "timing.startLatencyMs.utility", "timing.startLatencyMs.background",
            "lifecycle.uiTeardownMs", "lifecycle.terminateDelayMs",
        ]
        let vary = paths.flatMap { ["--vary", "\($0)=1...3"] }
        var output = ToolOutput()
        let elapsed = Self.seconds { output = Tool.main(["sweep"] + vary + ["--steps", "3", "--format", "json"]) }
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "the flip report would hold 17,496 lines × 18 cells, more than 250,000 ", "\(output.stderr)")
        #expect(elapsed < 5, "took \(elapsed) s")
    }
}
