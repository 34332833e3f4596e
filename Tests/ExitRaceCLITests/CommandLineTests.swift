import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

@Suite("Command line")
struct CommandLineTests {
    @Test("no arguments prints the default table as text", arguments: [[String](), ["run"]])
    func defaultRun(arguments: [String]) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, ExitCode.success)
        #expect(output.stderr.isEmpty)
        Golden.check(output.stdout, against: "default.txt")
    }

    @Test("each format has a golden file", arguments: ["md", "json"])
    func formats(format: String) {
        let output = Tool.main(["run", "--format", format])
        expectEqual(output.exitCode, ExitCode.success)
        Golden.check(output.stdout, against: "default.\(format)")
    }

    @Test("--format=json is the same as --format json")
    func equalsForm() {
        expectEqual(Tool.main(["run", "--format=json"]), Tool.main(["run", "--format", "json"]))
    }

    @Test("output is byte-identical run after run")
    func byteIdentical() {
        for format in OutputFormat.allCases {
            let first = Tool.main(["run", "--format", format.rawValue])
            for _ in 0..<3 { expectEqual(Tool.main(["run", "--format", format.rawValue]), first) }
        }
    }

    @Test("scenario files run; a file equal to the default gives the default table")
    func runFile() {
        let output = Tool.main(["run", Repository.root.appendingPathComponent(DefaultScenario.fileName).path])
        expectEqual(output.exitCode, ExitCode.success)
        expectEqual(output.stdout, Tool.main([]).stdout)
    }

    @Test("help answers", arguments: [["--help"], ["-h"], ["help"], ["help", "run"], ["run", "--help"], ["bench", "--help"]])
    func help(arguments: [String]) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, ExitCode.success)
        expectContains(output.stdout, "USAGE")
        #expect(output.stderr.isEmpty)
    }

    @Test("the main help is pinned, and --help, -h and help print it")
    func helpGolden() {
        let help = Tool.main(["--help"]).stdout
        Golden.check(help, against: "help.txt")
        expectEqual(Tool.main(["-h"]).stdout, help)
        expectEqual(Tool.main(["help"]).stdout, help)
        expectEqual(Tool.main(["--version"]).stdout, "exitrace \(Tool.version)\n")
    }

    @Test("usage errors exit 2 with a message on stderr and nothing on stdout", arguments: [
        (["rnu"], "exitrace: unknown command 'rnu'; did you mean 'run'?"),
        (["run", "--fromat", "md"], "exitrace run: unknown option --fromat; did you mean --format?"),
        (["run", "--format", "html"], "exitrace run: --format expects text, md or json, found 'html'"),
        (["run", "--format"], "exitrace run: option --format needs a value"),
        (["bench", "--seconds", "-1"], "exitrace bench: --seconds expects a number above 0, at most 600, found '-1'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, ExitCode.badInput)
        #expect(output.stdout.isEmpty)
        let help = arguments == ["rnu"] ? "exitrace --help" : "exitrace \(arguments[0]) --help"
        expectEqual(output.stderr, "\(message)\nrun '\(help)' for usage\n")
    }

    @Test("bad files: every problem of every file on stderr, nothing on stdout, exit 2")
    func badFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-cli-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try Data("{\"name\": 1}".utf8).write(to: broken)
        let good = Repository.root.appendingPathComponent(DefaultScenario.fileName).path
        let output = Tool.main(["run", good, broken.path, "/nonexistent.json"])
        expectEqual(output.exitCode, ExitCode.badInput)
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        expectEqual(lines.first, "\(broken.path):1:1: error: missing member \"systemCalls\" (an object)")
        #expect(lines.contains("\(broken.path):1:10: error: name: expected a string, found the number 1"))
        #expect(lines.contains("/nonexistent.json: error: no such file"))
        #expect(lines.contains { $0.contains("missing member \"systemCalls\"") })
    }

    static let binary: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("exitrace")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    @Test("the built binary prints what the library returns and exits with its code", .enabled(if: binary != nil))
    func binaryEndToEnd() throws {
        for (arguments, expected) in [([String](), Tool.main([])), (["run", "--format", "nope"], Tool.main(["run", "--format", "nope"]))] {
            let process = Process()
            process.executableURL = Self.binary
            process.arguments = arguments
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            let out = stdout.fileHandleForReading.readDataToEndOfFile()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            expectEqual(String(decoding: out, as: UTF8.self), expected.stdout)
            expectEqual(String(decoding: err, as: UTF8.self), expected.stderr)
            expectEqual(process.terminationStatus, expected.exitCode.rawValue)
        }
    }
}

/// `exitrace sweep` on the command line: reports, JSON lines and every kind of bad input.
@Suite("sweep command")
struct SweepCommandTests {
    @Test("the flip report of the reference experiment's exit duration", .heavy)
    func report() {
        let output = Tool.main(["sweep", "--vary", "timing.exitDurationMs=0.1...100", "--log", "--steps", "200"])
        #expect(output.exitCode == .success && output.stderr.isEmpty)
        expectContains(output.stdout, "AppDelegate · Task.detached: × up to 11 ms, ○ from 11.001 ms")
        let serial = Tool.main(["sweep", "--vary", "timing.exitDurationMs=0.1...100", "--log", "--steps", "200", "--serial"])
        expectEqual(serial, output)
    }

    @Test("JSON lines, one per point")
    func jsonLines() {
        let output = Tool.main(["sweep", "--vary", "timing.exitDurationMs=1...5", "--steps", "5", "--format", "jsonl"])
        expectEqual(output.exitCode, .success)
        expectEqual(output.stdout.split(separator: "\n").count, 5)
    }

    @Test("bad input: exit 2, a message naming the flag, nothing on stdout", .heavy, arguments: [
        (["sweep"], "expected at least one --vary"),
        (["sweep", "--vary", "timing.exitDurationMs=1...2", "--steps", "0"], "--steps expects a whole number from 2"),
        (["sweep", "--vary", "timing.exitDurationMs=1...2", "--steps", "1000000", "--vary", "timing.startLatencyMs.default=1...2"],
         "more than --max-points 1000000"),
        (["sweep", "--vary", "timing.exitDurationMs=1...2", "--format", "csv"], "--format expects text, md, json or jsonl"),
        (["sweep", "--vary", "timing.exitDurationMs=1...2", "--tolerance", "0"], "--tolerance expects milliseconds"),
        (["sweep", "--vary", "timing.exitDurationMs=1...2", "--vary", "timing.exitDurationMs=3...4"], "varied twice"),
        (["sweep", "--vary", "nope=1...2"], "expected the path of a numeric setting"),
    ])
    func badInput(arguments: [String], message: String) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        expectContains(output.stderr, message, "\(output.stderr)")
    }
}
