/// Background execution: background tasks, suspension, timers, and what delivered requests do
/// to the Live Activity.
extension Engine {
    /// Background tasks held now start counting their allowance; with none, the app will be
    /// suspended shortly.
    package mutating func enterBackground() {
        inBackground = true
        backgroundEpoch &+= 1
        backgroundTimeEnd = -1
        for index in tasks.indices where tasks[index].held { scheduleAllowance(of: index) }
        if heldTasks == 0 { schedule(.suspendCheck, Int32(bitPattern: backgroundEpoch), after: value(slots.suspendAfter)) }
    }

    /// A task held in the background gets its allowance, and its expiration handler
    /// `expirationWarningMs` before its end. Once the expiration handlers have been called in this
    /// stay in the background, the app's background time is over at `backgroundTimeEnd`: a task begun
    /// then gets no allowance of its own, no handler call, and gets the app killed if still held then.
    mutating func scheduleAllowance(of task: Int) {
        if backgroundTimeEnd >= 0 {
            schedule(.taskDeadline, Int32(task), backgroundEpoch, after: max(0, backgroundTimeEnd - now.nanoseconds))
            return
        }
        let allowance = value(slots.backgroundTaskAllowance)
        let warning = max(0, allowance - value(slots.expirationWarning))
        schedule(.taskExpiring, Int32(task), backgroundEpoch, after: warning)
        schedule(.taskDeadline, Int32(task), backgroundEpoch, after: allowance)
    }

    /// How long a task's allowance still runs when its expiration handler is called.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    var timeLeftAtExpiration: Int64 {
        mutating get {
            let allowance = value(slots.backgroundTaskAllowance)
            return allowance - max(0, allowance - value(slots.expirationWarning))
        }
    }

    mutating func beginTask(slot: Int32, handlerStart: Int32, handlerEnd: Int32, callback: Int32) {
        tasks.append(
            BackgroundTaskState(held: true, slot: slot, handlerStart: handlerStart, handlerEnd: handlerEnd, callback: callback))
        let task = tasks.count - 1
        heldTasks += 1
        note(.taskBegan, a: Int32(task))
        if inBackground { scheduleAllowance(of: task) }
        if slot >= 0 {
            // Beginning a task under a name already held renews it: the new one starts, then the old one ends.
            let old = taskSlots[Int(slot)]
            taskSlots[Int(slot)] = Int32(task)
            if old >= 0 { endTask(Int(old)) }
        }
    }

    mutating func endTask(_ task: Int) {
        guard tasks[task].held else { return }
        tasks[task].held = false
        heldTasks -= 1
        note(.taskEnded, a: Int32(task))
        if inBackground && heldTasks == 0 && !suspended {
            schedule(.suspendCheck, Int32(bitPattern: backgroundEpoch), after: value(slots.suspendAfter))
        }
    }

    /// The app's threads run again; what was due while they were frozen is due now, in order.
    mutating func resumeApp() {
        guard suspended else { return }
        suspended = false
        note(.resumed)
        for held in frozen {
            queue.schedule(held.event, at: now + VirtualDuration(nanoseconds: held.remaining))
        }
        frozen.empty()
    }

    package mutating func timerFired(_ timer: Int32) {
        guard alive else { return }
        let t = Int(timer)
        timers[t].remaining -= 1
        let last = timers[t].lastBlock
        if last < 0 || contexts[Int(last)].state != .queued {
            let block = newContext(
                SimContext(
                    kind: .timerBlock, pc: timers[t].bodyStart, end: timers[t].bodyEnd, mainIsolated: true, priority: mainQoS,
                    hook: timers[t].callback))
            timers[t].lastBlock = block
            note(.timerFired, context: block, a: timer)
            enqueueOnMain(block)
        } else {
            note(.timerFired, context: -1, a: timer)
        }
        if timers[t].remaining > 0 { schedule(.timerFired, timer, after: timers[t].interval) }
    }

    /// A request reached the system: what it does to the Live Activity, and the goal's clock.
    package mutating func delivered(_ call: CallTiming, index: Int) {
        if index == goalCall && now.nanoseconds <= value(slots.goalAt) {
            lastDelivery[index] = now.nanoseconds
        }
        guard hasActivity else { return }
        let t = now.nanoseconds
        let active = activity.exists && activity.endedAt < 0 && t < activity.startedAt + value(slots.activityMaxActive)
        switch call.activity {
        case .none: break
        case .request:
            if !active {
                activity = ActivityTracker()
                activity.exists = true
                activity.startedAt = t
            }
        case .update:
            if active {
                activity.updates += 1
                activity.lastUpdateAt = t
            }
        case .end:
            if active {
                activity.endedAt = t
                activity.dismissAfter =
                    switch call.dismissAfterSlot {
                    case CallTiming.dismissImmediately: 0
                    case ..<0: -1
                    default: value(call.dismissAfterSlot)
                    }
            }
        }
    }
}
