/// Consistency checks of the engine's state, run after every event in builds with
/// `EXITRACE_INVARIANTS` (debug builds, and so `swift test` and `.ci/run`). Release builds
/// compile them away: they cost O(threads + contexts) per event.
extension Engine {
    @inline(__always)
    package mutating func checkInvariants() {
        #if EXITRACE_INVARIANTS
        queue.checkTimeInvariants()
        cooperativeReady.checkInvariants()
        dispatchReady.checkInvariants()
        let headInQueue = mainQueueHead <= mainQueue.count
        precondition(headInQueue, "main queue read past its end")
        checkThreadInvariants()
        checkQueueInvariants()
        checkActorInvariants()
        checkChildInvariants()
        checkServiceInvariants()
        checkCancellationInvariants()
        checkThrowInvariants()
        checkCancellableCallInvariants()
        checkAwaitInvariants()
        checkCleanupMaskInvariants()
        exploration.checkDueOwners()
        #endif
    }

    /// The cleanup masks hold only the cell's bits, and places decode to places: `cleanupDone` and
    /// `lateCleanupDone` within the cleanup calls' bits plus the places' (``CleanupSites``),
    /// `deliveredCallbacks` within the program's callbacks, each context's `callSite` -1 or a place
    /// (below 64), and the place in a service's flags (its awaited work, its pending events) -1 or
    /// a place, beside a call index in range.
    ///
    /// A context's `callSite` can be other than -1 only in a program with places: there every
    /// context is checked (O(contexts) per event), elsewhere those on the threads the run used.
    private mutating func checkCleanupMaskInvariants() {
        #if EXITRACE_INVARIANTS
        let placeBits = program.placeBits
        var callBits: UInt64 = 0
        for call in calls where call.isCleanup {
            precondition(call.cleanupBit >= 0 && call.cleanupBit < 64, "a cleanup call's bit beyond the mask")
            callBits |= 1 << UInt64(call.cleanupBit)
        }
        let cleanupBits = callBits | placeBits
        // Read into locals: a precondition's condition is a closure, and one that reads `self`
        // copies the whole engine in a debug build (per event).
        let done = cleanupDone, lateDone = lateCleanupDone, delivered = deliveredCallbacks
        precondition(done & ~cleanupBits == 0, "cleanupDone holds a bit that is neither a cleanup call nor a place")
        precondition(lateDone & ~cleanupBits == 0, "lateCleanupDone holds a bit that is neither a cleanup call nor a place")
        let callbackCount = program.callbacks.count
        let callbackBits: UInt64 = callbackCount >= 64 ? ~0 : (1 << UInt64(callbackCount)) - 1
        precondition(delivered & ~callbackBits == 0, "deliveredCallbacks holds a bit past the program's callbacks")

        let contexts = self.contexts, threads = self.threads
        func checkSite(_ site: Int8, _ what: @autoclosure () -> String) {
            precondition(site == -1 || (site >= 0 && site < 64 && placeBits & (1 << UInt64(site)) != 0), "\(what()) is not a place")
        }
        if placeBits != 0 {
            for index in contexts.indices { checkSite(contexts[index].callSite, "context \(index)'s call site") }
        } else {
            for t in usedThreads where threads[t].context >= 0 && Int(threads[t].context) < contexts.count {
                checkSite(contexts[Int(threads[t].context)].callSite, "call site of thread \(t)'s context")
            }
        }
        guard program.usesServices else { return }
        let callCount = UInt32(calls.count)
        func checkFlags(_ flags: UInt32, _ what: @autoclosure () -> String) {
            precondition(flags & ServiceState.callMask < callCount, "\(what()) names no call")
            checkSite(ServiceState.site(of: flags), "the place in \(what())")
        }
        for work in services.awaiting { checkFlags(work.flags, "an awaited service's flags") }
        queue.forEachPending { entry in
            let kind = entry.payload.kind
            if kind == .serviceStart || kind == .serviceDone { checkFlags(entry.payload.b, "a pending service event's flags") }
        }
        #endif
    }

    /// Held background tasks, semaphore waiters, and threads against their contexts and the pool.
    ///
    /// Plain loops over locals: a closure that read `self` (a `precondition`'s condition is one)
    /// would copy the whole engine, every array's retain and release, per check in a debug build,
    /// where the checks run after every event.
    private mutating func checkThreadInvariants() {
        #if EXITRACE_INVARIANTS
        let tasks = self.tasks, threads = self.threads, contexts = self.contexts
        let semaphoreWaiters = self.semaphoreWaiters, scheduled = cooperativeReady.scheduledTotal
        var held = 0
        for index in 0..<tasks.count where tasks[index].held { held += 1 }
        let heldCounted = heldTasks == held
        precondition(heldCounted, "held background tasks miscounted")
        var waiters = ContiguousArray<Int32>(repeating: 0, count: semaphoreWaiters.count)
        var busy: Int32 = 0
        for t in usedThreads {
            let thread = threads[t]
            if thread.state == .waiting { waiters[Int(thread.semaphore)] += 1 }
            if thread.state == .idle { precondition(thread.context == -1, "idle thread \(t) holds a context") }
            if thread.context >= 0 && thread.state != .dead {
                precondition(contexts[Int(thread.context)].thread == Int32(t), "thread \(t) and its context disagree")
            }
            if thread.pool == .cooperative && thread.state != .idle { busy += 1 }
        }
        for index in 0..<waiters.count {
            precondition(waiters[index] == semaphoreWaiters[index], "semaphore waiters miscounted")
        }
        let busyCounted = !alive || busy == scheduled
        precondition(busyCounted, "scheduled cooperative threads miscounted")
        #endif
    }
}
