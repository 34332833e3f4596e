/// What exploring the schedules of one cell under one kill procedure found.
package struct CellExploration: Sendable {
    /// A schedule that gives one of the results, the first found.
    package struct Witness: Sendable {
        /// The result the schedule gives.
        package var result: ScheduleResult
        /// The schedule: its departures from the default order (none for the default schedule).
        package var deviations: [ScheduleDeviation]
    }

    /// The cell explored.
    package var cell: CellIndex
    /// The kill procedure, an index into the scenario's procedures.
    package var procedure: Int
    /// One witness per distinct result, the default schedule's first.
    package var witnesses: [Witness]
    /// How many schedules were run, the default one included.
    package var schedules: Int
    /// The number of choice points the default schedule meets.
    package var defaultChoicePoints: Int
    /// Whether every schedule within the bound was run (`false`: `maxSchedules` stopped the
    /// search, or the schedules were random and the default run met a choice point).
    package var exhaustive: Bool
    /// The events of the default schedule's run.
    package var defaultRunEvents = 0
    /// How many times the search ran the simulator (a run from the start, or one resumed from a
    /// paused run's state): the work it did, which tests count. Random schedules take one run each.
    package var simulatorRuns = 0
    /// When the events budget (``ExplorationLimits/maxEvents``) allowed fewer schedules than
    /// `maxSchedules` and the search reached that limit (so was not exhaustive): how many it
    /// allowed; nil otherwise.
    package var budgetSchedules: Int?

    /// For an order-sensitive cell: the race at the first deviation of the first witness that
    /// gives another result, in words; nil for an order-robust one.
    package var race: ScheduleRace?

    /// Whether some explored schedule gives another result than the default one.
    package var isOrderSensitive: Bool { witnesses.count > 1 }

    /// Whether every schedule within the bound was run and all gave the default result.
    package var isOrderRobust: Bool { !isOrderSensitive && exhaustive }

    /// Whether the search found one result but was cut (`maxSchedules`, or random schedules):
    /// no other result was found, which does not show the cell order-robust.
    package var isUndecided: Bool { !isOrderSensitive && !exhaustive }

    /// `sensitive`, `robust` or `undecided`: the JSON word.
    package var robustness: String { isOrderSensitive ? "sensitive" : exhaustive ? "robust" : "undecided" }
}

/// Explores the orders of one cell's same-instant races: depth-first over schedules with at
/// most `bound` deviations from the default order (each deviation takes another candidate at a
/// choice point; later choice points are explored in the run the deviation leads to), or random
/// schedules. Always bounded: at most `maxSchedules` runs, fewer by the events budget (or the
/// random count).
///
/// Schedules share the work of their common prefix: a schedule that deviates at choice point `n`
/// goes on from the state of the run it extends at `n` (``ChoicePointState``), paused there while
/// it runs, instead of simulating its first `n` choice points again; a random schedule draws each
/// pick as its one run meets the choice point. The schedules, their count and their witnesses are
/// those of running each schedule from the start in depth-first order.
package enum ScheduleExplorer {
    /// Explores one cell under one procedure of `simulator`'s scenario at its own values.
    package static func explore(
        _ simulator: Simulator, cell: CellIndex, procedure: Int, limits: ExplorationLimits
    ) -> CellExploration {
        let search = Search(simulator: simulator, cell: cell, procedure: procedure, limits: limits)
        let first: ScheduledRun
        var exploration = CellExploration(
            cell: cell, procedure: procedure, witnesses: [], schedules: 0, defaultChoicePoints: 0, exhaustive: true)
        var ahead: ScheduledRun?
        if limits.maxEvents != nil, limits.randomSchedules == nil {
            // The budget divides by the default run's events, which the search needs before it
            // branches from inside that run: one run ahead to count them.
            let run = simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: [])
            search.simulatorRuns += 1
            (search.maxSchedules, exploration.budgetSchedules) = limits.scheduleLimit(defaultRunEvents: run.outcome.events)
            ahead = run
        }
        if let count = limits.randomSchedules {
            first = search.run([])
            search.random(count: count)
            // Random schedules show nothing exhaustively, unless the default run meets no choice point.
            exploration.exhaustive = first.widths.isEmpty
        } else if let ahead, ahead.widths.isEmpty {
            // No choice point: the run ahead is the one schedule there is; no need to run it again.
            first = search.record(ahead)
            exploration.exhaustive = true
            exploration.budgetSchedules = nil
        } else {
            first = search.depthFirst()
            exploration.exhaustive = !search.stoppedEarly
            // The budget's share is worth saying only where it cut the search.
            if exploration.exhaustive { exploration.budgetSchedules = nil }
        }
        exploration.defaultChoicePoints = first.widths.count
        exploration.defaultRunEvents = first.outcome.events
        exploration.witnesses = search.witnesses
        exploration.schedules = search.schedules
        exploration.simulatorRuns = search.simulatorRuns
        if let first = search.witnesses.dropFirst().first?.deviations.first {
            exploration.race = simulator.race(
                hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: [first], at: first.choice)
        }
        return exploration
    }
}

