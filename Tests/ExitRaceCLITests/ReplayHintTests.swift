import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// #26: the line under a sampled table that says how to replay a failing replication repeats the
/// options that made the runs (every `--set`, quoted for the shell), besides the seed, so that
/// the command it gives replays the same run.
@Suite("Replay hint")
struct ReplayHintTests {
    static let uncertain = Repository.root.appendingPathComponent("scenarios/live-activity-uncertain.json").path

    /// The hint line of `output`, with its wrapping undone.
    static func hint(_ output: String) -> String? {
        let prose = LongWorkTests.prose(output)
        guard let start = prose.range(of: "replay ") else { return nil }
        let rest = prose[start.lowerBound...]
        return rest.range(of: "\")").map { String(rest[..<$0.upperBound]) } ?? String(rest.prefix(400))
    }

    @Test("run --runs --set --seed: the hint gives every --set, quoted, and the seed")
    func hintRepeatsTheSettings() throws {
        let output = Tool.main([
            "run", Self.uncertain, "--runs", "20", "--seed", "7", "--set", "timing.exitDurationMs=20",
            "--set", "procedures.foreground.steps[1].actions[1].ms=uniform(5,150)",
        ])
        expectEqual(output.exitCode, .success)
        let hint = try #require(Self.hint(output.stdout))
        #expect(hint.hasPrefix(
            "replay one: exitrace explain \(Self.uncertain) --set timing.exitDurationMs=20 --set 'procedures.foreground.steps[1].actions[1].ms=uniform(5,150)' "
                + "--hook HOOK --strategy STRATEGY --seed 7 --procedure P --replication r"), "\(hint)")
    }

    @Test("--runs without distributions: the single-run hint repeats --set too")
    func hintWithoutDistributions() throws {
        let output = Tool.main(["run", "--runs", "3", "--set", "procedures.foreground.steps[1].actions[1].ms=60"])
        expectEqual(output.exitCode, .success)
        let hint = try #require(Self.hint(output.stdout))
        #expect(hint.hasPrefix(
            "replay it: exitrace explain --set 'procedures.foreground.steps[1].actions[1].ms=60' --hook HOOK --strategy STRATEGY "
                + "(with no distribution"), "\(hint)")
    }

    @Test("no option given, the built-in scenario: the hint names no file (explain runs the built-in scenario too)")
    func hintWithoutOptions() throws {
        let output = Tool.main(["run", "--runs", "3"])
        expectEqual(Self.hint(output.stdout)?.hasPrefix("replay it: exitrace explain --hook HOOK --strategy STRATEGY"), true)
    }

    @Test("batch --set writes the same hint into the Markdown result")
    func batchHint() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-replayhint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = Tool.main([
            "batch", Self.uncertain, "--runs", "20", "--set", "procedures.foreground.steps[1].actions[1].ms=60", "--out", directory.path,
        ])
        expectEqual(batch.exitCode, .success)
        let markdown = try String(contentsOf: directory.appendingPathComponent("live-activity-uncertain.md"), encoding: .utf8)
        // Markdown escapes the brackets; rendered, the line reads as the command.
        expectContains(LongWorkTests.prose(markdown), #"--set 'procedures.foreground.steps\[1\].actions\[1\].ms=60' --hook HOOK"#)
    }
}
