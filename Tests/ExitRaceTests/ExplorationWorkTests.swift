import Testing

@testable import ExitRace

/// The work an exploration does, counted in simulator runs, not timed (issue 26's audit, item 8):
/// a random schedule is one run, whatever its deviations (it was re-simulated at each deviating
/// choice point: `--random 3` on one cell took 26 s), and a depth-first schedule is one run or
/// resume, its prefix shared with the run it extends.
@Suite("Exploration: the work counted")
struct ExplorationWorkTests {
    static let cell = CellIndex(hook: 0, strategy: 0)

    /// Two blocks racing for the main queue (4 choice points; 9 schedules within bound 2).
    static func race() throws -> Simulator {
        Simulator(scenario: try ScenarioLoader.load(path: try ScheduleExplorationTests.raceFile()))
    }

    @Test("each random schedule is one simulator run, the default one included")
    func randomSchedulesRunOnce() throws {
        let exploration = ScheduleExplorer.explore(
            try Self.race(), cell: Self.cell, procedure: 0, limits: ExplorationLimits(randomSchedules: 300, seed: 1))
        // Runs that meet choice points, so that most random schedules deviate somewhere; both results found.
        expectEqual(exploration.defaultChoicePoints, 4)
        expectEqual(exploration.witnesses.count, 2)
        expectEqual(exploration.schedules, 300)
        expectEqual(exploration.simulatorRuns, 300)
    }

    @Test("each depth-first schedule is one run or resume; the budget adds the one run ahead")
    func depthFirstSharesPrefixes() throws {
        let simulator = try Self.race()
        let bounded = ScheduleExplorer.explore(simulator, cell: Self.cell, procedure: 0, limits: ExplorationLimits(bound: 2))
        #expect(bounded.schedules == 9 && bounded.exhaustive)
        expectEqual(bounded.simulatorRuns, bounded.schedules)
        let budgeted = ScheduleExplorer.explore(simulator, cell: Self.cell, procedure: 0, limits: ExplorationLimits(maxEvents: 100_000_000))
        expectEqual(budgeted.schedules, 9)
        expectEqual(budgeted.simulatorRuns, budgeted.schedules + 1)
    }
}
