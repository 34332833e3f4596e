import Testing

@testable import ExitRace
@testable import ExitRaceKernel
@testable import ExitRaceDiagnostics
@testable import ExitRaceJSON
@testable import ExitRaceFiles
@testable import ExitRaceModel
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBatch

/// A scenario's `note` that is an array is checked as any JSON but not built (``UnreadArray``):
/// `validate` of a 16 MiB note array took ~750 MB. Everything that reads the document sees the
/// same thing as before: its text (shard files, fingerprints), equality, decoding, `--set`.
@Suite("Notes left unread")
struct UnreadNoteTests {
    static let document = #"""
        {"name": "n", "note": [1, {"deep": [1, [2, [3]]], "k": "v\tw\u0041\/"}, [], "😀 \ud83d\ude00", 1e5, -0.0, true, null],
         "procedures": {"p": {"note": [], "steps": [{"op": "sigkill", "note": [[], [[]]]}]}},
         "other": [1, 2]}
        """#

    static func parse(unread: Bool) throws -> JSONNode {
        try JSONParser.parse(Array(document.utf8), file: "f.json", unreadKey: unread ? "note" : nil)
    }

    @Test("a note array is kept unread; other arrays are built")
    func kept() throws {
        let node = try Self.parse(unread: true)
        guard case .unreadArray = node["note"]?.value else { Issue.record("note built"); return }
        guard case .array = node["other"]?.value else { Issue.record("other not built"); return }
        expectEqual(node["note"]?.kindDescription, "an array")
    }

    @Test("the document's text, its equality and its elements are those of the built document")
    func sameText() throws {
        let unread = try Self.parse(unread: true)
        let built = try Self.parse(unread: false)
        expectEqual(unread.text, built.text)
        expectEqual(unread, built)
        guard case .unreadArray(let array) = unread["note"]?.value, case .array(let elements) = built["note"]?.value else {
            Issue.record("unexpected shapes"); return
        }
        expectEqual(array.elements, elements)
        expectEqual(array.elements.map(\.position.column), [24, 27, 73, 77, 95, 100, 106, 112])
    }

    @Test("syntax errors inside a note array are the same, at the same place")
    func sameErrors() {
        for text in [#"{"note": [1, 2,, 3]}"#, #"{"note": [1, {"a": 1, "a": 2}]}"#, #"{"note": [1, 2"#, #"{"note": [1, "\x"]}"#] {
            var unread: JSONParser.SyntaxError?
            var built: JSONParser.SyntaxError?
            do { _ = try JSONParser.parse(Array(text.utf8), file: "f", unreadKey: "note") } catch { unread = error }
            do { _ = try JSONParser.parse(Array(text.utf8), file: "f") } catch { built = error }
            #expect(unread != nil && unread == built, "\(text)")
        }
    }

    @Test("a scenario with a note array decodes, resolves and takes --set into it as before")
    func scenario() throws {
        let text = #"{"extend": "builtin:live-activity", "note": [5, 6]}"#
        var root = try ScenarioDecoder.parse(Array(text.utf8), file: "s.json")
        try SettingOverride.parse("note[1]=9").apply(to: &root)
        expectEqual(root["note"]?.text, "[\n  5,\n  9\n]\n")
    }
}
