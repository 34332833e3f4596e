import ExitRace
import Foundation
import Testing

@testable import ExitRaceBenchmark
@testable import ExitRaceCLI
@testable import ExitRaceScenario

/// A measured table's problems as a newcomer meets them (issue 26's leftovers): every problem of a
/// Markdown table in one run (layout and unknown names together), messages that name the row and
/// column, rows with too few or too many cells, and `validate` given a measured table.
@Suite("Measured tables: every problem at once, in the table's own words")
struct MeasuredTableMessagesTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-measured-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let prior = ["--set", "timing.exitDurationMs=uniform(2,4)", "--samples", "1"]

    /// A Markdown table with a bad cell, a misspelled header, hook and procedure, a short and a long row.
    static let broken = """
        device: iPhone
        | hook | Task | Task.detachd |
        |---|---|---|
        | AppDelegat | △ backgrund | Z |
        | SceneDelegate | ○ | × | × |
        | Notification | ○ |
        """

    @Test("calibrate reports a Markdown table's bad cells, rows and unknown names in one run")
    func everyProblemAtOnce() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("m.md").path
        try Self.broken.write(toFile: file, atomically: true, encoding: .utf8)
        let output = Tool.main(["calibrate", "--measured", file] + Self.prior)
        expectEqual(output.exitCode, .badInput)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        let expected = [
            "\(file):2:17: error: header, column \"Task.detachd\": no strategy \"Task.detachd\" in scenario live-activity; "
                + "did you mean \"Task.detached\"?",
            "\(file):4:3: error: row \"AppDelegat\": no hook \"AppDelegat\" in scenario live-activity; did you mean \"AppDelegate\"?",
            "\(file):4:18: error: row \"AppDelegat\", column \"Task\": no procedure \"backgrund\" in scenario live-activity; "
                + "did you mean \"background\"?",
            "\(file):4:30: error: row \"AppDelegat\", column \"Task.detachd\": expected ○, △ or × at the start of the cell "
                + "(or nothing, for a cell not measured), found \"Z\"",
            "\(file):5:27: error: row \"SceneDelegate\": expected 3 cells (the hook, then one per strategy: Task, Task.detachd), "
                + "found 4: this cell has no column in the header (\"×\")",
            "\(file):6:20: error: row \"Notification\": expected 3 cells (the hook, then one per strategy: Task, Task.detachd), "
                + "found 2: no cell for column \"Task.detachd\" (a cell not measured is written empty, | |)",
        ]
        #expect(lines[0].hasSuffix("(expected one of: Task.detached, Task, Task + semaphore, Task.detached + semaphore, "
            + "Task.detached(priority: .high), DispatchQueue.main.async)"), "\(lines[0])")
        expectEqual(lines.count, expected.count, "\(output.stderr)")
        for (line, prefix) in zip(lines, expected) { #expect(line.hasPrefix(prefix), "\(line)\nexpected: \(prefix)") }
    }

    @Test("a short row names every missing column; a cell twice names the first by line and column")
    func shortRowAndTwice() throws {
        let table = MeasurementsDecoder.readMarkdown(
            "| hook | Task | Task.detached | Task + semaphore |\n|---|---|---|---|\n| AppDelegate | × |\n| AppDelegate | ○ | | |",
            file: "m.md")
        expectEqual(table.problems.map(\.description), [
            "m.md:3:19: error: row \"AppDelegate\": expected 4 cells (the hook, then one per strategy: Task, Task.detached, "
                + "Task + semaphore), found 2: no cell for columns \"Task.detached\", \"Task + semaphore\" (a cell not measured is "
                + "written empty, | |)",
        ])
        do {
            _ = try table.resolve(against: DefaultScenario.load())
            Issue.record("resolved a table with a short row")
        } catch {
            expectEqual(error.diagnostics.map(\.description).last,
                "m.md:4:17: error: row \"AppDelegate\", column \"Task\": AppDelegate · Task is measured twice (first at line 3, column 17)")
        }
    }

    @Test("an unknown procedure in a Markdown cell is placed at its own name, each of several at its own")
    func procedurePlace() throws {
        let table = try MeasurementsDecoder.decodeMarkdown(
            "| hook | Task |\n|---|---|\n| AppDelegate | △ forground and backgrond |", file: "m.md")
        do {
            _ = try table.resolve(against: DefaultScenario.load())
            Issue.record("resolved unknown procedures")
        } catch {
            expectEqual(error.diagnostics.map { "\($0.line):\($0.column) \($0.path)" },
                ["3:19 row \"AppDelegate\", column \"Task\"", "3:33 row \"AppDelegate\", column \"Task\""])
        }
    }

    @Test("△ naming every procedure is told to be ○, in expected/found words")
    func everyProcedure() throws {
        let table = try MeasurementsDecoder.decodeMarkdown(
            "| hook | Task |\n|---|---|\n| AppDelegate | △ foreground, background |", file: "m.md")
        #expect(throws: InputError([Diagnostic(
            file: "m.md", path: "row \"AppDelegate\", column \"Task\"", line: 3, column: 17,
            message: "expected ○ for a cleanup that finished under every procedure (foreground, background), found △ naming them all")])) {
            _ = try table.resolve(against: DefaultScenario.load())
        }
    }

    @Test("a header column without a name or named twice is said once, at the header; △ without procedures says what it expects")
    func header() {
        let table = MeasurementsDecoder.readMarkdown(
            "| hook | Task | | Task |\n|---|---|---|---|\n| AppDelegate | △ | ○ | × |", file: "m.md")
        expectEqual(table.problems.map(\.description), [
            "m.md:1:17: error: header, column 3: expected a strategy's name heading the column, found an empty cell",
            "m.md:1:19: error: header, column \"Task\": expected each strategy to head one column, found \"Task\" again (first at column 10)",
            "m.md:3:17: error: row \"AppDelegate\", column \"Task\": expected the procedures the cleanup finished under after △ "
                + "(e.g. △ background), found none",
        ])
        let nameless = MeasurementsDecoder.readMarkdown("| hook | Task |\n|---|---|\n| | ○ |", file: "m.md")
        expectEqual(nameless.problems.map(\.description),
            ["m.md:3:3: error: row: expected the hook's name or label in the row's first cell, found an empty cell"])
        let none = MeasurementsDecoder.readMarkdown("| hook |\n|---|\n| AppDelegate |", file: "m.md")
        expectEqual(none.problems.first?.description,
            "m.md:1:3: error: header: expected the hook column, then a column per strategy (| hook | Task | … |), found no strategy column")
    }

    /// A header of `n` strategies over `n` rows of one cell each: every row is short.
    static func wide(_ n: Int) -> String {
        "| hook | " + (0..<n).map { "S\($0)" }.joined(separator: " | ") + " |\n|---|\n"
            + String(repeating: "| AppDelegate | ○ |\n", count: n)
    }

    @Test("a wide table of short rows is read in linear time (each row's message lists at most ten columns)", .heavy)
    func wideTableLinear() {
        // The thread's CPU time, not the wall clock: a loaded machine delays a thread, not its work.
        func time(_ text: String) -> Duration {
            ThreadCPUTime.measure { _ = MeasurementsDecoder.readMarkdown(text, file: "m.md") }.1
        }
        // Four times the size: linear takes about four times as long, quadratic sixteen.
        let small = Self.wide(1_000), large = Self.wide(4_000)
        _ = time(Self.wide(500))  // warm up
        // The fastest of five of each, timed in turn so that a change in the machine's load reaches both.
        var (n, fourfold) = (Duration.seconds(1_000), Duration.seconds(1_000))
        for _ in 0..<5 {
            n = min(n, time(small))
            fourfold = min(fourfold, time(large))
        }
        #expect(fourfold < n * 8, "n: \(n), 4n: \(fourfold)")
        let problems = MeasurementsDecoder.readMarkdown(Self.wide(20), file: "m.md").problems
        expectEqual(problems.count, 20)
        #expect(problems[0].message.hasSuffix(
            "found 2: no cell for columns \"S1\", \"S2\", \"S3\", \"S4\", \"S5\", \"S6\", \"S7\", \"S8\", \"S9\", \"S10\" and 9 more "
                + "(a cell not measured is written empty, | |)"), "\(problems[0].message)")
    }

    @Test("a JSON measured table's problems and unknown names come in one run too")
    func jsonAtOnce() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("m.json").path
        try """
            {"cells": [{"hook": "AppDelegate", "strategy": "Task", "observed": "Z"},
             {"hook": "AppDelegat", "strategy": "Task", "observed": "×"}]}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let output = Tool.main(["calibrate", "--measured", file] + Self.prior)
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "error: cells[0].observed: expected ○, △ or ×", "\(output.stderr)")
        expectContains(output.stderr, "\(file):2:11: error: cells[1].hook: no hook \"AppDelegat\"", "\(output.stderr)")
    }

    @Test("the shards of a calibration against a Markdown table merge into the unsharded report (the table read as Markdown)")
    func markdownShards() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = directory.appendingPathComponent("m.md").path
        try "| hook | Task | Task.detached |\n|---|---|---|\n| AppDelegate | △ background | × |\n| SceneDelegate | △ background | ○ |\n"
            .write(toFile: table, atomically: true, encoding: .utf8)
        let prior = Repository.root.appendingPathComponent("scenarios/live-activity-prior.json").path
        let base = ["calibrate", prior, "--measured", table, "--samples", "8"]
        let shards = (1...2).map { directory.appendingPathComponent("s\($0).json").path }
        for (index, shard) in shards.enumerated() {
            let output = Tool.main(base + ["--shard", "\(index + 1)/2", "--output", shard])
            expectEqual(output.exitCode, .success, "\(output.stderr)")
        }
        let merged = Tool.main(["merge"] + shards)
        expectEqual(merged.exitCode, .success, "\(merged.stderr)")
        expectEqual(merged.stdout, Tool.main(base).stdout)
    }

    @Test("validate given a measured table (JSON or Markdown) says so and points to calibrate --measured")
    func validateMeasured() throws {
        let shipped = Repository.root.appendingPathComponent("measurements/live-activity-ios18.4.json").path
        let json = Tool.main(["validate", shipped])
        expectEqual(json.exitCode, .badInput)
        expectEqual(json.stderr, "\(shipped):1:1: error: expected a scenario, found what looks like a measured table (it has \"cells\" "
            + "with \"observed\" ○, △ or ×, as measurements/*.json do): a scenario is calibrated against it with exitrace "
            + "calibrate SCENARIO --measured \(shipped)\n")
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("m.md").path
        try Self.broken.write(toFile: file, atomically: true, encoding: .utf8)
        let markdown = Tool.main(["validate", file])
        expectEqual(markdown.exitCode, .badInput)
        expectEqual(markdown.stderr, "\(file):2:1: error: expected a scenario, found what looks like a measured table in Markdown "
            + "(| hook | strategy | … |): a scenario is calibrated against it with exitrace calibrate SCENARIO --measured \(file)\n")
        let result = Repository.root.appendingPathComponent("results/live-activity.md").path
        let table = Tool.main(["validate", result])
        expectEqual(table.stderr, "\(result):3:1: error: expected a scenario, found what looks like a result table in Markdown "
            + "(as run --format md and batch write them): validate the scenario it was made from; compare results with "
            + "exitrace diff or check\n")
    }
}
