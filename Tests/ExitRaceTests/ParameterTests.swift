import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport

/// Parameter slots: every number a run reads is named by its `--set` path, and running with
/// changed values gives exactly what loading the file with that `--set` gives.
@Suite("Parameter slots")
struct ParameterTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let shipped = [
        "live-activity", "live-activity-every-kill", "live-activity-lifetime", "lifecycle-orders",
        "background-main-queue-deadlock", "dynamic-island-animation", "recipes-in-the-wild",
        "recipes-in-the-wild-production",
    ]

    static func path(_ name: String) -> String { repository.appendingPathComponent("scenarios/\(name).json").path }

    /// A different value the slot may take that keeps every ordering between settings.
    static func otherValue(_ slot: ParameterSlot) -> Double {
        let current = slot.fileValue(slot.defaultValue)
        switch slot.unit {
        case .count: return slot.range.contains(slot.defaultValue + 1) ? current + 1 : current - 1
        case .milliseconds:
            // Lower bounds of an ordering go to zero; everything else grows by half a millisecond.
            if slot.path.hasSuffix("deliverAfterMs") || slot.path.hasSuffix("expirationWarningMs") { return 0 }
            return current + 0.5
        }
    }

    /// Slots checked per scenario in a sample; `EXITRACE_FULL=1` (`.ci/run`) checks every slot path.
    static let slotsPerScenario = 3

    /// The slots of `name` to check: a seeded sample, or with `EXITRACE_FULL=1` each path once over
    /// the shipped scenarios: those no scenario before it in ``shipped`` has (the first checks all;
    /// the later ones their own settings, not the shared timings again in a debug build).
    static func slotsToCheck(_ name: String, of simulator: Simulator) throws -> [ParameterSlot] {
        guard TestSample.isFull else {
            return TestSample.choose(slotsPerScenario, of: simulator.parameters.slots, salt: "slots of \(name)")
        }
        var earlier: Set<String> = []
        for other in shipped.prefix(while: { $0 != name }) {
            earlier.formUnion(Simulator(scenario: try ScenarioLoader.load(path: path(other))).parameters.slots.map(\.path))
        }
        return simulator.parameters.slots.filter { !earlier.contains($0.path) }
    }

    /// `swift test`: a seeded sample of the first shipped scenario's slots; `EXITRACE_FULL=1`: every scenario.
    @Test("each slot set through parameters gives the table of the same --set on the file (a seeded sample of slots)",
          arguments: TestSample.isFull ? shipped : Array(shipped.prefix(1)))
    func slotsMatchSetOverrides(name: String) throws {
        let scenario = try ScenarioLoader.load(path: Self.path(name))
        let simulator = Simulator(scenario: scenario)
        #expect(simulator.parameters.count > 10)
        let slots = try Self.slotsToCheck(name, of: simulator)
        #expect(TestSample.isFull ? (name != Self.shipped[0] || slots.count == simulator.parameters.count) : slots.count == Self.slotsPerScenario)
        for slot in slots {
            let value = Self.otherValue(slot)
            var values = simulator.defaults
            try values.set(slot.path, to: value)
            #expect(values.problems().isEmpty, "\(slot.path)")
            let argument = "\(slot.path)=\(ParameterSlot.format(value))"
            let reloaded = try ScenarioLoader.load(path: Self.path(name), overrides: [SettingOverride.parse(argument)])
            let viaFile = Simulator(scenario: reloaded).table().cells
            let viaParameters = try simulator.table(values: values).cells
            let same = viaFile == viaParameters
            #expect(same, "\(name): --set \(argument); \(TestSample.replay)")
        }
    }

    @Test("the scenario's own values give the table computed before any change")
    func defaultsAreTheScenario() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        expectEqual(try simulator.table(values: simulator.defaults), simulator.table())
        expectEqual(try simulator.defaults.value(of: "timing.exitDurationMs"), 3)
        expectEqual(try simulator.defaults.value(of: #"systemCalls["Activity.end"].costMs"#), 1)
    }

    @Test("paths are accepted in either spelling; the canonical one is the diagnostics' one")
    func spellings() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let space = simulator.parameters
        let plain = try #require(space.index(of: "procedures.foreground.steps[1].actions[1].ms"))
        expectEqual(space.index(of: #"procedures["foreground"].steps[1]["actions"][1].ms"#), plain)
        expectEqual(space.slots[plain].path, "procedures.foreground.steps[1].actions[1].ms")
        #expect(space.index(of: "timing.startLatencyMs.default") != nil)
        #expect(space.slots.map(\.path).contains(#"systemCalls["Activity.end"].deliverAfterMs"#))
    }

    @Test("unknown paths and values out of range are diagnostics with did-you-mean")
    func badInput() {
        var values = Simulator(scenario: DefaultScenario.load()).defaults
        #expect(throws: InputError.self) { try values.set("timing.exitDurationMz", to: 1, source: "--vary") }
        do {
            try values.set("timing.exitDurationMz", to: 1, source: "--vary")
        } catch {
            expectEqual(error.diagnostics.first?.description, #"--vary: error: expected the path of a numeric setting of this scenario, found "timing.exitDurationMz"; did you mean "timing.exitDurationMs"?"#)
        }
        do {
            try values.set("timing.cooperativePoolWidth", to: 0.5)
            Issue.record("a fractional width was accepted")
        } catch {
            expectEqual(error.diagnostics.first?.message, "expected a whole number from 1 to 1024, found 0.5")
        }
        do {
            try values.set("timing.exitDurationMs", to: -1)
            Issue.record("a negative duration was accepted")
        } catch {
            expectEqual(error.diagnostics.first?.message, "expected milliseconds from 0 to 1000000000, found -1")
        }
        #expect(values.problems().isEmpty)
        try? values.set(#"systemCalls["Activity.end"].deliverAfterMs"#, to: 5)
        expectEqual(values.problems().map(\.message), [
            #"expected at most systemCalls["Activity.end"].costMs = 1 (the request leaves while the call runs on its thread), found 5"#
        ])
    }

    @Test("a new exit duration flips AppDelegate · Task.detached without decoding anything")
    func exitDurationFlip() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let hook = try #require(simulator.scenario.hooks.firstIndex { $0.label == "AppDelegate" })
        let strategy = try #require(simulator.scenario.strategies.firstIndex { $0.name == "Task.detached" })
        expectEqual(simulator.table().cell(hook: hook, strategy: strategy).verdict, .never)
        var values = simulator.defaults
        try values.set("timing.exitDurationMs", to: 12)
        expectEqual(try simulator.table(values: values).cell(hook: hook, strategy: strategy).verdict, .always)
        // The vector is only an input: the next run with the defaults is as before.
        expectEqual(simulator.table().cell(hook: hook, strategy: strategy).verdict, .never)
    }

    @Test("pool widths change the engine's thread table between runs, both ways")
    func poolWidths() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let before = simulator.table()
        var narrow = simulator.defaults
        try narrow.set("timing.cooperativePoolWidth", to: 1)
        try narrow.set("timing.dispatchPoolWidth", to: 1)
        _ = try simulator.table(values: narrow)
        expectEqual(simulator.table(), before)
    }
}
