/// `task.cancel()` and `Task.isCancelled`. Cancellation is a flag: it stops nothing by itself; code
/// that checks it decides what to do. SE-0304: "cancellation naturally propagates through APIs and
/// down to child tasks", and only "downwards": a child task (`addTask`, `async let`) is cancelled
/// when a task it descends from is; an unstructured `Task {}` made inside a task is not a child.
extension Engine {
    /// `cancel()` on the task of `handle`, called by context `c` on thread `t`.
    /// The pc after `cancel` is already set: running `onCancel` handlers sends `c` into their bodies first.
    mutating func cancelTask(handle: Int32, thread t: Int32, context c: Int32) {
        let task = cancellation.handles[Int(handle)]
        note(.cancellation, thread: t, context: task, a: handle)
        guard task >= 0, !cancellation.cancelled.contains(task) else { return }
        markCancelled(task, by: c, thread: t)
    }

    /// `task` is cancelled by context `c` on thread `t`, with what a cancellation does at once
    /// (SE-0304: "Cancellation has two effects which trigger immediately with the cancellation"):
    /// the flag, the `Task.sleep`s of it and its child tasks woken, and their `onCancel` handlers
    /// run on `c` (see ``runCancellationHandlers(in:thread:)``).
    mutating func markCancelled(_ task: Int32, by c: Int32, thread t: Int32) {
        cancellation.cancelled.append(task)
        if program.interruptsSleeps && !cancellation.sleeping.isEmpty { wakeCancelledSleeps(thread: t) }
        if program.cancelsCalls && !cancellation.calling.isEmpty { cancelAwaitedCalls(thread: t) }
        if program.installsHandlers && !cancellation.handlers.isEmpty { runCancellationHandlers(in: c, thread: t) }
    }

    /// Whether `c` is a task that is cancelled, or a child of one; no trace (see ``checkCancelled(_:thread:)``).
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func isCancelled(_ c: Int32) -> Bool {
        guard contexts[Int(c)].isTask && !cancellation.cancelled.isEmpty else { return false }
        var task = c
        while task >= 0 {
            if cancellation.cancelled.contains(task) { return true }
            task = contexts[Int(task)].kind == .childTask ? contexts[Int(task)].parent : -1
        }
        return false
    }

    /// `Task.isCancelled` read by context `c`: false outside a task; in a task, whether it or a
    /// task it is a child of was cancelled.
    mutating func checkCancelled(_ c: Int32, thread t: Int32) -> Bool {
        let cancelled = isCancelled(c)
        note(.cancellation, thread: t, context: c, a: cancelled ? Self.isCancelledTrue : Self.isCancelledFalse)
        return cancelled
    }

    /// `try Task.checkCancellation()` threw `CancellationError` in `c`, uncaught: the error leaves
    /// every scope up to the task's body, whose child tasks are cancelled and awaited (SE-0304:
    /// "When the scope exits via a thrown error, the child task will be implicitly cancelled before
    /// it is awaited"). They read cancelled already (`c` or a task above it was cancelled); the
    /// task goes to its body's end, where it awaits them.
    mutating func throwCancellation(_ c: Int32, thread t: Int32) {
        note(.cancellation, thread: t, context: c, a: Self.cancellationThrown)
        throwOutOfBody(c, thread: t)
    }

    /// An error thrown in `c` and not caught leaves its body: the live child tasks not cancelled
    /// yet are cancelled (SE-0304, above), and `c` goes to its body's end, where it awaits them. A
    /// child task that throws is remembered for `group.next()`, which rethrows its error.
    mutating func throwOutOfBody(_ c: Int32, thread t: Int32) {
        contexts[Int(c)].pc = contexts[Int(c)].end
        if program.collectsChildren && contexts[Int(c)].kind == .childTask { cancellation.threw.append(c) }
        guard contexts[Int(c)].liveChildren > 0 else { return }
        for index in contexts.indices
        where contexts[index].parent == c && contexts[index].state != .done && !isCancelled(Int32(index)) {
            markCancelled(Int32(index), by: c, thread: t)
        }
    }

