/// A background task (`beginBackgroundTask`), or the implicit one a silent push grants.
struct BackgroundTaskState {
    var held: Bool
    /// The strategy's name slot for it, or -1 for a silent push's fetch time.
    var slot: Int32
    /// The expiration handler's ops; empty for none.
    var handlerStart: Int32
    var handlerEnd: Int32
    /// The callback whose code began it.
    var callback: Int32
}

/// A repeating timer on the main run loop.
struct TimerState {
    var bodyStart: Int32
    var bodyEnd: Int32
    var interval: Int64
    var remaining: Int32
    /// The block of its last fire, to skip a fire while that one is still queued; -1 for none.
    var lastBlock: Int32
    var callback: Int32
}
