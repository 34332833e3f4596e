/// What a calibration found: the tally, and what follows from it — each setting's accepted
/// range, histogram and median, a representative accepted set, and each cell's predictions.
package struct CalibrationResult: Sendable {
    /// The calibration run.
    package let calibration: Calibration
    /// Its counts.
    package let tally: CalibrationTally

    package init(calibration: Calibration, tally: CalibrationTally) {
        self.calibration = calibration
        self.tally = tally
    }

    /// Bins of the histogram a report shows: each holds a twentieth of the prior.
    package static let shownBins = 20

    /// The uncertain settings varied, in the scenario's order.
    package var settings: [UncertainSetting] { calibration.scenario.uncertainties }

    /// Accepted sets per shown bin of setting `setting` (bin `b` covers the prior's cumulative
    /// probabilities b/20 … (b+1)/20).
    package func histogram(setting: Int) -> [Int] {
        let fine = tally.fineHistograms[setting], per = CalibrationTally.fineBins / Self.shownBins
        return (0..<Self.shownBins).map { bin in fine[bin * per..<(bin + 1) * per].reduce(0, +) }
    }

    /// The edges of the shown bins of setting `setting`, in its file unit.
    package func binEdges(setting: Int) -> [Double] {
        let distribution = settings[setting].distribution
        return (0...Self.shownBins).map { edge in
            edge == 0 ? distribution.support.lowerBound
                : edge == Self.shownBins ? distribution.quantile(1 - 1e-9) : distribution.quantile(Double(edge) / Double(Self.shownBins))
        }
    }

    /// The cumulative probability (of the prior) at which half the accepted sets lie below, per
    /// setting; `nil` when nothing was accepted.
    package var medianQuantiles: [Double]? {
        guard tally.accepted > 0 else { return nil }
        return tally.fineHistograms.map { fine in
            var below = 0
            let half = Double(tally.accepted) / 2
            for (bin, count) in fine.enumerated() {
                if Double(below + count) >= half {
                    let within = count == 0 ? 0.5 : (half - Double(below)) / Double(count)
                    return (Double(bin) + within) / Double(CalibrationTally.fineBins)
                }
                below += count
            }
            return 1
        }
    }

    /// The accepted set closest to the accepted sets' medians (distance measured in prior
    /// probability, so settings of any unit weigh alike; ties go to the lower number), or `nil`.
    package func representative(space: ParameterSpace) -> (index: Int, values: [Double])? {
        guard let medians = medianQuantiles else { return nil }
        let plan = calibration.plan(space: space)
        var best: (index: Int, distance: Double)?
        for index in 0..<tally.samples where tally.isAccepted(index) {
            var distance = 0.0
            for (dimension, median) in medians.enumerated() {
                let d = plan.coordinates(index, dimension) - median
                distance += d * d
            }
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        return best.map { ($0.index, plan.fileValues(point: $0.index)) }
    }

    /// The accepted range of setting `setting`, in its file unit, or `nil` when nothing was accepted.
    package func acceptedRange(setting: Int, space: ParameterSpace) -> ClosedRange<Double>? {
        guard tally.accepted > 0, let slot = space.index(of: settings[setting].path) else { return nil }
        let info = space.slots[slot]
        return info.fileValue(tally.lowest[setting])...info.fileValue(tally.highest[setting])
    }

    /// The cells no measurement covers, row-major indices.
    package var unmeasuredCells: [Int] {
        let measured = Set(calibration.targets.map(calibration.cellIndex))
        return (0..<tally.predictions.count).filter { !measured.contains($0) }
    }

    /// How the accepted sets split over a cell's outcomes: each finished-procedure mask that
    /// occurs, with its count, ○ first, then △ (by mask), then ×.
    package func outcomes(cell: Int) -> [(mask: UInt32, count: Int)] {
        let all = UInt32((1 << tally.procedures) - 1)
        func rank(_ mask: UInt32) -> UInt64 { mask == all ? 0 : mask == 0 ? UInt64(all) + 1 : UInt64(mask) }
        return tally.predictions[cell].filter { $0.value > 0 }.map { (mask: $0.key, count: $0.value) }
            .sorted { rank($0.mask) < rank($1.mask) }
    }
}