    // MARK: - Task.sleep

    /// `try await Task.sleep` (or `try?`, `op.a == 1`) in a cancelled task: it does not suspend;
    /// `try` throws `CancellationError` out of the body, `try?` goes on with the next step.
    mutating func sleepCancelled(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) {
        note(.cancellation, thread: t, context: c, a: op.a == 1 ? Self.sleepReturnsEarly : Self.sleepThrows)
        if op.a == 1 {
            contexts[Int(c)].pc = pc + 1
        } else {
            throwOutOfBody(c, thread: t)
        }
    }

    /// A task begins a `Task.sleep` a cancellation can cut short: its wake carries a ticket.
    mutating func scheduleCancellableWake(_ c: Int32, after ns: Int64) {
        let ticket = cancellation.nextSleepTicket
        cancellation.nextSleepTicket &+= 1
        cancellation.sleeping.append((c, ticket))
        schedule(.taskWake, c, ticket, after: ns)
    }

    /// A sleep's wake is due: `true` when it still sleeps (`false`: a cancellation woke it already).
    mutating func sleepEnds(_ c: Int32, ticket: UInt32) -> Bool {
        let index = cancellation.sleeping.firstIndex { $0.task == c && $0.ticket == ticket }
        guard let index else { return false }
        cancellation.sleeping.remove(at: index)
        return true
    }

    /// Tasks cancelled while in `Task.sleep` wake now (the runtime's sleep installs a cancellation
    /// handler that resumes it throwing `CancellationError`): each resumes on its executor back on
    /// its `taskSleep` step, which in a cancelled task throws (or, with `try?`, returns) at once.
    private mutating func wakeCancelledSleeps(thread t: Int32) {
        var index = 0
        while index < cancellation.sleeping.count {
            let s = cancellation.sleeping[index].task
            guard isCancelled(s) else {
                index += 1
                continue
            }
            cancellation.sleeping.remove(at: index)
            contexts[Int(s)].pc -= 1
            note(.cancellation, thread: t, context: s, a: Self.sleepInterrupted)
            resume(s)
        }
    }

    // MARK: - withTaskCancellationHandler

    /// `withTaskCancellationHandler` in `c` at `pc`: in a task already cancelled, the `onCancel`
    /// body runs at once, before the operation (it is laid out right before it); otherwise the
    /// handler is installed and the operation runs.
    mutating func installCancellationHandler(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) {
        if isCancelled(c) {
            note(.cancellation, thread: t, context: c, a: Self.handlerRunsAtInstall)
            contexts[Int(c)].pc = pc + 1
        } else {
            cancellation.handlers.append((c, pc))
            contexts[Int(c)].pc = op.bodyEnd
        }
    }

    /// The `onCancel` handlers of the tasks now cancelled whose operation is running run at once,
    /// synchronously, on the cancelling context `c` (TaskCancellation.swift: "the cancellation
    /// handler is _always_ and _immediately_ invoked when the task is canceled"), each at most
    /// once, the latest installed first; then `c` goes on after its own step.
    private mutating func runCancellationHandlers(in c: Int32, thread t: Int32) {
        var index = 0
        while index < cancellation.handlers.count {
            let (task, op) = cancellation.handlers[index]
            if contexts[Int(task)].state == .done {
                cancellation.handlers.remove(at: index)
                continue
            }
            let pc = contexts[Int(task)].pc
            guard isCancelled(task), pc >= program.ops[Int(op)].bodyEnd, pc < program.ops[Int(op)].b else {
                index += 1
                continue
            }
            cancellation.handlers.remove(at: index)
            note(.cancellation, thread: t, context: c, a: Self.handlerRuns, b: Int64(task))
            cancellation.returns.append((c, contexts[Int(c)].pc, contexts[Int(c)].end))
            contexts[Int(c)].pc = op + 1
            contexts[Int(c)].end = program.ops[Int(op)].bodyEnd
        }
    }

