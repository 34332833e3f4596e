import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceExplain

@Suite("Report content")
struct ReportContentTests {
    @Test("one section per scenario; each cell's traces, one per procedure, tell the outcomes of its table cell")
    func tracesMatchTheTable() {
        let scenario = DefaultScenario.load()
        let content = ReportContent.compute([scenario, scenario])
        #expect(content.sections.count == 2)
        let section = content.sections[0]
        #expect(section.table == Simulator(scenario: scenario).table())
        for cell in section.table.cells {
            let traces = section.traces(hook: cell.hook, strategy: cell.strategy)
            #expect(traces.map(\.outcome) == cell.outcomes)
            #expect(traces.map(\.procedure) == Array(scenario.procedures.indices))
            #expect(traces.allSatisfy { $0.hook == cell.hook && $0.strategy == cell.strategy })
        }
    }

    @Test("the page is a function of the content: rendering twice gives the same bytes")
    func renderingIsPure() {
        let content = ReportContent.compute([DefaultScenario.load()])
        #expect(HTMLReport.render(content) == HTMLReport.render(content))
    }
}
