import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

@Suite("batch, check and diff on sampled results")
struct RateCommandTests {
    static let repository = Repository.root

    static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-ratecmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test("batch --runs --seed writes the rate table run prints; check compares rates", .heavy)
    func batchAndCheck() throws {
        try Self.withDirectory { directory in
            let out = directory.appendingPathComponent("out").path
            let batch = Tool.main(["batch", "--runs", "100", "--seed", "5", "--out", out])
            expectEqual(batch.exitCode, ExitCode.badInput)  // no scenario named
            let scenario = Self.repository.appendingPathComponent("scenarios/live-activity.json").path
            expectEqual(Tool.main(["batch", scenario, "--runs", "100", "--seed", "5", "--out", out]).exitCode, ExitCode.success)
            let json = try String(contentsOfFile: out + "/live-activity.json", encoding: .utf8)
            expectEqual(json, Tool.main(["run", scenario, "--runs", "100", "--seed", "5", "--format", "json"]).stdout)
            let markdown = try String(contentsOfFile: out + "/live-activity.md", encoding: .utf8)
            // The same, but for the replay hint: run names the file it was given, a result file `FILE`.
            let printed = Tool.main(["run", scenario, "--runs", "100", "--seed", "5", "--format", "md"]).stdout
            expectContains(printed, "exitrace explain \(scenario) --hook")
            expectEqual(markdown, printed.replacingOccurrences(of: "exitrace explain \(scenario) --hook", with: "exitrace explain FILE --hook"))
            // The same sampling matches; one run per cell does not: every cell stopped being sampled.
            expectEqual(Tool.main(["check", scenario, "--against", out, "--runs", "100", "--seed", "5"]).exitCode, ExitCode.success)
            let single = Tool.main(["check", scenario, "--against", out])
            expectEqual(single.exitCode, ExitCode.difference)
            expectContains(single.stdout, "one run per procedure now, was sampled")
            expectEqual(Tool.main(["check", scenario, "--against", out, "--rate-tolerance", "-1"]).exitCode, ExitCode.badInput)
            expectEqual(Tool.main(["check", scenario, "--against", out, "--runs", "0"]).exitCode, ExitCode.badInput)
        }
    }

    @Test("diff --rate-tolerance: a moved rate is drift unless the tolerance covers it", .heavy)
    func diffTolerance() throws {
        try Self.withDirectory { directory in
            let old = directory.appendingPathComponent("old.json").path, new = directory.appendingPathComponent("new.json").path
            let run = ["run", "--format", "json", "--runs", "400", "--set", "timing.exitDurationMs=uniform(1,20)"]
            try Data(Tool.main(run).stdout.utf8).write(to: URL(fileURLWithPath: old))
            try Data(Tool.main(run + ["--seed", "9"]).stdout.utf8).write(to: URL(fileURLWithPath: new))
            expectEqual(Tool.main(["diff", old, old]), ToolOutput(stdout: "no differences\n"))
            let strict = Tool.main(["diff", old, new, "--rate-tolerance", "0"])
            expectEqual(strict.exitCode, ExitCode.difference)
            expectContains(strict.stdout, "beyond --rate-tolerance 0")
            expectEqual(Tool.main(["diff", old, new, "--rate-tolerance", "0.5"]).exitCode, ExitCode.success)
            let bad = Tool.main(["diff", old, new, "--rate-tolerance", "2"])
            expectEqual(bad.exitCode, ExitCode.badInput)
            expectContains(bad.stderr, "--rate-tolerance expects a share from 0 to 1")
        }
    }

    @Test("help names the new options and the default tolerance")
    func help() {
        for command in ["check", "diff"] {
            let help = Tool.main([command, "--help"]).stdout
            expectContains(help, "--rate-tolerance SHARE", "\(command)")
            #expect(help.contains("default\n") || help.contains("(default 0.02"), "\(command)")
        }
        expectContains(Tool.main(["batch", "--help"]).stdout, "--runs N")
        expectContains(Tool.main(["check", "--help"]).stdout, "--seed S")
    }
}
