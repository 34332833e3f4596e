import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
import ExitRaceCLI

/// `extend`, `--set` and `exitrace validate`.
@Suite("Scenario variants: extend and --set")
struct ScenarioVariantTests {
    /// A fresh directory with the given files, removed afterwards.
    func withFiles<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("exitrace-variants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return try body(directory)
    }

    func cellText(_ table: ResultTable, _ hook: String, _ strategy: String) -> String? {
        guard let h = table.scenario.hooks.firstIndex(where: { $0.label == hook }),
            let s = table.scenario.strategies.firstIndex(where: { $0.name == strategy })
        else { return nil }
        return table.cellText(table.cell(hook: h, strategy: s))
    }

    @Test("--set timing.exitDurationMs=12 gives the detached task from applicationWillTerminate time to finish")
    func setFlipsCell() throws {
        let base = Simulator(scenario: DefaultScenario.load()).table()
        expectEqual(cellText(base, "AppDelegate", "Task.detached"), "×")
        let override = try SettingOverride.parse("timing.exitDurationMs=12")
        let table = Simulator(scenario: try ScenarioLoader.loadDefault(overrides: [override])).table()
        // Won by 1 ms: a thin win (below thinWinMs, 3 ms).
        expectEqual(cellText(table, "AppDelegate", "Task.detached"), "○ [t]")
        expectEqual(cellText(table, "Notification", "Task.detached"), "○ [t]")
        expectEqual(cellText(table, "AppDelegate", "Task"), "△ background")
    }

    @Test("--set paths: nested keys, indices, quoted keys, bare words as strings")
    func setPaths() throws {
        let overrides = try [
            "procedures.background.steps[2].ms=20",
            #"strategies["Task + semaphore"].code="changed""#,
            "timing.mainThreadQoS=userInitiated",
        ].map(SettingOverride.parse)
        let scenario = try ScenarioLoader.loadDefault(overrides: overrides)
        expectEqual(scenario.procedures[1].steps[2], .delay(.ms(20)))
        expectEqual(scenario.strategies[1].code, "changed")
        expectEqual(scenario.timing.mainThreadQoS, .userInitiated)
    }

