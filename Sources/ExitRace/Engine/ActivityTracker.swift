/// The scenario's Live Activity during a run: what the system knows of it.
struct ActivityTracker {
    var exists = false
    var startedAt: Int64 = 0
    /// When the app ended it, or -1.
    var endedAt: Int64 = -1
    /// After an end by the app: how long it stays visible (-1: the default policy).
    var dismissAfter: Int64 = -1
    var updates = 0
    var lastUpdateAt: Int64 = -1
}
