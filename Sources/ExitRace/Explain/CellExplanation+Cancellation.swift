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
        case -13 ... -5: return (here, thrownErrorText(record, trace))
        case -17 ... -14: return (record.thread >= 0 ? here : "system", cancelledCallText(record, trace))
        default:
            guard record.context >= 0 else { return (here, "task.cancel(): no task was spawned under that name yet, nothing to cancel") }
            return (here, "cancels \(context(record.context, trace)): it and its child tasks are cancelled; "
                + "only code that checks cancellation stops")
        }
    }

    /// The words of a cancelled `Task.sleep`, an `onCancel` handler, a `throw` or a `group.next()`.
    private static func thrownErrorText(_ record: TraceRecord, _ trace: CellTrace) -> String {
        let who = context(record.context, trace)
        let other = context(Int32(record.b), trace)
        let bodyEnds = "its body ends here (its child tasks are cancelled and awaited first)"
        switch record.a {
        case -5: return "Task.sleep throws CancellationError at once in \(who), which is cancelled: \(bodyEnds)"
        case -6:
            return "try? Task.sleep returns at once in \(who), which is cancelled "
                + "(the CancellationError is discarded): it goes on"
        case -7:
            return "the cancellation wakes \(who) from Task.sleep now: it resumes, "
                + "and its sleep throws CancellationError"
        case -8:
            return "\(who) runs the onCancel handler of \(other)'s withTaskCancellationHandler now, synchronously, "
                + "as it cancels it"
        case -9:
            return "\(who) is cancelled already: withTaskCancellationHandler runs its onCancel at once, "
                + "before the operation"
        case -10: return "\(who) throws: \(bodyEnds)"
        case -11: return "group.next() in \(who) returns what \(other) returned"
        case -12:
            return "try await group.next() in \(who) rethrows the error of \(other): its body ends here "
                + "(the group's other child tasks are cancelled and awaited first)"
        default: return "group.next() in \(who) returns nil: the group has no child task left"
        }
    }

    /// The words of a cancellable system call meeting a cancellation (`Engine+CancellableCalls`).
    private static func cancelledCallText(_ record: TraceRecord, _ trace: CellTrace) -> String {
        let who = context(record.context, trace)
        let name = call(Int32(record.b), trace)
        switch record.a {
        case -14:
            return "\(name) throws CancellationError at once in \(who), which is cancelled "
                + "(the call is not made, or no longer awaited): its body ends here "
                + "(its child tasks are cancelled and awaited first)"
        case -15:
            return "the cancellation cancels the \(name) \(who) awaits: the request is cancelled (it does not take "
                + "effect) and \(who) resumes now; its await throws CancellationError"
        case -17:
            return "try? \(name) returns at once in \(who), which is cancelled (the call is not made, or no longer "
                + "awaited; the error is discarded): it goes on"
        default: return "the \(name) from \(who) was cancelled: its late delivery or reply is ignored"
        }
    }
}
