/// One fact of a traced run, recorded by the engine as it happens (only when tracing is on).
/// Plain integers: the report layer turns records into timelines, explanations and trace files.
package struct TraceRecord: Equatable, Sendable {
    /// What happened; the meaning of `a` and `b` depends on it.
    package enum Kind: UInt8, Sendable {
        /// The kill procedure enqueues a turn (`context`); `a`: script step.
        case turnQueued
        /// `context` was created by `a` (a context, or -1 for the system) on `thread`.
        case created
        /// `context` joins the main queue.
        case queuedOnMain
        /// `context` joins a pool (`a`: 0 cooperative, 1 Dispatch) and may start `b` ns from now.
        case queuedOnPool
        /// `context`'s start latency is over: it is ready for a pool thread.
        case ready
        /// `thread` starts running `context`.
        case started
        /// `context` leaves `thread`; `a`: why (see ``StopReason``).
        case stopped
        /// `a`: hook.
        case hookEntered
        case hookReturned
        /// CPU work of `b` ns on `thread`.
        case work
        /// `Thread.sleep` of `b` ns on `thread`.
        case sleep
        /// `Task.sleep` of `b` ns.
        case taskSleep
        /// `thread` blocks in a wait on semaphore `a` (`b`: timeout, or -1).
        case waitBlocked
        /// A wait on semaphore `a` returns at once (the semaphore had a signal).
        case waitPassed
        /// `thread`'s wait on semaphore `a` ends: signaled by thread `b`.
        case waitWoken
        /// `thread`'s wait on semaphore `a` timed out.
        case waitTimedOut
        /// `thread` signals semaphore `a`; `b`: the thread it wakes, or -1.
        case signal
        /// A main-actor `context` leaves the main thread for a nonisolated call.
        case hop
        /// `thread` starts system call `a` for `context`; it costs `b` ns. Its step and completion
        /// handler are in the trace's ``TraceCall``s (``CellTrace/call(at:)``).
        case callStarted
        /// The request of call `a` leaves the process (`b`: 1 if the process was already dead).
        case delivered
        /// The reply of call `a` is back (`b`: 1 if the process was already dead).
        case replied
        /// Cleanup call `a` of `context` takes effect (`b`: 1 if after death: it does not count).
        case effect
        /// `thread` calls `exit`, which takes `b` ns.
        case exitBegan
        /// The turn `context` overran its watchdog (`b`: 1 when it was a CPU-time allowance).
        case watchdogFired
        /// The process died; `a`: ``RunOutcome/DeathCause`` index.
        case died
        /// `thread` signaled a waiter on `b` (a thread) of a higher QoS class.
        case inversion
        /// A lifecycle action (`a`: its index among the procedure's actions) finds the app in
        /// state `b`.
        case action
        /// The app's state becomes `a`.
        case stateChanged
        /// The app is suspended: its threads stop.
        case suspended
        /// The app's threads run again.
        case resumed
        /// Background task `a` begins / ends.
        case taskBegan
        case taskEnded
        /// Background task `a`'s expiration handler is due.
        case expirationDue
        /// The device locks; files with complete protection become unavailable `b` ns later.
        case deviceLocked
        /// Call `a` of `context` writes a file with complete protection while the device is locked
        /// past the Data Protection delay: the write fails, and takes no effect.
        case writeRefused
        /// Timer `a` fires; `context` is the block it queues, or -1 when the fire is skipped.
        case timerFired
        /// `thread` sets flag `a`.
        case flagSet
        /// `thread` starts polling flag `a` every `b` ns.
        case polling
        /// `thread` blocks in `sync` onto queue `a` (a ``QueueCode``: own queue index, -1 main,
        /// below for a global queue).
        case syncWaits
        /// `thread` runs `context`'s `sync` body for queue `a` (for the main queue: the body has run on
        /// the main thread and the caller goes on); `b`: 1 when it had to wait (`syncWaits` before), else 0.
        case syncEntered
        /// Block `context` waits for serial queue `a`, held by context `b`.
        case queuedBehind
        /// `asyncAfter`: block `context` is submitted to queue `a` in `b` ns.
        case afterScheduled
        /// `thread` enters dispatch group `a` (an entry of the semaphores); `b`: its count after.
        case groupEntered
        /// `thread` leaves dispatch group `a`; `b`: its count after (a leave at 0 is ignored: -1).
        case groupLeft
        /// `group.notify`: block `context` waits for group `a` (`b`: 1 if it was submitted at once).
        case groupNotifySet
        /// `context` waits on actor `a`'s queue: the actor runs the job of context `b`.
        case actorQueued
        /// `context` runs on actor `a`, on `thread`.
        case actorEntered
        /// `context` leaves actor `a` on `thread`, which goes on with it.
        case actorLeft
        /// Actor `a` goes on with `context`'s job: on the thread that ran the last one (`b` 1), or
        /// scheduled anew on the pool (`b` 0).
        case actorHandedOver
        /// `context` suspends until `a` child tasks finish (`b`: the child awaited, or -2 for all).
        case awaitsChildren
        /// `thread`, which runs `context` on actor `a`, is escalated to priority `b` (a
        /// higher-priority job waits on the actor).
        case actorEscalated
        /// A service of call `a` for `context` (the system's work outside the process): `b` says
        /// what happened (a ``ServiceEvent`` raw value).
        case service
        /// `thread` calls `cancel()` on task `context` (-1: the handle had no task yet); `a`: the
        /// handle. Or, with `a` -2 (true) or -3 (false), `context` reads `Task.isCancelled`.
        case cancellation
        /// `context` suspends in `await task.value` until task `a` finishes.
        case awaitsTask
        /// Task `context` is escalated to priority `b` because task `a` awaits it (directly, or a
        /// task it is a child of); `thread`: the thread it runs on (raised too unless the main
        /// thread), -1 when it waits in a queue (it keeps its place), -2 when it is suspended.
        case taskEscalated
    }

    /// Why a context left its thread.
    package enum StopReason: Int32, Sendable {
        case finished = 0
        case suspended = 1
        case hopped = 2
    }

    /// When, in nanoseconds of virtual time.
    package var time: Int64
    /// What happened.
    package var kind: Kind
    /// The thread it happened on (0 is the main thread), or -1.
    package var thread: Int32
    /// The context (an index into `CellTrace.contexts`), or -1.
    package var context: Int32
    /// First operand: see `Kind`.
    package var a: Int32
    /// Second operand (often a duration in nanoseconds): see `Kind`.
    package var b: Int64
}

/// What a `callStarted` record does not hold (a record stays 32 bytes): kept beside the records,
/// one per call, only while tracing.
package struct TraceCall: Equatable, Sendable {
    /// The step of the strategy (its pre-order index in the strategy's program) that made the call,
    /// or -1 for a call no strategy step made.
    package var step: Int32
    /// For a call with a completion handler: the handler's context (created by the call), so that a
    /// reader links the two by id, not by the records' order; else -1.
    package var handler: Int32
}
