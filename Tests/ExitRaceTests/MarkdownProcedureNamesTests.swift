import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceScenario

/// A Markdown measured table names procedures whose names hold spaces, `+` or the word "and".
@Suite("Markdown measured cells: procedure names with spaces")
struct MarkdownProcedureNamesTests {
    /// The reference scenario with its procedures renamed `swipe and home` and `home then swipe+home`.
    static func scenario() -> Scenario {
        var scenario = DefaultScenario.load()
        scenario.procedures[0].name = "swipe and home"
        scenario.procedures[1].name = "home then swipe+home"
        return scenario
    }

    static func masks(_ cells: [String]) throws -> [UInt32] {
        let rows = ["AppDelegate", "SceneDelegate", "Notification"]
        let markdown = "| hook | Task |\n|---|---|\n"
            + zip(rows, cells).map { "| \($0) | \($1) |" }.joined(separator: "\n")
        let table = try MeasurementsDecoder.decodeMarkdown(markdown, file: "m.md")
        return try table.resolve(against: scenario()).map(\.finishedMask)
    }

    @Test("a name with spaces and + is matched whole, longest first; and/only between names separate")
    func namesWithSpaces() throws {
        expectEqual(try Self.masks(["△ home then swipe+home only", "△ (swipe and home only)", "×"]), [0b10, 0b01, 0])
        expectEqual(try Self.masks(["△ \"home then swipe+home\"", "△ `swipe and home`", "○"]), [0b10, 0b01, 0b11])
    }

    @Test("a name the scenario does not know is still reported word by word")
    func unknownNames() throws {
        let table = try MeasurementsDecoder.decodeMarkdown(
            "| hook | Task |\n|---|---|\n| AppDelegate | △ home then swipe and leave |", file: "m.md")
        do {
            _ = try table.resolve(against: Self.scenario())
            Issue.record("resolved unknown procedures")
        } catch {
            let text = error.description
            expectContains(text, "no procedure \"leave\"", "\(text)")
            expectContains(text, "no procedure \"home\"", "\(text)")
            expectNotContains(text, "no procedure \"and\"", "\(text)")
        }
    }

    @Test("the reference names read as before")
    func referenceNames() {
        expectEqual(MeasuredProcedureList.names(in: " (background only)"), ["background"])
        expectEqual(MeasuredProcedureList.names(in: " foreground, background"), ["foreground", "background"])
        expectEqual(MeasuredProcedureList.names(in: " foreground and background", known: ["foreground", "background"]),
            ["foreground", "background"])
        expectEqual(MeasuredProcedureList.names(in: " background+foreground", known: ["foreground", "background"]),
            ["background", "foreground"])
    }
}
