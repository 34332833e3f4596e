import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// `[n]`: a cell whose strategy has a program per callback, one of which holds cleanup calls and is
/// not delivered under a procedure, says so in the cell, not only in a details line (a newcomer read
/// the whole app's ○ as every cleanup finishing, though applicationWillTerminate's never ran).
@Suite("Tables: the [n] mark of code that did not run")
struct UndeliveredMarkTests {
    static func layout() throws -> TableLayout {
        let scenario = try SwiftImportConstructTests.load(
            try SwiftImportTests.run(["SceneDelegate.swift": SwiftImportWholeAppTests.uploadApp]))
        return TableLayout(Simulator(scenario: scenario).table())
    }

    @Test("the your app cell is marked [n], with its legend line; cells of one program are not")
    func yourAppCellIsMarked() throws {
        let layout = try Self.layout()
        let yourApp = try #require(layout.rows.first { $0.title == "your app" })
        let column = try #require(layout.columns.firstIndex { $0.title == "your app" })
        #expect(yourApp.cells[column].text.hasSuffix(" [n]"))
        let others = layout.rows.flatMap(\.cells).filter { layout.columns[$0.strategy].title != "your app" }
        #expect(!others.isEmpty && others.allSatisfy { !$0.text.contains("[n]") })
        #expect(layout.legend.contains(VerdictSentence.undeliveredLegend))
        #expect(layout.details.contains { $0.contains("not delivered under this procedure") }, "the details say which")
    }

    @Test("sampled tables mark the same cell")
    func sampledTableMarksIt() throws {
        let scenario = try SwiftImportConstructTests.load(
            try SwiftImportTests.run(["SceneDelegate.swift": SwiftImportWholeAppTests.uploadApp]))
        let hook = try #require(scenario.hooks.firstIndex { $0.name == "your app" })
        let strategy = try #require(scenario.strategies.firstIndex { $0.name == "your app" })
        #expect(VerdictSentence.leavesCleanupUndelivered(scenario, hook: hook, strategy: strategy))
        let layout = TableLayout(SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: 2, seed: 1)).run(parallel: false))
        #expect(layout.rows[hook].cells[strategy].text.hasSuffix(" [n]"))
        #expect(layout.legend.contains(VerdictSentence.undeliveredLegend))
    }
}
