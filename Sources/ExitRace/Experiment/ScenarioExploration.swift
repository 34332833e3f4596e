/// Schedule exploration of a scenario's cells (all of them, or the ones asked for) at its own
/// values, with each witness's schedule as text.
package struct ScenarioExploration: Sendable {
    /// The scenario explored.
    package let scenario: Scenario
    /// How far the search went.
    package let limits: ExplorationLimits
    /// Per cell and procedure, in the table's order.
    package let cells: [CellExploration]
    /// The values the runs used (the scenario's own).
    package let values: ParameterValues

    /// Explores `cells` (every cell when `nil`) under `procedures` (every procedure when `nil`);
    /// `progress`, when given, is told after each cell run how many of how many are done.
    package init(
        simulator: Simulator, limits: ExplorationLimits, cells: [CellIndex]? = nil, procedures: [Int]? = nil,
        progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) {
        let scenario = simulator.scenario
        self.scenario = scenario
        self.limits = limits
        values = simulator.defaults
        let every = scenario.hooks.indices.flatMap { hook in
            scenario.strategies.indices.map { CellIndex(hook: hook, strategy: $0) }
        }
        var explored: [CellExploration] = []
        let chosen = procedures ?? Array(scenario.procedures.indices)
        let total = (cells ?? every).count * chosen.count
        for cell in cells ?? every {
            for procedure in chosen {
                explored.append(ScheduleExplorer.explore(simulator, cell: cell, procedure: procedure, limits: limits))
                progress?(explored.count, total)
            }
        }
        self.cells = explored
    }

    /// The text of a witness's schedule, as `explain --schedule` takes it.
    package func scheduleText(_ witness: CellExploration.Witness, of exploration: CellExploration) -> String {
        let fingerprint = ScheduleText.fingerprint(
            scenario: scenario, cell: exploration.cell, procedure: exploration.procedure, values: values)
        return ScheduleText(fingerprint: fingerprint, deviations: witness.deviations).text
    }

    /// How many cell-procedures are order-sensitive.
    package var sensitiveCount: Int { cells.filter(\.isOrderSensitive).count }

    /// How many cell-procedures found one result in a search that was cut: not shown order-robust.
    package var undecidedCount: Int { cells.filter(\.isUndecided).count }

}
