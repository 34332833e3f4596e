import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceReport

/// A second newcomer's walk (issue 26): a scenario file's mistakes reported all at once and once
/// each, settings named by one rule, wide tables that keep their words, rate drift in one unit.
@Suite("A newcomer's second walk: decoding, setting names, tables")
struct NewcomerWalkTwoDecodingTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The scenario of `json`, written to a file of its own (so that it may extend another).
    static func load(_ json: String) throws -> Scenario {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-walk2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("s.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        return try ScenarioLoader.load(path: file)
    }

    /// The problems of `json` as `path: message` lines.
    static func problems(_ json: String) throws -> [String] {
        do {
            _ = try load(json)
            return []
        } catch let error as InputError {
            return error.diagnostics.map { "\($0.path): \($0.message)" }
        }
    }

    @Test("an unknown op still has its body decoded: the errors inside it are reported with the op's")
    func unknownOpBody() throws {
        let problems = try Self.problems(#"""
            {"extend": "builtin:live-activity", "strategies": {"mine": {"program": [
              {"op": "detach", "body": [{"op": "work", "ms": -1}, {"op": "call", "name": "Activity.ned"}]}
            ]}}}
            """#)
        expectEqual(problems.count, 3, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("strategies.mine.program[0].op: ") && $0.contains("did you mean \"detached\"?") })
        #expect(problems.contains { $0.hasPrefix("strategies.mine.program[0].body[0].ms: expected milliseconds") })
        #expect(problems.contains { $0.hasPrefix("strategies.mine.program[0].body[1].name: ") && $0.contains("Activity.end") })
    }

    @Test("an unknown op's body is read as the suggested op's: a detached body may await, and a signal in it counts")
    func unknownOpBodyAsSuggested() throws {
        let problems = try Self.problems(#"""
            {"extend": "builtin:live-activity", "strategies": {"mine": {"program": [
              {"op": "detach", "body": [{"op": "taskSleep", "ms": 1}, {"op": "signal", "semaphore": "s"},
                                        {"op": "call", "name": "Activity.end"}]},
              {"op": "wait", "semaphore": "s"}
            ]}}}
            """#)
        expectEqual(problems.count, 1, "\(problems)")
        expectEqual(problems.first?.hasPrefix("strategies.mine.program[0].op: "), true)
    }

    @Test("a misspelt required member is one error, the suggestion, not also a missing member")
    func misspeltRequiredMember() throws {
        let step = try Self.problems(#"""
            {"extend": "builtin:live-activity", "strategies": {"mine": {"program": [
              {"op": "detached", "body": [{"op": "work", "msec": 3}, {"op": "call", "name": "Activity.end"}]}
            ]}}}
            """#)
        expectEqual(step, ["strategies.mine.program[0].body[0].msec: unknown member \"msec\"; did you mean \"ms\"?"], "\(step)")
        let distribution = try Self.problems(#"""
            {"extend": "builtin:live-activity", "timing": {"exitDurationMs": {"normal": {"mean": 10, "sdev": 2}, "min": 0}}}
            """#)
        expectEqual(distribution, ["timing.exitDurationMs.normal.sdev: unknown member \"sdev\"; did you mean \"sd\"?"], "\(distribution)")
        // A member that is missing and not misspelt is still reported as missing.
        let missing = try Self.problems(#"""
            {"extend": "builtin:live-activity", "strategies": {"mine": {"program": [
              {"op": "detached", "body": [{"op": "work"}, {"op": "call", "name": "Activity.end"}]}
            ]}}}
            """#)
        expectEqual(missing, ["strategies.mine.program[0].body[0]: missing member \"ms\" (milliseconds)"], "\(missing)")
    }

    @Test("setting paths: a plain name after a dot, any other in brackets, one function for every surface")
    func settingPaths() throws {
        expectEqual(join(join("systemCalls", "Upload"), "replyLatencyMs"), "systemCalls.Upload.replyLatencyMs")
        expectEqual(join(join("systemCalls", "CoreData.save"), "costMs"), #"systemCalls["CoreData.save"].costMs"#)
        expectEqual(SettingPath.systemCall("CoreData.save", "costMs"), #"systemCalls["CoreData.save"].costMs"#)
        expectEqual(SettingPath.canonical(#"systemCalls["Upload"].costMs"#), "systemCalls.Upload.costMs")
        expectEqual(SettingPath.canonical("systemCalls.Upload.costMs"), "systemCalls.Upload.costMs")
        // The slots (what --set, sweeps and calibration reports name) follow the same rule.
        let scenario = try Self.load(#"""
            {"extend": "builtin:live-activity",
             "systemCalls": {"Upload": {"costMs": 1}, "CoreData.save": {"costMs": 2}},
             "strategies": {"both": {"program": [{"op": "task", "body": [
               {"op": "call", "name": "Upload"}, {"op": "call", "name": "CoreData.save"}]}]}}}
            """#)
        let paths = ParameterSpace(scenario: scenario).slots.map(\.path)
        #expect(paths.contains("systemCalls.Upload.costMs"), "\(paths)")
        #expect(paths.contains(#"systemCalls["CoreData.save"].costMs"#), "\(paths)")
        #expect(!paths.contains { $0.contains(#"["Upload"]"#) || $0.contains("systemCalls.CoreData.save") })
        // Diagnostics too, run conditions included (which used to join with a dot whatever the name).
        let problems = try Self.problems(#"""
            {"extend": "builtin:live-activity", "systemCalls": {"CoreData.save": {"costMs": -1}},
             "runConditions": {"low power": {"timing": {}}}}
            """#)
        #expect(problems.contains { $0.hasPrefix(#"systemCalls["CoreData.save"].costMs: "#) }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix(#"runConditions["low power"]: "#) }, "\(problems)")
    }

    @Test("a wide table keeps its words whole: columns are at least their longest word, the table grows instead")
    func wideTableKeepsWords() throws {
        let path = Self.repository.appendingPathComponent("scenarios/common-cleanup-code.json").path
        let scenario = try ScenarioLoader.load(path: path)
        let text = TextRenderer.render(Simulator(scenario: scenario).table())
        let grid = text.split(separator: "\n").drop { !$0.hasPrefix("hook ") }.prefix { !$0.isEmpty }
        let words = grid.flatMap { $0.split(separator: "|").flatMap { $0.split(separator: " ") } }
        for word in ["didEnterBackground", "SceneDelegate", "AppDelegate", "analytics", "BGProcessingTask", "background"] {
            #expect(words.contains(Substring(word)), "\(word)")
        }
        #expect(!words.contains("Backgrou") && !words.contains("SceneDel") && !words.contains("analytic"))
        // The same bytes whatever the terminal: COLUMNS is not read.
        setenv("COLUMNS", "250", 1)
        defer { unsetenv("COLUMNS") }
        expectEqual(TextRenderer.render(Simulator(scenario: scenario).table()), text)
    }

    @Test("fitted widths: words up to the uncut width stay whole; only longer words are cut")
    func fittedWidthsKeepWords() {
        let many = Array(repeating: "didEnterBackground", count: 12)
        let widths = TextRenderer.fittedWidths(headers: ["hook"] + many, rows: [])
        #expect(widths.dropFirst().allSatisfy { $0 == 18 }, "\(widths)")
        let long = Array(repeating: String(repeating: "w", count: 40), count: 12)
        let cut = TextRenderer.fittedWidths(headers: ["hook"] + long, rows: [])
        #expect(cut.dropFirst().allSatisfy { $0 < 40 }, "\(cut)")
    }

    @Test("a rate that moved says the tolerance in the unit it counted the move in")
    func rateToleranceUnits() {
        let rate = { (share: Double) in
            ResultDocument.Rate(procedure: "foreground", runs: 1000, finished: 0, rate: share, low: share - 0.001, high: share + 0.001)
        }
        let lines = ResultDiff.rateChanges([rate(0.4)], [rate(0.505)], tolerance: 0.02)
        expectEqual(lines.count, 1)
        expectEqual(lines.first?.hasSuffix("moved 10.5 points, beyond --rate-tolerance 0.02 (2 points) and the 95% intervals no longer overlap"), true, "\(lines)")
        let half = ResultDiff.rateChanges([rate(0.4)], [rate(0.41)], tolerance: 0.005)
        expectEqual(half.first?.contains("beyond --rate-tolerance 0.005 (0.5 points)"), true, "\(half)")
    }
}
