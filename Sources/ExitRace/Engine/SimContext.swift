/// Something that runs on a thread: a main-queue turn of a kill procedure, a dispatched block or a
/// Swift task. It is a range of ops plus a program counter.
struct SimContext {
    enum Kind: UInt8, Sendable { case turn, mainBlock, globalBlock, task, detachedTask, expirationHandler, timerBlock, queueBlock, completionHandler }
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
    /// For a block of a serial own queue: the queue, which it holds while it runs; -1 otherwise.
    var serialQueue: Int32 = -1
    /// The next context waiting for the same serial queue (a block, or a `sync` caller), or -1.
    var nextInQueue: Int32 = -1
    /// For a `DispatchQueue.main.sync` block: the thread waiting for it to finish; -1 otherwise.
    var wakesThread: Int32 = -1

    /// Whether it runs on a Dispatch worker (a block of a global or own queue).
    var runsOnDispatchPool: Bool {
        kind == .globalBlock || kind == .queueBlock || (kind == .completionHandler && !mainIsolated)
    }
    /// For a completion handler: the context that made its call (the effect is that context's).
    var caller: Int32 = -1

    var isTask: Bool { kind == .task || kind == .detachedTask }
}
