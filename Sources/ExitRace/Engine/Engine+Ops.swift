/// Interpreting a context's ops on its thread.
extension Engine {
    /// Runs the thread's context until an op takes time, blocks, suspends, or the context ends.
    mutating func execute(_ t: Int32) {
        let c = threads[Int(t)].context
        while true {
            let pc = contexts[Int(c)].pc
            guard pc < contexts[Int(c)].end else {
                finish(c, on: t)
                return
            }
            let op = program.ops[Int(pc)]
            switch op.kind {
            case .hookEnter:
                note(.hookEntered, thread: t, context: c, a: op.a)
                contexts[Int(c)].hook = op.a
                contexts[Int(c)].pc = pc + 1
            case .hookReturn:
                note(.hookReturned, thread: t, context: c, a: op.a)
                contexts[Int(c)].hook = -1
                contexts[Int(c)].pc = pc + 1
            case .work:
                note(.work, thread: t, context: c, b: op.duration)
                contexts[Int(c)].pc = pc + 1
                schedule(.threadResume, t, after: op.duration)
                return
            case .sleep:
                note(.sleep, thread: t, context: c, b: op.duration)
                contexts[Int(c)].pc = pc + 1
                threads[Int(t)].state = .sleeping
                schedule(.threadResume, t, after: op.duration)
                return
            case .taskSleep:
                note(.taskSleep, thread: t, context: c, b: op.duration)
                contexts[Int(c)].pc = pc + 1
                detach(c, from: t, state: .suspended)
                schedule(.taskWake, c, after: op.duration)
                return
            case .spawnTask, .spawnDetached:
                spawnTask(op, at: pc, from: c, on: t)
                contexts[Int(c)].pc = op.bodyEnd
            case .dispatchMain:
                let block = newContext(
                    SimContext(
                        kind: .mainBlock, pc: pc + 1, end: op.bodyEnd, mainIsolated: true, priority: mainQoS,
                        hook: contexts[Int(c)].hook))
                note(.created, thread: t, context: block, a: c)
                enqueueOnMain(block)
                contexts[Int(c)].pc = op.bodyEnd
            case .dispatchGlobal:
                let block = newContext(
                    SimContext(
                        kind: .globalBlock, pc: pc + 1, end: op.bodyEnd, mainIsolated: false,
                        priority: UInt8(op.a), hook: contexts[Int(c)].hook))
                note(.created, thread: t, context: block, a: c)
                enqueueOnPool(block)
                contexts[Int(c)].pc = op.bodyEnd
            case .wait:
                let s = Int(op.a)
                if semaphoreValue[s] > 0 {
                    note(.waitPassed, thread: t, context: c, a: op.a)
                    semaphoreValue[s] -= 1
                    contexts[Int(c)].pc = pc + 1
                } else {
                    note(.waitBlocked, thread: t, context: c, a: op.a, b: op.duration)
                    block(t, on: op.a, timeoutNs: op.duration)
                    return
                }
            case .signal:
                contexts[Int(c)].pc = pc + 1
                signal(op.a, from: t)
            case .call:
                if threads[Int(t)].pool == .main {
                    // A nonisolated async call leaves the main actor: hop to the pool for it.
                    note(.hop, thread: t, context: c)
                    contexts[Int(c)].hoppedOff = true
                    detach(c, from: t, state: .queued)
                    enqueueOnPool(c)
                } else {
                    let call = calls[Int(op.a)]
                    note(.callStarted, thread: t, context: c, a: op.a, b: call.costNs)
                    contexts[Int(c)].callPartsPending = 2
                    schedule(.callDelivered, c, UInt32(op.a), after: call.deliverAfterNs)
                    schedule(.callWorkDone, t, after: call.costNs)
                }
                return
            case .beginBackgroundTask:
                beginTask(slot: op.a, handlerStart: pc + 1, handlerEnd: op.bodyEnd, callback: contexts[Int(c)].hook)
                contexts[Int(c)].pc = op.bodyEnd
            case .endBackgroundTask:
                let task = taskSlots[Int(op.a)]
                if task >= 0 {
                    taskSlots[Int(op.a)] = -1
                    endTask(Int(task))
                }
                contexts[Int(c)].pc = pc + 1
            case .timer:
                timers.append(
                    TimerState(
                        bodyStart: pc + 1, bodyEnd: op.bodyEnd, interval: op.duration, remaining: op.a, lastBlock: -1,
                        callback: contexts[Int(c)].hook))
                if op.a > 0 { schedule(.timerFired, Int32(timers.count - 1), after: op.duration) }
                contexts[Int(c)].pc = op.bodyEnd
            case .setFlag:
                note(.flagSet, thread: t, context: c, a: op.a)
                flags[Int(op.a)] = true
                contexts[Int(c)].pc = pc + 1
            case .waitUntil:
                if flags[Int(op.a)] {
                    threads[Int(t)].pollFlag = -1
                    contexts[Int(c)].pc = pc + 1
                } else {
                    // Not set: sleep one poll interval, then look again (the pc stays on this op).
                    if threads[Int(t)].pollFlag != op.a { note(.polling, thread: t, context: c, a: op.a, b: op.duration) }
                    threads[Int(t)].pollFlag = op.a
                    threads[Int(t)].state = .sleeping
                    schedule(.threadResume, t, after: op.duration)
                    return
                }
            case .ifLaunchOptions:
                contexts[Int(c)].pc = op.a == launchOptions ? pc + 1 : op.bodyEnd
            case .exit:
                note(.exitBegan, thread: t, context: c, b: exitDurationNs)
                contexts[Int(c)].pc = pc + 1
                schedule(.exitCompleted, t, after: exitDurationNs)
                return
            }
        }
    }

    mutating func spawnTask(_ op: Op, at pc: Int32, from c: Int32, on t: Int32) {
        let parent = contexts[Int(c)]
        let mainIsolated: Bool =
            switch SpawnIsolation(rawValue: op.a) ?? .inherit {
            case .inherit: parent.mainIsolated
            case .mainActor: true
            case .none: false
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
                mainIsolated: mainIsolated, priority: priority, hook: parent.hook))
        note(.created, thread: t, context: child, a: c)
        if mainIsolated { enqueueOnMain(child) } else { enqueueOnPool(child) }
    }

    mutating func finish(_ c: Int32, on t: Int32) {
        detach(c, from: t, state: .done)
        if contexts[Int(c)].kind == .turn && alive { schedule(.advanceScript, 0, after: 0) }
    }

    mutating func callWorkDone(on t: Int32) {
        guard threads[Int(t)].state != .dead else { return }
        let c = threads[Int(t)].context
        contexts[Int(c)].pc += 1
        detach(c, from: t, state: .suspended)
        callPartDone(c)
        runThread(t)
    }

    mutating func callPartDone(_ c: Int32) {
        contexts[Int(c)].callPartsPending -= 1
        if contexts[Int(c)].callPartsPending == 0 { resume(c) }
    }
}
