import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

@Suite("Scenario files")
struct ScenarioDecoderTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the built-in default is byte-identical to scenarios/live-activity.json")
    func defaultMatchesFile() throws {
        let url = Self.repository.appendingPathComponent(DefaultScenario.fileName)
        let file = try String(contentsOf: url, encoding: .utf8)
        expectEqual(file, DefaultScenario.json + "\n", "regenerate Sources/ExitRace/Scenario/DefaultScenario.swift from the file")
        expectEqual(try ScenarioLoader.load(path: url.path), DefaultScenario.load().renamed(DefaultScenario.load().name))
    }

    @Test("every shipped scenario loads")
    func shippedScenariosLoad() throws {
        let directory = Self.repository.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            #expect(throws: Never.self, "\(file)") { try ScenarioLoader.load(path: directory.appendingPathComponent(file).path) }
        }
    }

    @Test("file order is table order, and durations become integer nanoseconds")
    func orderAndUnits() {
        let scenario = DefaultScenario.load()
        expectEqual(scenario.hooks.map(\.label), ["AppDelegate", "SceneDelegate", "Notification"])
        expectEqual(scenario.strategies.first?.name, "Task")
        expectEqual(scenario.procedures.map(\.name), ["foreground", "background"])
        expectEqual(scenario.timing.startLatency(.userInitiated).nanoseconds, 100_000)
        expectEqual(scenario.timing.startLatency(.userInteractive).nanoseconds, 50_000)
    }

    func diagnostics(_ json: String) -> [Diagnostic] {
        do {
            _ = try ScenarioDecoder.decode(json, file: "broken.json")
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The default scenario with one textual substitution.
    func broken(_ original: String, _ replacement: String) -> [Diagnostic] {
        precondition(DefaultScenario.json.contains(original), "test fixture: \(original) not found")
        return diagnostics(DefaultScenario.json.replacingOccurrences(of: original, with: replacement))
    }

    @Test("not JSON at all: the position and what was expected")
    func syntaxError() {
        let found = diagnostics("{\n  \"name\": \"x\",\n  oops\n}")
        expectEqual(found.map(\.description), [
            "broken.json:3:3: error: not valid JSON: expected a member name in double quotes, found 'o'"
        ])
    }

    @Test("an unknown member gets a did-you-mean, with path, line and column")
    func unknownMember() {
        let found = broken(#""exitDurationMs": 3"#, #""exitDurationMS": 3"#)
        expectEqual(found.map(\.description), [
            #"broken.json:7:5: error: timing.exitDurationMS: unknown member "exitDurationMS"; did you mean "exitDurationMs"?"#
        ])
    }

    @Test("a negative duration names its path inside the procedure")
    func negativeDuration() {
        let found = broken(#"{ "op": "delay", "ms": 50,"#, #"{ "op": "delay", "ms": -50,"#)
        expectEqual(found.count, 1)
        expectEqual(found.first?.path, "procedures.background.steps[2].ms")
        expectEqual(found.first?.message, "expected milliseconds from 0 to 1000000000, found the number -50")
    }

    @Test("every problem in a file is reported in one go")
    func allProblemsAtOnce() {
        var json = DefaultScenario.json
        json = json.replacingOccurrences(of: #""cooperativePoolWidth": 6"#, with: #""cooperativePoolWidth": 0"#)
        json = json.replacingOccurrences(of: #""name": "willTerminateNotification" }"#, with: #""name": "willTerminateNotificaton" }"#)
        json = json.replacingOccurrences(of: #""priority": "high""#, with: #""priority": "urgent""#)
        let found = diagnostics(json)
        expectEqual(found.map(\.path), [
            "timing.cooperativePoolWidth",
            "strategies[\"Task.detached(priority: .high)\"].program[0].priority",
            "procedures.foreground.steps[1].actions[3].name",
            "procedures.background.steps[4].actions[0].name",
        ])
        #expect(found[2].message.hasSuffix(#"did you mean "willTerminateNotification"?"#))
    }

    @Test("await outside a task body is rejected before anything runs")
    func awaitNeedsTask() {
        let found = broken(
            #"{ "op": "dispatch", "queue": "main", "body": [\#n          { "op": "task", "body": [{ "op": "call", "name": "Activity.end" }] }\#n        ] }"#,
            #"{ "op": "dispatch", "queue": "main", "body": [{ "op": "call", "name": "Activity.end" }] }"#)
        expectEqual(found.count, 1)
        expectEqual(found.first?.path, "strategies[\"DispatchQueue.main.async\"].program[0].body[0]")
        expectEqual(found.first?.message.hasPrefix("\"call\" (an await) needs an async context"), true)
    }

    @Test("an unknown system call is an error with a suggestion")
    func unknownCall() {
        let found = broken(
            #"{ "op": "detached", "priority": "high", "body": [{ "op": "call", "name": "Activity.end" }] }"#,
            #"{ "op": "detached", "priority": "high", "body": [{ "op": "call", "name": "Activity.ned" }] }"#)
        expectEqual(found.map(\.path), ["strategies[\"Task.detached(priority: .high)\"].program[0].body[0].name"])
        #expect(found[0].message.hasSuffix(#"did you mean "Activity.end"?"#))
    }

    @Test("a strategy that never calls a cleanup system call is an error")
    func noCleanup() {
        let found = broken(
            #"{ "op": "detached", "priority": "high", "body": [{ "op": "call", "name": "Activity.end" }] }"#,
            #"{ "op": "detached", "priority": "high", "body": [{ "op": "work", "ms": 1 }] }"#)
        expectEqual(found.map(\.path), ["strategies[\"Task.detached(priority: .high)\"].program"])
        expectEqual(found.first?.message, "expected the program to call a cleanup system call (Activity.end) somewhere, found none")
    }

    @Test("hostile inputs end in a diagnostic, never a crash", arguments: [
        "", "   ", "[]", "null", "{", "{\"name\": }", String(repeating: "[", count: 10_000), "{\"a\": 1e999}",
        "\u{FEFF}{}", "{\"name\": \"\\ud800\"}", "{\"name\": \"x\"} trailing",
    ])
    func hostileInputs(text: String) {
        #expect(!diagnostics(text).isEmpty)
    }

    @Test("invalid UTF-8 is a diagnostic")
    func invalidUTF8() {
        do {
            _ = try ScenarioDecoder.decode([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], file: "bad.json")
            Issue.record("expected an error")
        } catch {
            expectEqual(error.diagnostics.first?.message, "not valid JSON: expected UTF-8 text, found byte 0xFF")
        }
    }

    @Test("missing files and directories are diagnostics naming the path")
    func missingFile() {
        #expect(throws: InputError([Diagnostic(file: "/nonexistent/x.json", path: "", message: "no such file")])) {
            try ScenarioLoader.load(path: "/nonexistent/x.json")
        }
        #expect(throws: InputError([Diagnostic(file: "/tmp", path: "", message: "expected a scenario file, found a directory")])) {
            try ScenarioLoader.load(path: "/tmp")
        }
    }
}

extension Scenario {
    func renamed(_ name: String) -> Scenario {
        var copy = self
        copy.name = name
        return copy
    }
}
