/// Interpreting a context's ops on its thread.
extension Engine {
    /// Runs the thread's context until an op takes time, blocks, suspends, or the context ends.
    mutating func execute(_ t: Int32) {
        let c = threads[Int(t)].context
        while true {
            let pc = contexts[Int(c)].pc
            guard pc < contexts[Int(c)].end else {
                // The end of an `onCancel` body the context ran inline: it goes back where it was.
                if program.installsHandlers && returnFromHandler(c) { continue }
                finish(c, on: t)
                return
            }
            guard perform(ops[pc], at: pc, context: c, thread: t) else { return }
        }
    }

    /// Performs one op; `true` when the thread goes straight on to the next one, `false` when the
    /// op took the thread off the CPU (work, a sleep, a wait, a suspension, `exit`).
    ///
    /// Each case is a call and nothing else, so the dispatch is a jump to the op's own function:
    /// when the cases were written out here, the ones that kept a value in a register across a call
    /// made every op save and restore six registers first (callgrind, 10 tasks). The ops every run
    /// meets have a function each; the others share ``performOther(_:at:context:thread:)``.
    private mutating func perform(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        switch op.kind {
        case .hookEnter, .hookReturn: return hookBoundary(op, at: pc, context: c, thread: t)
        case .work: return work(op, at: pc, context: c, thread: t)
        case .sleep: return sleep(op, at: pc, context: c, thread: t)
        case .taskSleep: return taskSleep(op, at: pc, context: c, thread: t)
        case .spawnTask, .spawnDetached: return spawn(op, at: pc, context: c, thread: t)
        case .dispatchMain, .dispatchGlobal: return dispatchBlock(op, at: pc, context: c, thread: t)
        case .wait: return wait(op, at: pc, context: c, thread: t)
        case .signal: return signalOp(op, at: pc, context: c, thread: t)
        case .call: return awaitCall(op, at: pc, context: c, thread: t)
        case .exit: return exitOp(op, at: pc, context: c, thread: t)
        case .beginBackgroundTask, .endBackgroundTask, .timer, .setFlag, .waitUntil, .ifLaunchOptions, .callCompletion,
            .dispatchQueue, .dispatchSync, .syncEnd, .dispatchAfter, .groupEnter, .groupLeave, .groupWait, .groupNotify,
            .isolatedCall, .leaveActor, .taskGroup, .spawnChild, .joinChildren, .awaitChild, .nameTask, .cancelTask,
            .checkCancellation, .installCancellationHandler, .throwError, .groupNext, .awaitTask, .ifCancelled:
            return performOther(op, at: pc, context: c, thread: t)
        }
    }

    /// `hookEnter` or `hookReturn`: the callback's code starts or ends.
    @inline(never)
    private mutating func hookBoundary(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        note(op.kind == .hookEnter ? .hookEntered : .hookReturned, thread: t, context: c, a: op.a)
        contexts[Int(c)].hook = op.kind == .hookEnter ? op.a : -1
        if op.kind == .hookEnter && op.a < 64 { deliveredCallbacks |= 1 << UInt64(op.a) }
        contexts[Int(c)].pc = pc + 1
        return true
    }

    /// CPU work: the thread is busy for the op's time.
    @inline(never)
    private mutating func work(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        note(.work, thread: t, context: c, b: value(op.slot))
        contexts[Int(c)].pc = pc + 1
        schedule(.threadResume, t, after: value(op.slot))
        if t == Self.mainThread { chargeMainCPU(value(op.slot)) }
        return false
    }

    /// `Thread.sleep`: the thread is blocked for the op's time.
    @inline(never)
    private mutating func sleep(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        note(.sleep, thread: t, context: c, b: value(op.slot))
        contexts[Int(c)].pc = pc + 1
        threads[Int(t)].state = .sleeping
        schedule(.threadResume, t, after: value(op.slot))
        return false
    }

    /// `Task.sleep`: the task suspends and frees its thread (in a cancelled task it throws at once).
    @inline(never)
    private mutating func taskSleep(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        if program.interruptsSleeps && isCancelled(c) {
            sleepCancelled(op, at: pc, context: c, thread: t)
            return true
        }
        note(.taskSleep, thread: t, context: c, b: value(op.slot))
        contexts[Int(c)].pc = pc + 1
        detach(c, from: t, state: .suspended)
        if program.interruptsSleeps {
            scheduleCancellableWake(c, after: value(op.slot))
        } else {
            schedule(.taskWake, c, after: value(op.slot))
        }
        return false
    }

