/// What exploring the schedules of one cell under one kill procedure found.
public struct CellExploration: Sendable {
    /// A schedule that gives one of the results, the first found.
    public struct Witness: Sendable {
        /// The result the schedule gives.
        public var result: ScheduleResult
        /// The schedule: its departures from the default order (none for the default schedule).
        public var deviations: [ScheduleDeviation]
    }

    /// The cell explored.
    public var cell: CellIndex
    /// The kill procedure, an index into the scenario's procedures.
    public var procedure: Int
    /// One witness per distinct result, the default schedule's first.
    public var witnesses: [Witness]
    /// How many schedules were run, the default one included.
    public var schedules: Int
    /// The number of choice points the default schedule meets.
    public var defaultChoicePoints: Int
    /// Whether every schedule within the bound was run (`false`: `maxSchedules` stopped the
    /// search, or the schedules were random and the default run met a choice point).
    public var exhaustive: Bool
    /// The events of the default schedule's run.
    public var defaultRunEvents = 0
    /// When the events budget (``ExplorationLimits/maxEvents``) allowed fewer schedules than
    /// `maxSchedules`: how many it allowed, the search's own limit; nil otherwise.
    public var budgetSchedules: Int?

    /// For an order-sensitive cell: the race at the first deviation of the first witness that
    /// gives another result, in words; nil for an order-robust one.
    public var race: ScheduleRace?

    /// Whether some explored schedule gives another result than the default one.
    public var isOrderSensitive: Bool { witnesses.count > 1 }

    /// Whether every schedule within the bound was run and all gave the default result.
    public var isOrderRobust: Bool { !isOrderSensitive && exhaustive }

    /// Whether the search found one result but was cut (`maxSchedules`, or random schedules):
    /// no other result was found, which does not show the cell order-robust.
    public var isUndecided: Bool { !isOrderSensitive && !exhaustive }

    /// `sensitive`, `robust` or `undecided`: the JSON word.
    public var robustness: String { isOrderSensitive ? "sensitive" : exhaustive ? "robust" : "undecided" }
}

/// Explores the orders of one cell's same-instant races: depth-first over schedules with at
/// most `bound` deviations from the default order (each deviation takes another candidate at a
/// choice point; later choice points are explored in the run the deviation leads to), or random
/// schedules. Always bounded: at most `maxSchedules` runs, fewer by the events budget (or the
/// random count).
public enum ScheduleExplorer {
    /// Explores one cell under one procedure of `simulator`'s scenario at its own values.
    public static func explore(
        _ simulator: Simulator, cell: CellIndex, procedure: Int, limits: ExplorationLimits
    ) -> CellExploration {
        var search = Search(simulator: simulator, cell: cell, procedure: procedure, limits: limits)
        let first = search.run([])
        var exploration = CellExploration(
            cell: cell, procedure: procedure, witnesses: [], schedules: 0, defaultChoicePoints: first.widths.count,
            exhaustive: true)
        exploration.defaultRunEvents = first.outcome.events
        (search.maxSchedules, exploration.budgetSchedules) = limits.scheduleLimit(defaultRunEvents: first.outcome.events)
        if let count = limits.randomSchedules {
            search.random(count: count, defaultRun: first)
            // Random schedules show nothing exhaustively, unless the default run meets no choice point.
            exploration.exhaustive = first.widths.isEmpty
        } else {
            search.depthFirst(prefix: [], widths: first.widths, from: 0)
            exploration.exhaustive = !search.stoppedEarly
        }
        exploration.witnesses = search.witnesses
        exploration.schedules = search.schedules
        if let first = search.witnesses.dropFirst().first?.deviations.first {
            exploration.race = simulator.race(
                hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: [first], at: first.choice)
        }
        return exploration
    }
}

/// The state of one cell's search: the schedules run and a witness per result.
private struct Search {
    let simulator: Simulator
    let cell: CellIndex
    let procedure: Int
    let limits: ExplorationLimits
    /// The most schedules to run: `limits.maxSchedules`, or fewer by the events budget.
    var maxSchedules: Int
    var schedules = 0
    var witnesses: [CellExploration.Witness] = []
    var stoppedEarly = false

    init(simulator: Simulator, cell: CellIndex, procedure: Int, limits: ExplorationLimits) {
        self.simulator = simulator
        self.cell = cell
        self.procedure = procedure
        self.limits = limits
        maxSchedules = limits.maxSchedules
    }

    /// Runs one schedule and keeps it as a witness when its result is new.
    mutating func run(_ deviations: [ScheduleDeviation]) -> ScheduledRun {
        let run = simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: deviations)
        record(run, deviations)
        return run
    }

    /// Counts a schedule already run and keeps it as the witness of its result if it is the first.
    mutating func record(_ run: ScheduledRun, _ deviations: [ScheduleDeviation]) {
        schedules += 1
        let result = ScheduleResult(run.outcome)
        if !witnesses.contains(where: { $0.result == result }) {
            witnesses.append(CellExploration.Witness(result: result, deviations: deviations))
        }
    }

    /// Every schedule that extends `prefix` by one deviation at a choice point from `start` on,
    /// then recursively, while the bound allows.
    mutating func depthFirst(prefix: [ScheduleDeviation], widths: [Int], from start: Int) {
        guard prefix.count < limits.bound else { return }
        for point in start..<max(start, widths.count) {
            for pick in 1..<widths[point] {
                guard schedules < maxSchedules else { return stoppedEarly = true }
                let deviations = prefix + [ScheduleDeviation(choice: point, pick: pick)]
                let next = run(deviations)
                depthFirst(prefix: deviations, widths: next.widths, from: point + 1)
                if stoppedEarly { return }
            }
        }
    }

    /// `count` schedules, each taking a uniformly random candidate at every choice point.
    mutating func random(count: Int, defaultRun: ScheduledRun) {
        let scenario = simulator.scenario
        let name = "\(scenario.hooks[cell.hook].name)|\(scenario.strategies[cell.strategy].name)|\(scenario.procedures[procedure].name)"
        var generator = SplitMix64(seed: StableSeed.combine(limits.seed, StableSeed.hash(name)))
        for _ in 1..<max(1, count) {
            var deviations: [ScheduleDeviation] = []
            var last = defaultRun
            var point = 0
            // Walks the choice points, drawing a pick at each; a deviation changes what follows,
            // so the run is repeated from there to learn the next widths. The last run made is
            // the schedule's own.
            while point < last.widths.count {
                let pick = Int(generator.next() % UInt64(last.widths[point]))
                if pick != 0 {
                    deviations.append(ScheduleDeviation(choice: point, pick: pick))
                    last = simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: deviations)
                }
                point += 1
            }
            record(last, deviations)
        }
    }
}
