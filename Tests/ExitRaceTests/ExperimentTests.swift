import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// The experiment layer: plans of parameter vectors, run in a fixed order into aggregators.
@Suite("Experiments")
struct ExperimentTests {
    /// Exit durations of 1, 2, … ms, one per point.
    struct ExitDurations: ParameterPlan {
        var slot: Int
        var pointCount: Int

        func fill(_ values: inout ParameterValues, point index: Int) {
            values[slot] = Int64(index + 1) * 1_000_000
        }
    }

    /// Every outcome with where it came from, in the order the experiment gave them.
    struct Recorder: OutcomeAggregator {
        var entries: [(point: Int, cell: CellIndex, procedure: Int, finished: Bool)] = []

        mutating func record(_ outcome: RunOutcome, point: Int, cell: CellIndex, procedure: Int) {
            entries.append((point, cell, procedure, outcome.cleanupFinished))
        }
    }

    static func plan(_ simulator: Simulator, points: Int) -> ExitDurations {
        ExitDurations(slot: simulator.parameters.index(of: "timing.exitDurationMs")!, pointCount: points)
    }

    @Test("each point gives what a table with that point's values gives, in a fixed order")
    func pointsMatchTables() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let plan = Self.plan(simulator, points: 20)
        var recorder = Recorder()
        Experiment(simulator: simulator, plan: plan).run(into: &recorder)
        let scenario = simulator.scenario
        let perPoint = scenario.hooks.count * scenario.strategies.count * scenario.procedures.count
        expectEqual(recorder.entries.count, 20 * perPoint)
        for point in [0, 7, 19] {
            var values = simulator.defaults
            plan.fill(&values, point: point)
            let table = try simulator.table(values: values)
            let expected = table.cells.flatMap { $0.outcomes.map(\.cleanupFinished) }
            let got = recorder.entries[(point * perPoint)..<((point + 1) * perPoint)]
            expectEqual(got.map(\.finished), expected)
            #expect(got.allSatisfy { $0.point == point })
        }
        // The order within a point: hook, then strategy, then procedure.
        #expect(recorder.entries[0].cell == CellIndex(hook: 0, strategy: 0) && recorder.entries[1].procedure == 1)
    }

    @Test("ranges of points that cover the plan give the whole run, in order")
    func splitRanges() {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let experiment = Experiment(simulator: simulator, plan: Self.plan(simulator, points: 12))
        var whole = Recorder()
        experiment.run(into: &whole)
        var parts = Recorder()
        for range in [0..<5, 5..<6, 6..<12] { experiment.run(into: &parts, points: range) }
        expectEqual(parts.entries.map(\.finished), whole.entries.map(\.finished))
        expectEqual(parts.entries.map(\.point), whole.entries.map(\.point))
    }

    @Test("AppDelegate · Task.detached under the exit-duration plan flips where the model's numbers say")
    func flipPoint() throws {
        // The detached task is queued at 50 ms, waits 10 ms for a default-QoS thread and needs
        // 1 ms to deliver `end`: it takes effect at 61 ms; the process dies at 50 ms + exit. At
        // 11 ms the two fall on one instant and the death, scheduled first (at 50 ms), wins: the
        // cleanup finishes from an exit duration of 12 ms on.
        let simulator = Simulator(scenario: DefaultScenario.load())
        let hook = try #require(simulator.scenario.hooks.firstIndex { $0.label == "AppDelegate" })
        let strategy = try #require(simulator.scenario.strategies.firstIndex { $0.name == "Task.detached" })
        var recorder = Recorder()
        Experiment(simulator: simulator, plan: Self.plan(simulator, points: 20)).run(into: &recorder)
        let finished = recorder.entries.filter { $0.cell == CellIndex(hook: hook, strategy: strategy) && $0.procedure == 0 }
        expectEqual(finished.map(\.finished), (1...20).map { $0 >= 12 })
    }
}
