/// One scenario under its two run conditions (`runConditions`: a debug build under the debugger and
/// a release build), as one table: a cell shows its text where both runs agree and
/// `debug → release` where they differ (a verdict or a mark), so that what only the debugger's
/// timings make work stands out.
package enum RunConditionComparison {
    /// The table as text (`markdown: false`) or Markdown; the two tables must be of the same
    /// scenario under `runCondition` `debug` and `release`.
    package static func render(debug: ResultTable, release: ResultTable, markdown: Bool) -> String {
        let layout = TableLayout(debug: debug, release: release)
        return markdown ? MarkdownRenderer.render(layout: layout) : TextRenderer.render(layout: layout)
    }

    /// The cells that differ, as `hook · strategy: debug ○ [t] → release ×`, in table order.
    package static func differences(debug: ResultTable, release: ResultTable) -> [String] {
        zip(debug.cells, release.cells).compactMap { pair in
            let (before, after) = (debug.cellText(pair.0), release.cellText(pair.1))
            guard before != after else { return nil }
            let scenario = debug.scenario
            return "\(scenario.hooks[pair.0.hook].label) · \(scenario.strategies[pair.0.strategy].name): debug \(before) → release \(after)"
        }
    }
}

extension TableLayout {
    /// The layout of ``RunConditionComparison``: the debug table's rows and columns, each cell the
    /// debug text, or `debug → release` where they differ; the legends of both tables, and the
    /// details of each, named by its condition.
    init(debug: ResultTable, release: ResultTable) {
        self.init(debug)
        let other = TableLayout(release)
        title += " (run conditions: debug → release)"
        for row in rows.indices {
            for column in rows[row].cells.indices {
                let text = rows[row].cells[column].text, releaseText = other.rows[row].cells[column].text
                if text != releaseText { rows[row].cells[column].text = text + " → " + releaseText }
            }
        }
        legend += other.legend.filter { !legend.contains($0) }
        let differences = RunConditionComparison.differences(debug: debug, release: release)
        legend.append(
            differences.isEmpty
                ? "every cell reads the same under the debug and the release run condition (runConditions)"
                : "a → b: a under the debug run condition, b under release (runConditions)")
        details = details.map { "debug: " + $0 } + other.details.map { "release: " + $0 } + differences.map { "differs: " + $0 }
    }
}
