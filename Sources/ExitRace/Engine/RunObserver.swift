/// Something that watches a run's event loop from outside the engine: it sees the number of
/// events pending before each event is handled. The engine keeps no state for it: the event loop
/// is specialised for each observer, and for ``NoRunObserver`` the call compiles away.
protocol RunObserver {
    /// Called once per event handled, with the events still pending counting the one in hand.
    mutating func willHandle(pending: Int)
}

/// The observer of every ordinary run: it does nothing.
struct NoRunObserver: RunObserver {
    @inline(__always)
    mutating func willHandle(pending: Int) {}
}

/// Adds up the pending count at every event (the benchmark sizes its yardstick heap by the mean).
struct PendingCounter: RunObserver {
    /// The sum over the events handled of the events pending at each.
    var sum = 0

    mutating func willHandle(pending: Int) { sum += pending }
}
