// A calibration's tally grows with what the sets predicted, not with 2^procedures a cell: a wide
// scenario (200 hooks × 200 strategies × 12 procedures) took 2 GB when every chunk counted densely.
@testable import ExitRace
import Foundation
import Testing

@Suite("Calibration tally size")
struct CalibrationTallySizeTests {
    @Test("an empty tally of 40,000 cells and 12 procedures holds no counter per mask")
    func sparsePredictions() {
        let start = Date()
        var tally = CalibrationTally(settings: 1, cells: 40_000, procedures: 12, targets: 1)
        #expect(tally.predictions.allSatisfy { $0.isEmpty })
        var other = CalibrationTally(settings: 1, cells: 40_000, procedures: 12, targets: 1)
        other.predictions[7][0b1010, default: 0] += 2
        other.predictions[7][0xFFF, default: 0] += 1
        other.predictions[7][0, default: 0] += 3
        tally.merge(other)
        expectEqual(tally.predictions[7], [0b1010: 2, 0xFFF: 1, 0: 3])
        #expect(Date().timeIntervalSince(start) < 2)
    }
}
