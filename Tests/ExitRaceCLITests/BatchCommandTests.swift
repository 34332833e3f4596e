import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

@Suite("batch, diff and check commands")
struct BatchCommandTests {
    @Test("a batch that stops before renaming its files says that --out is as it was")
    func unwrittenResults() {
        let error = InputError([Diagnostic(file: "out/b.md", path: "", message: "cannot be written: No space left on device")])
        let stop = Tool.unwritten(error, of: 3)
        expectEqual(stop.output.exitCode, .badInput)
        #expect(stop.output.stdout.isEmpty)
        expectEqual(stop.output.stderr, "out/b.md: error: cannot be written: No space left on device\n"
            + "exitrace batch: stopped; no result file was replaced (the 3 scenarios' files are as they were)\n")
    }

    static let repository = Repository.root

    @Test("diff command: exit 0 when equal, 1 when different, 2 on bad input")
    func diffExitCodes() throws {
        let results = Self.repository.appendingPathComponent("results").path
        let same = Tool.main(["diff", results, results])
        expectEqual(same, ToolOutput(stdout: "no differences\n"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-diffcmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let changed = directory.appendingPathComponent("live-activity.json").path
        try Data(Tool.main(["run", "--format", "json", "--set", "timing.exitDurationMs=12"]).stdout.utf8).write(
            to: URL(fileURLWithPath: changed))
        let different = Tool.main(["diff", results + "/live-activity.json", changed])
        expectEqual(different.exitCode, ExitCode.difference)
        // Exit 12 ms also turns the 1.9 ms thin wins into 10.9 ms ones: four cells change within their symbol.
        #expect(different.stdout.hasSuffix("2 cells flipped, 4 cells changed within their symbol\n"))
        let bad = Tool.main(["diff", results, Self.repository.appendingPathComponent("scenarios").path])
        expectEqual(bad.exitCode, ExitCode.badInput)
        #expect(bad.stdout.isEmpty)
        expectEqual(Tool.main(["diff", results]).exitCode, ExitCode.badInput)
        expectEqual(Tool.main(["diff", results, results, "--margins", "x"]).exitCode, ExitCode.badInput)
    }

    @Test("batch: writes the same bytes as the committed results", .heavy)
    func batchMatchesCommitted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = Tool.main(["batch", Self.repository.appendingPathComponent("scenarios").path, "--out", directory.path])
        expectEqual(output.exitCode, ExitCode.success)
        for name in try ScenarioSet.load([Self.repository.appendingPathComponent("scenarios").path]).scenarios.map(\.name) {
            for suffix in [".md", ".json"] {
                let written = try Data(contentsOf: directory.appendingPathComponent(name + suffix))
                let committed = try Data(contentsOf: Self.repository.appendingPathComponent("results/\(name)\(suffix)"))
                expectEqual(written, committed, "\(name)\(suffix)")
            }
        }
    }

    /// What `batchMatchesCommitted` checks for every shipped scenario (`.heavy`), for the reference
    /// one: a change to the engine or to the results' wording shows in `swift test` too.
    @Test("batch of the reference scenario writes its committed results, byte for byte")
    func referenceMatchesCommitted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = Self.repository.appendingPathComponent("scenarios/live-activity.json").path
        let output = Tool.main(["batch", scenario, "--out", directory.path])
        expectEqual(output.exitCode, ExitCode.success, "\(output.stderr)")
        for suffix in [".md", ".json"] {
            let written = try Data(contentsOf: directory.appendingPathComponent("live-activity" + suffix))
            let committed = try Data(contentsOf: Self.repository.appendingPathComponent("results/live-activity\(suffix)"))
            expectEqual(written, committed, "live-activity\(suffix)")
        }
    }

