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
        #expect(layout.columns.map(\.title) == scenario.strategies.map(\.name))
        #expect(layout.rows.map(\.title) == scenario.hooks.map(\.label))
        #expect(layout.procedures.map(\.name) == scenario.procedures.map(\.name))
        for (hook, row) in layout.rows.enumerated() {
            #expect(row.cells.count == scenario.strategies.count)
            for (strategy, cell) in row.cells.enumerated() {
                let tableCell = Self.table.cell(hook: hook, strategy: strategy)
                #expect(cell.hook == hook && cell.strategy == strategy)
                #expect(cell.text == Self.table.cellText(tableCell))
                #expect(cell.verdict == tableCell.verdict)
            }
        }
        #expect(layout.legend == Self.table.legendLines())
        #expect(layout.details == Self.table.detailLines())
    }

    @Test("every renderer shows the same cell texts and legend")
    func renderersAgree() {
        let layout = TableLayout(Self.table)
        let text = TextRenderer.render(Self.table)
        let markdown = MarkdownRenderer.render(Self.table)
        for line in layout.legend {
            #expect(text.contains(line))
            #expect(markdown.contains("- \(MarkdownRenderer.escape(line))\n"))
        }
        for cell in layout.rows.flatMap(\.cells) {
            #expect(text.contains(cell.text))
            #expect(markdown.contains(MarkdownRenderer.escape(cell.text)))
        }
    }
}
