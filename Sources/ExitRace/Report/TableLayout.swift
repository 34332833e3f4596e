/// A result table cut into the sections every renderer shows: the title, column and row titles,
/// the text of each cell, the legend, the procedures and the details of marked cells.
///
/// Built once from a ``ResultTable``. The text, Markdown and HTML renderers differ only in how they
/// escape, align and decorate these strings, so what a table says is decided here, once. Strings
/// are plain: no renderer's escaping is applied.
package struct TableLayout {
    /// A strategy.
    package struct Column {
        package var title: String
        /// The strategy's source, shown by the HTML report; may be empty.
        package var code: String
    }

    /// A hook and its cells, one per column.
    package struct Row {
        package var title: String
        package var cells: [Cell]
    }

    package struct Cell {
        package var hook: Int
        package var strategy: Int
        /// `○`, `△ background`, `× [d]`: see ``ResultTable/cellText(_:)``.
        package var text: String
        package var verdict: ResultTable.Verdict
    }

    package struct Procedure {
        package var name: String
        package var label: String

        /// `separator + label`, or nothing when the label is the name (a procedure without one).
        package func labelSuffix(_ separator: String) -> String { label == name ? "" : separator + label }
    }

    /// The title of the column that holds the row titles.
    package static let cornerTitle = "hook"

    /// The scenario's name and title, which every renderer joins with `: `.
    package var name: String
    package var title: String
    /// What heads the table: `name: title`, or the name alone when the scenario has no title of
    /// its own (its title is then its name: `minimal`, not `minimal: minimal`).
    package var heading: String { title.isEmpty || title == name ? name : "\(name): \(title)" }
    package var columns: [Column]
    package var rows: [Row]
    package var legend: [String]
    package var procedures: [Procedure]
    /// One line per marked cell and kind of mark; empty when no cell is marked.
    package var details: [String]
    /// Lines under the title saying what a sampled table sampled; empty for a plain table.
    package var summary: [String] = []
    /// A sampled table's rates, one line per cell; empty for a plain table.
    package var rates: [String] = []
    /// What the rate lines give, for their heading (``RateTable/rateHeading``).
    package var rateHeading = ""

    /// With `exploration`: `[o]` on order-sensitive cells, its key and a details line per
    /// order-sensitive cell run (nothing more when no cell is order-sensitive).
    package init(_ table: ResultTable, exploration: ScenarioExploration? = nil) {
        let legend = table.legendLines() + (exploration?.legendLines() ?? [])
        let details = table.detailLines() + (exploration?.detailLines() ?? [])
        self.init(table.scenario, legend: legend, details: details, undelivered: Self.undeliveredDetails(table)) {
            hook, strategy in
            let cell = table.cell(hook: hook, strategy: strategy)
            let marked = exploration?.isOrderSensitive(hook: hook, strategy: strategy) == true
            return (table.cellText(cell) + (marked ? " [o]" : ""), cell.verdict)
        }
    }

    /// The parts every table shares: the names of the scenario's rows, columns and procedures,
    /// with each cell's text and verdict from `cell(hook, strategy)`.
    private init(
        _ scenario: Scenario, legend: [String], details: [String], undelivered: [String],
        cell: (Int, Int) -> (text: String, verdict: ResultTable.Verdict)
    ) {
        name = scenario.name
        title = scenario.title
        columns = scenario.strategies.map { Column(title: $0.name, code: $0.code) }
        rows = scenario.hooks.indices.map { hook in
            Row(
                title: scenario.hooks[hook].label,
                cells: scenario.strategies.indices.map { strategy in
                    let (text, verdict) = cell(hook, strategy)
                    return Cell(hook: hook, strategy: strategy, text: text, verdict: verdict)
                })
        }
        self.legend = legend
        procedures = scenario.procedures.map { Procedure(name: $0.name, label: $0.label) }
        // A row no procedure calls is × throughout: say why under the table, not only in explain.
        let uncalled = scenario.uncalledHooks.map { uncalled in
            "\(scenario.hooks.first { $0.name == uncalled.hook }?.label ?? uncalled.hook): \(uncalled.why)"
        }
        // A program per callback that a run never delivers owes nothing: say so, not only in explain.
        self.details = details + uncalled + undelivered + scenario.placeholderNotes
    }

    /// The layout of a sampled table: rates in the cells, what was sampled under the title, and
    /// each cell's counts with their intervals.
    /// The `[n]` of code not delivered is read from a run of each cell at the scenario's nominal
    /// values (the rate table counts outcomes, not which callbacks each replication delivered).
    package init(_ table: RateTable) {
        let nominal = table.scenario.strategies.contains { !$0.callbackPrograms.isEmpty }
            ? Simulator(scenario: table.scenario).table() : nil
        var legend = table.legendLines()
        if let nominal, nominal.cells.contains(where: VerdictSentence.leftCleanupUndelivered) {
            legend.append(VerdictSentence.undeliveredLegend.replacingOccurrences(
                of: "under a procedure,", with: "under a procedure, in a run at the scenario's nominal values,"))
        }
        let undelivered = nominal.map(Self.undeliveredDetails) ?? []
        self.init(table.scenario, legend: legend, details: table.detailLines(), undelivered: undelivered) { hook, strategy in
            let cell = table.cell(hook: hook, strategy: strategy)
            let skipped = nominal.map { VerdictSentence.leftCleanupUndelivered($0.cell(hook: hook, strategy: strategy)) } ?? false
            return (table.cellText(cell) + (skipped ? " [n]" : ""), cell.verdict)
        }
        summary = table.summaryLines()
        rates = table.rateLines()
        rateHeading = table.rateHeading
    }
}
