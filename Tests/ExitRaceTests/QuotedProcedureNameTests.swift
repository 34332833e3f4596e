import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceReport
@testable import ExitRaceScenario

/// A procedure whose name holds a double quote round-trips: a table writes it as `"say \"bye\""`
/// (``CellText/procedureName(_:)``), and a Markdown measured cell copied from that table reads it
/// back, from the table as shown or from its Markdown source (where `\` is written `\\`).
@Suite("Markdown measured cells: a quote in a procedure's name")
struct QuotedProcedureNameTests {
    static func scenario() -> Scenario {
        var scenario = DefaultScenario.load()
        scenario.procedures[0].name = "say \"bye\", then home"
        return scenario
    }

    static func mask(_ cell: String) throws -> UInt32 {
        let markdown = "| hook | Task |\n|---|---|\n| AppDelegate | \(cell) |"
        let table = try MeasurementsDecoder.decodeMarkdown(markdown, file: "m.md")
        return try #require(try table.resolve(against: scenario()).first).finishedMask
    }

    @Test("the cell as the table shows it and as its Markdown source writes it both name the procedure")
    func roundTrip() throws {
        let names = Self.scenario().procedures.map(\.name)
        let shown = "△ " + CellText.procedureList([names[0]])
        expectEqual(shown, "△ \"say \\\"bye\\\", then home\"")
        expectEqual(try Self.mask(shown), 0b01)
        expectEqual(try Self.mask(MarkdownRenderer.escape(shown)), 0b01)
    }

    @Test("a backslash not before a quote stays; a quote left open runs to the end")
    func otherBackslashes() {
        expectEqual(MeasuredProcedureList.names(in: #" "a\b" and "c\"d""#), [#"a\b"#, #"c"d"#])
        expectEqual(MeasuredProcedureList.names(in: #" "open\""#), [#"open""#])
        expectEqual(MeasuredProcedureList.names(in: " `a\\` and b"), ["a\\", "b"])
    }
}
