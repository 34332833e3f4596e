/// A sensitivity analysis in words: per cell and kill procedure whose outcome varies over the
/// prior, S1 and ST of each setting with their 95% bootstrap intervals (in the terminal, a block
/// per group of cells alike; in Markdown, a table with a column per setting); then the cells
/// that never change. Also as canonical JSON.
package enum SensitivityRenderer {
    /// The report of `bootstrap` (its sums and intervals), an analysis of `analysis`, for a
    /// terminal: cells whose indices are all the same are one block; in a block, the settings that
    /// matter, the most decisive first, each with S1 and ST; the settings that changed no outcome
    /// in one line. Lines fit 120 columns (the wide table is the Markdown form).
    package static func text(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> String {
        let words = words(bootstrap, analysis: analysis)
        var lines = words.header.flatMap { ProseWrapping.lines($0) } + [""]
        lines += words.key.map { "  \($0.path) ~ \($0.prior)" } + [""]
        if words.blocks.isEmpty { lines.append("no outcome changes over the prior") }
        for block in words.blocks {
            lines += block.cells
            lines.append("  finished in \(block.finished) of the prior; the settings that decide it:")
            if let warning = block.warning { lines += ProseWrapping.lines("warning: " + warning, indent: "  ") }
            let width = block.settings.map(\.path.count).max() ?? 0
            let firstOrderWidth = block.settings.map(\.firstOrder.count).max() ?? 0
            for setting in block.settings {
                let pad = String(repeating: " ", count: width - setting.path.count)
                let firstOrderPad = String(repeating: " ", count: firstOrderWidth - setting.firstOrder.count)
                lines.append("    \(setting.path)\(pad)  S1 \(setting.firstOrder)\(firstOrderPad)  ST \(setting.total)")
            }
            if !block.irrelevant.isEmpty {
                lines += ProseWrapping.lines("no draw changed the outcome by changing only " + block.irrelevant.joined(separator: " or "), indent: "    ")
            }
            lines.append("")
        }
        if !words.constant.isEmpty { lines += ["never change over the prior:"] + words.constant.map { "  " + $0 } }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report in Markdown.
    package static func markdown(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> String {
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
        let warnings = words.blocks.flatMap { block in block.warning.map { warning in block.cells.map { "- ⚠ \($0): \(warning)" } } ?? [] }
        if !warnings.isEmpty { lines += ["", "Too few samples with the rarer outcome:", ""] + warnings }
        if !words.constant.isEmpty { lines += ["", "Never change over the prior:", ""] + words.constant.map { "- " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the text and Markdown reports say.
    package struct Words {
        var header: [String], key: [(letter: String, path: String, prior: String)], columns: [String], rows: [[String]], constant: [String]
        /// The text form: cells with the same indices together.
        var blocks: [Block]
    }

    /// Cells (with their procedure) whose outcome share and every index are the same.
    struct Block {
        var cells: [String], finished: String
        /// The settings that changed an outcome, by total index, largest first.
        var settings: [(path: String, firstOrder: String, total: String)]
        /// The settings whose total index is exactly 0 (no draw changed the outcome through them).
        var irrelevant: [String]
        /// When fewer than ``minimumMinority`` of the base parameter sets had the rarer outcome:
        /// `only 3 of 128 base parameter sets finished: …`.
        var warning: String?
    }

    /// The fewest base parameter sets (of the 2N in the A and B matrices) that must have the rarer
    /// outcome, finished or not, for the indices and their bootstrap intervals to be trusted.
    /// Below it, the estimator sees a handful of flips, and the bootstrap resamples the same
    /// handful, so its interval is narrow around a wrong value (with N = 64 and 3 flips, S1 = 2.02
    /// (1.99–2.05) where the truth is 1). 30: the usual rule of thumb for a count to be read
    /// through a normal approximation.
    package static let minimumMinority = 30

    /// The warning for an output whose rarer outcome was seen in fewer than ``minimumMinority``
    /// base parameter sets; `nil` otherwise.
    static func fewSamplesWarning(_ sums: SensitivitySums, output: Int) -> String? {
        let total = 2 * sums.samples, finished = sums.sumA[output] + sums.sumB[output]
        let minority = Swift.min(finished, total - finished)
        guard minority < minimumMinority else { return nil }
        let what = finished == minority ? "finished" : "failed"
        return "only \(TimeFormatting.grouped(minority)) of \(TimeFormatting.grouped(total)) base parameter sets \(what): "
            + "the indices and intervals are unreliable; raise --samples"
    }

    package static func words(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> Words {
        let scenario = analysis.scenario, sums = bootstrap.sums
        let d = analysis.settings
        let header = [
            "sensitivity of \(scenario.name) over its prior: \(TimeFormatting.counted(analysis.samples, "base sample")) × \(d + 2) = \(TimeFormatting.grouped(analysis.samples * (d + 2))) parameter sets (Saltelli, Sobol sequence with digital shift seed \(analysis.seed))",
            "first-order (S1) and total (ST) Sobol indices of each outcome (finished = 1, else 0), each with its 95% bootstrap interval (\(TimeFormatting.grouped(bootstrap.resamples)) resamples of the base samples); ST near 0: the setting does not matter there",
            "estimates are noisy at small N and may stray outside 0…1 (nothing is clamped): read the interval, and raise --samples when it is wide",
        ]
        let key = (0..<d).map { (letter($0), scenario.uncertainties[$0].path, scenario.uncertainties[$0].distribution.description) }
        var rows: [[String]] = [], constant: [String] = [], blocks: [Block] = []
        for output in 0..<sums.sumA.count {
            let name = outputName(output, scenario)
            let share = sums.finishedShare(output: output)
            guard sums.variance(output: output) > 0 else {
                constant.append("\(name) (\(share == 1 ? "always finishes" : "never finishes"))")
                continue
            }
            let finished = RateTable.percent(sums.sumA[output] + sums.sumB[output], of: 2 * sums.samples)
            let cells = (0..<d).map { i in
                "S1 \(estimate(bootstrap.firstOrder(output: output, setting: i)!)), ST \(estimate(bootstrap.total(output: output, setting: i)!))"
            }
            rows.append([name, finished] + cells)
            var block = block(output, name: name, finished: finished, bootstrap, key: key)
            block.warning = fewSamplesWarning(sums, output: output)
            if let same = blocks.firstIndex(where: {
                $0.finished == finished && $0.settings.elementsEqual(block.settings, by: { $0 == $1 }) && $0.irrelevant == block.irrelevant
                    && $0.warning == block.warning
            }) {
                blocks[same].cells.append(name)
            } else {
                blocks.append(block)
            }
        }
        return Words(header: header, key: key, columns: ["cell · procedure", "finished"] + (0..<d).map(letter), rows: rows, constant: constant, blocks: blocks)
    }

    /// One cell's block: its settings by total index, largest first (on a tie, in the key's order).
    private static func block(
        _ output: Int, name: String, finished: String, _ bootstrap: SensitivityBootstrap, key: [(letter: String, path: String, prior: String)]
    ) -> Block {
        var ranked: [(setting: Int, total: SobolEstimate)] = []
        var irrelevant: [String] = []
        for setting in key.indices {
            let total = bootstrap.total(output: output, setting: setting)!
            if total.value == 0 && total.low == 0 && total.high == 0 { irrelevant.append(key[setting].path) } else { ranked.append((setting, total)) }
        }
        ranked.sort { $0.total.value != $1.total.value ? $0.total.value > $1.total.value : $0.setting < $1.setting }
        let settings = ranked.map { entry in
            (key[entry.setting].path, estimate(bootstrap.firstOrder(output: output, setting: entry.setting)!), estimate(entry.total))
        }
        return Block(cells: [name], finished: finished, settings: settings, irrelevant: irrelevant)
    }

    /// `A`, `B`, … for setting `index`.
    package static func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(65 + index))) }

    /// `AppDelegate · Task.detached · foreground`.
    package static func outputName(_ output: Int, _ scenario: Scenario) -> String {
        let procedures = scenario.procedures.count, cell = output / procedures
        let hook = cell / scenario.strategies.count, strategy = cell % scenario.strategies.count
        return "\(scenario.hooks[hook].label) · \(scenario.strategies[strategy].name) · \(scenario.procedures[output % procedures].name)"
    }

    /// `0.42 (0.38–0.46)`.
    package static func estimate(_ estimate: SobolEstimate) -> String {
        "\(index(estimate.value)) (\(index(estimate.low))–\(index(estimate.high)))"
    }

    /// `0.97`, `-0.01`: two decimals; estimates may stray a little outside 0…1.
    package static func index(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        return "\(sign)\(magnitude / 100).\(magnitude % 100 < 10 ? "0" : "")\(magnitude % 100)"
    }
}
