// What an iOS engineer writes after adding ExitRace as a package dependency: a plain `import`,
// no `@testable`. If this target needs anything internal, the public surface is not enough.
import ExitRace
import Foundation
import Testing

@Suite("Using ExitRace from your own tests")
struct UsingExitRaceTests {
    /// `scenarios/` of this repository, standing for a directory of your own.
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios")

    @Test("assert a cell of the built-in scenario by hook, strategy and procedure name")
    func builtInCell() throws {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        let cell = try table.cell(hook: "AppDelegate", strategy: "Task.detached")
        #expect(cell.verdict == .never)
        #expect(cell.verdict.symbol == "×")
        let foreground = try table.outcome(hook: "AppDelegate", strategy: "Task.detached", procedure: "foreground")
        #expect(foreground.death?.cause == .exit)
        #expect(foreground.margin == .ms(-8))
        #expect(!foreground.cleanupFinished)
    }

    @Test("load a scenario file, override a setting by its path, and see the cell flip")
    func fileWithOverride() throws {
        let file = Self.scenarios.appendingPathComponent("live-activity.json").path
        let override = try SettingOverride.parse("timing.exitDurationMs=12")
        let table = Simulator(scenario: try ScenarioLoader.load(path: file, overrides: [override])).table()
        #expect(try table.cell(hook: "AppDelegate", strategy: "Task.detached").verdict == .always)
    }

    @Test("change a number without reloading: one compiled scenario, many parameter values")
    func parameterValues() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        var values = simulator.defaults
        #expect(try values.value(of: "timing.exitDurationMs") == 3)
        try values.set("timing.exitDurationMs", to: 12)
        let outcome = try simulator.run(
            hook: "AppDelegate", strategy: "Task.detached", procedure: "background", values: values)
        #expect(outcome.cleanupFinished)
        #expect(outcome.margin == .ms(1))
        #expect(simulator.parameters.slots.contains { $0.path == #"systemCalls["Activity.end"].costMs"# })
    }

    @Test("deadlocks and priority inversions are part of the outcome")
    func marks() throws {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        let deadlocked = try table.cell(hook: "AppDelegate", strategy: "Task + semaphore")
        #expect(deadlocked.hasDeadlock)
        #expect(deadlocked.outcomes.allSatisfy { $0.death?.cause == .watchdog })
        let inverted = try table.outcome(hook: "SceneDelegate", strategy: "Task.detached + semaphore", procedure: "foreground")
        #expect(inverted.inversion?.waiter == .userInteractive)
        #expect(inverted.inversion?.signaler == .default)
    }

    @Test("a name with a typo is an input error that suggests the right one")
    func typo() {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        #expect(throws: InputError.self) { try table.cell(hook: "AppDelegat", strategy: "Task") }
        do {
            _ = try table.cell(hook: "AppDelegat", strategy: "Task")
        } catch {
            #expect(error.description.contains("did you mean 'AppDelegate'?"))
        }
    }

    @Test("bad input is a list of diagnostics with file, line and column, never a crash")
    func diagnostics() throws {
        let json = #"{"systemCalls": {"end": {"costMs": "fast"}}, "hooks": {}, "strategies": {}, "procedures": {}}"#
        do {
            _ = try ScenarioDecoder.decode(json, file: "mine.json")
            Issue.record("a broken scenario decoded")
        } catch {
            #expect(error.diagnostics.contains { $0.file == "mine.json" && $0.line == 1 && $0.path.hasPrefix("systemCalls") })
        }
    }
}
