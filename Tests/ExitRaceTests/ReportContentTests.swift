import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceExplain

@Suite("Report content")
struct ReportContentTests {
    /// The default scenario's report content, computed once for the suites that read it (its
    /// sweeps take seconds in a debug build).
    static let defaultContent = ReportContent.compute([DefaultScenario.load()])

    @Test("one section per scenario; each cell's traces, one per procedure, tell the outcomes of its table cell", .heavy)
    func tracesMatchTheTable() {
        let scenario = DefaultScenario.load()
        // The second section's scenario without its sweeps, which the report computes and this test does not read.
        var withoutSweeps = scenario
        withoutSweeps.sweeps = []
        let content = ReportContent.compute([scenario, withoutSweeps])
        expectEqual(content.sections.count, 2)
        expectEqual(content.sections[1].table.cells, content.sections[0].table.cells)
        let section = content.sections[0]
        expectEqual(section.table, Simulator(scenario: scenario).table())
        for cell in section.table.cells {
            let traces = section.traces(hook: cell.hook, strategy: cell.strategy)
            expectEqual(traces.map(\.outcome), cell.outcomes)
            expectEqual(traces.map(\.procedure), Array(scenario.procedures.indices))
            #expect(traces.allSatisfy { $0.hook == cell.hook && $0.strategy == cell.strategy })
        }
    }

    @Test("the page is a function of the content: rendering twice gives the same bytes", .heavy)
    func renderingIsPure() {
        expectEqual(HTMLReport.render(Self.defaultContent), HTMLReport.render(Self.defaultContent))
    }
}
