/// Deadlock detection: a wait-for chain from a thread blocked in `semaphore.wait()` (with no
/// timeout) through the code that could signal it, back to a blocked thread.
///
/// The check is structural, not a guess from timing: a semaphore can be signaled only by code that
/// has not run yet, and that code is a contiguous range of ops in some live context. If every such
/// context is itself stuck (queued behind a blocked main thread, or running on a blocked thread),
/// no amount of time helps. A context waiting for a pool thread is taken to make progress, unless
/// it waits for the cooperative pool and every cooperative thread is itself stuck (a starved pool).
extension Engine {
    /// What a stuck thread waits for: a semaphore's signal, or a polled flag being set.
    enum Resource: Equatable {
        case semaphore(Int32)
        case flag(Int32)
        /// A `sync` onto a queue (a ``QueueCode``).
        case queue(Int32)
    }

    /// The resource a thread is blocked on for good (no timeout), if any.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func blockedResource(_ t: Int32) -> Resource? {
        let thread = threads[Int(t)]
        if thread.state == .queueWaiting { return .queue(thread.waitQueue) }
        if thread.state == .waiting && !thread.hasTimeout { return .semaphore(thread.semaphore) }
        // A flag set while its poller sleeps releases it at the next poll: that is waiting, not a deadlock.
        if thread.state == .sleeping && thread.pollFlag >= 0 && !flags[Int(thread.pollFlag)] {
            return .flag(thread.pollFlag)
        }
        return nil
    }

    /// The first deadlock among the used threads, if any. The search writes into the engine's
    /// scratch buffers (reused across runs); only a chain found is copied out.
    mutating func findDeadlock() -> DeadlockChain? {
        for t in usedThreads where blockedResource(Int32(t)) != nil {
            // The buffers are moved out and back, never shared: emptying a shared one would
            // allocate a new one.
            var search = DeadlockSearch(
                steps: Self.take(&scratchSteps), contexts: Self.take(&scratchContexts), visiting: Self.take(&scratchVisiting))
            search.steps.empty()
            search.contexts.empty()
            search.visiting.empty()
            let found = stuckChain(thread: Int32(t), &search)
            (scratchSteps, scratchContexts, scratchVisiting) = (search.steps, search.contexts, search.visiting)
            if found { return DeadlockChain(steps: Array(scratchSteps), contexts: Array(scratchContexts), program: program) }
        }
        return nil
    }

    /// The array, leaving an empty one (which owns no buffer) in its place.
    private static func take<Element>(_ array: inout ContiguousArray<Element>) -> ContiguousArray<Element> {
        let taken = array
        array = []
        return taken
    }

    /// Appends the chain from blocked thread `t` to `search.steps`; `false` when some code that
    /// could release it can still run (what was appended is then meaningless).
    mutating func stuckChain(thread t: Int32, _ search: inout DeadlockSearch) -> Bool {
        guard let resource = blockedResource(t) else { return false }
        search.visiting.append(t)
        if case .queue(let code) = resource {
            search.steps.append(.threadSyncs(threadID(t), queue: code))
            return stuckChain(queue: code, &search)
        }
        let waiting = threads[Int(t)].context
        switch resource {
        case .semaphore(let s): search.steps.append(.threadWaits(threadID(t), semaphore: s))
        case .flag(let f): search.steps.append(.threadPolls(threadID(t), flag: f))
        case .queue: break
        }
        // The waiting context's own later code cannot run before the wait returns.
        let first = search.contexts.count
        for index in contexts.indices
        where contexts[index].state != .done && index != Int(waiting) && willRelease(resource, context: Int32(index)) {
            search.contexts.append(contextID(Int32(index)))
        }
        let releasers = first..<search.contexts.count
        guard !releasers.isEmpty else {
            switch resource {
            case .semaphore(let s): search.steps.append(.neverSignaled(semaphore: s))
            case .flag(let f): search.steps.append(.neverSet(flag: f))
            case .queue: break
            }
            return true
        }
        switch resource {
        case .semaphore(let s): search.steps.append(.signaledOnlyBy(semaphore: s, contexts: releasers))
        case .flag(let f): search.steps.append(.setOnlyBy(flag: f, contexts: releasers))
        case .queue: break
        }
        // Every releaser must be stuck; the chain goes on through the first one only.
        var position = 0
        for index in contexts.indices
        where contexts[index].state != .done && index != Int(waiting) && willRelease(resource, context: Int32(index)) {
            let mark = (search.steps.count, search.contexts.count)
            guard stuckChain(context: Int32(index), &search) else { return false }
            if position > 0 {
                search.steps.removeSubrange(mark.0...)
                search.contexts.removeSubrange(mark.1...)
            }
            position += 1
        }
        return true
    }

    mutating func stuckChain(context c: Int32, _ search: inout DeadlockSearch) -> Bool {
        let context = contexts[Int(c)]
        switch context.state {
        case .queued where waitsForActor(c):
            return stuckChain(actorJob: c, &search)
        case .suspended where context.joining != -1:
            return stuckChain(parent: c, &search)
        case .queued where context.mainIsolated && !context.hoppedOff && context.actor < 0:
            let main = Self.mainThread
            guard blockedResource(main) != nil else { return false }
            search.steps.append(.queuedOnMainActor(contextID(c)))
            search.steps.append(.mainActorRunsOnMainThread)
            return search.visiting.contains(main) || stuckChain(thread: main, &search)
        case .onThread:
            let u = context.thread
            guard blockedResource(u) != nil else { return false }
            search.steps.append(.runsOnBlockedThread(contextID(c), threadID(u)))
            return search.visiting.contains(u) || stuckChain(thread: u, &search)
        case .queued where context.serialQueue >= 0 && queueOwner[Int(context.serialQueue)] != c:
            search.steps.append(.queuedBehind(contextID(c)))
            return stuckChain(queue: context.serialQueue, &search)
        case .queued where !context.runsOnDispatchPool:
            return stuckChain(poolJob: c, &search)
        case .queued, .suspended, .done:
            return false
        }
    }

    /// A job queued for the cooperative pool is stuck when its bucket may not take a thread and
    /// every thread that counts against it (those of its bucket and the buckets above, see
    /// ``CooperativePool``) is stuck; the chain goes on through the first one not already in it.
    private mutating func stuckChain(poolJob c: Int32, _ search: inout DeadlockSearch) -> Bool {
        let bucket = CooperativePool.bucket(contexts[Int(c)].priority)
        guard !cooperativeReady.admits(bucket) else { return false }  // a thread would take it
        let pool = firstCooperative..<cooperativeFresh
        var holders: Int32 = 0
        for u in pool where counts(u, against: bucket) {
            guard blockedResource(u) != nil else { return false }
            holders += 1
        }
        search.steps.append(.queuedForBlockedPool(contextID(c), width: holders))
        var position = 0
        for u in pool where counts(u, against: bucket) && !search.visiting.contains(u) {
            let mark = (search.steps.count, search.contexts.count)
            guard stuckChain(thread: u, &search) else { return false }
            if position > 0 {
                search.steps.removeSubrange(mark.0...)
                search.contexts.removeSubrange(mark.1...)
            }
            position += 1
        }
        return true
    }

    /// A job waiting for a busy actor is stuck when the job holding the actor is.
    private mutating func stuckChain(actorJob c: Int32, _ search: inout DeadlockSearch) -> Bool {
        let actor = contexts[Int(c)].actor
        let holder = actorHolder[Int(actor)]
        search.steps.append(.queuedOnBusyActor(contextID(c), actor: actor, holder: contextID(holder)))
        let running = contexts[Int(holder)]
        if running.state == .onThread && search.visiting.contains(running.thread) && blockedResource(running.thread) != nil {
            return true  // the chain already went through the holder's thread: the cycle is closed
        }
        return stuckChain(context: holder, &search)
    }

    /// A task waiting for child tasks is stuck when every child it waits for is; the chain goes on
    /// through the first.
    private mutating func stuckChain(parent c: Int32, _ search: inout DeadlockSearch) -> Bool {
        let joining = contexts[Int(c)].joining
        var position = 0
        for index in contexts.indices
        where contexts[index].parent == c && contexts[index].state != .done
            && (joining == SimContext.allChildren || joining == Int32(index)
                || (joining <= SimContext.firstNextChild
                    && isInGroup(Int32(index), SimContext.group(awaitedBy: joining))))
        {
            let mark = (search.steps.count, search.contexts.count)
            search.steps.append(.waitsForChild(contextID(c), child: contextID(Int32(index))))
            guard stuckChain(context: Int32(index), &search) else { return false }
            if position > 0 {
                search.steps.removeSubrange(mark.0...)
                search.contexts.removeSubrange(mark.1...)
            }
            position += 1
        }
        return position > 0
    }

    /// Whether cooperative thread `u` holds a place that a job of `bucket` needs: it is scheduled
    /// in that bucket or one above it.
    private func counts(_ u: Int32, against bucket: Int) -> Bool {
        threads[Int(u)].state != .idle && CooperativePool.bucket(threads[Int(u)].qos) >= bucket
    }

    private func willRelease(_ resource: Resource, context c: Int32) -> Bool {
        let context = contexts[Int(c)]
        var pc = Int(context.pc)
        while pc < Int(context.end) {
            let op = program.ops[pc]
            switch resource {
            case .semaphore(let s) where (op.kind == .signal || op.kind == .groupLeave) && op.a == s: return true
            case .flag(let f) where op.kind == .setFlag && op.a == f: return true
            default: break
            }
            pc += 1
        }
        return false
    }
}

/// The buffers of one deadlock search: the chain so far, the contexts its links name, and the
/// threads already on the path (a cycle ends the chain).
struct DeadlockSearch {
    var steps: ContiguousArray<DeadlockChain.Step>
    var contexts: ContiguousArray<ContextID>
    var visiting: ContiguousArray<Int32>
}
