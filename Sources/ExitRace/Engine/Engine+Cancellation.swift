/// `task.cancel()` and `Task.isCancelled`. Cancellation is a flag: it stops nothing by itself; code
/// that checks it decides what to do. SE-0304: "cancellation naturally propagates through APIs and
/// down to child tasks", and only "downwards": a child task (`addTask`, `async let`) is cancelled
/// when a task it descends from is; an unstructured `Task {}` made inside a task is not a child.
extension Engine {
    /// `cancel()` on the task of `handle`, called by context `c` on thread `t`.
    mutating func cancelTask(handle: Int32, thread t: Int32, context c: Int32) {
        let task = cancellation.handles[Int(handle)]
        note(.cancellation, thread: t, context: task, a: handle)
        guard task >= 0, !cancellation.cancelled.contains(task) else { return }
        cancellation.cancelled.append(task)
    }

    /// `Task.isCancelled` read by context `c`: false outside a task; in a task, whether it or a
    /// task it is a child of was cancelled.
    mutating func checkCancelled(_ c: Int32, thread t: Int32) -> Bool {
        var cancelled = false
        if contexts[Int(c)].isTask && !cancellation.cancelled.isEmpty {
            var task = c
            while task >= 0 && !cancelled {
                cancelled = cancellation.cancelled.contains(task)
                task = contexts[Int(task)].kind == .childTask ? contexts[Int(task)].parent : -1
            }
        }
        note(.cancellation, thread: t, context: c, a: cancelled ? Self.isCancelledTrue : Self.isCancelledFalse)
        return cancelled
    }

    /// `try Task.checkCancellation()` threw `CancellationError` in `c`, uncaught: the error leaves
    /// every scope up to the task's body, whose child tasks are cancelled and awaited (SE-0304:
    /// "When the scope exits via a thrown error, the child task will be implicitly cancelled before
    /// it is awaited"). They read cancelled already (`c` or a task above it was cancelled), so this
    /// returns the body's end, where the task awaits them.
    mutating func throwCancellation(_ c: Int32, thread t: Int32) -> Int32 {
        note(.cancellation, thread: t, context: c, a: Self.cancellationThrown)
        return contexts[Int(c)].end
    }

    /// Consistency of handles and cancelled tasks (debug builds, programs with task handles only).
    func checkCancellationInvariants() {
        #if EXITRACE_INVARIANTS
        guard !program.taskHandles.isEmpty else { return }
        for index in 0..<program.taskHandles.count {
            let task = cancellation.handles[index]
            precondition(task == -1 || (Int(task) < contexts.count && contexts[Int(task)].isTask), "handle \(index) holds no task")
        }
        for task in cancellation.cancelled { precondition(contexts[Int(task)].isTask, "a cancelled context is not a task") }
        #endif
    }

    static let isCancelledTrue: Int32 = -2
    static let isCancelledFalse: Int32 = -3
    static let cancellationThrown: Int32 = -4
}
