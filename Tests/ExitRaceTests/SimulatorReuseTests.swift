import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceParameters

/// A simulator runs every cell on one engine, and keeps what a run may keep for the next: the
/// parameter values when the run is with the defaults again, the compiled program when the cell is
/// the same. Whatever came before, a run gives what it gives on a fresh simulator.
@Suite("Simulator reuse")
struct SimulatorReuseTests {
    /// The default scenario's values with a long exit duration and a long start latency for
    /// default-priority tasks (what a run with the defaults again keeps besides the values): some
    /// cells come out otherwise.
    static func longExit(_ simulator: Simulator) throws -> ParameterValues {
        var values = simulator.defaults
        try values.set("timing.exitDurationMs", to: 40)
        try values.set("timing.startLatencyMs.default", to: 30)
        return values
    }

    @Test("runs with the defaults, other values and the defaults again, cell after cell: each as on a fresh simulator")
    func runsAsOnAFreshSimulator() throws {
        let scenario = DefaultScenario.load()
        let reused = Simulator(scenario: scenario)
        let longExit = try Self.longExit(reused)
        var differs = false
        for hook in scenario.hooks.indices {
            for strategy in scenario.strategies.indices {
                for procedure in scenario.procedures.indices {
                    // Each cell twice with the defaults (the second keeps the values and the program),
                    // then with other values, then with the defaults again.
                    for long in [false, false, true, false] {
                        let fresh = Simulator(scenario: scenario)
                        let expected = fresh.run(
                            hook: hook, strategy: strategy, procedure: procedure,
                            values: long ? try Self.longExit(fresh) : nil)
                        let outcome = reused.run(
                            hook: hook, strategy: strategy, procedure: procedure, values: long ? longExit : nil)
                        expectEqual(outcome, expected, "cell (\(hook), \(strategy), \(procedure)), long exit: \(long)")
                        if long && expected != fresh.run(hook: hook, strategy: strategy, procedure: procedure) {
                            differs = true
                        }
                    }
                }
            }
        }
        #expect(differs, "the long exit changes some cell, so a run that kept the wrong values would show")
    }
}
