import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// #26: `exitrace bench --seconds 0.2` took ~23 s, because the fixed work a part repeats (a
/// 100,000-set calibration, 10,000 replications, a 2,000-point sweep, the memory part's inputs)
/// always ran whole. Each is now scaled by `--seconds`: counted here in work, not in time.
@Suite("bench scales its work by --seconds")
struct BenchWorkloadTests {
    @Test("every fixed block at --seconds 0.2 is a fifth of --seconds 1's")
    func blocksScale() {
        let full = BenchWorkload(seconds: 1), fifth = BenchWorkload(seconds: 0.2)
        expectEqual(full, BenchWorkload.reference)
        #expect(fifth.sweepPoints == 400 && fifth.replications == 2_000 && fifth.calibrationSets == 20_000)
        expectEqual(fifth.tallyCheckSets, 819)
        let runs = 36
        #expect(fifth.cellRunsPerBlock(cellRuns: runs) * 5 <= full.cellRunsPerBlock(cellRuns: runs) + 5 * runs)
        // Ten times longer, ten times the work; a tiny N keeps a floor.
        expectEqual(BenchWorkload(seconds: 10).calibrationSets, 1_000_000)
        expectEqual(BenchWorkload(seconds: 0.001).sweepPoints, 20)
    }

    @Test("the parts say the sizes they ran")
    func partsNameTheirSizes() {
        expectContains(Benchmark.sweep(seconds: 0.001, points: 20).label, "(20 points × 36 cell-runs")
    }

    @Test("the memory part's inputs scale too: the storm's timers, the note's numbers, the limits")
    func memoryCasesScale() throws {
        let full = BenchMemory.cases(seconds: 1), fifth = BenchMemory.cases(seconds: 0.2)
        #expect(full.map(\.label).contains("run, a timer storm (100 timers of a million fires at 1 ns)"))
        #expect(fifth[0].label.hasPrefix("run, a timer storm (20 timers of a million fires at 1 ns)"))
        func timers(_ benchCase: BenchMemory.Case) -> Int {
            let text = benchCase.files["storm.json"].map { $0() } ?? ""
            return text.components(separatedBy: #""op": "timer""#).count - 1
        }
        expectEqual(timers(full[0]), 100)
        expectEqual(timers(fifth[0]), 20)
        let validate = try #require(fifth.first { $0.label.hasPrefix("validate") })
        let note = validate.files["note.json"].map { $0() } ?? ""
        #expect(note.count < BenchMemory.noteElements / 2)
        let bomb = try #require(fifth.first { $0.label.hasPrefix("run, nested") })
        expectContains(bomb.label, TimeFormatting.grouped(BenchWorkload.scaled(Limits.memoryCeiling, 0.2, floor: 10_000)))
    }

    @Test("--help says what the whole bench takes")
    func helpSaysTheTotal() {
        let help = LongWorkTests.prose(Tool.main(["bench", "--help"]).stdout)
        expectContains(help, "the whole bench takes roughly \(BenchWorkload.secondsPerSecond) × N seconds")
    }
}
