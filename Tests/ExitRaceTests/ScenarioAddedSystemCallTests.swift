import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceScenario

/// A file that extends another and adds a system call that no step calls is refused at the member,
/// with the inherited name it most likely misspells; adding a call that a step of the file calls is fine.
@Suite("extend: an added system call that nothing calls")
struct ScenarioAddedSystemCallTests {
    static func write(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-added-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return directory
    }

    @Test("a typo of an inherited call's name is an error with did-you-mean, at the member")
    func typoIsAnError() throws {
        let directory = try Self.write([
            "costs.json": #"{"extend": "builtin:live-activity", "systemCalls": {"Activity.edn": {"costMs": 3}}}"#
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("costs.json").path
        #expect(throws: InputError.self) { try ScenarioLoader.load(path: path) }
        do {
            _ = try ScenarioLoader.resolve(path: path)
            Issue.record("expected an error")
        } catch {
            let text = error.diagnostics.map(\.description)
            expectEqual(text, ["\(path):1:53: error: systemCalls[\"Activity.edn\"]: expected a system call that a step calls "
                + "(this file adds it to the ones it extends), found none calling it; did you mean \"Activity.end\"?; to "
                + "set an inherited call, use its name; to add one, call it from a strategy's program"])
        }
    }

    @Test("an added call that a strategy of the file calls, and a call set to null, are accepted")
    func calledAdditionIsFine() throws {
        let directory = try Self.write([
            "more.json": #"""
                {"extend": "builtin:live-activity", "systemCalls": {"Log.flush": {"costMs": 3}},
                 "strategies": {"flush": {"program": [{"op": "task", "body": [{"op": "call", "name": "Log.flush"}]}]}}}
                """#
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try ScenarioLoader.load(path: directory.appendingPathComponent("more.json").path)
        #expect(scenario.systemCalls.contains { $0.name == "Log.flush" })
    }
}
