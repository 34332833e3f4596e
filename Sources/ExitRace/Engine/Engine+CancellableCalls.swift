/// System calls that honour the cancellation of the task awaiting them (`cancellable: true` in
/// `systemCalls`; docs/scenario-format.md, "Cancellable calls"), as URLSession's async methods do:
/// they cancel their `URLSessionTask` from a cancellation handler, and the await throws.
///
/// A task cancelled (directly or through a task it is a child of) while it awaits such a call's
/// reply wakes at the cancellation: the request is cancelled (a delivery still to come never
/// happens, the reply is ignored) and the task resumes on its executor back on its `call` step,
/// which in a cancelled task throws at once. While the call's work still runs on its thread, the
/// cancellation takes effect when that work ends. A call whose reply is in is not affected.
/// Only programs where ``CellProgram/cancelsCalls`` is set pay for any of it.
extension Engine {
    /// A `call` of a cancellable system call in `c` (at its pc): `true` when `c` is cancelled, so that
    /// the call is not made and throws `CancellationError` at once (the body ends there; with `try?`,
    /// `op.b == 1`, the error is discarded and the body goes on).
    mutating func cancellableCallThrows(_ op: Op, context c: Int32, thread t: Int32) -> Bool {
        if isCancelled(c) {
            let code = op.b == 1 ? Self.callReturnsEarly : Self.callThrows
            note(.cancellation, thread: t, context: c, a: code, b: Int64(op.a))
            if op.b == 1 {
                contexts[Int(c)].pc += 1
            } else {
                throwOutOfBody(c, thread: t)
            }
            return true
        }
        return false
    }

    /// The cancellable call `index` of `c` starts on its thread: tracked until its reply is in.
    mutating func trackCancellableCall(_ c: Int32, call index: Int32) {
        cancellation.calling.append((c, index, false))
    }

    /// The delivery of call `index` from `c` is due: `true` when it still happens (`false`: the
    /// call was cancelled before its request left, which therefore never does).
    mutating func cancellableCallDelivers(_ c: Int32, call index: Int32) -> Bool {
        if let i = cancellation.abandoned.firstIndex(where: { $0.task == c && $0.call == index && !$0.delivered }) {
            cancellation.abandoned.remove(at: i)
            note(.cancellation, context: c, a: Self.cancelledCallEventIgnored, b: Int64(index))
            return false
        }
        if let i = cancellation.calling.firstIndex(where: { $0.task == c && $0.call == index }) {
            cancellation.calling[i].delivered = true
        }
        return true
    }

    /// The reply to call `index` from `c` is due: `true` when the task still awaits it (`false`:
    /// the call was cancelled, and its late reply is ignored).
    mutating func cancellableCallReplies(_ c: Int32, call index: Int32) -> Bool {
        if let i = cancellation.abandoned.firstIndex(where: { $0.task == c && $0.call == index && $0.delivered }) {
            cancellation.abandoned.remove(at: i)
            note(.cancellation, context: c, a: Self.cancelledCallEventIgnored, b: Int64(index))
            return false
        }
        if let i = cancellation.calling.firstIndex(where: { $0.task == c && $0.call == index }) {
            cancellation.calling.remove(at: i)
        }
        return true
    }

    /// The work of `c`'s call has ended on thread `t` (its context now suspended): `true` when `c`
    /// was cancelled meanwhile and its reply is not in, so the call is cancelled now.
    mutating func cancelledDuringCallWork(_ c: Int32, thread t: Int32) -> Bool {
        guard isCancelled(c), let i = cancellation.calling.firstIndex(where: { $0.task == c }) else { return false }
        cancelCall(at: i, thread: t)
        return true
    }

    /// Tasks cancelled while they await the reply of a cancellable call (their work done) wake now.
    mutating func cancelAwaitedCalls(thread t: Int32) {
        var index = 0
        while index < cancellation.calling.count {
            let s = cancellation.calling[index].task
            guard isCancelled(s), contexts[Int(s)].state == .suspended else {
                index += 1
                continue
            }
            cancelCall(at: index, thread: t)
        }
    }

    /// The call at `index` of ``CancellationState/calling`` is cancelled: its events still to come
    /// are ignored, and its task resumes back on its `call` step, which throws in a cancelled task.
    private mutating func cancelCall(at index: Int, thread t: Int32) {
        let entry = cancellation.calling.remove(at: index)
        cancellation.abandoned.append(entry)
        contexts[Int(entry.task)].callPartsPending = 0
        contexts[Int(entry.task)].pc -= 1
        note(.cancellation, thread: t, context: entry.task, a: Self.callCancelled, b: Int64(entry.call))
        resume(entry.task)
    }

    /// Consistency of cancellable calls (debug builds, programs that can cancel them only).
    mutating func checkCancellableCallInvariants() {
        #if EXITRACE_INVARIANTS
        guard program.cancelsCalls else { return }
        let contexts = self.contexts
        let calls = self.calls
        let state = cancellation
        for entry in state.calling {
            precondition(calls[Int(entry.call)].cancellable, "a tracked call is not cancellable")
            precondition(contexts[Int(entry.task)].isTask, "a cancellable call is awaited by no task")
            precondition(contexts[Int(entry.task)].state != .done, "a finished task awaits a call")
            precondition(contexts[Int(entry.task)].callPartsPending > 0, "a task awaits a call with nothing pending")
            precondition(!state.abandoned.contains { $0 == entry }, "a call is awaited and cancelled at once")
        }
        for entry in state.abandoned {
            precondition(calls[Int(entry.call)].cancellable, "a call not cancellable was cancelled")
        }
        #endif
    }

    /// A cancellable call in a cancelled task throws at once, without being made (`b`: the call).
    static let callThrows: Int32 = -14
    /// A cancellation cancels the call a task awaits: it wakes now and throws (`b`: the call).
    static let callCancelled: Int32 = -15
    /// The delivery or reply of a cancelled call is due, and ignored (`b`: the call).
    static let cancelledCallEventIgnored: Int32 = -16
    /// `try?` on a cancellable call in a cancelled task: the error is discarded (`b`: the call).
    static let callReturnsEarly: Int32 = -17
}
