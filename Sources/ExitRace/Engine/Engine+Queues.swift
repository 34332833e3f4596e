/// The app's own dispatch queues, `sync`, `asyncAfter`, and system calls made with a completion
/// handler.
///
/// A serial queue is held by one context at a time: the block it runs, or a caller inside
/// `queue.sync`. Contexts waiting for it form a first-in first-out list through
/// ``SimContext/nextInQueue``, so nothing here allocates. A concurrent own queue is a global queue
/// of its QoS.
extension Engine {
    /// A block of `start..<end` for the queue `code`, created by context `c`; not yet submitted.
    mutating func newBlock(code: Int32, start: Int32, end: Int32, from c: Int32) -> Int32 {
        let hook = contexts[Int(c)].hook
        var block: SimContext
        if code == QueueCode.main {
            block = SimContext(kind: .mainBlock, pc: start, end: end, mainIsolated: true, priority: mainQoS, hook: hook)
        } else if let qos = QueueCode.globalQoS(code) {
            block = SimContext(kind: .globalBlock, pc: start, end: end, mainIsolated: false, priority: qos, hook: hook)
        } else {
            block = SimContext(kind: .queueBlock, pc: start, end: end, mainIsolated: false, priority: queueQoS[Int(code)], hook: hook)
            if queueSerial[Int(code)] { block.serialQueue = code }
        }
        return newContext(block)
    }

    /// `queue.async` onto an own queue: the body becomes a block of it.
    mutating func dispatchToQueue(_ op: Op, at pc: Int32, from c: Int32, on t: Int32) {
        let block = newBlock(code: op.a, start: pc + 1, end: op.bodyEnd, from: c)
        note(.created, thread: t, context: block, a: c)
        resume(block)
    }

    /// A block joins its serial queue: it goes to the Dispatch pool at once if the queue is free,
    /// else it waits behind the queue's holder and the contexts already waiting.
    mutating func submitToSerial(_ c: Int32) {
        let q = Int(contexts[Int(c)].serialQueue)
        contexts[Int(c)].state = .queued
        if queueOwner[q] < 0 {
            queueOwner[q] = c
            enqueueOnPool(c)
        } else {
            note(.queuedBehind, context: c, a: Int32(q), b: Int64(queueOwner[q]))
            appendWaiter(c, to: q)
        }
    }

    private mutating func appendWaiter(_ c: Int32, to q: Int) {
        contexts[Int(c)].nextInQueue = -1
        if queueTail[q] >= 0 { contexts[Int(queueTail[q])].nextInQueue = c } else { queueHead[q] = c }
        queueTail[q] = c
    }

    /// The holder of serial queue `q` is done with it: the next waiter, if any, takes it.
    mutating func releaseQueue(_ q: Int) {
        queueOwner[q] = -1
        let next = queueHead[q]
        guard next >= 0 else { return }
        queueHead[q] = contexts[Int(next)].nextInQueue
        if queueHead[q] < 0 { queueTail[q] = -1 }
        contexts[Int(next)].nextInQueue = -1
        queueOwner[q] = next
        if contexts[Int(next)].state == .onThread {
            // A caller waiting in `sync`: its thread runs the body now.
            let t = contexts[Int(next)].thread
            // A dead main thread keeps the queue for good: nothing it holds runs again.
            guard threads[Int(t)].state != .dead else { return }
            note(.syncEntered, thread: t, context: next, a: Int32(q), b: 1)
            threads[Int(t)].state = .running
            contexts[Int(next)].pc += 1
            schedule(.threadResume, t, after: 0)
        } else {
            enqueueOnPool(next)
        }
    }

    /// What a context that finishes still owes its queue: a serial queue it held is free, a
    /// thread waiting in `DispatchQueue.main.sync` for it goes on.
    mutating func leaveQueue(_ c: Int32) {
        let q = contexts[Int(c)].serialQueue
        if q >= 0 && queueOwner[Int(q)] == c { releaseQueue(Int(q)) }
        let waiter = contexts[Int(c)].wakesThread
        if waiter >= 0 && threads[Int(waiter)].state == .queueWaiting {
            note(.syncEntered, thread: waiter, context: threads[Int(waiter)].context, a: QueueCode.main, b: 1)
            threads[Int(waiter)].state = .running
            schedule(.threadResume, waiter, after: 0)
        }
    }

    /// `queue.sync { body }`; `true` when the thread goes straight on into the body.
    package mutating func dispatchSync(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        let code = op.a
        if code == QueueCode.main {
            guard t != Self.mainThread else { return blockInSync(t, context: c, code) }
            // The body runs on the main thread as a block; the caller waits for it.
            let block = newBlock(code: code, start: pc + 1, end: op.bodyEnd, from: c)
            contexts[Int(block)].wakesThread = t
            note(.created, thread: t, context: block, a: c)
            contexts[Int(c)].pc = op.bodyEnd
            enqueueOnMain(block)
            return blockInSync(t, context: c, code)
        }
        guard code >= 0 && queueSerial[Int(code)] else {
            // A concurrent queue runs a `sync` body on the caller's thread at once.
            note(.syncEntered, thread: t, context: c, a: code)
            contexts[Int(c)].pc = pc + 1
            return true
        }
        let q = Int(code)
        if queueOwner[q] < 0 {
            queueOwner[q] = c
            note(.syncEntered, thread: t, context: c, a: code)
            contexts[Int(c)].pc = pc + 1
            return true
        }
        // Held by this very context (a block of the queue, or inside its `sync`): it waits for itself.
        if queueOwner[q] != c { appendWaiter(c, to: q) }
        return blockInSync(t, context: c, code)
    }

