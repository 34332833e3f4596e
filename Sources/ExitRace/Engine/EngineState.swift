/// Plain-value state of one simulation run. All of it lives in contiguous arrays that the engine
/// empties (keeping capacity) between runs, so a run allocates nothing once warmed up.

/// Something that runs on a thread: a main-queue turn of a kill procedure, a dispatched block or a
/// Swift task. It is a range of ops plus a program counter.
struct SimContext {
    enum Kind: UInt8 { case turn, mainBlock, globalBlock, task, detachedTask, expirationHandler, timerBlock }
    enum State: UInt8 {
        /// Waiting on an executor's queue for a thread.
        case queued
        /// On a thread (running, working, sleeping or blocked in a wait).
        case onThread
        /// Suspended in an `await` (a system call's reply, `Task.sleep`).
        case suspended
        case done
    }

    var kind: Kind
    var state: State = .queued
    var pc: Int32
    var end: Int32
    /// Where its code starts (`pc` at creation), for reports.
    var start: Int32 = -1
    /// Home executor: the main actor / main queue, or a pool.
    var mainIsolated: Bool
    /// Task priority, or the block's QoS, as a raw value.
    var priority: UInt8
    /// The callback whose code created this context (an index into the program's callbacks), or -1.
    var hook: Int32
    /// For a turn, the script step it belongs to.
    var step: Int32 = -1
    /// The thread it is on while `state == .onThread`.
    var thread: Int32 = -1
    /// Parts of a system call still outstanding (thread work, reply) before the task resumes.
    var callPartsPending: UInt8 = 0
    /// Set while a main-actor task waits for a pool thread to make a nonisolated call.
    var hoppedOff: Bool = false

    var isTask: Bool { kind == .task || kind == .detachedTask }
}

/// A thread of the process: the main thread, a cooperative-pool thread or a Dispatch worker.
struct SimThread {
    enum Pool: UInt8 { case main, cooperative, dispatch }
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

/// A system call's timing as plain integers, for the engine's inner loop.
struct CallTiming {
    enum ActivityKind: UInt8 { case none, request, update, end }

    var costNs: Int64
    var deliverAfterNs: Int64
    var replyLatencyNs: Int64
    var effectOnReply: Bool
    var isCleanup: Bool
    var activity: ActivityKind
    /// For an end: how long the activity stays visible; -1 for the default policy.
    var dismissAfterNs: Int64

    init(_ call: SystemCall) {
        costNs = call.cost.nanoseconds
        deliverAfterNs = call.deliverAfter.nanoseconds
        replyLatencyNs = call.replyLatency.nanoseconds
        effectOnReply = call.takesEffectOn == .reply
        isCleanup = call.isCleanup
        dismissAfterNs = -1
        switch call.activityEffect {
        case nil: activity = .none
        case .request?: activity = .request
        case .update?: activity = .update
        case .end(let policy)?:
            activity = .end
            switch policy {
            case .default: dismissAfterNs = -1
            case .immediate: dismissAfterNs = 0
            case .after(let delay): dismissAfterNs = delay.nanoseconds
            }
        }
    }
}

/// A job on a pool's ready list: higher priority first, then first come first served.
struct ReadyJob: Comparable {
    var priority: UInt8
    var sequence: UInt32
    var context: Int32

    static func < (a: ReadyJob, b: ReadyJob) -> Bool {
        a.priority != b.priority ? a.priority > b.priority : a.sequence < b.sequence
    }
    static func == (a: ReadyJob, b: ReadyJob) -> Bool { a.sequence == b.sequence }
}

/// What an event asks the engine to do. `a` and `b` depend on `kind`.
struct SimEvent {
    enum Kind: UInt8 {
        /// Continue the kill procedure's script.
        case advanceScript
        /// `a`: context. Its start latency is over: it joins its pool's ready list.
        case jobReady
        /// `a`: thread. Its timed work or sleep is over; it continues its context.
        case threadResume
        /// `a`: the main thread has work on its queue and may be idle.
        case kickMain
        /// `a`: context, `b`: system call. The request leaves the process.
        case callDelivered
        /// `a`: thread. The call's work on the calling thread is over; the task suspends.
        case callWorkDone
        /// `a`: context, `b`: system call. The reply is back.
        case callReply
        /// `a`: context. `Task.sleep` is over.
        case taskWake
        /// `a`: thread, `b`: wait ticket. A `wait(timeout:)` timed out.
        case waitTimeout
        /// `a`: script step. The turn's watchdog budget is over.
        case watchdog
        /// `exit` has completed.
        case exitCompleted
        /// `a`: timer. It fires.
        case timerFired
        /// `a`: background epoch. The app may be suspended now if it holds no background task.
        case suspendCheck
        /// `a`: task, `b`: background epoch. Its expiration handler is due.
        case taskExpiring
        /// `a`: task, `b`: background epoch. Its allowance is over.
        case taskDeadline

        /// Whether the event belongs to the app's threads, which a suspended app does not run.
        var isAppSide: Bool {
            switch self {
            case .advanceScript, .watchdog, .suspendCheck, .taskExpiring, .taskDeadline: false
            default: true
            }
        }
    }

    var kind: Kind
    var a: Int32
    var b: UInt32 = 0
}

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

/// An app-side event held while the app is suspended, with the time it still had to go.
struct FrozenEvent {
    var remaining: Int64
    var event: SimEvent
}

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
