/// The words of a calibration's report, shared by the text and Markdown renderers: the header,
/// each varied setting's accepted range and histogram, a representative set as a `--set` line,
/// the predictions for unmeasured cells, and, when nothing was accepted, the closest sets.
package struct CalibrationText {
    /// The result described.
    package let result: CalibrationResult
    /// The measured table it was calibrated against.
    package let measured: MeasuredTable
    /// A simulator of the calibrated scenario, for its parameter slots.
    package let simulator: Simulator

    /// The words of `result`, calibrated against `measured`.
    package init(result: CalibrationResult, measured: MeasuredTable, simulator: Simulator) {
        self.result = result
        self.measured = measured
        self.simulator = simulator
    }

    package var scenario: Scenario { result.calibration.scenario }
    package var tally: CalibrationTally { result.tally }

    /// `calibrate live-activity against FILE (iOS 18.4, device)` and the counts.
    package func headerLines() -> [String] {
        let c = result.calibration
        var origin = [measured.os, measured.device].filter { !$0.isEmpty }.joined(separator: ", ")
        if !origin.isEmpty { origin = " (\(origin))" }
        return [
            "calibrate \(scenario.name) against \(measured.file)\(origin)",
            "\(TimeFormatting.counted(c.targets.count, "measured cell")), \(TimeFormatting.counted(c.scenario.uncertainties.count, "setting")) varied; \(TimeFormatting.counted(c.samples, "set")) (Sobol, digital shift seed \(c.seed)), each simulated in every cell; accepted when missing at most \(TimeFormatting.counted(c.tolerance, "measured cell"))",
            "accepted: \(TimeFormatting.grouped(tally.accepted)) of \(TimeFormatting.counted(tally.samples, "set")) (\(RateTable.percent(tally.accepted, of: tally.samples)))",
        ]
    }

    /// One row per varied setting: path, prior, accepted range, histogram with its ends. With
    /// `aligned`, each histogram's low end is padded on the left to the widest, so the bars of
    /// every row start in the same column (the terminal form).
    package func settingRows(aligned: Bool = false) -> [[String]] {
        let rows = plainSettingRows()
        guard aligned else { return rows.map { Array($0.prefix(3)) + ["\($0[3]) \($0[4]) \($0[5])"] } }
        let width = rows.map { $0[3].count }.max() ?? 0
        return rows.map { Array($0.prefix(3)) + [String(repeating: " ", count: width - $0[3].count) + "\($0[3]) \($0[4]) \($0[5])"] }
    }

    /// Path, prior, accepted range, histogram's low end, bars, high end.
    func plainSettingRows() -> [[String]] {
        result.settings.indices.map { index in
            let setting = result.settings[index]
            let unit = unit(of: setting)
            let range = result.acceptedRange(setting: index, space: simulator.parameters)
                .map { "\(Self.number($0.lowerBound))…\(Self.number($0.upperBound))\(unit)" } ?? "none"
            let edges = result.binEdges(setting: index)
            let bars = Self.sparkline(result.histogram(setting: index))
            return [setting.path, setting.distribution.description, range, Self.number(edges.first!), bars, Self.number(edges.last!)]
        }
    }

    /// `--set timing.exitDurationMs=3.127 --set …` for the representative accepted set, with
    /// a line saying which set it is; empty when nothing was accepted.
    package func representativeLines() -> [String] {
        guard let (index, values) = result.representative(space: simulator.parameters) else { return [] }
        return [
            "representative accepted set (#\(index), the one closest to the accepted sets' medians):",
            setLine(values),
        ]
    }

    /// `--set PATH=VALUE` for each varied setting.
    func setLine(_ values: [Double]) -> String {
        zip(result.settings, values).map { "--set " + ShellQuoting.quoted("\($0.path)=\(Self.number($1))") }.joined(separator: " ")
    }

    /// `AppDelegate · Task.detached(priority: .high): ○ in 71% (69–73%) of the timings …`,
    /// one per unmeasured cell; empty when nothing was accepted.
    package func predictionLines() -> [String] {
        guard tally.accepted > 0 else { return [] }
        return result.unmeasuredCells.map { cell in
            let shares = result.outcomes(cell: cell).map { mask, count in
                let interval = WilsonInterval(successes: count, trials: tally.accepted)
                return "\(verdict(mask)) in \(RateTable.percent(count, of: tally.accepted)) (\(RateTable.interval(interval)))"
            }
            return "\(cellName(cell)): \(shares.joined(separator: ", ")) of the timings consistent with your measurements"
        }
    }

    /// When nothing was accepted: the closest sets, each with the measured cells it misses and
    /// what it predicts there.
    package func nearMissLines() -> [String] {
        guard tally.accepted == 0 else { return [] }
        let c = result.calibration
        var lines = ["No set of the \(TimeFormatting.grouped(tally.samples)) drawn reproduces the measurements\(c.tolerance > 0 ? " but \(TimeFormatting.counted(c.tolerance, "cell"))" : ""): the model may lack a mechanism, or the prior may be too narrow. The closest sets:"]
        let plan = c.plan(space: simulator.parameters)
        for near in tally.closest {
            lines.append("  set #\(near.index), misses \(near.missed.count): \(setLine(plan.fileValues(point: near.index)))")
            for (target, predicted) in zip(near.missed.map({ c.targets[$0] }), near.predicted) {
                lines.append("    \(cellName(c.cellIndex(target))): measured \(verdict(target.finishedMask)), predicted \(verdict(predicted))")
            }
        }
        return lines
    }

    /// Per measured cell, the share of all sets that missed it, most missed first.
    package func missLines() -> [String] {
        let c = result.calibration
        return c.targets.indices.filter { tally.misses[$0] > 0 }
            .sorted { (-tally.misses[$0], $0) < (-tally.misses[$1], $1) }
            .map { "\(cellName(c.cellIndex(c.targets[$0]))) (measured \(verdict(c.targets[$0].finishedMask))): missed by \(RateTable.percent(tally.misses[$0], of: tally.samples)) of all sets" }
    }


    /// `AppDelegate · Task`.
    func cellName(_ cell: Int) -> String {
        let strategies = scenario.strategies.count
        return "\(scenario.hooks[cell / strategies].label) · \(scenario.strategies[cell % strategies].name)"
    }

    /// `○`, `×` or `△ background`.
    package func verdict(_ mask: UInt32) -> String {
        let all = MeasuredTarget.everyProcedure(scenario.procedures.count)
        if mask == all { return "○" }
        if mask == 0 { return "×" }
        return "△ " + CellText.procedureList(scenario.procedures.indices.filter { mask >> UInt32($0) & 1 == 1 }.map { scenario.procedures[$0].name })
    }

    package func unit(of setting: UncertainSetting) -> String {
        guard let slot = simulator.parameters.index(of: setting.path) else { return "" }
        return simulator.parameters.slots[slot].unit == .milliseconds ? " ms" : ""
    }

    /// `3.127`: at most three decimals, no trailing zeros.
    package static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return Distribution.format(rounded)
    }

    /// `▁▃█▅ `: one bar per bin, scaled to the fullest; an empty bin is a space... shown as `·`.
    static func sparkline(_ counts: [Int]) -> String {
        let bars = Array("▁▂▃▄▅▆▇█"), top = counts.max() ?? 0
        return String(counts.map { count -> Character in
            guard count > 0, top > 0 else { return "·" }
            return bars[Swift.min(bars.count - 1, (count * bars.count - 1) / top)]
        })
    }
}
