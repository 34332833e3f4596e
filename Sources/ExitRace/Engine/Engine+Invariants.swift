/// Consistency checks of the engine's state, run after every event in builds with
/// `EXITRACE_INVARIANTS` (debug builds, and so `swift test` and `.ci/run`). Release builds
/// compile them away: they cost O(threads + contexts) per event.
extension Engine {
    @inline(__always)
    package func checkInvariants() {
        #if EXITRACE_INVARIANTS
        queue.checkInvariants()
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
        #endif
    }

    /// Held background tasks, semaphore waiters, and threads against their contexts and the pool.
    ///
    /// Plain loops over locals: a closure that read `self` (a `precondition`'s condition is one)
    /// would copy the whole engine, every array's retain and release, per check in a debug build,
    /// where the checks run after every event.
    private func checkThreadInvariants() {
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
