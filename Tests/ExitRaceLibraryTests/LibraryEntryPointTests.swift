// Library entry points throw an InputError on what a caller passes, never trap: one test per entry
// point that used to stop the process (values made for another simulator, a sweep of too many
// kill procedures, a cell traced by index).
import ExitRace
import Foundation
import Testing

@Suite("Library entry points throw, never trap")
struct LibraryEntryPointTests {
    /// A simulator of the reference scenario and a second one, whose values the first must refuse.
    static func twoSimulators() -> (Simulator, Simulator) {
        (Simulator(scenario: DefaultScenario.load()), Simulator(scenario: DefaultScenario.load()))
    }

    static func expectForeignValues(_ body: () throws(InputError) -> Void) {
        do {
            try body()
            Issue.record("values of another simulator were accepted")
        } catch {
            #expect(error.description.contains("found values made for another simulator"), "\(error)")
        }
    }

    @Test("Simulator.run(hook:strategy:procedure:values:) refuses values made for another simulator")
    func runRefusesForeignValues() throws {
        let (simulator, other) = Self.twoSimulators()
        Self.expectForeignValues { () throws(InputError) in
            _ = try simulator.run(hook: "AppDelegate", strategy: "Task", procedure: "foreground", values: other.defaults)
        }
        #expect(try simulator.run(hook: "AppDelegate", strategy: "Task", procedure: "background",
                                  values: simulator.defaults).cleanupFinished)
    }

    @Test("Simulator.table(values:) refuses values made for another simulator")
    func tableRefusesForeignValues() throws {
        let (simulator, other) = Self.twoSimulators()
        Self.expectForeignValues { () throws(InputError) in _ = try simulator.table(values: other.defaults) }
        #expect(try simulator.table(values: simulator.defaults) == simulator.table())
    }

    @Test("Simulator.trace(hook:strategy:procedure:values:) takes names, and a wrong one or foreign values throw")
    func traceByNames() throws {
        let (simulator, other) = Self.twoSimulators()
        let trace = try simulator.trace(hook: "AppDelegate", strategy: "Task", procedure: "foreground")
        #expect(trace.outcome == (try simulator.run(hook: "AppDelegate", strategy: "Task", procedure: "foreground")))
        #expect(throws: InputError.self) { try simulator.trace(hook: "AppDelegat", strategy: "Task", procedure: "foreground") }
        #expect(throws: InputError.self) { try simulator.trace(hook: "AppDelegate", strategy: "Task", procedure: "kill") }
        Self.expectForeignValues { () throws(InputError) in
            _ = try simulator.trace(hook: "AppDelegate", strategy: "Task", procedure: "foreground", values: other.defaults)
        }
    }

    @Test("FlipAnalysis(scenario:grid:) refuses a scenario of more kill procedures than a state can name")
    func flipAnalysisRefusesTooManyProcedures() throws {
        let count = FlipAnalysis.maxProcedures + 1
        let procedures = (0..<count).map {
            #""p\#($0)": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "h"}, {"op": "exit"}]}]}"#
        }
        let json = #"{"name": "many", "systemCalls": {"Activity.end": {"costMs": 1}}, "hooks": {"h": {}},"#
            + #""strategies": {"s": {"program": [{"op": "detached", "body": [{"op": "call", "name": "Activity.end"}]}]}},"#
            + #""procedures": {"# + procedures.joined(separator: ", ") + "}}"
        let scenario = try ScenarioDecoder.decode(json, file: "many.json")
        let space = Simulator(scenario: scenario).parameters
        let grid = SweepGrid(axes: [try SweepAxis.parse("timing.exitDurationMs=1,2", steps: 2, logarithmic: false, space: space)])
        do {
            _ = try FlipAnalysis(scenario: scenario, grid: grid)
            Issue.record("a sweep of \(count) kill procedures was accepted")
        } catch {
            #expect(error.diagnostics.map(\.path) == ["procedures"])
            #expect(error.description.contains("expected at most \(FlipAnalysis.maxProcedures) kill procedures"))
        }
    }
}
