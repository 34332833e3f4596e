/// A sensitivity analysis as a text table: one row per cell and kill procedure whose outcome
/// varies over the prior, one column per setting with S1 and ST and their 95% bootstrap
/// intervals; then the cells that never change. Also as Markdown and canonical JSON.
public enum SensitivityRenderer {
    /// The report of `bootstrap` (its sums and intervals), an analysis of `analysis`.
    public static func text(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> String {
        let words = words(bootstrap, analysis: analysis)
        var lines = words.header + [""] + words.key.map { "  \($0.letter) = \($0.path) ~ \($0.prior)" } + [""]
        if words.rows.isEmpty {
            lines.append("no outcome changes over the prior")
        } else {
            lines += CalibrationRenderer.aligned([words.columns] + words.rows).map { "  " + $0 }
        }
        if !words.constant.isEmpty { lines += ["", "never change over the prior:"] + words.constant.map { "  " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report in Markdown.
    public static func markdown(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> String {
        let words = words(bootstrap, analysis: analysis)
        var lines = ["### " + words.header[0], ""] + words.header.dropFirst().map { "- " + $0 } + [""]
        lines += words.key.map { "- \($0.letter): `\($0.path)` ~ `\($0.prior)`" } + [""]
        if words.rows.isEmpty {
            lines.append("No outcome changes over the prior.")
        } else {
            lines.append("| " + words.columns.joined(separator: " | ") + " |")
            lines.append("|" + String(repeating: "---|", count: words.columns.count))
            lines += words.rows.map { "| " + $0.joined(separator: " | ") + " |" }
        }
        if !words.constant.isEmpty { lines += ["", "Never change over the prior:", ""] + words.constant.map { "- " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the text and Markdown reports say.
    struct Words {
        var header: [String], key: [(letter: String, path: String, prior: String)], columns: [String], rows: [[String]], constant: [String]
    }

    static func words(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> Words {
        let scenario = analysis.scenario, sums = bootstrap.sums
        let d = analysis.settings
        let header = [
            "sensitivity of \(scenario.name) over its prior: \(TimeFormatting.grouped(analysis.samples)) base samples × \(d + 2) = \(TimeFormatting.grouped(analysis.samples * (d + 2))) parameter sets (Saltelli, Sobol sequence with digital shift seed \(analysis.seed))",
            "first-order (S1) and total (ST) Sobol indices of each outcome (finished = 1, else 0), each with its 95% bootstrap interval (\(bootstrap.resamples) resamples of the base samples); ST near 0: the setting does not matter there",
            "estimates are noisy at small N and may stray outside 0…1 (nothing is clamped): read the interval, and raise --samples when it is wide",
        ]
        let key = (0..<d).map { (letter($0), scenario.uncertainties[$0].path, scenario.uncertainties[$0].distribution.description) }
        var rows: [[String]] = [], constant: [String] = []
        for output in 0..<sums.sumA.count {
            let name = outputName(output, scenario)
            let share = sums.finishedShare(output: output)
            guard sums.variance(output: output) > 0 else {
                constant.append("\(name) (\(share == 1 ? "always finishes" : "never finishes"))")
                continue
            }
            let cells = (0..<d).map { i in
                "S1 \(estimate(bootstrap.firstOrder(output: output, setting: i)!)), ST \(estimate(bootstrap.total(output: output, setting: i)!))"
            }
            rows.append([name, RateTable.percent(Int((share * 1000).rounded()), of: 1000)] + cells)
        }
        return Words(header: header, key: key, columns: ["cell · procedure", "finished"] + (0..<d).map(letter), rows: rows, constant: constant)
    }

    /// `A`, `B`, … for setting `index`.
    static func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(65 + index))) }

    /// `AppDelegate · Task.detached · foreground`.
    static func outputName(_ output: Int, _ scenario: Scenario) -> String {
        let procedures = scenario.procedures.count, cell = output / procedures
        let hook = cell / scenario.strategies.count, strategy = cell % scenario.strategies.count
        return "\(scenario.hooks[hook].label) · \(scenario.strategies[strategy].name) · \(scenario.procedures[output % procedures].name)"
    }

    /// `0.42 (0.38–0.46)`.
    static func estimate(_ estimate: SobolEstimate) -> String {
        "\(index(estimate.value)) (\(index(estimate.low))–\(index(estimate.high)))"
    }

    /// `0.97`, `-0.01`: two decimals; estimates may stray a little outside 0…1.
    static func index(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        return "\(sign)\(magnitude / 100).\(magnitude % 100 < 10 ? "0" : "")\(magnitude % 100)"
    }
}
