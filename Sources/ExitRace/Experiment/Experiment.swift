/// Runs every cell of a scenario at every point of a plan, and hands each outcome to an
/// aggregator.
///
/// The order is fixed — point, then hook, strategy and procedure, each in the scenario's order —
/// so an aggregator sees the same sequence on every run and machine. A run of a range of points
/// is what a thread or a shard does; the ranges of a split cover the plan exactly once.
public struct Experiment<Plan: ParameterPlan> {
    /// The compiled scenario the experiment runs.
    public let simulator: Simulator
    /// Which values each point has.
    public let plan: Plan

    /// An experiment of `plan` over `simulator`'s scenario.
    public init(simulator: Simulator, plan: Plan) {
        self.simulator = simulator
        self.plan = plan
    }

    /// Runs the points in `points` (all of them by default).
    public func run<Aggregator: OutcomeAggregator>(into aggregator: inout Aggregator, points: Range<Int>? = nil) {
        let scenario = simulator.scenario
        var values = simulator.defaults
        for point in points ?? 0..<plan.pointCount {
            plan.fill(&values, point: point)
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    let cell = CellIndex(hook: hook, strategy: strategy)
                    for procedure in scenario.procedures.indices {
                        let outcome = simulator.run(hook: hook, strategy: strategy, procedure: procedure, values: values)
                        aggregator.record(outcome, point: point, cell: cell, procedure: procedure)
                    }
                }
            }
        }
    }
}

/// A cell of the table: a hook (row) and a strategy (column), as indices into the scenario.
public struct CellIndex: Hashable, Sendable {
    /// The row: an index into the scenario's hooks.
    public var hook: Int
    /// The column: an index into the scenario's strategies.
    public var strategy: Int

    /// The cell of `hook` running `strategy`.
    public init(hook: Int, strategy: Int) {
        self.hook = hook
        self.strategy = strategy
    }
}

/// What an experiment does with each run's outcome: keep it, count it, stream it out.
public protocol OutcomeAggregator {
    mutating func record(_ outcome: RunOutcome, point: Int, cell: CellIndex, procedure: Int)
}