    /// `c` reached the end of an `onCancel` body it ran inline: it goes back where it was; `false`
    /// when `c` was in no handler (its body really ends).
    mutating func returnFromHandler(_ c: Int32) -> Bool {
        guard let index = cancellation.returns.lastIndex(where: { $0.context == c }) else { return false }
        let back = cancellation.returns.remove(at: index)
        contexts[Int(c)].pc = back.pc
        contexts[Int(c)].end = back.end
        return true
    }

    /// Consistency of handles and cancelled tasks (debug builds, programs with task handles only).
    mutating func checkCancellationInvariants() {
        #if EXITRACE_INVARIANTS
        guard !program.taskHandles.isEmpty else { return }
        for index in 0..<program.taskHandles.count {
            let task = cancellation.handles[index]
            precondition(task == -1 || (Int(task) < contexts.count && contexts[Int(task)].isTask), "handle \(index) holds no task")
        }
        for task in cancellation.cancelled { precondition(contexts[Int(task)].isTask, "a cancelled context is not a task") }
        #endif
    }

    /// Consistency of sleeps, handlers and thrown errors (debug builds, programs that use them only).
    mutating func checkThrowInvariants() {
        #if EXITRACE_INVARIANTS
        // Nothing to check in most runs: return before copying the state (its arrays' retains,
        // after every event in a debug build).
        let nothingListed = cancellation.sleeping.isEmpty, noHandler = cancellation.handlers.isEmpty
        let noReturn = cancellation.returns.isEmpty, noneFinished = cancellation.finished.isEmpty
        let noneThrew = cancellation.threw.isEmpty
        if nothingListed && noHandler && noReturn && noneFinished && noneThrew { return }
        // Locals, so the checks' autoclosures capture arrays, not a copy of the engine.
        let contexts = self.contexts
        let state = cancellation
        for entry in state.sleeping {
            precondition(contexts[Int(entry.task)].state == .suspended, "a sleeping task is not suspended")
        }
        for entry in state.handlers {
            precondition(contexts[Int(entry.task)].isTask, "a cancellation handler belongs to no task")
            precondition(program.ops[Int(entry.op)].kind == .installCancellationHandler, "a handler's op installs none")
        }
        for entry in state.returns {
            let onThread = contexts[Int(entry.context)].state == .onThread
            precondition(onThread || !alive, "a context running onCancel is off its thread")
        }
        for entry in state.finished {
            precondition(contexts[Int(entry.child)].state == .done, "a child not finished is listed as finished")
            let parent = contexts[Int(entry.child)].parent
            precondition(parent == entry.parent, "a finished child is listed under another parent")
        }
        for child in state.threw {
            precondition(contexts[Int(child)].kind == .childTask, "a thrown error is kept for no child task")
        }
        #endif
    }

    static let isCancelledTrue: Int32 = -2
    static let isCancelledFalse: Int32 = -3
    static let cancellationThrown: Int32 = -4
    /// `try await Task.sleep` in a cancelled task throws at once.
    static let sleepThrows: Int32 = -5
    /// `try? await Task.sleep` in a cancelled task returns at once.
    static let sleepReturnsEarly: Int32 = -6
    /// A cancellation wakes the task from its `Task.sleep`.
    static let sleepInterrupted: Int32 = -7
    /// The cancelling context runs a task's `onCancel` (`b`: the task).
    static let handlerRuns: Int32 = -8
    /// `withTaskCancellationHandler` in a task already cancelled: `onCancel` runs first.
    static let handlerRunsAtInstall: Int32 = -9
    /// An uncaught `throw` ends the body.
    static let errorThrown: Int32 = -10
    /// `group.next()` returns a child's result (`b`: the child).
    static let nextReturns: Int32 = -11
    /// `group.next()` rethrows a child's error (`b`: the child).
    static let nextRethrows: Int32 = -12
    /// `group.next()` returns nil: no child left.
    static let nextReturnsNil: Int32 = -13
}
