import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceDiagnostics
@testable import ExitRaceScenario

/// #26 (a later newcomer walk): a result file given where a scenario is expected gets one error
/// saying it looks like a result file, not thirty about its members; and a problem two checks meet
/// (a `hooks` that is no object) is reported once.
@Suite("A result file is not a scenario")
struct ResultFileValidationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func errors(_ load: () throws(InputError) -> Scenario) -> [Diagnostic] {
        do {
            _ = try load()
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test("a committed result file: one error at its start, naming what it looks like")
    func committedResult() {
        let path = Self.root.appendingPathComponent("results/live-activity.json").path
        let errors = Self.errors { () throws(InputError) in try ScenarioLoader.load(path: path) }
        expectEqual(errors.count, 1)
        #expect(errors.first?.line == 1 && errors.first?.column == 1)
        expectEqual(errors.first?.message.hasPrefix(
            "expected a scenario, found what looks like a result file (it has \"formatVersion\" and \"cells\""), true)
    }

    @Test("hooks that is an array (with procedures): reported once, not by both checks that read it")
    func hooksOnce() {
        let json = """
            {"name": "x", "systemCalls": {"c": {"costMs": 1}}, "hooks": [],
             "strategies": {"s": {"program": [{"op": "detached", "body": [{"op": "call", "name": "c"}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "exit"}]}]}}}
            """
        let errors = Self.errors { () throws(InputError) in try ScenarioDecoder.decode(json, file: "x.json") }
        expectEqual(errors.filter { $0.path == "hooks" }.map(\.message), ["expected an object, found an array"])
    }

    @Test("the same problem found twice is reported once, in reading order")
    func identicalOnce() {
        let a = Diagnostic(file: "f.json", path: "hooks", line: 3, column: 2, message: "expected an object, found an array")
        let b = Diagnostic(file: "f.json", path: "name", line: 1, column: 2, message: "expected a string, found the number 3")
        expectEqual([a, b, a].inReadingOrder(), [b, a])
    }
}
