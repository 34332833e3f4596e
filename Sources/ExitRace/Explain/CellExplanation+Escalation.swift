/// Explanation lines of `await task.value` and the priority escalation it causes.
extension CellExplanation {
    static func escalationLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let here = record.thread >= 0 ? thread(record.thread, trace) : "system"
        let who = context(record.context, trace)
        switch record.kind {
        case .awaitsTask:
            return (here, "\(who) waits for the value of \(context(record.a, trace)) (await: its thread is free)")
        case .taskEscalated:
            let qos = QoSClass(priority: UInt8(record.b)).name
            let place =
                record.thread == 0 ? " (the main thread keeps its own QoS)"
                : record.thread > 0 ? " and so is its thread"
                : record.thread == Int32(-2) ? " (suspended: it is enqueued at this priority when it resumes)"
                : " (it keeps its place in its queue)"
            return (here, "\(who) is escalated to \(qos) QoS\(place) because \(context(record.a, trace)) awaits it")
        default:
            return nil
        }
    }
}
