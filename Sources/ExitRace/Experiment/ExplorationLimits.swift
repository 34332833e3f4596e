/// How far schedule exploration goes.
package struct ExplorationLimits: Sendable {
    /// The most deviations from the default order a schedule may have (depth-first search).
    package var bound: Int
    /// The most schedules explored per cell and procedure, the default one included.
    package var maxSchedules: Int
    /// When set: this many random schedules per cell and procedure instead of the bounded search.
    package var randomSchedules: Int?
    /// The seed of the random schedules.
    package var seed: UInt64
    /// A budget of simulated events for each cell run's search, when set: the search runs at most
    /// `maxEvents ÷ (the events of that cell run's default schedule)` schedules (at least one),
    /// when that is fewer than `maxSchedules`. Per cell run, so a cell's search is the same
    /// whichever other cells a command explores with it. Not for random schedules.
    package var maxEvents: Int?

    /// The bound when none is given: loom's default preemption bound.
    package static let defaultBound = 2
    /// The schedules per cell run when no limit is given.
    package static let defaultMaxSchedules = 100_000
    /// The seed of random schedules when none is given.
    package static let defaultSeed: UInt64 = 1
    /// The largest `bound` accepted.
    package static let maxBound = 8
    /// The largest `maxSchedules` (and random schedule count) accepted.
    package static let maxScheduleCount = 10_000_000
    /// The budget of simulated events per cell run's search that the commands apply unless given
    /// `--max-schedules`: a search of short runs (a few hundred events) keeps its 100,000
    /// schedules; one of 10-ms runs of 100,000 events gets 1,000.
    package static let defaultMaxEvents = 100_000_000
    /// The largest `maxEvents` accepted.
    package static let maxEventCount = 1_000_000_000_000

    /// Bounded depth-first search (`bound` 2 and 100,000 schedules by default), or random schedules.
    package init(
        bound: Int = defaultBound, maxSchedules: Int = defaultMaxSchedules, randomSchedules: Int? = nil, seed: UInt64 = defaultSeed,
        maxEvents: Int? = nil
    ) {
        precondition((0...Self.maxBound).contains(bound), "bound out of range")
        precondition((1...Self.maxScheduleCount).contains(maxSchedules), "maxSchedules out of range")
        precondition(maxEvents.map { (1...Self.maxEventCount).contains($0) } ?? true, "maxEvents out of range")
        self.bound = bound
        self.maxSchedules = maxSchedules
        self.randomSchedules = randomSchedules
        self.seed = seed
        self.maxEvents = maxEvents
    }

    /// The most schedules a search whose default schedule takes `events` events may run: the
    /// budget's share when it is below `maxSchedules` (then also returned as `budget`).
    package func scheduleLimit(defaultRunEvents events: Int) -> (limit: Int, budget: Int?) {
        guard randomSchedules == nil, let maxEvents else { return (maxSchedules, nil) }
        let affordable = max(1, maxEvents / max(1, events))
        return affordable < maxSchedules ? (affordable, affordable) : (maxSchedules, nil)
    }
}