    /// `Task {}` or `Task.detached {}`: the body becomes a task; the context goes on after it.
    @inline(never)
    private mutating func spawn(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        spawnTask(op, at: pc, from: c, on: t)
        contexts[Int(c)].pc = op.bodyEnd
        return true
    }

    /// `DispatchQueue.main.async` or `.global().async`: the body becomes a block.
    @inline(never)
    private mutating func dispatchBlock(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        dispatch(op, at: pc, from: c, on: t)
        contexts[Int(c)].pc = op.bodyEnd
        return true
    }

    /// `semaphore.signal()`.
    @inline(never)
    private mutating func signalOp(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        contexts[Int(c)].pc = pc + 1
        signal(op.a, from: t)
        return true
    }

    /// An awaited system call (a cancellable one in a cancelled task throws at once).
    @inline(never)
    private mutating func awaitCall(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        let cancellable = program.cancelsCalls && calls[Int(op.a)].cancellable
        if cancellable && cancellableCallThrows(op, context: c, thread: t) { return true }
        call(op, context: c, thread: t)
        return false
    }

    /// The main thread calls `exit`.
    @inline(never)
    private mutating func exitOp(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        note(.exitBegan, thread: t, context: c, b: value(slots.exitDuration))
        contexts[Int(c)].pc = pc + 1
        schedule(.exitCompleted, t, after: value(slots.exitDuration))
        return false
    }

    /// The ops no run of the benchmark's load meets, as ``perform(_:at:context:thread:)`` does them.
    @inline(never)
    private mutating func performOther(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        switch op.kind {
        case .hookEnter, .hookReturn, .work, .sleep, .taskSleep, .spawnTask, .spawnDetached, .dispatchMain, .dispatchGlobal, .wait, .signal,
            .call, .exit:
            preconditionFailure("op \(op.kind) has a function of its own (perform)")
        case .beginBackgroundTask:
            beginTask(slot: op.a, handlerStart: pc + 1, handlerEnd: op.bodyEnd, callback: contexts[Int(c)].hook)
            contexts[Int(c)].pc = op.bodyEnd
            return true
        case .endBackgroundTask: endTask(named: op.a)
        case .timer:
            startTimer(op, at: pc, context: c)
            contexts[Int(c)].pc = op.bodyEnd
            return true
        case .setFlag:
            note(.flagSet, thread: t, context: c, a: op.a)
            flags[Int(op.a)] = true
        case .waitUntil: return waitUntil(op, at: pc, context: c, thread: t)
        case .ifLaunchOptions:
            contexts[Int(c)].pc = op.a == launchOptions ? pc + 1 : op.bodyEnd
            return true
        case .callCompletion: return callWithCompletion(op, at: pc, context: c, thread: t)
        case .dispatchQueue:
            dispatchToQueue(op, at: pc, from: c, on: t)
            contexts[Int(c)].pc = op.bodyEnd
            return true
        case .dispatchSync: return dispatchSync(op, at: pc, context: c, thread: t)
        case .syncEnd: syncEnd(op, context: c)
        case .dispatchAfter:
            dispatchAfter(op, at: pc, from: c, on: t)
            contexts[Int(c)].pc = op.bodyEnd
            return true
        case .groupEnter:
            semaphoreValue[Int(op.a)] += 1
            note(.groupEntered, thread: t, context: c, a: op.a, b: Int64(semaphoreValue[Int(op.a)]))
        case .groupLeave: groupLeave(op.a, thread: t, context: c)
        case .groupWait: return groupWait(op, at: pc, context: c, thread: t)
        case .groupNotify:
            groupNotify(op, at: pc, from: c, on: t)
            contexts[Int(c)].pc = op.bodyEnd
            return true
        case .isolatedCall:
            contexts[Int(c)].pc = pc + 1
            return switchToActor(op.a, context: c, thread: t)
        case .leaveActor:
            contexts[Int(c)].pc = pc + 1
            return leaveIsolatedCall(to: op.a, context: c, thread: t)
        case .taskGroup:
            break
        case .spawnChild:
            spawnChild(op, at: pc, from: c, on: t)
            contexts[Int(c)].pc = op.bodyEnd
            return true
        case .joinChildren:
            contexts[Int(c)].pc = pc + 1
            return awaitChildren(SimContext.allChildren, context: c, thread: t)
        case .awaitChild:
            contexts[Int(c)].pc = pc + 1
            return awaitChildren(liveChild(of: c, spawnedAt: op.a), context: c, thread: t)
        case .nameTask: cancellation.handles[Int(op.a)] = Int32(contexts.count - 1)
        case .cancelTask:
            contexts[Int(c)].pc = pc + 1
            cancelTask(handle: op.a, thread: t, context: c)
            return true
        case .checkCancellation:
            if checkCancelled(c, thread: t) { throwCancellation(c, thread: t) } else { contexts[Int(c)].pc = pc + 1 }
            return true
        case .installCancellationHandler:
            installCancellationHandler(op, at: pc, context: c, thread: t)
            return true
        case .throwError:
            note(.cancellation, thread: t, context: c, a: Self.errorThrown)
            throwOutOfBody(c, thread: t)
            return true
        case .groupNext: return groupNext(op, at: pc, context: c, thread: t)
        case .awaitTask:
            contexts[Int(c)].pc = pc + 1
            return awaitTask(handle: op.a, context: c, thread: t)
        case .ifCancelled:
            contexts[Int(c)].pc = checkCancelled(c, thread: t) ? pc + 1 : op.bodyEnd
            return true
        }
        contexts[Int(c)].pc = pc + 1
        return true
    }

