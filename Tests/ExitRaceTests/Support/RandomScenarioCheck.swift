@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
import Testing

/// The checks every random-program test makes of one generated scenario: it decodes; each kill
/// procedure's run ends within `limits.maxEvents` (5,000 in the generators), counts nothing after
/// death and is the same run twice (determinism); a deadlock's chain can be put into words; and
/// every `exploreEvery`-th round also explores the cell's schedules (the engine's invariants run
/// after every event in debug builds).
enum RandomScenarioCheck {
    static func check(_ json: String, context: String, explore: Bool) {
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(json, file: "fuzz.json")
        } catch {
            Issue.record("\(context): \(error)\n\(json)")
            return
        }
        let simulator = Simulator(scenario: scenario)
        for procedure in scenario.procedures.indices {
            let outcome = simulator.run(hook: 0, strategy: 0, procedure: procedure)
            #expect(outcome.events <= 5000, "\(context)")
            if let at = outcome.cleanupAt, let death = outcome.death { #expect(at <= death.at, "\(context)") }
            expectEqual(simulator.run(hook: 0, strategy: 0, procedure: procedure), outcome, "\(context)")
            _ = outcome.deadlock?.chainDescription
        }
        if explore {
            _ = ScheduleExplorer.explore(
                simulator, cell: CellIndex(hook: 0, strategy: 0), procedure: 0, limits: ExplorationLimits(maxSchedules: 50))
        }
    }
}
