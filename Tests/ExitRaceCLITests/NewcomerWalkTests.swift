import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// What a newcomer's walk from a fresh clone found (issue 26): each mistake gets a message that
/// says what to type, and each file written is named.
@Suite("A newcomer's walk")
struct NewcomerWalkTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("a misspelt option of the tool is the tool's, with a suggestion, not run's")
    func misspeltToolOption() {
        let output = Tool.main(["--verison"])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stderr.hasPrefix("exitrace: unknown option --verison; did you mean --version?\n"), "\(output.stderr)")
        expectContains(Tool.main(["--hlep"]).stderr, "did you mean --help?")
    }

    @Test("an option and its value quoted as one word: told they are two")
    func optionAndValueInOneWord() {
        let output = Tool.main(["run", "--set timing.exitDurationMs=3"])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "--set and its value are two words: --set timing.exitDurationMs=3", "\(output.stderr)")
    }

    @Test("a setting varied twice is named; a cell given as words is pointed to --hook and --strategy")
    func namedMistakes() {
        let twice = Tool.main(["sweep", "--vary", "timing.exitDurationMs=1...3", "--vary", "timing.exitDurationMs=2,3"])
        expectContains(twice.stderr, "timing.exitDurationMs is varied twice; give one --vary per setting", "\(twice.stderr)")
        let file = Self.repository.appendingPathComponent("scenarios/live-activity.json").path
        let words = Tool.main(["explain", file, "SceneDelegate", "Task"])
        expectContains(words.stderr, "(the cell is named with --hook HOOK --strategy STRATEGY)", "\(words.stderr)")
    }

    @Test("sweep --svg and run --shard name the file they wrote")
    func writesAreNamed() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pictures = directory.appendingPathComponent("pics").path
        let sweep = Tool.main(["sweep", "--vary", "timing.exitDurationMs=1...5", "--steps", "3", "--svg", pictures])
        expectEqual(sweep.exitCode, .success)
        expectEqual(sweep.stderr, "wrote \(pictures)/live-activity-sweep.svg\n")
        let shard = directory.appendingPathComponent("s1.json").path
        let uncertain = Self.repository.appendingPathComponent("scenarios/live-activity-uncertain.json").path
        let run = Tool.main(["run", uncertain, "--runs", "4", "--shard", "1/2", "--output", shard])
        expectEqual(run.exitCode, .success, "\(run.stderr)")
        expectEqual(run.stderr, "wrote shard 1 of 2 to \(shard); put the shards together with exitrace merge\n")
    }

    @Test("import keeps a scenario written by hand unless --force, and replaces its own output")
    func importKeepsHandWrittenScenario() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let swift = Self.repository.appendingPathComponent("Tests/ExitRaceTests/ImportFixtures/AppDelegate+TaskDetachedSemaphore.swift").path
        let mine = directory.appendingPathComponent("mine.json").path
        try #"{"name": "mine"}"#.write(toFile: mine, atomically: true, encoding: .utf8)
        let refused = Tool.main(["import", swift, "--output", mine])
        expectEqual(refused.exitCode, .badInput)
        expectContains(refused.stderr, "\(mine): error: expected a scenario exitrace import wrote and nobody edited since (or a new file), found a file it did not write", "\(refused.stderr)")
        expectEqual(try String(contentsOfFile: mine, encoding: .utf8), #"{"name": "mine"}"#)
        expectEqual(Tool.main(["import", swift, "--output", mine, "--force"]).exitCode, .success)
        expectEqual(Tool.main(["import", swift, "--output", mine]).exitCode, .success, "its own output is replaced")
    }
}

extension NewcomerWalkTests {
    @Test("a --set that fits no scenario of a directory names the file, in batch as in check")
    func setNamesTheFile() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("sc")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let app = scenarios.appendingPathComponent("app.json").path
        try #"{"extend": "builtin:live-activity"}"#.write(toFile: app, atomically: true, encoding: .utf8)
        let batch = Tool.main([
            "batch", scenarios.path, "--out", directory.appendingPathComponent("out").path, "--set", #"systemCalls["upload"].costMs=3"#,
        ])
        expectEqual(batch.exitCode, .badInput)
        expectContains(batch.stderr, #"no member "upload" to go into (applied to \#(app))"#, "\(batch.stderr)")
    }
}

extension NewcomerWalkTests {
    @Test("validate notes a hook no procedure calls; check refuses a results directory that is not there")
    func validateNotesAndMissingResults() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bg.json").path
        try #"{"extend": "builtin:live-activity", "hooks": {"applicationDidEnterBackground": {}}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let validate = Tool.main(["validate", file])
        expectEqual(validate.exitCode, .success)
        expectContains(validate.stderr, "\(file): note: applicationDidEnterBackground is never called: no kill procedure delivers it",
                "\(validate.stderr)")
        let missing = directory.appendingPathComponent("nowhere").path
        let check = Tool.main(["check", file, "--against", missing])
        expectEqual(check.exitCode, .badInput)
        expectEqual(check.stderr, "\(missing): error: expected a directory of committed results, found none (to start one, give --update)\n")
        // A file given where the directory goes is named as such (a hunt, 2026-12-03: it said "found none").
        let againstFile = Tool.main(["check", file, "--against", file])
        expectEqual(againstFile.exitCode, .badInput)
        expectEqual(againstFile.stderr,
            "\(file): error: expected a directory of committed results, found a file (--against takes the directory batch and check --update write)\n")
    }
}

extension NewcomerWalkTests {
    @Test("a scenario file given as a command, and Swift given to run, are pointed to the right command")
    func wrongCommandForTheFile() {
        #expect(Tool.main(["mine.json"]).stderr.hasPrefix("exitrace: unknown command 'mine.json'; to simulate a scenario file: exitrace run mine.json\n"))
        expectContains(Tool.main(["AppDelegate.swift"]).stderr, "to read your Swift: exitrace import AppDelegate.swift --output my-app.json")
        let run = Tool.main(["run", "AppDelegate.swift"])
        expectEqual(run.exitCode, .badInput)
        expectContains(run.stderr, "AppDelegate.swift is Swift source, not a scenario; import it first")
    }
}

extension NewcomerWalkTests {
    @Test("a short option the command lacks is pointed to the long option of that letter")
    func shortOption() {
        #expect(Tool.main(["run", "-f", "md"]).stderr.hasPrefix("exitrace run: unknown option -f; did you mean --format?\n"))
    }
}
