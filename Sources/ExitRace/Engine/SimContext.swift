/// Something that runs on a thread: a main-queue turn of a kill procedure, a dispatched block or a
/// Swift task. It is a range of ops plus a program counter.
package struct SimContext {
    package enum Kind: UInt8, Sendable {
        case turn, mainBlock, globalBlock, task, detachedTask, expirationHandler, timerBlock, queueBlock, completionHandler, childTask
    }
    package enum State: UInt8 {
        /// Waiting on an executor's queue for a thread.
        case queued
        /// On a thread (running, working, sleeping or blocked in a wait).
        case onThread
        /// Suspended in an `await` (a system call's reply, `Task.sleep`).
        case suspended
        case done
    }

    package var kind: Kind
    package var state: State = .queued
    var pc: Int32
    package var end: Int32
    /// Where its code starts (`pc` at creation), for reports.
    package var start: Int32 = -1
    /// Home executor: the main actor / main queue, or a pool.
    package var mainIsolated: Bool
    /// Task priority, or the block's QoS, as a raw value.
    package var priority: UInt8
    // The two escalation bytes sit beside `priority`, in what would be padding (a context stays 76 bytes).
    /// The priority a task was escalated to (``Engine/escalate(_:to:because:)``), which it is scheduled
    /// at from then on; 0 if none (`priority` stays the one it was made with, for reports).
    var escalated: UInt8 = 0
    /// A priority it was escalated to while queued, applied when a thread takes it; 0 if none.
    var escalatedTo: UInt8 = 0
    /// The callback whose code created this context (an index into the program's callbacks), or -1.
    package var hook: Int32
    /// For a turn, the script step it belongs to.
    package var step: Int32 = -1
    /// The thread it is on while `state == .onThread`.
    package var thread: Int32 = -1
    /// Parts of a system call still outstanding (thread work, reply) before the task resumes.
    var callPartsPending: UInt8 = 0
    /// Set while a main-actor task waits for a pool thread to make a nonisolated call.
    var hoppedOff: Bool = false
    /// The place (``Op/site``) of the system call it awaits (or, for a completion handler, whose
    /// reply it waits for), or -1: the effect of that call marks that place's cleanup bit too.
    var callSite: Int8 = -1
    /// For a block of a serial own queue: the queue, which it holds while it runs; -1 otherwise.
    var serialQueue: Int32 = -1
    /// The next context waiting for the same serial queue (a block, or a `sync` caller), or -1.
    var nextInQueue: Int32 = -1
    /// For a `DispatchQueue.main.sync` block: the thread waiting for it to finish; -1 otherwise.
    var wakesThread: Int32 = -1

    /// Whether it runs on a Dispatch worker (a block of a global or own queue).
    @inline(__always)  // read on every job; out of line it was a call per event (perf)
    var runsOnDispatchPool: Bool {
        kind == .globalBlock || kind == .queueBlock || (kind == .completionHandler && !mainIsolated)
    }
    /// For a completion handler: the context that made its call (the effect is that context's).
    var caller: Int32 = -1
    /// The declared actor it is isolated to now (its own, or an `isolatedCall`'s), or -1 for its
    /// home executor (the main actor or the pool). While a job runs on the actor it holds it
    /// (`Engine.actorHolder`); while `hoppedOff` it makes a nonisolated call and holds nothing.
    package var actor: Int32 = -1
    /// The actor a task spawned with that isolation belongs to, or -1.
    var homeActor: Int32 = -1
    /// Orders the jobs waiting for one busy actor, first come first served within a priority.
    var actorTicket: UInt32 = 0
    /// For a child task (`addTask`, `async let`): its parent task; -1 otherwise.
    var parent: Int32 = -1
    /// Child tasks started and not yet finished.
    var liveChildren: Int32 = 0
    /// While suspended waiting for children: the child awaited, or `Self.allChildren`; -1 otherwise.
    var joining: Int32 = -1

    /// The priority it is scheduled at: its own, or the one it was escalated to.
    @inline(__always)
    var schedulingPriority: UInt8 { escalated != 0 ? escalated : priority }

    /// `joining` when the task waits for all its children (a group's end, the end of its body).
    package static let allChildren: Int32 = -2

    @inline(__always)
    var isTask: Bool { kind == .task || kind == .detachedTask || kind == .childTask }
}
