/// Lines for the app's own queues, `sync` and `asyncAfter`.
extension CellExplanation {
    /// A ``QueueCode`` as the scenario names it: `main`, `global (utility)`, or an own queue's name.
    package static func queue(_ code: Int32, _ trace: CellTrace) -> String {
        if code == -1 { return "DispatchQueue.main" }
        if code <= -2 { return "DispatchQueue.global(\(QoSClass(priority: UInt8(-2 - code)).name))" }
        let queues = trace.scenario.queues
        return Int(code) < queues.count ? "queue \"\(queues[Int(code)].name)\"" : "queue \(code)"
    }

    static func queueLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let here = thread(record.thread, trace)
        let who = context(record.context, trace)
        switch record.kind {
        case .syncWaits:
            return (here, "\(who) calls \(queue(record.a, trace)).sync and blocks until its body has run")
        case .syncEntered:
            if record.a == -1 { return (here, "DispatchQueue.main.sync returns: its body ran on the main thread") }
            return (here, "runs the \(queue(record.a, trace)).sync body of \(who) on this thread")
        case .queuedBehind:
            return (queue(record.a, trace), "\(who) waits: the serial queue runs \(context(Int32(record.b), trace)) first")
        case .afterScheduled:
            return (here, "asyncAfter: \(who) goes to \(queue(record.a, trace)) in \(ms(record.b))")
        case .groupEntered:
            return (here, "enters \(semaphore(record.a, trace)) (\(record.b) entered)")
        case .groupLeft:
            if record.b < 0 { return (here, "leaves \(semaphore(record.a, trace)) it had not entered (libdispatch traps; ignored here)") }
            return (here, "leaves \(semaphore(record.a, trace)) (\(record.b) still entered)")
        case .groupNotifySet:
            let when = record.b == 1 ? "at once: nothing is entered" : "when every enter is left"
            return (here, "notify: \(who) is submitted \(when)")
        default:
            preconditionFailure("\(record.kind) is described by another group")
        }
    }
}