    @Test("batch: two scenarios with one name are refused, and nothing is written")
    func duplicateNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-dup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("in"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["a.json", "b.json"] {
            try Data(#"{"extend": "builtin:live-activity", "name": "same"}"#.utf8).write(
                to: directory.appendingPathComponent("in/\(name)"))
        }
        let output = Tool.main(["batch", directory.appendingPathComponent("in").path, "--out", directory.appendingPathComponent("out").path])
        expectEqual(output.exitCode, ExitCode.badInput)
        expectContains(output.stderr, "found \"same\", also the name of")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    @Test("check: drift exits 1 naming the cells; --update fixes it; CI=true refuses --update unless --force")
    func checkFlow() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        let results = directory.appendingPathComponent("results").path
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let file = scenarios.appendingPathComponent("mine.json")
        try Data(#"{"extend": "builtin:live-activity"}"#.utf8).write(to: file)

        expectEqual(Tool.main(["batch", scenarios.path, "--out", results]).exitCode, ExitCode.success)
        expectEqual(Tool.main(["check", scenarios.path, "--against", results]).stdout,
            "results match: 1 scenario checked against \(results)\n")

        // A user changes one timing.
        try Data(#"{"extend": "builtin:live-activity", "timing": {"exitDurationMs": 12}}"#.utf8).write(to: file)
        let drift = Tool.main(["check", scenarios.path, "--against", results])
        expectEqual(drift.exitCode, ExitCode.difference)
        expectContains(drift.stdout,
            "mine · AppDelegate · Task.detached: × → ○ (foreground: failed → finished, margin -8 ms → +1 ms, now a thin win; background:")
        expectContains(drift.stdout, "run: exitrace check \(scenarios.path) --against \(results) --update")

        let ci = ToolEnvironment(variables: ["CI": "true"])
        let refused = Tool.main(["check", scenarios.path, "--against", results, "--update"], environment: ci)
        expectEqual(refused.exitCode, ExitCode.badInput)
        #expect(refused.stderr.hasPrefix("exitrace check: refusing --update with CI=true"))
        expectEqual(Tool.main(["check", scenarios.path, "--against", results]).exitCode, ExitCode.difference)

        let updated = Tool.main(["check", scenarios.path, "--against", results, "--update"])
        expectEqual(updated.exitCode, ExitCode.success)
        expectEqual(Tool.main(["check", scenarios.path, "--against", results]).exitCode, ExitCode.success)
        // With nothing to accept, --update under CI=true is refused all the same (before anything runs).
        let habit = Tool.main(["check", scenarios.path, "--against", results, "--update"], environment: ci)
        #expect(habit.exitCode == ExitCode.badInput && habit.stdout.isEmpty)

        // A scenario removed leaves an orphan result, reported and removed by --update.
        try FileManager.default.moveItem(at: file, to: scenarios.appendingPathComponent("renamed.json"))
        let orphan = Tool.main(["check", scenarios.path, "--against", results])
        expectEqual(orphan.exitCode, ExitCode.difference)
        expectContains(orphan.stdout, "mine: scenario removed")
        expectContains(orphan.stdout, "renamed: scenario added")
        let forced = Tool.main(["check", scenarios.path, "--against", results, "--update", "--force"], environment: ci)
        expectEqual(forced.exitCode, ExitCode.success)
        let files = try FileManager.default.contentsOfDirectory(atPath: results).sorted()
        expectEqual(files, ["renamed.json", "renamed.md"])
    }

    @Test("check: the suggested --update command repeats the --set options, shell-quoted")
    func checkSuggestionRepeatsSettings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-check-set-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("my scenarios")
        let results = directory.appendingPathComponent("results").path
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try Data(#"{"extend": "builtin:live-activity"}"#.utf8).write(to: scenarios.appendingPathComponent("mine.json"))
        expectEqual(Tool.main(["batch", scenarios.path, "--out", results]).exitCode, ExitCode.success)

        let settings = ["--set", "timing.exitDurationMs=12", "--set", "title=Tom's run"]
        let drift = Tool.main(["check", scenarios.path, "--against", results, "--margins", "0.5"] + settings)
        expectEqual(drift.exitCode, ExitCode.difference)
        let suggested = "run: exitrace check '\(scenarios.path)' --against \(results) --set timing.exitDurationMs=12 "
            + "--set 'title=Tom'\\''s run' --margins 0.5 --update\n"
        #expect(drift.stdout.hasSuffix(suggested), "\(drift.stdout)")
        // What it suggests is what accepts the drift.
        expectEqual(Tool.main(["check", scenarios.path, "--against", results, "--margins", "0.5"] + settings + ["--update"]).exitCode,
            ExitCode.success)
        expectEqual(Tool.main(["check", scenarios.path, "--against", results, "--margins", "0.5"] + settings).exitCode, ExitCode.success)
    }

    @Test("check: shell quoting leaves plain words alone and quotes the rest", arguments: [
        ("timing.exitDurationMs=12", "timing.exitDurationMs=12"),
        ("a b", "'a b'"),
        ("it's", "'it'\\''s'"),
        ("", "''"),
        ("$HOME", "'$HOME'"),
    ])
    func shellQuoting(word: String, quoted: String) {
        expectEqual(ShellQuoting.quoted(word), quoted)
    }

    @Test("check: a hand-edited Markdown table is drift even when no cell changed", .heavy)
    func markdownOnlyDrift() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-md-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // One shipped scenario and its committed results (every scenario costs a minute in a debug build).
        let results = directory.appendingPathComponent("results"), scenarios = directory.appendingPathComponent("scenarios")
        for folder in [results, scenarios] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("scenarios/live-activity.json"), to: scenarios.appendingPathComponent("live-activity.json"))
        for file in ["live-activity.md", "live-activity.json"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("results/\(file)"), to: results.appendingPathComponent(file))
        }
        expectEqual(Tool.main(["check", scenarios.path, "--against", results.path]).exitCode, .success)
        let markdown = results.appendingPathComponent("live-activity.md")
        try Data("edited by hand\n".utf8).write(to: markdown)
        let output = Tool.main(["check", scenarios.path, "--against", results.path])
        expectEqual(output.exitCode, ExitCode.difference)
        expectContains(output.stdout, "\(markdown.path) differs from the computed table, though no cell changed")
    }

    /// Collects progress lines from any thread.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }
    }

    @Test("batch: a progress line on a terminal, nothing when stderr is not one")
    func progress() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Three small scenarios: as many progress lines as scenarios, without a debug build simulating
        // every shipped one twice.
        let scenarios = directory.appendingPathComponent("in").path
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try Data(#"{"extend": "builtin:live-activity", "name": "\#(name)"}"#.utf8).write(
                to: URL(fileURLWithPath: scenarios).appendingPathComponent("\(name).json"))
        }
        let out = directory.appendingPathComponent("out").path
        let lines = Lines()
        let terminal = ToolEnvironment(stderrIsTerminal: true, progress: { lines.append($0) })
        expectEqual(Tool.main(["batch", scenarios, "--out", out], environment: terminal).exitCode, .success)
        let count = try ScenarioDiscovery.files([scenarios]).count
        expectEqual(lines.all.filter { $0.hasPrefix("\r[") }.sorted(), (1...count).map { "\r[\($0)/\(count)] scenarios simulated" }.sorted())
        expectEqual(lines.all.last, "\r\u{1B}[K")

        let quiet = Lines()
        let pipe = ToolEnvironment(stderrIsTerminal: false, progress: { quiet.append($0) })
        let output = Tool.main(["batch", scenarios, "--out", out], environment: pipe)
        #expect(output.exitCode == .success && output.stderr.isEmpty)
        #expect(quiet.all.isEmpty)
    }

    @Test("batch and check need their directories", arguments: [
        (["batch", "scenarios"], "exitrace batch: --out DIR is required (where the result files go)"),
        (["check", "scenarios"], "exitrace check: --against DIR is required (the committed results)"),
        (["batch", "--out", "x"], "exitrace batch: expected scenario files or directories"),
    ])
    func missingDirectories(arguments: [String], message: String) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, ExitCode.badInput)
        #expect(output.stderr.hasPrefix(message))
    }
}