/// The state of one cell's search: the schedules run and a witness per result.
private final class Search {
    let simulator: Simulator
    let cell: CellIndex
    let procedure: Int
    let limits: ExplorationLimits
    /// The most schedules to run: `limits.maxSchedules`, or fewer by the events budget.
    var maxSchedules: Int
    var stoppedEarly = false
    /// Runs and resumes of the simulator so far.
    var simulatorRuns = 0
    /// Each schedule's result and deviations, in the order of a depth-first search that runs each
    /// schedule before the ones that extend it (a schedule's run ends after theirs: it is paused
    /// at their choice point while they run).
    private var results: [(result: ScheduleResult?, deviations: [ScheduleDeviation])] = []

    init(simulator: Simulator, cell: CellIndex, procedure: Int, limits: ExplorationLimits) {
        self.simulator = simulator
        self.cell = cell
        self.procedure = procedure
        self.limits = limits
        maxSchedules = limits.maxSchedules
    }

    /// How many schedules were run (or are running).
    var schedules: Int { results.count }

    /// A witness per result, the first schedule (in search order) that gave it.
    var witnesses: [CellExploration.Witness] {
        var witnesses: [CellExploration.Witness] = []
        for (result, deviations) in results {
            guard let result else { preconditionFailure("a schedule's run did not end") }
            if !witnesses.contains(where: { $0.result == result }) {
                witnesses.append(CellExploration.Witness(result: result, deviations: deviations))
            }
        }
        return witnesses
    }

    /// Runs one schedule from the start.
    func run(_ deviations: [ScheduleDeviation], watcher: (any ChoicePointWatcher)? = nil) -> ScheduledRun {
        let index = begin(deviations)
        simulatorRuns += 1
        let run =
            if let watcher {
                simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: deviations, watcher: watcher)
            } else {
                simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: deviations)
            }
        results[index].result = ScheduleResult(run.outcome)
        return run
    }

    /// Counts `run`, the default schedule's run made ahead of the search, as a schedule run.
    func record(_ run: ScheduledRun) -> ScheduledRun {
        let index = begin([])
        results[index].result = ScheduleResult(run.outcome)
        return run
    }

    /// Counts a schedule about to run, in search order; its result is filled in when it ends.
    private func begin(_ deviations: [ScheduleDeviation]) -> Int {
        results.append((nil, deviations))
        return results.count - 1
    }

    /// The default schedule, and every schedule that extends one run by a deviation at a later
    /// choice point of its run, while the bound allows; the default run.
    func depthFirst() -> ScheduledRun {
        let branching = Branching(search: self, prefix: [], from: 0)
        return run([], watcher: branching)
    }

    /// At a choice point from `from` on of the run of `prefix`: every other pick there, each run
    /// on from this state (and branching in turn), unless the bound or `maxSchedules` forbids.
    fileprivate func branch(
        prefix: [ScheduleDeviation], at point: Int, width: Int, state: () -> ChoicePointState
    ) {
        guard !stoppedEarly, prefix.count < limits.bound, width > 1 else { return }
        // The limit first: the state is a copy of the engine, not worth taking for no schedule.
        guard schedules < maxSchedules else { return stoppedEarly = true }
        let here = state()
        for pick in 1..<width {
            guard schedules < maxSchedules else { return stoppedEarly = true }
            let deviations = prefix + [ScheduleDeviation(choice: point, pick: pick)]
            let index = begin(deviations)
            simulatorRuns += 1
            let run = simulator.resume(here, deviations: deviations, watcher: Branching(search: self, prefix: deviations, from: point + 1))
            results[index].result = ScheduleResult(run.outcome)
            if stoppedEarly { return }
        }
    }

    /// `count` schedules (the default one, already run, among them), each taking a uniformly
    /// random candidate at every choice point as its run meets it.
    func random(count: Int) {
        let scenario = simulator.scenario
        let name = "\(scenario.hooks[cell.hook].name)|\(scenario.strategies[cell.strategy].name)|\(scenario.procedures[procedure].name)"
        let drawing = RandomPicks(seed: StableSeed.combine(limits.seed, StableSeed.hash(name)))
        for _ in 1..<max(1, count) {
            drawing.deviations = []
            let index = begin([])
            simulatorRuns += 1
            let run = simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: [], watcher: drawing)
            results[index] = (ScheduleResult(run.outcome), drawing.deviations)
        }
    }
}

/// The watcher of one schedule's run in the depth-first search: it branches at each choice point
/// from `from` on (earlier ones are its prefix's).
private final class Branching: ChoicePointWatcher {
    let search: Search
    let prefix: [ScheduleDeviation]
    let from: Int

    init(search: Search, prefix: [ScheduleDeviation], from: Int) {
        self.search = search
        self.prefix = prefix
        self.from = from
    }

    func reached(_ point: Int, width: Int, state: () -> ChoicePointState) -> Int? {
        if point >= from { search.branch(prefix: prefix, at: point, width: width, state: state) }
        return nil
    }
}

/// The watcher of a random schedule's run: a uniformly random candidate at each choice point, the
/// draws in the order the run meets them; the picks other than the default are its deviations.
private final class RandomPicks: ChoicePointWatcher {
    var generator: SplitMix64
    var deviations: [ScheduleDeviation] = []

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    func reached(_ point: Int, width: Int, state: () -> ChoicePointState) -> Int? {
        let pick = Int(generator.next() % UInt64(width))
        if pick != 0 { deviations.append(ScheduleDeviation(choice: point, pick: pick)) }
        return pick
    }
}
