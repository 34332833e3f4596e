/// The main queue and the two thread pools: which thread runs which context, and when. The
/// cooperative pool admits jobs per QoS bucket (``CooperativePool``).
extension Engine {
    /// A new context, `context` as the caller made it. Inlined (and `UnsharedBuffer.append` hands
    /// its growth no element), so that the caller's context is made where it is appended: passed
    /// to a call, it was made on the stack in pieces and read back whole, a store-forwarding stall
    /// (perf, 10 tasks: `newContext` and `spawnTask` 4.1% of the time, 1.7% since).
    @inline(__always)
    mutating func newContext(_ context: SimContext) -> Int32 {
        // Appended as it is, then changed in place, for the same reason.
        contexts.append(context)
        let c = contexts.count - 1
        contexts[c].start = context.pc
        return Int32(c)
    }

    mutating func enqueueOnMain(_ c: Int32) {
        note(.queuedOnMain, context: c)
        contexts[Int(c)].state = .queued
        mainQueue.append(c)
        if threads[Int(Self.mainThread)].state == .idle && !mainKickPending {
            mainKickPending = true
            schedule(.kickMain, Self.mainThread, after: 0)
        }
    }

    /// Puts a context on its pool; it becomes eligible after the start latency of its QoS. A traced
    /// run notes the job first (``enqueueOnPoolTraced(_:)``), in a call of its own, so that the
    /// untraced path stays short.
    mutating func enqueueOnPool(_ c: Int32) {
        guard !tracing else { return enqueueOnPoolTraced(c) }
        contexts[Int(c)].state = .queued
        schedule(.jobReady, c, after: startLatencies[priority: contexts[Int(c)].schedulingPriority])
    }

    /// ``enqueueOnPool(_:)`` in a traced run: the same, with the job noted.
    @inline(never)
    private mutating func enqueueOnPoolTraced(_ c: Int32) {
        contexts[Int(c)].state = .queued
        let latency = startLatencies[priority: contexts[Int(c)].schedulingPriority]
        // `a`: 1 on the Dispatch pool; an escalated task's priority above the low byte.
        let escalated = Int32(contexts[Int(c)].escalated) << 8
        note(.queuedOnPool, context: c, a: (contexts[Int(c)].runsOnDispatchPool ? 1 : 0) | escalated, b: latency)
        schedule(.jobReady, c, after: latency)
    }

    /// Resumes a suspended task on its home executor.
    package mutating func resume(_ c: Int32) {
        contexts[Int(c)].hoppedOff = false
        if contexts[Int(c)].serialQueue >= 0 { return submitToSerial(c) }
        if contexts[Int(c)].actor >= 0 {
            enqueueOnActor(c)
        } else if contexts[Int(c)].mainIsolated {
            enqueueOnMain(c)
        } else {
            enqueueOnPool(c)
        }
    }

    /// Context `c`'s start latency is over: it joins its pool's ready list, or (nothing queued
    /// before it and a thread free) goes to a thread at once. Every path ends in a call, so this
    /// saves no registers; a traced run notes the job first (``jobReadyTraced(_:)``).
    mutating func jobReady(_ c: Int32) {
        guard !tracing else { return jobReadyTraced(c) }
        becomesReady(c)
    }

    /// ``jobReady(_:)`` in a traced run: the job noted, then the same.
    @inline(never)
    private mutating func jobReadyTraced(_ c: Int32) {
        note(.ready, context: c)
        becomesReady(c)
    }

    /// The ready job's way to a thread, for ``jobReady(_:)`` and ``jobReadyTraced(_:)``: at once
    /// when nothing is queued before it and a thread is free (and, on the cooperative pool, its
    /// bucket may take one), else on its pool's list.
    @inline(__always)
    private mutating func becomesReady(_ c: Int32) {
        let job = ReadyJob(priority: contexts[Int(c)].schedulingPriority, sequence: readySequence, context: c)
        readySequence &+= 1
        if contexts[Int(c)].runsOnDispatchPool {
            if dispatchReady.pending == 0, let t = takeIdleDispatchThread() { return startFirst(c, on: t) }
            return queueOnDispatch(job)
        }
        if hasIdleCooperativeThread && cooperativeReady.admitsAtOnce(job), let t = takeIdleCooperativeThread() {
            return startFirst(c, on: t)
        }
        queueOnCooperative(job)
    }

    /// A ready job waits on the Dispatch pool's list; a free worker, if any, takes the next job.
    @inline(never)
    private mutating func queueOnDispatch(_ job: ReadyJob) {
        dispatchReady.append(job)
        if let t = takeIdleDispatchThread() { runThread(t) }
    }

    /// A ready job waits in its bucket of the cooperative pool; a free thread, if the bucket may
    /// take one, takes the next job.
    @inline(never)
    private mutating func queueOnCooperative(_ job: ReadyJob) {
        guard cooperativeReady.insert(job) else { return }
        if let t = takeIdleCooperativeThread() { runThread(t) }
    }

    /// Whether the cooperative pool has a thread with no job: one back on its idle stack, or one
    /// this run has not used yet.
    @inline(__always)
    private var hasIdleCooperativeThread: Bool {
        mutating get { cooperativeIdle.count > 0 || cooperativeFresh < firstDispatch }
    }

    /// An idle cooperative thread, the last one to go idle first, else the next one never used;
    /// `nil` when every thread is busy.
    @inline(__always)
    private mutating func takeIdleCooperativeThread() -> Int32? {
        if let t = cooperativeIdle.popLast() { return t }
        guard cooperativeFresh < firstDispatch else { return nil }
        cooperativeFresh += 1
        return cooperativeFresh - 1
    }

