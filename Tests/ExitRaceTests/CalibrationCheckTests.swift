import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark
import ExitRaceCLI

/// `calibrate --check` and the calibration report as users met them: a measured path spelled
/// another way, other sampling options than the committed file's, `--update` under CI, options
/// --check ignores, empty measured tables, a tolerance that accepts everything, plurals and
/// separators, aligned histograms and 120 columns.
@Suite("Calibration: the committed check and the report's words")
struct CalibrationCheckTests {
    static let shipped = MeasuredCalibrationTests.shipped
    static let prior = ["--set", "timing.exitDurationMs=uniform(2,4)", "--set", "timing.startLatencyMs.default=uniform(5,20)"]

    /// A temporary directory, removed after `body`.
    static func inTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-calibration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test("the measured file's path as typed is not compared: ./x, x and an absolute path are the same table")
    func measuredPathSpelling() throws {
        try Self.inTemporaryDirectory { directory in
            let measured = directory.appendingPathComponent("x.json").path
            try FileManager.default.copyItem(atPath: Self.shipped, toPath: measured)
            let file = directory.appendingPathComponent("committed.json").path
            let base = ["calibrate", "--samples", "32", "--seed", "2"] + Self.prior
            expectEqual(Tool.main(base + ["--measured", measured, "--format", "json", "--output", file]).exitCode, .success)
            let spelled = directory.path + "/./x.json"
            let other = Tool.main(base + ["--measured", spelled, "--check", file])
            expectEqual(other.exitCode, .success, "\(other.stdout)")
            #expect(other.stdout.hasPrefix("calibration matches \(file)"))
            expectContains(try String(contentsOfFile: file, encoding: .utf8), "\"measured\": \"\(measured)\"")
            let lines = try CalibrationDrift.changes(
                committedFile: file,
                current: String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: measured, with: "measurements/x.json"))
            #expect(lines.isEmpty)
        }
    }

    @Test("--check reuses the committed --samples and --seed; other ones given are said first, exit 1, no --update advice", .heavy)
    func committedOptions() throws {
        try Self.inTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("committed.json").path
            let base = ["calibrate", "--measured", Self.shipped] + Self.prior
            expectEqual(Tool.main(base + ["--samples", "48", "--seed", "3", "--format", "json", "--output", file]).exitCode, .success)
            let reused = Tool.main(base + ["--check", file])
            expectEqual(reused.exitCode, .success, "\(reused.stdout)")
            expectContains(reused.stdout, "of 48 sets accepted")
            let other = Tool.main(base + ["--samples", "32", "--check", file])
            expectEqual(other.exitCode, .difference)
            #expect(other.stdout.hasPrefix("the committed calibration was made with --samples 48 --seed 3; this run used --samples 32 --seed 3\n"))
            expectNotContains(other.stdout, "--update")
            let seed = Tool.main(base + ["--seed", "1", "--check", file])
            #expect(seed.exitCode == .difference && seed.stdout.contains("this run used --samples 48 --seed 1"))
            // Deliberately remaking it with other options is what --update is for.
            expectEqual(Tool.main(base + ["--samples", "32", "--check", file, "--update"]).exitCode, .success)
            expectContains(Tool.main(base + ["--check", file]).stdout, "of 32 sets accepted")
        }
    }

    @Test("--check of a file that is no calibration (a run's result, an array) is refused at its start before any work, exit 2; --update leaves it")
    func checkAgainstOtherFile() throws {
        try Self.inTemporaryDirectory { directory in
            let result = directory.appendingPathComponent("result.json").path, array = directory.appendingPathComponent("array.json").path
            try Tool.main(["run", "--format", "json"]).stdout.write(toFile: result, atomically: true, encoding: .utf8)
            try "[1, 2]".write(toFile: array, atomically: true, encoding: .utf8)
            let base = ["calibrate", "--measured", Self.shipped, "--samples", "8"] + Self.prior
            for (file, found) in [
                (result, "what looks like a result file (it has \"formatVersion\" and \"cells\", as run --format json writes them)"),
                (array, "an array"),
            ] {
                let before = try String(contentsOfFile: file, encoding: .utf8)
                // --update (--force: CI sets CI=true) does not write over it either.
                for options in [["--check", file], ["--check", file, "--update", "--force"]] {
                    let output = Tool.main(base + options)
                    expectEqual(output.exitCode, .badInput, "\(options): \(output.stdout.prefix(200))")
                    expectEqual(output.stderr, "\(file):1:1: error: expected a calibration file (calibrate --format json), found \(found)\n")
                    #expect(output.stdout.isEmpty)
                    expectEqual(try String(contentsOfFile: file, encoding: .utf8), before)
                }
            }
        }
    }

    @Test("--update under CI=true is refused (exit 2) unless --force; --check with --output or --format is a usage error")
    func refusals() throws {
        try Self.inTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("committed.json").path
            let base = ["calibrate", "--measured", Self.shipped, "--samples", "16"] + Self.prior
            expectEqual(Tool.main(base + ["--format", "json", "--output", file]).exitCode, .success)
            let ci = ToolEnvironment(variables: ["CI": "true"])
            let refused = Tool.main(base + ["--check", file, "--update"], environment: ci)
            expectEqual(refused.exitCode, .badInput)
            expectContains(refused.stderr, "refusing to --update a committed calibration with CI=true: CI checks results, people accept them")
            expectEqual(Tool.main(base + ["--check", file, "--update", "--force"], environment: ci).exitCode, .success)
            expectEqual(Tool.main(base + ["--check", file], environment: ci).exitCode, .success)
            for option in [["--output", directory.appendingPathComponent("r.txt").path], ["-o", "r.txt"], ["--format", "md"]] {
                let output = Tool.main(base + ["--check", file] + option)
                expectEqual(output.exitCode, .badInput, "\(option)")
                expectContains(output.stderr, "leave out \(option[0])", "\(output.stderr)")
            }
        }
    }

    @Test("a △ that names a procedure twice is an error at the second, in JSON and in Markdown")
    func procedureNamedTwice() throws {
        try Self.inTemporaryDirectory { directory in
            let json = directory.appendingPathComponent("m.json").path, markdown = directory.appendingPathComponent("m.md").path
            try #"{"cells": [{"hook": "AppDelegate", "strategy": "Task", "observed": "△", "procedures": ["background", "background"]}]}"#
                .write(toFile: json, atomically: true, encoding: .utf8)
            try "| hook | Task |\n|---|---|\n| AppDelegate | △ background background |\n".write(toFile: markdown, atomically: true, encoding: .utf8)
            for file in [json, markdown] {
                let output = Tool.main(["calibrate", "--measured", file, "--samples", "8"] + Self.prior)
                expectEqual(output.exitCode, .badInput, "\(output.stdout.prefix(200))")
                expectContains(output.stderr, "expected each procedure named once in a △ cell, found \"background\" again")
            }
        }
    }

    @Test("a measured table with no measured cell is an error with its place; --tolerance K ≥ the measured cells is refused")
    func emptyTablesAndTolerance() throws {
        do {
            _ = try MeasurementsDecoder.decode("{\"os\": \"iOS\",\n \"cells\": []}", file: "m.json")
            Issue.record("read a table with no cells")
        } catch {
            #expect(error.description.hasPrefix("m.json:2:11: error: cells: expected at least one measured cell"), "\(error.description)")
        }
        do {
            _ = try MeasurementsDecoder.decodeMarkdown("| hook | Task |\n|---|---|\n| AppDelegate | |", file: "m.md")
            Issue.record("read a Markdown table with no cells")
        } catch {
            #expect(error.description.hasPrefix("m.md:1:1: error: expected at least one measured cell"), "\(error.description)")
        }
        let base = ["calibrate", "--measured", Self.shipped, "--samples", "8"] + Self.prior
        let all = Tool.main(base + ["--tolerance", "12"])
        expectEqual(all.exitCode, .badInput)
        expectContains(all.stderr, "--tolerance 12 would accept every set: \(Self.shipped) measures 12 cells; give at most 11")
        expectEqual(Tool.main(base + ["--tolerance", "11"]).exitCode, .success)
    }

    @Test("a misspelled header in a Markdown table is reported once, at the header, with a suggestion")
    func markdownHeaderOnce() throws {
        let markdown = """
            | hook | Task.detach | Task |
            |---|---|---|
            | AppDelegate | × | △ background |
            | SceneDelgate | ○ | △ background |
            | Notification | × | × |
            """
        let table = try MeasurementsDecoder.decodeMarkdown(markdown, file: "m.md")
        do {
            _ = try table.resolve(against: DefaultScenario.load())
            Issue.record("resolved a misspelled header")
        } catch {
            let lines = error.description.split(separator: "\n").map(String.init)
            expectEqual(lines.filter { $0.contains("no strategy \"Task.detach\"") }.count, 1, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("m.md:1:10: error:") && $0.contains("did you mean \"Task.detached\"?") }, "\(lines)")
            expectEqual(lines.filter { $0.contains("no hook \"SceneDelgate\"") }.count, 1, "\(lines)")
            expectEqual(lines.count, 2, "\(lines)")
        }
    }

    @Test("one set is one set; counts have thousands separators in the text, the HTML and the drift lines", .heavy)
    func pluralsAndSeparators() throws {
        let one = Tool.main(["calibrate", "--measured", Self.shipped, "--samples", "1"] + Self.prior)
        expectEqual(one.exitCode, .success)
        #expect(one.stdout.contains("; 1 set (Sobol") && one.stdout.contains(" of 1 set ("), "\(one.stdout)")
        expectNotContains(one.stdout, " 1 sets")
        #expect(TimeFormatting.counted(1, "measured cell") == "1 measured cell" && TimeFormatting.counted(16384, "set") == "16,384 sets")
        let committed = "{\n  \"accepted\": 6188,\n  \"measured\": \"a.json\",\n  \"misses\": [],\n  \"settings\": []\n}\n"
        let lines = try CalibrationDrift.changes(
            committed: Array(committed.utf8), file: "c.json",
            current: "{\n  \"accepted\": 6179,\n  \"measured\": \"b.json\",\n  \"misses\": [],\n  \"settings\": []\n}\n")
        expectEqual(lines, ["accepted: 6,188 → 6,179"])
        let html = Tool.main(["calibrate", "--measured", Self.shipped, "--samples", "2048", "--format", "html"] + Self.prior)
        let accepted = try #require(html.stdout.range(of: #"[0-9,]+ accepted sets; each bar"#, options: .regularExpression))
        let count = html.stdout[accepted].prefix { $0 != " " }
        expectContains(count, ",", "\(count)")
    }

    @Test("the text form: histogram bars start in one column, and prose fits 120 columns")
    func textLayout() throws {
        let output = Tool.main([
            "calibrate", "--measured", Self.shipped, "--samples", "64", "--set", "timing.exitDurationMs=uniform(2,4)",
            "--set", "timing.startLatencyMs.default=uniform(5,20)", "--set", "timing.startLatencyMs.userInitiated=logUniform(0.05,0.2)",
        ])
        expectEqual(output.exitCode, .success)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let bars = Set("▁▂▃▄▅▆▇█·")
        let rows = lines.filter { $0.hasPrefix("  timing.") }
        expectEqual(rows.count, 3)
        let starts = Set(rows.map { row in row.firstIndex(where: bars.contains).map { row.distance(from: row.startIndex, to: $0) } })
        expectEqual(starts.count, 1, "\(rows)")
        for line in lines where !line.contains("--set ") && !line.hasPrefix("  timing.") {
            #expect(line.count <= 120, "\(line)")
        }
    }

    @Test("drift lines fit 120 columns (a long histogram change wraps) and counts are grouped", .heavy)
    func driftLines() throws {
        try Self.inTemporaryDirectory { directory in
            let scenario = MeasuredCalibrationTests.root.appendingPathComponent("scenarios/live-activity-prior.json").path
            let file = directory.appendingPathComponent("committed.json").path
            let base = ["calibrate", scenario, "--measured", Self.shipped, "--samples", "256"]
            expectEqual(Tool.main(base + ["--format", "json", "--output", file]).exitCode, .success)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let numbers = try NSRegularExpression(pattern: "^( +)[0-9]+(,?)$", options: .anchorsMatchLines)
                .stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$11234567$2")
            let edited = try NSRegularExpression(pattern: "\"count\": [0-9]+")
                .stringByReplacingMatches(in: numbers, range: NSRange(numbers.startIndex..., in: numbers), withTemplate: "\"count\": 1234567")
            try edited.write(toFile: file, atomically: true, encoding: .utf8)
            let output = Tool.main(base + ["--check", file])
            expectEqual(output.exitCode, .difference)
            let lines = output.stdout.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { $0.count <= 120 }, "\(lines.filter { $0.count > 120 })")
            #expect(lines.contains { $0.hasPrefix("  settings[timing.exitDurationMs].histogram: [1234567, ") })
            #expect(lines.contains { $0.hasPrefix("      ") }, "a wrapped histogram continues four spaces further in")
            expectContains(output.stdout, "count: 1,234,567 → ")
        }
    }

    @Test("a scenario with more kill procedures than a calibration counts is refused, naming the file")
    func tooManyProcedures() throws {
        let procedures = (0...Calibration.maxProcedures).map { #""p\#($0)": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]}, {"op": "sigkill"}]}"# }
        let json = #"{"extend": "builtin:live-activity", "timing": {"exitDurationMs": {"uniform": [1, 20]}}, "procedures": {"# + procedures.joined(separator: ", ") + "}}"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-procedures-\(UUID().uuidString).json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let measured = ScheduleExplorationTests.repository.appendingPathComponent("measurements/live-activity-ios18.4.json").path
        let output = Tool.main(["calibrate", path, "--measured", measured, "--samples", "8"])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "\(path): error: procedures: expected at most \(Calibration.maxProcedures) kill procedures to calibrate against, found \(Calibration.maxProcedures + 3)", "\(output.stderr)")  // the reference's 2 and 13 more
    }
}
