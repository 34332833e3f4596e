/// `await task.value` and the priority escalation it causes.
///
/// The Swift runtime (swiftlang/swift at commit `1369a1fa8d6c4e05b26209df5c018ba2b9bad73d`,
/// `stdlib/public/Concurrency/TaskPrivate.h` `AsyncTask::flagAsSuspended` and `TaskStatus.cpp`
/// `swift_task_escalateImpl`): a task that suspends waiting on another task escalates it to its own
/// priority ("Escalate the thing we are dependent on to have the max priority that we see at the
/// time of publishing the record"); escalating a task escalates its child tasks ("Child tasks need
/// to be recursively escalated"). A running task's thread is raised ("The task is running,
/// escalate the thread that is running it"); a suspended one gets the new priority for its next
/// enqueue; an enqueued one stays where it is in its queue ("TODO (rokhinip): Add a stealer to
/// escalate the thread request for the task. Still mark the task has having been escalated so that
/// the thread will self override when it starts draining the task"). Waiting on a task group
/// escalates no child ("Escalate dependent taskgroup … -- do nothing").
extension Engine {
    /// `await task.value` by `c` on thread `t` on the task of `handle`: `true` when there is
    /// nothing to wait for (no task yet, or it has finished) and `c` goes on.
    mutating func awaitTask(handle: Int32, context c: Int32, thread t: Int32) -> Bool {
        let task = cancellation.handles[Int(handle)]
        guard task >= 0, task != c, contexts[Int(task)].state != .done else { return true }
        note(.awaitsTask, thread: t, context: c, a: task)
        escalate(task, to: contexts[Int(c)].schedulingPriority, because: c)
        cancellation.awaiting.append((waiter: c, task: task))
        detach(c, from: t, state: .suspended)
        return false
    }

    /// Task `task` has finished: the tasks awaiting its value resume, in the order they began to wait.
    mutating func wakeTaskWaiters(of task: Int32) {
        var index = 0
        while index < cancellation.awaiting.count {
            let entry = cancellation.awaiting[index]
            guard entry.task == task else {
                index += 1
                continue
            }
            cancellation.awaiting.remove(at: index)
            resume(entry.waiter)
        }
    }

    /// Raises `task`'s priority to `priority` (never lowers it), then its unfinished child tasks'.
    mutating func escalate(_ task: Int32, to priority: UInt8, because waiter: Int32) {
        let context = contexts[Int(task)]
        let current = Swift.max(context.schedulingPriority, context.escalatedTo)
        guard context.state != .done, QoSClass(priority: priority) > QoSClass(priority: current) else { return }
        switch context.state {
        case .onThread:
            contexts[Int(task)].escalated = priority
            raiseThread(context.thread, to: priority)
            note(.taskEscalated, thread: context.thread, context: task, a: waiter, b: Int64(priority))
        case .queued:
            contexts[Int(task)].escalatedTo = priority
            note(.taskEscalated, context: task, a: waiter, b: Int64(priority))
        case .suspended, .done:
            contexts[Int(task)].escalated = priority
            note(.taskEscalated, thread: -2, context: task, a: waiter, b: Int64(priority))
        }
        for index in contexts.indices where contexts[index].parent == task && contexts[index].state != .done {
            escalate(Int32(index), to: priority, because: waiter)
        }
    }

    /// A thread taking a task escalated while it was queued runs it at the escalated priority (the
    /// runtime's self override); the job kept its place in the queue.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func escalatedWhileQueued(_ c: Int32) -> Bool { contexts[Int(c)].escalatedTo != 0 }

    /// Applies the escalation of a task that waited queued to the thread `t` now running it.
    mutating func applyQueuedEscalation(_ c: Int32, on t: Int32) {
        let priority = contexts[Int(c)].escalatedTo
        contexts[Int(c)].escalatedTo = 0
        guard QoSClass(priority: priority) > QoSClass(priority: contexts[Int(c)].schedulingPriority) else { return }
        contexts[Int(c)].escalated = priority
        raiseThread(t, to: priority)
    }

    /// A pool thread's QoS raised to `priority`; the cooperative pool counts it in its new bucket.
    private mutating func raiseThread(_ t: Int32, to priority: UInt8) {
        let old = threads[Int(t)].qos
        guard threads[Int(t)].pool != .main, QoSClass(priority: priority) > QoSClass(priority: old) else { return }
        if threads[Int(t)].pool == .cooperative { cooperativeReady.escalate(from: old, to: priority) }
        threads[Int(t)].qos = priority
    }

    #if EXITRACE_INVARIANTS
    /// A task awaiting another's value is suspended.
    mutating func checkAwaitInvariants() {
        guard program.awaitsTasks else { return }
        for entry in cancellation.awaiting {
            precondition(contexts[Int(entry.waiter)].state == .suspended, "a task awaiting a value is not suspended")
        }
    }
    #endif
}
