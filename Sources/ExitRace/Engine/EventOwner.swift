/// Who an event belongs to, for schedule exploration: events of one owner keep their order;
/// events of different owners due at one instant race (docs/schedules.md).
extension SimEvent {
    /// The owner's kind. Its raw value is the high half of ``owner``.
    enum OwnerKind: UInt64 {
        /// The kill procedure's script (the system's lifecycle callbacks and kills).
        case script = 1
        /// A context becoming runnable: its start latency or its `Task.sleep` is over.
        case context
        /// A thread: its work, sleep, wait or call is over, or the main thread's kick.
        case thread
        /// The system's side of a context's request: its delivery and its reply.
        case request
        /// A turn's watchdog.
        case watchdog
        /// The process's `exit` completing.
        case exit
        /// A repeating timer.
        case timer
        /// The system's check whether the app may be suspended.
        case suspension
        /// A background task's expiration and deadline.
        case backgroundTask
        /// A service's work outside the process (a transfer, a scheduled task, a push).
        case service
    }

    /// The owner's kind and the id of the thread, context, timer or task it is about.
    var ownerKind: OwnerKind {
        switch kind {
        case .advanceScript: .script
        case .jobReady, .taskWake, .afterDue: .context
        case .threadResume, .kickMain, .callWorkDone, .waitTimeout: .thread
        case .callDelivered, .callReply: .request
        case .watchdog: .watchdog
        case .exitCompleted: .exit
        case .timerFired: .timer
        case .suspendCheck: .suspension
        case .taskExpiring, .taskDeadline: .backgroundTask
        case .serviceStart, .serviceDone, .serviceRelaunch: .service
        }
    }

    /// The owner as one number: two events race only when their owners differ.
    var owner: UInt64 {
        switch ownerKind {
        case .script, .exit, .suspension: ownerKind.rawValue << 32
        default: ownerKind.rawValue << 32 | UInt64(UInt32(bitPattern: a))
        }
    }
}
