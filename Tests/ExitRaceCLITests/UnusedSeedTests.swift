import Foundation
import Testing

@testable import ExitRaceCLI

/// #26 (a later newcomer walk): `--seed` chooses the draws of settings drawn from distributions; a
/// scenario with none draws nothing (each cell runs once, or with `--runs` the same run every time),
/// so `run` and `batch` say on stderr that the seed had no effect there, and why. Results unchanged.
@Suite("--seed with nothing to draw")
struct UnusedSeedTests {
    static let uncertain = Repository.root.appendingPathComponent("scenarios/live-activity-uncertain.json").path
    static let note =
        "exitrace run: note: --seed 7 has no effect on live-activity: none of its settings is drawn from a distribution, so there is "
        + "nothing to draw (each cell runs once; with --runs, every replication is the same run); draw a setting for the seed to "
        + "choose its values, e.g. --set 'timing.exitDurationMs=uniform(1,20)'\n"

    @Test("run --seed without --runs on the built-in scenario: a note on stderr, the same table on stdout")
    func runWithoutRuns() {
        let seeded = Tool.main(["run", "--seed", "7"])
        let plain = Tool.main(["run"])
        expectEqual(seeded.exitCode, .success)
        expectEqual(seeded.stderr, Self.note)
        expectEqual(seeded.stdout, plain.stdout)
        #expect(plain.stderr.isEmpty)
    }

    @Test("run --seed --runs with no distribution: the same note (every replication is the same run)")
    func runWithRuns() {
        let output = Tool.main(["run", "--runs", "3", "--seed", "7"])
        expectEqual(output.exitCode, .success)
        expectEqual(output.stderr, Self.note)
    }

    @Test("the seed matters (a distribution, in the file or from --set): no note")
    func seedMatters() {
        let file = Tool.main(["run", Self.uncertain, "--runs", "20", "--seed", "7"])
        expectEqual(file.exitCode, .success)
        expectNotContains(file.stderr, "--seed")
        let set = Tool.main(["run", "--runs", "20", "--seed", "7", "--set", "timing.exitDurationMs=uniform(1,20)"])
        expectEqual(set.exitCode, .success)
        expectNotContains(set.stderr, "--seed")
    }

    @Test("batch --seed names only the scenarios that draw nothing")
    func batchNamesTheOnesWithoutDraws() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-seed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let certain = Repository.root.appendingPathComponent("scenarios/live-activity.json").path
        let output = Tool.main(["batch", certain, Self.uncertain, "--runs", "20", "--seed", "7", "--out", directory.path])
        expectEqual(output.exitCode, .success)
        #expect(output.stderr.hasPrefix("exitrace batch: note: --seed 7 has no effect on live-activity: none of its settings is drawn"))
        expectNotContains(output.stderr, "live-activity-uncertain:")
    }
}
