/// The result table as the simplest experiment: one point, every outcome kept.
extension ResultTable {
    /// Keeps every outcome of a one-point experiment, in the table's order.
    package struct Collector: OutcomeAggregator {
        /// The cells recorded so far, row by row.
        package private(set) var cells: [Cell] = []
        private let procedures: Int

        /// An empty collector for `scenario`'s table.
        package init(scenario: Scenario) {
            procedures = scenario.procedures.count
            cells.reserveCapacity(scenario.hooks.count * scenario.strategies.count)
        }

        /// Keeps the outcome in its cell (outcomes come in the experiment's order).
        package mutating func record(_ outcome: RunOutcome, point: Int, cell: CellIndex, procedure: Int) {
            precondition(point == 0, "a result table holds one point")
            if procedure == 0 {
                cells.append(Cell(hook: cell.hook, strategy: cell.strategy, outcomes: []))
                cells[cells.count - 1].outcomes.reserveCapacity(procedures)
            }
            cells[cells.count - 1].outcomes.append(outcome)
        }
    }
}

extension Simulator {
    /// Simulates every cell with the scenario's own values.
    public func table() -> ResultTable { table(checkedValues: defaults) }

    /// Simulates every cell with `values`; throws when they were made for another simulator.
    public func table(values: ParameterValues) throws(InputError) -> ResultTable {
        table(checkedValues: try checked(values) ?? defaults)
    }

    /// Simulates every cell with `values`, which belong to this simulator's ``parameters``.
    package func table(checkedValues values: ParameterValues) -> ResultTable {
        var collector = ResultTable.Collector(scenario: scenario)
        Experiment(simulator: self, plan: SinglePoint(values)).run(into: &collector)
        return ResultTable(scenario: scenario, cells: collector.cells)
    }
}
