/// What a calibration counts over a range of parameter sets; the tallies of consecutive ranges
/// merge into the tally of their union. Its size depends on the scenario, not on how many sets
/// were drawn (but for one bit per set: which were accepted).
package struct CalibrationTally: Equatable, Sendable {
    /// Sets simulated.
    package var samples = 0
    /// Sets accepted (matching every measured cell but at most `tolerance`).
    package var accepted = 0
    /// Bit `n % 64` of word `n / 64`: set `n` was accepted.
    package var acceptedBits: [UInt64] = []
    /// Per varied setting, accepted sets per fine bin of its prior's cumulative probability.
    package var fineHistograms: [[Int]]
    /// Per varied setting, the smallest and largest accepted stored value.
    package var lowest: [Int64]
    /// Per varied setting, the largest accepted stored value.
    package var highest: [Int64]
    /// Per cell, accepted sets per finished-procedure mask, for the masks that occurred: sparse, as a
    /// chunk of 64 sets meets at most 64 of a cell's 2^procedures masks (dense counters took
    /// cells × 4096 a chunk with 12 procedures: gigabytes for 200 × 200 cells). Never iterated in
    /// its own order: ``CalibrationResult/outcomes(cell:)`` orders the masks.
    package var predictions: [[UInt32: Int]]
    /// The kill procedures counted: the mask of every one is `2^procedures - 1`.
    package var procedures: Int
    /// Per measured cell, how many sets (accepted or not) missed it.
    package var misses: [Int]
    /// The sets that missed fewest measured cells (fewest first, then by number).
    package var closest: [NearMiss] = []

    /// A set and the measured cells (indices into the targets) it missed.
    package struct NearMiss: Equatable, Sendable {
        /// The set's number.
        package var index: Int
        /// The measured cells it missed.
        package var missed: [Int]
        /// What the set predicted in each missed cell: the procedures finished under, a bit each.
        package var predicted: [UInt32] = []

        package init(index: Int, missed: [Int], predicted: [UInt32] = []) {
            self.index = index
            self.missed = missed
            self.predicted = predicted
        }
    }

    /// Fine bins per setting: enough for a median to a tenth of a percent of the prior.
    package static let fineBins = 1000
    /// How many near misses are kept.
    package static let closestKept = 3

    /// An empty tally for `settings` varied settings, `cells` cells, `procedures` procedures and
    /// `targets` measured cells.
    package init(settings: Int, cells: Int, procedures: Int, targets: Int) {
        fineHistograms = Array(repeating: Array(repeating: 0, count: Self.fineBins), count: settings)
        lowest = Array(repeating: .max, count: settings)
        highest = Array(repeating: .min, count: settings)
        predictions = Array(repeating: [:], count: cells)
        self.procedures = procedures
        misses = Array(repeating: 0, count: targets)
    }

    /// Whether set `index` was accepted.
    package func isAccepted(_ index: Int) -> Bool {
        index / 64 < acceptedBits.count && acceptedBits[index / 64] >> UInt64(index % 64) & 1 == 1
    }

    /// Adds the tally of the sets that follow this one's directly (a whole number of 64-set words).
    package mutating func merge(_ other: CalibrationTally) {
        precondition(samples % 64 == 0 || other.samples == 0, "tallies merge on 64-set boundaries")
        samples += other.samples
        accepted += other.accepted
        acceptedBits += other.acceptedBits
        for s in fineHistograms.indices {
            for b in fineHistograms[s].indices { fineHistograms[s][b] += other.fineHistograms[s][b] }
            lowest[s] = Swift.min(lowest[s], other.lowest[s])
            highest[s] = Swift.max(highest[s], other.highest[s])
        }
        for c in predictions.indices {
            for (mask, count) in other.predictions[c] { predictions[c][mask, default: 0] += count }
        }
        for t in misses.indices { misses[t] += other.misses[t] }
        keepClosest(other.closest)
    }

    /// Keeps the ``closestKept`` sets with the fewest misses among these and `candidates`.
    mutating func keepClosest(_ candidates: [NearMiss]) {
        closest = Array((closest + candidates).sorted { ($0.missed.count, $0.index) < ($1.missed.count, $1.index) }.prefix(Self.closestKept))
    }
}
