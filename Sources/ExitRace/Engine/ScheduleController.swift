/// One departure from the default order: at choice point `choice` (numbered from 0 in the order
/// the run meets them), take candidate `pick` (0 is the default, the earliest scheduled).
package struct ScheduleDeviation: Hashable, Sendable {
    /// The choice point, numbered from 0 in the order a run meets them.
    package var choice: Int
    /// The candidate taken: an index into the choice point's candidates in scheduling order.
    package var pick: Int

    /// Take candidate `pick` at choice point `choice`.
    package init(choice: Int, pick: Int) {
        self.choice = choice
        self.pick = pick
    }
}

/// Decides the engine's choice points: the default candidate everywhere except at the listed
/// deviations; records how many candidates each choice point had, so an explorer knows where it
/// can deviate next.
struct ScheduleController {
    /// Sorted by choice point, at most one per point.
    var deviations: [ScheduleDeviation] = []
    private var nextDeviation = 0
    /// The number of candidates at each choice point met so far in this run.
    private(set) var widths = ContiguousArray<Int>()
    /// Per choice point met: the candidates' events (the taken one first), for naming races.
    private(set) var candidates = ContiguousArray<[ChoiceCandidate]>()
    /// Whether to keep `candidates` (explanations); exploration only needs `widths`.
    var recordingCandidates = false
    /// Set when a deviation named a choice point that did not have that many candidates.
    private(set) var invalidDeviation: ScheduleDeviation?

    /// Starts a new run with the same deviations.
    mutating func rewind() {
        nextDeviation = 0
        widths.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        invalidDeviation = nil
    }

    /// Shown every choice point a run meets, before it is decided (``ChoicePointWatcher``).
    var watcher: (any ChoicePointWatcher)?

    /// The candidate to take at the next choice point, which has `count` (2 or more) candidates:
    /// `chosen` when given (a watcher's pick, below `count`), else the deviations' or the default.
    mutating func choose(among count: Int, instead chosen: Int? = nil) -> Int {
        let point = widths.count
        widths.append(count)
        if let chosen {
            precondition(chosen >= 0 && chosen < count, "a watcher's pick out of range")
            return chosen
        }
        guard nextDeviation < deviations.count, deviations[nextDeviation].choice == point else { return 0 }
        let deviation = deviations[nextDeviation]
        nextDeviation += 1
        guard deviation.pick < count else {
            if invalidDeviation == nil { invalidDeviation = deviation }
            return 0
        }
        return deviation.pick
    }

    /// Goes on under `deviations`, which agree with the deviations already taken: a run resumed
    /// from a choice point under a schedule that extends the one it was taken under.
    mutating func follow(_ deviations: [ScheduleDeviation]) {
        precondition(
            deviations.count >= nextDeviation && deviations.prefix(nextDeviation) == self.deviations.prefix(nextDeviation)
                && deviations.dropFirst(nextDeviation).allSatisfy { $0.choice >= widths.count },
            "a resumed run's deviations differ from those already taken")
        self.deviations = deviations
    }

    /// Records the events that raced at the choice point just decided.
    mutating func recordCandidates(_ events: [ChoiceCandidate]) {
        candidates.append(events)
    }

    /// Deviations the run never reached (its choice points ran out first).
    var unreachedDeviations: ArraySlice<ScheduleDeviation> { deviations[nextDeviation...] }
}
