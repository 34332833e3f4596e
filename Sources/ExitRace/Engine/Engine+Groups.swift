/// `DispatchGroup`: `enter`, `leave`, `wait(timeout:)` and `notify(queue:)`.
///
/// A group is an entry of the cell's semaphores: its count of unbalanced `enter`s is the
/// semaphore's value, and a thread in `group.wait()` is a semaphore waiter on it, so timeouts, the
/// waiter count and the deadlock search (a `leave` releases it as a `signal` would) are shared.
/// Notify blocks wait in a list through ``SimContext/nextInQueue``.
extension Engine {
    /// `group.leave()`: at zero, every waiter goes on and every notify block is submitted. A
    /// `leave` without an `enter` traps in libdispatch; here it is recorded and ignored.
    package mutating func groupLeave(_ g: Int32, thread t: Int32, context c: Int32) {
        guard semaphoreValue[Int(g)] > 0 else { return note(.groupLeft, thread: t, context: c, a: g, b: -1) }
        semaphoreValue[Int(g)] -= 1
        note(.groupLeft, thread: t, context: c, a: g, b: Int64(semaphoreValue[Int(g)]))
        guard semaphoreValue[Int(g)] == 0 else { return }
        for index in usedThreads where threads[index].state == .waiting && threads[index].semaphore == g {
            note(.waitWoken, thread: Int32(index), context: threads[index].context, a: g, b: Int64(t))
            semaphoreWaiters[Int(g)] -= 1
            threads[index].state = .running
            threads[index].semaphore = -1
            contexts[Int(threads[index].context)].pc += 1
            schedule(.threadResume, Int32(index), after: 0)
        }
        var block = groupNotifyHead[Int(g)]
        groupNotifyHead[Int(g)] = -1
        while block >= 0 {
            let next = contexts[Int(block)].nextInQueue
            contexts[Int(block)].nextInQueue = -1
            resume(block)
            block = next
        }
    }

    /// `group.wait()`: passes when nothing is entered, else blocks (until the timeout, if any).
    package mutating func groupWait(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        guard semaphoreValue[Int(op.a)] > 0 else {
            note(.waitPassed, thread: t, context: c, a: op.a)
            contexts[Int(c)].pc = pc + 1
            return true
        }
        let timeout = op.slot >= 0 ? value(op.slot) : -1
        note(.waitBlocked, thread: t, context: c, a: op.a, b: timeout)
        block(t, on: op.a, timeoutNs: timeout)
        return false
    }

    /// `group.notify(queue:)`: the block is submitted at once if nothing is entered, else when
    /// the last `leave` comes (notify blocks run in the order they were set).
    package mutating func groupNotify(_ op: Op, at pc: Int32, from c: Int32, on t: Int32) {
        let block = newBlock(code: op.b, start: pc + 1, end: op.bodyEnd, from: c)
        note(.created, thread: t, context: block, a: c)
        let g = Int(op.a)
        let now = semaphoreValue[g] == 0
        note(.groupNotifySet, thread: t, context: block, a: op.a, b: now ? 1 : 0)
        if now { return resume(block) }
        contexts[Int(block)].state = .suspended
        if groupNotifyHead[g] < 0 {
            groupNotifyHead[g] = block
        } else {
            var last = groupNotifyHead[g]
            while contexts[Int(last)].nextInQueue >= 0 { last = contexts[Int(last)].nextInQueue }
            contexts[Int(last)].nextInQueue = block
        }
    }
}
