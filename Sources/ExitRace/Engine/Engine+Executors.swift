/// The main queue and the two thread pools: which thread runs which context, and when. The
/// cooperative pool admits jobs per QoS bucket (``CooperativePool``).
extension Engine {
    mutating func newContext(_ context: SimContext) -> Int32 {
        // Appended as it is, then changed in place: a changed copy made on the stack first was
        // stored in pieces and read back whole, a store-forwarding stall (perf, 10 tasks).
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

    /// Puts a context on its pool; it becomes eligible after the start latency of its QoS.
    mutating func enqueueOnPool(_ c: Int32) {
        contexts[Int(c)].state = .queued
        let priority = contexts[Int(c)].schedulingPriority
        let latency = value(slots.startLatency[QoSClass(priority: priority).index])
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

    mutating func jobReady(_ c: Int32) {
        note(.ready, context: c)
        let job = ReadyJob(priority: contexts[Int(c)].schedulingPriority, sequence: readySequence, context: c)
        readySequence &+= 1
        if contexts[Int(c)].runsOnDispatchPool {
            dispatchReady.append(job)
            if let t = dispatchIdle.popLast() {
                runThread(t)
            } else if dispatchFresh < Int32(threads.count) {
                dispatchFresh += 1
                runThread(dispatchFresh - 1)
            }
        } else {
            guard cooperativeReady.insert(job) else { return }
            if let t = cooperativeIdle.popLast() {
                runThread(t)
            } else if cooperativeFresh < firstDispatch {
                cooperativeFresh += 1
                runThread(cooperativeFresh - 1)
            }
        }
    }

    /// Gives an idle thread work until it is busy or has nothing to do. A pool thread left idle
    /// goes back on its pool's idle stack.
    mutating func runThread(_ t: Int32) {
        while true {
            let c: Int32
            switch threads[Int(t)].pool {
            case .main:
                guard alive, mainQueueHead < mainQueue.count else { return }
                c = mainQueue[mainQueueHead]
                mainQueueHead += 1
            case .cooperative:
                guard let job = cooperativeReady.popAdmissible() else {
                    cooperativeIdle.append(t)
                    return
                }
                c = job.context
            case .dispatch:
                guard let job = dispatchReady.popHighest() else {
                    dispatchIdle.append(t)
                    return
                }
                c = job.context
            }
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
            guard threads[Int(t)].state == .idle else { return }
        }
    }

    mutating func continueThread(_ t: Int32) {
        execute(t)
        if threads[Int(t)].state == .idle { runThread(t) }
    }

    /// Takes the context off its thread, which becomes idle.
    mutating func detach(_ c: Int32, from t: Int32, state: SimContext.State) {
        // A job that ends or suspends on an actor gives it up; the thread goes on with its next job.
        if contexts[Int(c)].actor >= 0 { releaseActor(of: c, drainerContinues: true) }
        if tracing {
            let reason: TraceRecord.StopReason =
                state == .done ? .finished : contexts[Int(c)].hoppedOff && t == Self.mainThread ? .hopped : .suspended
            note(.stopped, thread: t, context: c, a: reason.rawValue)
        }
        contexts[Int(c)].state = state
        contexts[Int(c)].thread = -1
        if threads[Int(t)].pool == .cooperative { cooperativeReady.release(priority: threads[Int(t)].qos) }
        threads[Int(t)].context = -1
        threads[Int(t)].state = .idle
    }
}
