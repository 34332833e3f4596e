/// One scenario under its two run conditions (`runConditions`: a debug build under the debugger and
/// a release build), as one table: a cell shows one verdict where both agree and `debug → release`
/// where they differ, so that what only the debugger's timings make work stands out.
public enum RunConditionComparison {
    /// The table as text (`markdown: false`) or Markdown; the two tables must be of the same
    /// scenario under `runCondition` `debug` and `release`.
    public static func render(debug: ResultTable, release: ResultTable, markdown: Bool) -> String {
        let layout = TableLayout(debug: debug, release: release)
        return markdown ? MarkdownRenderer.render(layout: layout) : TextRenderer.render(layout: layout)
    }

    /// The cells whose verdict differs, as `hook · strategy: debug ○ → release ×`, in table order.
    public static func differences(debug: ResultTable, release: ResultTable) -> [String] {
        zip(debug.cells, release.cells).compactMap { pair in
            guard pair.0.verdict != pair.1.verdict else { return nil }
            let scenario = debug.scenario
            return "\(scenario.hooks[pair.0.hook].label) · \(scenario.strategies[pair.0.strategy].name): "
                + "debug \(debug.cellText(pair.0)) → release \(release.cellText(pair.1))"
        }
    }
}

extension TableLayout {
    /// The layout of ``RunConditionComparison``: the debug table's rows and columns, each cell the
    /// debug text, or `debug → release` where the verdicts differ.
    init(debug: ResultTable, release: ResultTable) {
        self.init(debug)
        title += " (run conditions: debug → release)"
        for row in rows.indices {
            for column in rows[row].cells.indices {
                let cell = rows[row].cells[column]
                let other = release.cell(hook: cell.hook, strategy: cell.strategy)
                guard other.verdict != cell.verdict else { continue }
                rows[row].cells[column].text = cell.text + " → " + release.cellText(other)
            }
        }
        let differences = RunConditionComparison.differences(debug: debug, release: release)
        legend.append(
            differences.isEmpty
                ? "every cell has the same verdict under the debug and the release run condition (runConditions)"
                : "a → b: a under the debug run condition, b under release (runConditions)")
        details += differences.map { "differs: " + $0 }
    }
}
