import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A newcomer's walk through results: shard and sweep files read as scenarios, and `--format markdown`.
@Suite("Results polish")
struct ResultsPolishTests {
    static let scenario = Repository.root.appendingPathComponent("scenarios/live-activity.json").path

    /// A directory holding a run shard, a sweep shard and a sweep's JSON, as a user leaves them beside scenarios.
    static func outputs() throws -> (directory: URL, run: String, sweepShard: String, sweep: String) {
        let directory = try HostileInputTests.directory("results-polish")
        let run = directory.appendingPathComponent("sh1.json").path
        let sweepShard = directory.appendingPathComponent("sw1.json").path
        let sweep = directory.appendingPathComponent("sweep.json").path
        let vary = ["--vary", "timing.exitDurationMs=1,10"]
        for arguments in [
            ["run", scenario, "--runs", "2", "--shard", "1/2", "--output", run],
            ["sweep", scenario] + vary + ["--shard", "1/2", "--output", sweepShard],
            ["sweep", scenario] + vary + ["--format", "json", "--output", sweep],
        ] {
            let output = Tool.main(arguments)
            expectEqual(output.exitCode, .success, "\(arguments): \(output.stderr)")
        }
        return (directory, run, sweepShard, sweep)
    }

    @Test("run DIR of shard files says, once per file, that each is a shard file for exitrace merge")
    func shardFilesInDirectory() throws {
        let (directory, run, sweepShard, sweep) = try Self.outputs()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = Tool.main(["run", directory.path])
        expectEqual(output.exitCode, .badInput)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        expectEqual(lines.count, 3, "\(output.stderr)")
        expectNotContains(output.stderr, "unknown member", "\(output.stderr)")
        #expect(lines.contains(
            "\(run):1:1: error: expected a scenario, found what looks like a shard file (it has \"shardFormatVersion\", "
                + "as exitrace run FILE --runs N --shard i/n --output FILE writes them): put the shards together with "
                + "exitrace merge SHARD.json…, and keep shard files out of a directory of scenarios"), "\(output.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(sweepShard):1:1: error: expected a scenario, found what looks like a shard "
            + "file (it has \"sweepShardFormatVersion\", as exitrace sweep --shard i/n") && $0.contains("exitrace merge") },
            "\(output.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(sweep):1:1: error: expected a scenario, found what looks like a sweep's "
            + "result (it has \"formatVersion\" and \"lines\"") }, "\(output.stderr)")
    }

    @Test("validate of one shard file gives the same one line")
    func validateShard() throws {
        let (directory, run, _, _) = try Self.outputs()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = Tool.main(["validate", run])
        expectEqual(output.exitCode, .badInput)
        expectEqual(output.stderr.split(separator: "\n").count, 1, "\(output.stderr)")
        expectContains(output.stderr, "looks like a shard file", "\(output.stderr)")
    }

    @Test("--format markdown is --format md wherever md is accepted, and --help says so")
    func markdownSynonym() throws {
        for command in [["run", Self.scenario], ["sweep", Self.scenario, "--vary", "timing.exitDurationMs=1,10"]] {
            let md = Tool.main(command + ["--format", "md"])
            let markdown = Tool.main(command + ["--format", "markdown"])
            expectEqual(markdown.exitCode, .success, "\(command): \(markdown.stderr)")
            expectEqual(markdown.stdout, md.stdout, "\(command)")
        }
        let results = Repository.root.appendingPathComponent("results/live-activity.json").path
        let diff = Tool.main(["diff", results, results, "--format", "markdown"])
        expectEqual(diff.exitCode, .success, "\(diff.stderr)")
        expectEqual(diff.stdout, Tool.main(["diff", results, results, "--format", "md"]).stdout)
        let help = Tool.main(["run", "--help"])
        expectContains(help.stdout, "--format md          GitHub-flavoured Markdown; also --format markdown", "\(help.stdout)")
        // A command without md still refuses it, naming what it takes.
        let explore = Tool.main(["explore", Self.scenario, "--format", "markdown"])
        expectEqual(explore.exitCode, .badInput)
        expectContains(explore.stderr, "--format expects text or json, found 'markdown'", "\(explore.stderr)")
    }
}
