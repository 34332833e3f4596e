import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// Procedure names holding a comma, `+` or "and" are quoted in lists, so that a list reads as the
/// procedures it names.
@Suite("Procedure names in lists")
struct ProcedureNameListTests {
    static func scenario() -> Scenario {
        var scenario = DefaultScenario.load()
        scenario.procedures[0].name = "swipe, then home"
        scenario.procedures[1].name = "home and leave"
        return scenario
    }

    @Test("names that hold a list's separator are quoted; plain names are not")
    func quoting() {
        expectEqual(CellText.procedureList(["background", "foreground"]), "background+foreground")
        expectEqual(CellText.procedureProse(["foreground swipe", "background"]), "foreground swipe, background")
        expectEqual(CellText.procedureList(["swipe+home", "leave"]), "\"swipe+home\"+leave")
        expectEqual(CellText.procedureProse(["swipe, then home", "home and leave", "leave only"]),
            "\"swipe, then home\", \"home and leave\", \"leave only\"")
    }

    @Test("a table's cells, legend and details quote such names, and a Markdown measured cell reads them back")
    func tableQuotes() throws {
        let table = Simulator(scenario: Self.scenario()).table()
        let legend = table.legendLines().joined(separator: "\n")
        expectContains(legend, "(\"swipe, then home\", \"home and leave\")", "\(legend)")
        let partial = table.cells.map { table.cellText($0) }.filter { $0.hasPrefix("△") }
        #expect(!partial.isEmpty)
        #expect(partial.allSatisfy { $0.hasPrefix("△ \"home and leave\"") || $0.hasPrefix("△ \"swipe, then home\"") }, "\(partial)")
        let markdown = "| hook | Task |\n|---|---|\n| AppDelegate | \(partial[0]) |"
        let measured = try MeasurementsDecoder.decodeMarkdown(markdown, file: "m.md").resolve(against: Self.scenario())
        #expect(measured.map(\.finishedMask).allSatisfy { $0 == 0b01 || $0 == 0b10 })
    }
}