    private mutating func blockInSync(_ t: Int32, context c: Int32, _ code: Int32) -> Bool {
        note(.syncWaits, thread: t, context: c, a: code)
        threads[Int(t)].state = .queueWaiting
        threads[Int(t)].waitQueue = code
        return false
    }

    /// The end of a `sync` body: a serial queue the context held for it is free again.
    mutating func syncEnd(_ op: Op, context c: Int32) {
        let code = op.a
        guard code >= 0 && queueSerial[Int(code)] && queueOwner[Int(code)] == c else { return }
        releaseQueue(Int(code))
    }

    /// `queue.asyncAfter(deadline: .now() + delay)`: the block is made now and submitted when the
    /// delay is over (a suspended app's clock does not run it).
    package mutating func dispatchAfter(_ op: Op, at pc: Int32, from c: Int32, on t: Int32) {
        let block = newBlock(code: op.a, start: pc + 1, end: op.bodyEnd, from: c)
        contexts[Int(block)].state = .suspended
        note(.created, thread: t, context: block, a: c)
        note(.afterScheduled, thread: t, context: block, a: op.a, b: value(op.slot))
        schedule(.afterDue, block, after: value(op.slot))
    }

    /// A system call with a completion handler: the caller is busy for the call's cost, the
    /// request leaves after `deliverAfterMs` (or as the cost ends), and the completion block is
    /// submitted to its queue when the reply is back. `true` when the call costs nothing.
    package mutating func callWithCompletion(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        let call = calls[Int(op.a)]
        let cost = value(call.costSlot)
        let completion = newBlock(code: op.b, start: pc + 1, end: op.bodyEnd, from: c)
        contexts[Int(completion)].kind = .completionHandler
        contexts[Int(completion)].caller = c
        contexts[Int(completion)].state = .suspended
        contexts[Int(completion)].callPartsPending = 1
        contexts[Int(completion)].callSite = op.site
        note(.created, thread: t, context: completion, a: c)
        noteCall(thread: t, context: c, call: op.a, cost: cost, pc: pc, handler: completion)
        let deliverAfter = value(call.deliverAfterSlot)
        schedule(.callDelivered, completion, UInt32(op.a), after: deliverAfter == ParameterSlot.followsOther ? cost : deliverAfter)
        contexts[Int(c)].pc = op.bodyEnd
        guard cost > 0 else { return true }
        schedule(.threadResume, t, after: cost)
        if t == Self.mainThread { chargeMainCPU(cost) }
        return false
    }

    /// Invariants of the serial queues (builds with `EXITRACE_INVARIANTS`): a holder is a live
    /// context; every waiter is a block queued for the queue or a `sync` caller blocked on it, is not
    /// the holder, and the list ends at its tail.
    mutating func checkQueueInvariants() {
        #if EXITRACE_INVARIANTS
        for q in queueOwner.indices {
            let holder = queueOwner[q]
            if holder >= 0 { precondition(contexts[Int(holder)].state != .done, "queue \(q) is held by a finished context") }
            precondition(queueHead[q] < 0 || holder >= 0, "queue \(q) has waiters but no holder")
            var waiter = queueHead[q]
            var last: Int32 = -1
            while waiter >= 0 {
                let context = contexts[Int(waiter)]
                precondition(waiter != holder, "queue \(q)'s holder also waits for it")
                let blockWaits = context.state == .queued && context.serialQueue == Int32(q)
                var callerWaits = false
                if context.state == .onThread {
                    let thread = threads[Int(context.thread)]
                    callerWaits = thread.waitQueue == Int32(q) && (thread.state == .queueWaiting || thread.state == .dead)
                }
                precondition(blockWaits || callerWaits, "queue \(q) lists a context that does not wait for it")
                last = waiter
                waiter = context.nextInQueue
            }
            precondition(last == queueTail[q], "queue \(q)'s tail is not its last waiter")
        }
        #endif
    }

    /// The context a call's effect belongs to: for a completion handler's call, its caller.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func effectOwner(_ c: Int32) -> Int32 {
        contexts[Int(c)].kind == .completionHandler ? contexts[Int(c)].caller : c
    }

    /// The engine's queues empty for a new run.
    mutating func resetQueues() {
        queueOwner.refill(-1, count: queueQoS.count)
        queueHead.refill(-1, count: queueQoS.count)
        queueTail.refill(-1, count: queueQoS.count)
        groupNotifyHead.refill(-1, count: semaphoreValue.count)
    }

    /// A `sync` caller waits for queue `code`: stuck when the queue's holder is (the main queue's
    /// holder is the main thread).
    mutating func stuckChain(queue code: Int32, _ search: inout DeadlockSearch) -> Bool {
        if code == QueueCode.main {
            let main = Self.mainThread
            guard blockedResource(main) != nil else { return false }
            search.steps.append(.mainQueueRunsOnMainThread)
            return search.visiting.contains(main) || stuckChain(thread: main, &search)
        }
        guard code >= 0 else { return false }
        let holder = queueOwner[Int(code)]
        guard holder >= 0 else { return false }
        search.steps.append(.queueHeldBy(queue: code, contextID(holder)))
        return stuckChain(context: holder, &search)
    }
}
