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
        precondition(mainQueueHead <= mainQueue.count, "main queue read past its end")
        precondition(heldTasks == tasks.reduce(0) { $0 + ($1.held ? 1 : 0) }, "held background tasks miscounted")
        var waiters = ContiguousArray<Int32>(repeating: 0, count: semaphoreWaiters.count)
        for t in usedThreads {
            let thread = threads[t]
            if thread.state == .waiting { waiters[Int(thread.semaphore)] += 1 }
            if thread.state == .idle { precondition(thread.context == -1, "idle thread \(t) holds a context") }
            if thread.context >= 0 && thread.state != .dead {
                precondition(contexts[Int(thread.context)].thread == Int32(t), "thread \(t) and its context disagree")
            }
        }
        precondition(waiters.elementsEqual(semaphoreWaiters), "semaphore waiters miscounted")
        checkQueueInvariants()
        checkActorInvariants()
        checkChildInvariants()
        checkServiceInvariants()
        checkCancellationInvariants()
        checkThrowInvariants()
        checkCancellableCallInvariants()
        checkAwaitInvariants()
        if alive {
            let busy = usedThreads.reduce(Int32(0)) {
                $0 + (threads[$1].pool == .cooperative && threads[$1].state != .idle ? 1 : 0)
            }
            precondition(busy == cooperativeReady.scheduledTotal, "scheduled cooperative threads miscounted")
        }
        #endif
    }
}
