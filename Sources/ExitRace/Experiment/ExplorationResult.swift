/// A run's result as schedule exploration compares runs: whether the cleanup (or goal) was met,
/// and the table's marks. Timings are not compared: a race that only moves an instant is robust.
package struct ScheduleResult: Hashable, Sendable {
    /// Whether the run met the cell's goal (the cleanup finished).
    package var finished: Bool
    /// A deadlock formed.
    package var deadlock: Bool
    /// A priority inversion happened.
    package var inversion: Bool
    /// The goal was met, then a watchdog killed the process.
    package var watchdogKill: Bool
    /// The run stopped at a bound of `limits`.
    package var hitBound: Bool

    /// The result of `outcome`.
    package init(_ outcome: RunOutcome) {
        finished = outcome.cleanupFinished
        deadlock = outcome.deadlock != nil
        inversion = outcome.inversion != nil
        watchdogKill = outcome.cleanupFinished && outcome.death?.cause.isWatchdogKill == true
        hitBound = outcome.boundReached != nil
    }

    /// `finished`, `not finished [d]`: the table's symbol in words, with its marks.
    package var text: String {
        var text = finished ? "finished" : "not finished"
        if inversion { text += " [i]" }
        if deadlock { text += " [d]" }
        if watchdogKill { text += " [w]" }
        if hitBound { text += " [?]" }
        return text
    }
}
