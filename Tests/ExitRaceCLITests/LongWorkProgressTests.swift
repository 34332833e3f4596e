import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// Long work beyond exploration (issue 26's audit, item 7): a sampled run, calibrate, sensitivity
/// and sweep draw a progress line on stderr when it is a terminal, counting their units of work,
/// and say an estimate first when the work may take over a minute. Never in the results: stdout is
/// the same byte for byte. No timing here: counts and words.
@Suite("Long work: progress of sampled runs, calibrations, sensitivity analyses and sweeps")
struct LongWorkProgressTests {
    static let root = Repository.root.path
    static let uncertain = root + "/scenarios/live-activity-uncertain.json"
    static let prior = root + "/scenarios/live-activity-prior.json"
    static let measured = root + "/measurements/live-activity-ios18.4.json"

    /// Each command, with the last line its count draws (every unit done) on a terminal.
    static let cases: [(arguments: [String], last: String)] = [
        (["run", uncertain, "--runs", "64"], "\r[64/64] replications of live-activity-uncertain simulated"),
        (["calibrate", prior, "--measured", measured, "--samples", "64"], "\r[64/64] samples simulated"),
        (["sensitivity", uncertain, "--samples", "8", "--bootstrap", "10"], "\r[8/8] base samples simulated"),
        // 6 grid points, then 3 + 2 lines.
        (["sweep", "--vary", "timing.exitDurationMs=1,10,30", "--vary", "timing.startLatencyMs.default=2,40"],
         "\r[11/11] grid points simulated, then lines refined"),
        (["sweep", "--vary", "timing.exitDurationMs=1...30", "--steps", "5", "--format", "jsonl"], "\r[5/5] grid points written"),
    ]

    @Test("on a terminal, a count of the work's units on stderr, erased at the end; elsewhere nothing; stdout the same", .heavy,
          arguments: cases.indices)
    func countedOnTerminal(_ index: Int) {
        let (arguments, last) = Self.cases[index]
        let shown = LongWorkTests.Lines()
        let onTerminal = Tool.main(arguments, environment: LongWorkTests.environment(terminal: true, into: shown))
        expectEqual(onTerminal.exitCode, .success, "\(onTerminal.stderr)")
        let lines = shown.all
        expectEqual(lines.suffix(2), [last, "\r\u{1B}[K"], "\(lines.suffix(3))")
        // Counted, not only finished: the count starts below the total.
        #expect(lines.first?.hasPrefix("\r[") == true && lines.first != last)
        let hidden = LongWorkTests.Lines()
        let piped = Tool.main(arguments, environment: LongWorkTests.environment(terminal: false, into: hidden))
        #expect(hidden.all.isEmpty)
        expectEqual(onTerminal, piped)
    }

    @Test("the estimate: said when the work may take over a minute, with its factors and the option that bounds it")
    func estimateWords() {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let sentence = WorkEstimate.sentence(
            command: "exitrace calibrate", units: 1_000_000, unit: "sample", cellRunsPerUnit: 36, secondsPerCellRun: 0.00006,
            parallel: false, bound: "--samples bounds it")
        expectEqual(sentence, "exitrace calibrate: this may take about 36 min (1,000,000 samples × 36 cell runs × about 60 µs each, "
            + "on 1 core); --samples bounds it\n")
        // Shared over the cores when parallel.
        let parallel = WorkEstimate.sentence(
            command: "exitrace calibrate", units: 1_000_000, unit: "sample", cellRunsPerUnit: 36, secondsPerCellRun: 0.00006 * Double(cores),
            parallel: true, bound: "--samples bounds it")
        expectEqual(parallel?.hasPrefix("exitrace calibrate: this may take about 36 min"), true)
        expectEqual(WorkEstimate.sentence(
            command: "exitrace sweep", units: 1_000, unit: "grid point", cellRunsPerUnit: 36, secondsPerCellRun: 0.00006,
            parallel: false, bound: "--steps bounds it"), nil)
    }

    @Test("a large sampled run says its estimate before the work, on a terminal only")
    func estimateBeforeWork() throws {
        // 10 million replications of the default scenario's 36 cell runs: hours on any machine. Only
        // the estimate is made (a few cell runs timed), not the work.
        let shown = LongWorkTests.Lines()
        let progress = ProgressLine(LongWorkTests.environment(terminal: true, into: shown), noun: "replications simulated")
        let scenario = DefaultScenario.load()
        let counter = WorkEstimate.start(
            progress, scenario: scenario, command: "exitrace run: live-activity", units: 10_000_000, unit: "replication",
            cellRunsPerUnit: scenario.cellRuns, parallel: true, bound: "--runs bounds it")
        expectEqual(counter?.total, 10_000_000)
        let said = try #require(shown.all.first)
        #expect(said.hasPrefix("exitrace run: live-activity: this may take about "))
        expectContains(said, "(10,000,000 replications × 36 cell runs × about ")
        #expect(said.hasSuffix("; --runs bounds it\n"))
        let hidden = LongWorkTests.Lines()
        let off = ProgressLine(LongWorkTests.environment(terminal: false, into: hidden), noun: "replications simulated")
        #expect(WorkEstimate.start(
            off, scenario: scenario, command: "exitrace run", units: 10_000_000, unit: "replication", cellRunsPerUnit: 36,
            parallel: true, bound: "--runs bounds it") == nil)
        #expect(hidden.all.isEmpty)
    }

    @Test("the binary under script(1), stderr a terminal: the progress line on it, stdout as when piped",
          .enabled(if: CommandLineTests.binary != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func binaryOnTerminal() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(CommandLineTests.binary).path
        let command = "'\(binary)' run '\(Self.uncertain)' --runs 16"
        let terminal = directory.appendingPathComponent("terminal").path, out = directory.appendingPathComponent("out").path
        let piped = directory.appendingPathComponent("piped").path
        expectEqual(GroupedWritesTests.shell("script -qec \"\(command) > '\(out)'\" '\(terminal)' < /dev/null"), 0)
        expectEqual(GroupedWritesTests.shell("\(command) > '\(piped)' 2> '\(directory.path)/stderr'"), 0)
        let seen = try String(contentsOfFile: terminal, encoding: .utf8)
        expectContains(seen, "[16/16] replications of live-activity-uncertain simulated")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: piped)))
        #expect(try String(contentsOfFile: directory.path + "/stderr", encoding: .utf8).isEmpty)
    }
}
