/// The scenario's Live Activity during a run: what the system knows of it.
struct ActivityTracker {
    package var exists = false
    package var startedAt: Int64 = 0
    /// When the app ended it, or -1.
    package var endedAt: Int64 = -1
    /// After an end by the app: how long it stays visible (-1: the default policy).
    var dismissAfter: Int64 = -1
    package var updates = 0
    package var lastUpdateAt: Int64 = -1
}
