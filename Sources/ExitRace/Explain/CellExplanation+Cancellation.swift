/// Explanation lines of cancellation and thrown errors: `cancel()` called, `Task.isCancelled` read, a
/// cancelled `Task.sleep`, `onCancel` handlers, `throw`, `group.next()`.
extension CellExplanation {
    static func cancellationLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let here = thread(record.thread, trace)
        switch record.a {
        case -2: return (here, "\(context(record.context, trace)) reads Task.isCancelled: true")
        case -3: return (here, "\(context(record.context, trace)) reads Task.isCancelled: false")
        case -4:
            return (here, "Task.checkCancellation() throws CancellationError in \(context(record.context, trace)): its body ends here "
                + "(its child tasks are cancelled and awaited first)")
        case -5:
            return (here, "Task.sleep throws CancellationError at once in \(context(record.context, trace)), which is cancelled: "
                + "its body ends here (its child tasks are cancelled and awaited first)")
        case -6:
            return (here, "try? Task.sleep returns at once in \(context(record.context, trace)), which is cancelled "
                + "(the CancellationError is discarded): it goes on")
        case -7:
            return (here, "the cancellation wakes \(context(record.context, trace)) from Task.sleep now: it resumes, and its sleep "
                + "throws CancellationError")
        case -8:
            return (here, "\(context(record.context, trace)) runs the onCancel handler of \(context(Int32(record.b), trace))'s "
                + "withTaskCancellationHandler now, synchronously, as it cancels it")
        case -9:
            return (here, "\(context(record.context, trace)) is cancelled already: withTaskCancellationHandler runs its onCancel "
                + "at once, before the operation")
        case -10:
            return (here, "\(context(record.context, trace)) throws: its body ends here (its child tasks are cancelled and awaited first)")
        case -11:
            return (here, "group.next() in \(context(record.context, trace)) returns what \(context(Int32(record.b), trace)) returned")
        case -12:
            return (here, "try await group.next() in \(context(record.context, trace)) rethrows the error of "
                + "\(context(Int32(record.b), trace)): its body ends here (the group's other child tasks are cancelled and awaited first)")
        case -13:
            return (here, "group.next() in \(context(record.context, trace)) returns nil: the group has no child task left")
        default:
            guard record.context >= 0 else { return (here, "task.cancel(): no task was spawned under that name yet, nothing to cancel") }
            return (here, "cancels \(context(record.context, trace)): it and its child tasks are cancelled; "
                + "only code that checks cancellation stops")
        }
    }
}
