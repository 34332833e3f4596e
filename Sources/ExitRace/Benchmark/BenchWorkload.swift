/// How much fixed work each part of `exitrace bench` does in one block: the reference sizes at
/// `--seconds 1`, scaled by `--seconds` (never below a floor that keeps each figure meaningful).
///
/// A part repeats its blocks for about `seconds`, but a block always runs whole: the reference
/// calibration (100,000 parameter sets) alone took several seconds, so `--seconds 0.2` still took
/// some 23 s. With every block scaled, the whole bench takes about ``secondsPerSecond`` ×
/// `seconds`: the figures are rates, so smaller blocks measure the same thing.
package struct BenchWorkload: Equatable, Sendable {
    /// The `--seconds` the sizes are for.
    package var seconds: Double
    /// Points of the sweep part's grid (2,000 at `--seconds 1`).
    package var sweepPoints: Int
    /// Replications of the sampled part's whole experiment (10,000).
    package var replications: Int
    /// Parameter sets of the calibration part's whole calibration (100,000).
    package var calibrationSets: Int
    /// Parameter sets of the calibration part's parallel-against-serial check (4,096).
    package var tallyCheckSets: Int

    /// The reference sizes, at `--seconds 1`.
    package static let reference = BenchWorkload(
        seconds: 1, sweepPoints: 2_000, replications: 10_000, calibrationSets: 100_000, tallyCheckSets: 4_096)

    /// Roughly how many seconds the whole bench takes per second of `--seconds` on an idle 2-core
    /// machine, the memory part included: what `--help` tells. Nine parts of about N seconds
    /// each, the memory part's children (about 3.4 s of CPU at `--seconds 0.2`, scaling with N)
    /// and the calibration's block (100,000 sets at N = 1: 7–15 s at 7–14 k sets/s).
    package static let secondsPerSecond = 30

    init(seconds: Double, sweepPoints: Int, replications: Int, calibrationSets: Int, tallyCheckSets: Int) {
        self.seconds = seconds
        self.sweepPoints = sweepPoints
        self.replications = replications
        self.calibrationSets = calibrationSets
        self.tallyCheckSets = tallyCheckSets
    }

    /// The reference sizes scaled by `seconds`.
    package init(seconds: Double) {
        let reference = Self.reference
        self.seconds = seconds
        sweepPoints = Self.scaled(reference.sweepPoints, seconds, floor: 20)
        replications = Self.scaled(reference.replications, seconds, floor: 100)
        calibrationSets = Self.scaled(reference.calibrationSets, seconds, floor: 1_000)
        tallyCheckSets = Self.scaled(reference.tallyCheckSets, seconds, floor: 256)
    }

    /// `count` × `seconds`, rounded, at least `floor`.
    package static func scaled(_ count: Int, _ seconds: Double, floor: Int) -> Int {
        max(floor, Int((Double(count) * seconds).rounded()))
    }

    /// The cell-runs one block of each fixed-size part simulates, in all: what the scaling scales.
    package func cellRunsPerBlock(cellRuns: Int) -> Int {
        (sweepPoints + replications + calibrationSets + 2 * tallyCheckSets) * cellRuns
    }
}
