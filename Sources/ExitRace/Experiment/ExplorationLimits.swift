/// How far schedule exploration goes.
public struct ExplorationLimits: Sendable {
    /// The most deviations from the default order a schedule may have (depth-first search).
    public var bound: Int
    /// The most schedules explored per cell and procedure, the default one included.
    public var maxSchedules: Int
    /// When set: this many random schedules per cell and procedure instead of the bounded search.
    public var randomSchedules: Int?
    /// The seed of the random schedules.
    public var seed: UInt64

    /// The bound when none is given: loom's default preemption bound.
    public static let defaultBound = 2
    /// The schedules per cell run when no limit is given.
    public static let defaultMaxSchedules = 100_000
    /// The seed of random schedules when none is given.
    public static let defaultSeed: UInt64 = 1
    /// The largest `bound` accepted.
    public static let maxBound = 8
    /// The largest `maxSchedules` (and random schedule count) accepted.
    public static let maxScheduleCount = 10_000_000

    /// Bounded depth-first search (`bound` 2 and 100,000 schedules by default), or random schedules.
    public init(
        bound: Int = defaultBound, maxSchedules: Int = defaultMaxSchedules, randomSchedules: Int? = nil, seed: UInt64 = defaultSeed
    ) {
        precondition((0...Self.maxBound).contains(bound), "bound out of range")
        precondition((1...Self.maxScheduleCount).contains(maxSchedules), "maxSchedules out of range")
        self.bound = bound
        self.maxSchedules = maxSchedules
        self.randomSchedules = randomSchedules
        self.seed = seed
    }
}