    /// `DispatchQueue.main.async` or `DispatchQueue.global(qos:).async`: the body becomes a block.
    private mutating func dispatch(_ op: Op, at pc: Int32, from c: Int32, on t: Int32) {
        let main = op.kind == .dispatchMain
        let block = newContext(
            SimContext(
                kind: main ? .mainBlock : .globalBlock, pc: pc + 1, end: op.bodyEnd, mainIsolated: main,
                priority: main ? mainQoS : UInt8(op.a), hook: contexts[Int(c)].hook))
        note(.created, thread: t, context: block, a: c)
        if main { enqueueOnMain(block) } else { enqueueOnPool(block) }
    }

    /// `semaphore.wait()`: passes when the semaphore has a signal to take, else blocks.
    private mutating func wait(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        let s = Int(op.a)
        guard semaphoreValue[s] <= 0 else {
            note(.waitPassed, thread: t, context: c, a: op.a)
            semaphoreValue[s] -= 1
            contexts[Int(c)].pc = pc + 1
            return true
        }
        let timeout = op.slot >= 0 ? value(op.slot) : -1
        note(.waitBlocked, thread: t, context: c, a: op.a, b: timeout)
        block(t, on: op.a, timeoutNs: timeout)
        return false
    }

    /// An awaited system call: on the main thread, a hop to the pool first (the call is
    /// nonisolated); on a pool thread, the call's work, its delivery and then its reply.
    private mutating func call(_ op: Op, context c: Int32, thread t: Int32) {
        if threads[Int(t)].pool == .main {
            note(.hop, thread: t, context: c)
            contexts[Int(c)].hoppedOff = true
            detach(c, from: t, state: .queued)
            enqueueOnPool(c)
            return
        }
        if contexts[Int(c)].actor >= 0 && !contexts[Int(c)].hoppedOff { leaveActorForCall(c, on: t) }
        let call = calls[Int(op.a)]
        let cost = value(call.costSlot)
        noteCall(thread: t, context: c, call: op.a, cost: cost, pc: contexts[Int(c)].pc)
        contexts[Int(c)].callPartsPending = 2
        contexts[Int(c)].callSite = op.site
        if program.cancelsCalls && call.cancellable { trackCancellableCall(c, call: op.a) }
        let deliverAfter = value(call.deliverAfterSlot)
        schedule(.callDelivered, c, UInt32(op.a), after: deliverAfter == ParameterSlot.followsOther ? cost : deliverAfter)
        schedule(.callWorkDone, t, after: cost)
    }

