/// The outcome of every cell at one point, as bits: bit `p` of a cell's mask is set when the
/// cleanup finished under procedure `p`. What calibration and sensitivity compare and count.
package struct CellMasks: OutcomeAggregator, Sendable {
    /// Row-major, like the table: `masks[hook * strategies + strategy]`.
    package private(set) var masks: [UInt32]
    private let strategies: Int

    /// Empty masks for every cell of `scenario` (at most 32 procedures).
    package init(scenario: Scenario) {
        precondition(scenario.procedures.count <= 32, "a mask holds 32 procedures")
        strategies = scenario.strategies.count
        masks = Array(repeating: 0, count: scenario.hooks.count * strategies)
    }

    /// Every mask back to 0, for the next point.
    package mutating func reset() {
        for index in masks.indices { masks[index] = 0 }
    }

    /// Sets the procedure's bit when the cleanup finished.
    package mutating func record(_ outcome: RunOutcome, point: Int, cell: CellIndex, procedure: Int) {
        if outcome.cleanupFinished { masks[cell.hook * strategies + cell.strategy] |= 1 << UInt32(procedure) }
    }

    /// Runs point `point` of `plan` on `simulator` and returns its masks.
    package static func of<Plan: ParameterPlan>(point: Int, plan: Plan, simulator: Simulator, reusing masks: inout CellMasks) -> [UInt32] {
        masks.reset()
        Experiment(simulator: simulator, plan: plan).run(into: &masks, points: point..<point + 1)
        return masks.masks
    }
}
