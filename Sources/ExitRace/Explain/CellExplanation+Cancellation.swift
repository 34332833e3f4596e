/// Explanation lines of cancellation: `cancel()` called, `Task.isCancelled` read.
extension CellExplanation {
    static func cancellationLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let here = thread(record.thread, trace)
        switch record.a {
        case -2: return (here, "\(context(record.context, trace)) reads Task.isCancelled: true")
        case -3: return (here, "\(context(record.context, trace)) reads Task.isCancelled: false")
        case -4:
            return (here, "Task.checkCancellation() throws CancellationError in \(context(record.context, trace)): its body ends here "
                + "(its child tasks are cancelled and awaited first)")
        default:
            guard record.context >= 0 else { return (here, "task.cancel(): no task was spawned under that name yet, nothing to cancel") }
            return (here, "cancels \(context(record.context, trace)): it and its child tasks are cancelled; "
                + "only code that checks cancellation stops")
        }
    }
}
