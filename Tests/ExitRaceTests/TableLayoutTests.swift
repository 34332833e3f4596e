import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain

@Suite("Table layout")
struct TableLayoutTests {
    static let table = Simulator(scenario: DefaultScenario.load()).table()

    @Test("columns are the strategies, rows the hooks, each cell its table cell's text and verdict")
    func sections() {
        let layout = TableLayout(Self.table)
        let scenario = Self.table.scenario
        expectEqual(layout.columns.map(\.title), scenario.strategies.map(\.name))
        expectEqual(layout.rows.map(\.title), scenario.hooks.map(\.label))
        expectEqual(layout.procedures.map(\.name), scenario.procedures.map(\.name))
        for (hook, row) in layout.rows.enumerated() {
            expectEqual(row.cells.count, scenario.strategies.count)
            for (strategy, cell) in row.cells.enumerated() {
                let tableCell = Self.table.cell(hook: hook, strategy: strategy)
                #expect(cell.hook == hook && cell.strategy == strategy)
                expectEqual(cell.text, Self.table.cellText(tableCell))
                expectEqual(cell.verdict, tableCell.verdict)
            }
        }
        expectEqual(layout.legend, Self.table.legendLines())
        expectEqual(layout.details, Self.table.detailLines())
    }

    @Test("every renderer shows the same cell texts and legend")
    func renderersAgree() {
        let layout = TableLayout(Self.table)
        let text = TextRenderer.render(Self.table)
        let markdown = MarkdownRenderer.render(Self.table)
        for line in layout.legend {
            expectContains(text, line)
            expectContains(markdown, "- \(MarkdownRenderer.escape(line))\n")
        }
        for cell in layout.rows.flatMap(\.cells) {
            expectContains(text, cell.text)
            expectContains(markdown, MarkdownRenderer.escape(cell.text))
        }
    }
}