    /// As ``takeIdleCooperativeThread()``, for the Dispatch workers.
    @inline(__always)
    private mutating func takeIdleDispatchThread() -> Int32? {
        if let t = dispatchIdle.popLast() { return t }
        guard dispatchFresh < Int32(threads.count) else { return nil }
        dispatchFresh += 1
        return dispatchFresh - 1
    }

    /// Gives an idle thread work until it is busy or has nothing to do. A pool thread left idle
    /// goes back on its pool's idle stack.
    mutating func runThread(_ t: Int32) {
        while let c = nextJob(for: t) {
            start(c, on: t)
            guard threads[Int(t)].state == .idle else { return }
        }
    }

    /// Starts job `c`, which no other job waits before, on idle thread `t`, then gives the thread
    /// further work as ``runThread(_:)`` does: what putting the job on its pool's ready list and
    /// running the thread would do (the thread would take that very job), without the list. A job
    /// that becomes ready with a thread free and nothing queued (most of them, in most runs) is
    /// put on a thread at once.
    private mutating func startFirst(_ c: Int32, on t: Int32) {
        start(c, on: t)
        if threads[Int(t)].state == .idle { runThread(t) }
    }

    /// The job idle thread `t` takes next from its executor, or `nil` (a pool thread then goes back
    /// on its pool's idle stack).
    @inline(__always)
    private mutating func nextJob(for t: Int32) -> Int32? {
        switch threads[Int(t)].pool {
        case .main:
            guard alive, mainQueueHead < mainQueue.count else { return nil }
            mainQueueHead += 1
            return mainQueue[mainQueueHead - 1]
        case .cooperative:
            // Most threads go idle with nothing queued: that is looked at here, not in a call.
            guard cooperativeReady.hasJobs, let job = cooperativeReady.popAdmissible() else {
                cooperativeIdle.append(t)
                return nil
            }
            return job.context
        case .dispatch:
            guard let job = dispatchReady.popHighest() else {
                dispatchIdle.append(t)
                return nil
            }
            return job.context
        }
    }

    /// Puts context `c` on idle thread `t` and runs it until it takes the thread off the CPU. A job
    /// not escalated while queued, on no actor, in a run not traced (nearly every one) starts here
    /// with no call but the last, to `execute`, so that this saves no registers; the rest go through
    /// ``startEscalatedOnActorOrTraced(_:on:)``, which does the same in the same order.
    private mutating func start(_ c: Int32, on t: Int32) {
        guard !escalatedWhileQueued(c) && contexts[Int(c)].actor < 0 && !tracing else {
            return startEscalatedOnActorOrTraced(c, on: t)
        }
        assert(threads[Int(t)].state == .idle && threads[Int(t)].context == -1, "a busy thread was given work")
        threads[Int(t)].context = c
        threads[Int(t)].state = .running
        if threads[Int(t)].pool != .main { threads[Int(t)].qos = contexts[Int(c)].schedulingPriority }
        contexts[Int(c)].state = .onThread
        contexts[Int(c)].thread = t
        execute(t)
    }

    /// ``start(_:on:)`` for a job escalated while queued or on an actor, or while tracing.
    @inline(never)
    private mutating func startEscalatedOnActorOrTraced(_ c: Int32, on t: Int32) {
        assert(threads[Int(t)].state == .idle && threads[Int(t)].context == -1, "a busy thread was given work")
        threads[Int(t)].context = c
        threads[Int(t)].state = .running
        if threads[Int(t)].pool != .main { threads[Int(t)].qos = contexts[Int(c)].schedulingPriority }
        if escalatedWhileQueued(c) { applyQueuedEscalation(c, on: t) }
        contexts[Int(c)].state = .onThread
        contexts[Int(c)].thread = t
        note(.started, thread: t, context: c)
        if contexts[Int(c)].actor >= 0 { note(.actorEntered, thread: t, context: c, a: contexts[Int(c)].actor) }
        execute(t)
    }

    mutating func continueThread(_ t: Int32) {
        execute(t)
        if threads[Int(t)].state == .idle { runThread(t) }
    }

    /// Takes the context off its thread, which becomes idle. A job on no actor in a run not traced
    /// (nearly every one) is taken off here with no call at all, so that this stays a leaf that
    /// saves no registers; the rest go through ``detachFromActorOrTraced(_:from:state:)``.
    mutating func detach(_ c: Int32, from t: Int32, state: SimContext.State) {
        guard contexts[Int(c)].actor < 0 && !tracing else { return detachFromActorOrTraced(c, from: t, state: state) }
        leaveThread(c, from: t, state: state)
    }

    /// ``detach(_:from:state:)`` for a job on an actor, or while tracing.
    @inline(never)
    private mutating func detachFromActorOrTraced(_ c: Int32, from t: Int32, state: SimContext.State) {
        // A job that ends or suspends on an actor gives it up; the thread goes on with its next job.
        if contexts[Int(c)].actor >= 0 { releaseActor(of: c, drainerContinues: true) }
        if tracing {
            let reason: TraceRecord.StopReason =
                state == .done ? .finished : contexts[Int(c)].hoppedOff && t == Self.mainThread ? .hopped : .suspended
            note(.stopped, thread: t, context: c, a: reason.rawValue)
        }
        leaveThread(c, from: t, state: state)
    }

    /// The context leaves its thread in `state`; the thread is idle (its pool counts it no more).
    @inline(__always)
    private mutating func leaveThread(_ c: Int32, from t: Int32, state: SimContext.State) {
        contexts[Int(c)].state = state
        contexts[Int(c)].thread = -1
        if threads[Int(t)].pool == .cooperative { cooperativeReady.release(priority: threads[Int(t)].qos) }
        threads[Int(t)].context = -1
        threads[Int(t)].state = .idle
    }
}