    /// `endBackgroundTask` for the task held under a name, if any.
    private mutating func endTask(named slot: Int32) {
        let task = taskSlots[Int(slot)]
        guard task >= 0 else { return }
        taskSlots[Int(slot)] = -1
        endTask(Int(task))
    }

    private mutating func startTimer(_ op: Op, at pc: Int32, context c: Int32) {
        let fires = Int32(value(op.a))
        let interval = value(op.slot)
        timers.append(
            TimerState(
                bodyStart: pc + 1, bodyEnd: op.bodyEnd, interval: interval, remaining: fires, lastBlock: -1,
                callback: contexts[Int(c)].hook))
        if fires > 0 { schedule(.timerFired, Int32(timers.count - 1), after: interval) }
    }

    /// `while !flag { Thread.sleep(poll) }`: goes on when the flag is set, else sleeps one poll
    /// interval and looks again (the pc stays on this op).
    private mutating func waitUntil(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        if flags[Int(op.a)] {
            threads[Int(t)].pollFlag = -1
            contexts[Int(c)].pc = pc + 1
            return true
        }
        let poll = value(op.slot)
        if threads[Int(t)].pollFlag != op.a { note(.polling, thread: t, context: c, a: op.a, b: poll) }
        threads[Int(t)].pollFlag = op.a
        threads[Int(t)].state = .sleeping
        schedule(.threadResume, t, after: poll)
        return false
    }

    package mutating func spawnTask(_ op: Op, at pc: Int32, from c: Int32, on t: Int32) {
        let parent = contexts[Int(c)]
        var actor: Int32 = -1
        let mainIsolated: Bool
        if op.a >= SpawnIsolation.firstActor {
            actor = op.a - SpawnIsolation.firstActor
            mainIsolated = false
        } else {
            switch SpawnIsolation(rawValue: op.a) ?? .inherit {
            case .inherit:
                // `Task {}` in actor-isolated code is isolated to that actor.
                actor = parent.actor
                mainIsolated = parent.mainIsolated && parent.actor < 0
            case .mainActor: mainIsolated = true
            case .none: mainIsolated = false
            }
        }
        let priority: UInt8
        if op.b != 0 {
            priority = UInt8(op.b)
        } else if parent.isTask {
            priority = parent.priority
        } else {
            priority = QoSClass(priority: threads[Int(t)].qos).inheritedTaskPriority.rawValue
        }
        let child = newContext(
            SimContext(
                kind: op.kind == .spawnDetached ? .detachedTask : .task, pc: pc + 1, end: op.bodyEnd,
                mainIsolated: mainIsolated, priority: priority, hook: parent.hook, actor: actor, homeActor: actor))
        note(.created, thread: t, context: child, a: c)
        if actor >= 0 {
            enqueueOnActor(child)
        } else if mainIsolated {
            enqueueOnMain(child)
        } else {
            enqueueOnPool(child)
        }
    }

    package mutating func finish(_ c: Int32, on t: Int32) {
        // A task's body does not end before its child tasks: it waits for them (its thread free).
        if contexts[Int(c)].liveChildren > 0 {
            _ = awaitChildren(SimContext.allChildren, context: c, thread: t)
            return
        }
        detach(c, from: t, state: .done)
        leaveQueue(c)
        if contexts[Int(c)].parent >= 0 { childFinished(c) }
        if program.awaitsTasks { wakeTaskWaiters(of: c) }
        guard contexts[Int(c)].kind == .turn && alive else { return }
        if suspensionDeferred {
            suspensionDeferred = false
            suspendIfIdle(epoch: Int32(bitPattern: backgroundEpoch))
        }
        schedule(.advanceScript, 0, after: 0)
    }

    mutating func callWorkDone(on t: Int32) {
        guard threads[Int(t)].state != .dead else { return }
        let c = threads[Int(t)].context
        contexts[Int(c)].pc += 1
        detach(c, from: t, state: .suspended)
        if !program.cancelsCalls || !cancelledDuringCallWork(c, thread: t) { callPartDone(c) }
        runThread(t)
    }

    mutating func callPartDone(_ c: Int32) {
        assert(contexts[Int(c)].callPartsPending > 0, "a call part finished twice")
        contexts[Int(c)].callPartsPending -= 1
        if contexts[Int(c)].callPartsPending == 0 { resume(c) }
    }
}
