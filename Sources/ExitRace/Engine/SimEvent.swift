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
        /// `a`: context. An `asyncAfter` block's deadline is reached: it is submitted to its queue.
        case afterDue

        /// Whether the event belongs to the app's threads, which a suspended app does not run.
        /// A turn's watchdog is held too: it counts only the time the app runs, so a suspended
        /// app is never killed by it.
        var isAppSide: Bool {
            switch self {
            case .advanceScript, .suspendCheck, .taskExpiring, .taskDeadline: false
            default: true
            }
        }
    }

    var kind: Kind
    var a: Int32
    var b: UInt32 = 0
}

/// An app-side event held while the app is suspended, with the time it still had to go.
struct FrozenEvent {
    var remaining: Int64
    var event: SimEvent
}
