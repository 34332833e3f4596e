/// A thread of the process: the main thread, a cooperative-pool thread or a Dispatch worker.
struct SimThread {
    enum Pool: UInt8, Sendable { case main, cooperative, dispatch }
    enum State: UInt8 {
        case idle
        /// Busy for a known time (CPU work, a system call's cost, `exit`), or between ops.
        case running
        /// Blocked in `Thread.sleep`.
        case sleeping
        /// Blocked in `semaphore.wait`.
        case waiting
        /// The process is gone.
        case dead
        /// Blocked in `queue.sync` until the queue (``waitQueue``) runs its body.
        case queueWaiting
    }

    var pool: Pool
    var state: State = .idle
    var context: Int32 = -1
    var qos: UInt8
    /// Valid while `state == .waiting`.
    var semaphore: Int32 = -1
    /// The flag a `waitUntil` polls, while the thread sleeps between polls; -1 otherwise.
    var pollFlag: Int32 = -1
    var hasTimeout: Bool = false
    /// The ``QueueCode`` a `sync` waits for, while `state == .queueWaiting`; -1 otherwise is
    /// never read.
    var waitQueue: Int32 = 0
    /// Orders waiters first-in first-out; also invalidates stale timeout events.
    var waitTicket: UInt32 = 0

    /// Back to idle for a new run.
    mutating func clean(mainQoS: UInt8) {
        state = .idle
        context = -1
        semaphore = -1
        pollFlag = -1
        hasTimeout = false
        qos = pool == .main ? mainQoS : 0
    }
}
