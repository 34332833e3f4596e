import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceBenchmark
@testable import ExitRaceEngine
@testable import ExitRaceExperiment

/// A choice point with many events due at once (a hostile-input hunt, 2026-12-03: 2,000 tasks
/// spawned in one hook made each schedule cost 8 to 55 times a run, the candidates listed again at
/// every event).
@Suite("Exploration at scale")
struct ExplorationScaleTests {
    /// A hook that spawns `tasks` detached tasks, each making the cleanup call: they all become
    /// ready at the same instant.
    static func fanOut(_ tasks: Int) throws -> Simulator {
        let spawn = #"{"op": "detached", "body": [{"op": "call", "name": "save"}]}"#
        let json = """
            {
              "name": "fan-out",
              "systemCalls": {"save": {"costMs": 1}},
              "hooks": {"applicationWillTerminate": {"label": "AppDelegate"}},
              "strategies": {"fan out": {"program": [\(Array(repeating: spawn, count: tasks).joined(separator: ", "))]}},
              "procedures": {"kill": {"steps": [
                {"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]},
                {"op": "delay", "ms": 100}, {"op": "sigkill"}]}}
            }
            """
        return Simulator(scenario: try ScenarioDecoder.decode(json, file: "fan-out.json"))
    }

    /// CPU time of exploring `count` schedules over that of `count` plain runs of the same cell.
    static func scheduleCost(tasks: Int, count: Int) throws -> Double {
        let simulator = try fanOut(tasks)
        let limits = ExplorationLimits(bound: 2, maxSchedules: count)
        _ = ScenarioExploration(simulator: simulator, limits: limits)  // warm
        let (exploration, explored) = ThreadCPUTime.measure { ScenarioExploration(simulator: simulator, limits: limits) }
        let cell = try #require(exploration.cells.first)
        expectEqual(cell.schedules, count, "the search ran its \(count) schedules (\(tasks) tasks)")
        let (_, runs) = ThreadCPUTime.measure { for _ in 0..<count { _ = simulator.run(hook: 0, strategy: 0, procedure: 0) } }
        return explored / runs
    }

    @Test("a schedule costs about a run, however many events are due at once", .heavy)
    func manyDueAtOnce() throws {
        // Linear: the ratio stays about the same from 40 tasks to 320 (measured: 1.6 and 1.1); listing the candidates at every event, scanning the owners listed so far for each,
        // made each event cost the square of the events due, and the ratio grow with the tasks.
        // As many events either way (64 schedules of 40 tasks, 8 of 320), so that neither is too short to
        // time. Both are past the 32 events due at once from which the owners are counted as they come;
        // at 40, a debug build checks the count at every event (``ScheduleExploration/checkDueOwners()``).
        let few = try Self.scheduleCost(tasks: 40, count: 64), many = try Self.scheduleCost(tasks: 320, count: 8)
        #expect(many < few * 3, "a schedule over a run: \(few) at 40 tasks, \(many) at 320")
    }
}
