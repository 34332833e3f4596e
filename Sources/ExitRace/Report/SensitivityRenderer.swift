/// A sensitivity analysis as a text table: one row per cell and kill procedure whose outcome
/// varies over the prior, one column per setting with `S1 / ST`; then the cells that never change.
public enum SensitivityRenderer {
    /// The report of `sums`, an analysis of `analysis`.
    public static func text(_ sums: SensitivitySums, analysis: Sensitivity) -> String {
        let scenario = analysis.scenario
        let d = analysis.settings
        var lines = [
            "sensitivity of \(scenario.name) over its prior: \(TimeFormatting.grouped(analysis.samples)) base samples × \(d + 2) = \(TimeFormatting.grouped(analysis.samples * (d + 2))) parameter sets (Saltelli, Sobol sequence with digital shift seed \(analysis.seed))",
            "first-order (S1) and total (ST) Sobol indices of each outcome (finished = 1, else 0); ST near 0: the setting does not matter there",
            "",
        ]
        let letters = (0..<d).map { String(UnicodeScalar(UInt8(65 + $0))) }
        lines += (0..<d).map { "  \(letters[$0]) = \(scenario.uncertainties[$0].path) ~ \(scenario.uncertainties[$0].distribution.description)" }
        lines.append("")
        var rows = [["cell · procedure", "finished"] + letters.map { "\($0): S1 / ST" }]
        var constant: [String] = []
        for output in 0..<sums.sumA.count {
            let name = outputName(output, scenario)
            let share = sums.finishedShare(output: output)
            guard sums.variance(output: output) > 0 else {
                constant.append("\(name) (\(share == 1 ? "always finishes" : "never finishes"))")
                continue
            }
            let cells = (0..<d).map { i in "\(index(sums.firstOrderIndex(output: output, setting: i)!)) / \(index(sums.totalIndex(output: output, setting: i)!))" }
            rows.append([name, RateTable.percent(Int((share * 1000).rounded()), of: 1000)] + cells)
        }
        if rows.count > 1 {
            lines += CalibrationRenderer.aligned(rows).map { "  " + $0 }
        } else {
            lines.append("no outcome changes over the prior")
        }
        if !constant.isEmpty { lines += ["", "never change over the prior:"] + constant.map { "  " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `AppDelegate · Task.detached · foreground`.
    static func outputName(_ output: Int, _ scenario: Scenario) -> String {
        let procedures = scenario.procedures.count, cell = output / procedures
        let hook = cell / scenario.strategies.count, strategy = cell % scenario.strategies.count
        return "\(scenario.hooks[hook].label) · \(scenario.strategies[strategy].name) · \(scenario.procedures[output % procedures].name)"
    }

    /// `0.97`, `-0.01`: two decimals; estimates may stray a little outside 0…1.
    static func index(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        return "\(sign)\(magnitude / 100).\(magnitude % 100 < 10 ? "0" : "")\(magnitude % 100)"
    }
}