    @Test("bad --set arguments say what is wrong", arguments: [
        ("timing.exitDurationMs", "--set timing.exitDurationMs: error: expected path=value (e.g. timing.exitDurationMs=8), found no '='"),
        ("timing..x=1", "--set timing..x=1: error: expected a path like timing.exitDurationMs or strategies[\"Task + semaphore\"].code, found \"timing..x\""),
        ("timing.exitDurationMs=1e", "--set timing.exitDurationMs=1e: error: the value is not valid JSON: expected a digit in the exponent, found the end of the file"),
    ])
    func badOverrideSyntax(argument: String, message: String) {
        #expect(throws: InputError([Diagnostic(file: "--set \(argument)", path: "", message: String(message.split(separator: ": error: ")[1]))])) {
            try SettingOverride.parse(argument)
        }
    }

    @Test("a --set that does not fit is validated like the file")
    func overrideValidated() throws {
        let override = try SettingOverride.parse("timing.cooperativePoolWidth=0")
        #expect(throws: InputError([
            Diagnostic(
                file: "--set timing.cooperativePoolWidth=0", path: "timing.cooperativePoolWidth",
                message: "expected a whole number from 1 to 1024, found the number 0 (applied to the built-in default scenario)")
        ])) { try ScenarioLoader.loadDefault(overrides: [override]) }
        let missing = try SettingOverride.parse("timng.exitDurationMs=3")
        #expect(throws: InputError([
            Diagnostic(file: "--set timng.exitDurationMs=3", path: "", message: "no member \"timng\" to go into; did you mean \"timing\"? (applied to the built-in default scenario)")
        ])) { try ScenarioLoader.loadDefault(overrides: [missing]) }
    }

    @Test("extend: members merge, null removes, arrays replace, the name is the child's, the title inherited")
    func extendMerges() throws {
        let child = """
            {
              "extend": "builtin:live-activity",
              "timing": {"exitDurationMs": 12},
              "strategies": {"DispatchQueue.main.async": null},
              "procedures": {"background": {"steps": [{"op": "sigkill"}]}}
            }
            """
        let scenario = try withFiles(["variant.json": child]) { directory in
            try ScenarioLoader.load(path: directory.appendingPathComponent("variant.json").path)
        }
        let base = DefaultScenario.load()
        expectEqual(scenario.name, "variant")
        expectEqual(scenario.title, base.title)
        expectEqual(scenario.timing.exitDuration, .ms(12))
        expectEqual(scenario.timing.startLatency, base.timing.startLatency)
        expectEqual(scenario.strategies.map(\.name), base.strategies.map(\.name).filter { $0 != "DispatchQueue.main.async" })
        expectEqual(scenario.procedures[1].steps, [.sigkill])
        expectEqual(scenario.procedures[1].label, base.procedures[1].label)
    }

    @Test("extend follows relative paths through a chain, and errors name the file they are in")
    func extendChain() throws {
        let files = [
            "base.json": DefaultScenario.json,
            "sub/middle.json": #"{"extend": "../base.json", "timing": {"exitDurationMs": 7}}"#,
            "sub/leaf.json": #"{"extend": "middle.json", "limits": {"maxEvents": 500}}"#,
            "sub/broken.json": #"{"extend": "middle.json", "timing": {"exitDurationMs": "soon"}}"#,
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-chain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }

        let leaf = try ScenarioLoader.load(path: directory.appendingPathComponent("sub/leaf.json").path)
        expectEqual(leaf.timing.exitDuration, .ms(7))
        expectEqual(leaf.limits.maxEvents, 500)
        expectEqual(leaf.hooks.count, 3)

        let brokenPath = directory.appendingPathComponent("sub/broken.json").path
        #expect(throws: InputError([
            Diagnostic(
                file: brokenPath, path: "timing.exitDurationMs", line: 1, column: 56,
                message: "expected milliseconds from 0 to 1000000000, found the string \"soon\"")
        ])) { try ScenarioLoader.load(path: brokenPath) }
    }

    @Test("an extend loop, a missing parent and a wrong type are diagnostics")
    func extendErrors() throws {
        try withFiles([
            "a.json": #"{"extend": "b.json"}"#,
            "b.json": #"{"extend": "a.json"}"#,
            "orphan.json": #"{"extend": "gone.json"}"#,
            "number.json": #"{"extend": 3}"#,
        ]) { directory in
            func message(_ name: String) -> String {
                do {
                    _ = try ScenarioLoader.load(path: directory.appendingPathComponent(name).path)
                    return "loaded"
                } catch {
                    return error.diagnostics.map(\.message).joined(separator: "\n")
                }
            }
            let a = directory.appendingPathComponent("a.json").path
            let b = directory.appendingPathComponent("b.json").path
            expectEqual(message("a.json"), "expected a chain of extends that ends, found a loop: \(a) → \(b) → \(a)")
            #expect(message("orphan.json").hasPrefix("no such file (extended at \(directory.appendingPathComponent("orphan.json").path):1:12)"))
            expectEqual(message("number.json"), "expected the path of the scenario file to extend (relative to this file), found the number 3")
        }
    }

    @Test("validate: a line per valid file on stdout, problems on stderr, exit 2 if any is bad")
    func validateCommand() throws {
        try withFiles(["good.json": DefaultScenario.json, "bad.json": #"{"hooks": {}}"#]) { directory in
            let good = directory.appendingPathComponent("good.json").path
            let bad = directory.appendingPathComponent("bad.json").path
            let output = Tool.main(["validate", good, bad])
            expectEqual(output.exitCode, ExitCode.badInput)
            expectEqual(output.stdout, "\(good): valid: 3 hooks × 6 strategies × 2 procedures\n")
            expectContains(output.stderr, "\(bad):1:11: error: hooks: expected at least one entry, found none")
            expectEqual(Tool.main(["validate", good]).exitCode, ExitCode.success)
            expectEqual(Tool.main(["validate"]).exitCode, ExitCode.badInput)
        }
    }

    @Test("--output writes the whole result or nothing")
    func outputFile() throws {
        try withFiles([:]) { directory in
            let path = directory.appendingPathComponent("table.md").path
            let ok = Tool.main(["run", "--format", "md", "--output", path])
            expectEqual(ok, ToolOutput())
            let written = try String(contentsOfFile: path, encoding: .utf8)
            expectEqual(written, Tool.main(["run", "--format", "md"]).stdout)
            let bad = Tool.main(["run", "--set", "timing.exitDurationMs=-1", "-o", path + ".2"])
            expectEqual(bad.exitCode, ExitCode.badInput)
            #expect(!FileManager.default.fileExists(atPath: path + ".2"))
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            expectEqual(files, ["table.md"])
        }
    }
}
