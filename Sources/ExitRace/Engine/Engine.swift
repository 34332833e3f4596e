/// The discrete-event engine: interprets one ``CellProgram`` on a virtual clock.
///
/// The process has a main thread (which runs the main queue, and with it the main actor), a
/// cooperative pool for Swift tasks and a pool of Dispatch workers for the global queues. Jobs
/// wait `timing.startLatency` for their QoS before a pool thread may pick them up; ready jobs go
/// highest priority first, then first come first served. Ops that take no time run back to back
/// on their thread; anything that takes time, or wakes another thread, goes through the event
/// queue, so every handler runs to completion before the next one starts.
///
/// When the process dies, the other threads are simulated on ("as if it had lived") only to learn
/// when the cleanup *would* have finished; nothing that happens then counts.
///
/// One engine is reused for many runs: every run empties the arrays but keeps their capacity, so
/// after the first run nothing in the event loop allocates (deadlock reports excepted). It is a
/// struct so that its state is accessed with static exclusivity, with no runtime checks.
struct Engine {
    private let limits: Limits
    private let calls: ContiguousArray<CallTiming>
    private let startLatencyNs: ContiguousArray<Int64>
    private let exitDurationNs: Int64
    private let mainQoS: UInt8
    /// Index of the first cooperative thread and of the first Dispatch worker.
    private let firstCooperative: Int32 = 1
    private let firstDispatch: Int32
    var firstDispatchThread: Int32 { firstDispatch }
    private let lifecycle: LifecycleSettings
    private let activitySettings: ActivitySettings?
    private let goal: Goal
    /// For a `keepsCalling` goal: the call, or -1.
    private let goalCall: Int

    private(set) var program = CellProgram()
    private var queue = EventQueue<SimEvent>()
    private(set) var contexts = ContiguousArray<SimContext>()
    private(set) var threads = ContiguousArray<SimThread>()
    private var mainQueue = ContiguousArray<Int32>()
    private var mainQueueHead = 0
    private var mainKickPending = false
    private var cooperativeReady = BinaryHeap<ReadyJob>()
    private var dispatchReady = BinaryHeap<ReadyJob>()
    private var cooperativeIdle = ContiguousArray<Int32>()
    private var dispatchIdle = ContiguousArray<Int32>()
    /// Threads from here to the end of their pool have not been used in this run (and are idle).
    private var cooperativeFresh: Int32 = 1
    private var dispatchFresh: Int32
    private var semaphoreValue = ContiguousArray<Int32>()
    private var semaphoreWaiters = ContiguousArray<Int32>()
    private var readySequence: UInt32 = 0
    private var nextWaitTicket: UInt32 = 0
    private var scriptPc = 0
    /// While the script runs an action's expansion: where it ends, and where the script goes on.
    private var variantEnd = -1
    private var scriptReturn = 0

    // The app's lifecycle.
    private(set) var appState = AppState.active
    private var launchOptions: Int32 = 0
    private var inBackground = false
    private var suspended = false
    private var suspendedAt: Int64 = 0
    private var frozen = ContiguousArray<FrozenEvent>()
    /// Bumped on every move between foreground and background, so stale checks do nothing.
    private var backgroundEpoch: UInt32 = 0
    private var tasks = ContiguousArray<BackgroundTaskState>()
    private var taskSlots = ContiguousArray<Int32>()
    private var heldTasks = 0
    private var flags = ContiguousArray<Bool>()
    private var timers = ContiguousArray<TimerState>()
    private var activity = ActivityTracker()
    /// Per call: the last delivery while alive, up to the goal's time (for `keepsCalling`).
    private var lastDelivery = ContiguousArray<Int64>()

    private var alive = true
    private var death: RunOutcome.Death?
    /// Cleanup calls (bit per call index) that took effect while the process lived, and after.
    private var cleanupDone: UInt64 = 0
    private var lateCleanupDone: UInt64 = 0
    private var cleanupAt: VirtualInstant?
    private var wouldHaveFinishedAt: VirtualInstant?
    private var inversion: RunOutcome.PriorityInversion?
    private var deadlock: [DeadlockLink]?

    /// When on, every run records ``TraceRecord``s into `trace` (for explanations and trace files).
    var tracing = false
    private(set) var trace = ContiguousArray<TraceRecord>()

    /// Thread 0 is the main thread; then the cooperative pool, then the Dispatch workers.
    static let mainThread: Int32 = 0

    init(scenario: Scenario) {
        limits = scenario.limits
        calls = ContiguousArray(scenario.systemCalls.map(CallTiming.init))
        startLatencyNs = ContiguousArray(scenario.timing.startLatency.map(\.nanoseconds))
        exitDurationNs = scenario.timing.exitDuration.nanoseconds
        mainQoS = scenario.timing.mainThreadQoS.rawValue
        firstDispatch = firstCooperative + Int32(scenario.timing.cooperativePoolWidth)
        dispatchFresh = firstDispatch
        lifecycle = scenario.lifecycle
        activitySettings = scenario.activity
        goal = scenario.goal
        if case .keepsCalling(let call, _, _) = scenario.goal {
            goalCall = scenario.systemCalls.firstIndex { $0.name == call } ?? -1
        } else {
            goalCall = -1
        }
        threads.append(SimThread(pool: .main, qos: mainQoS))
        for _ in 0..<scenario.timing.cooperativePoolWidth {
            threads.append(SimThread(pool: .cooperative, qos: 0))
        }
        for _ in 0..<scenario.timing.dispatchPoolWidth {
            threads.append(SimThread(pool: .dispatch, qos: 0))
        }
    }

    // MARK: - Running

    mutating func run(_ cell: CellProgram) -> RunOutcome {
        reset(for: cell)
        queue.schedule(SimEvent(kind: .advanceScript, a: 0), at: .start)
        let maxTime = VirtualInstant.start + limits.maxTime
        var events = 0
        var bound: RunOutcome.Bound?
        while let entry = queue.next() {
            if entry.time > maxTime {
                if alive { bound = .time }
                break
            }
            if events == limits.maxEvents {
                if alive { bound = .events }
                break
            }
            events += 1
            if suspended && entry.payload.kind.isAppSide {
                frozen.append(FrozenEvent(remaining: entry.time.nanoseconds - suspendedAt, event: entry.payload))
                continue
            }
            handle(entry.payload)
            if !alive {
                guard case .cleanup = goal else { break }
                if cleanupAt != nil || wouldHaveFinishedAt != nil || program.requiredCleanups == 0 { break }
            }
        }
        if alive && deadlock == nil { deadlock = findDeadlock() }
        return outcome(events: events, bound: bound)
    }

    /// The run's outcome, judged by the scenario's goal.
    private func outcome(events: Int, bound: RunOutcome.Bound?) -> RunOutcome {
        var outcome = RunOutcome(
            cleanupFinished: cleanupAt != nil, cleanupAt: cleanupAt, wouldHaveFinishedAt: wouldHaveFinishedAt,
            death: death, deadlock: deadlock, inversion: inversion, boundReached: bound, events: events)
        outcome.activity = activityOutcome()
        switch goal {
        case .cleanup:
            break
        case .activityGone(let at):
            let dismissed = outcome.activity?.dismissedAt
            let met = dismissed.map { $0.nanoseconds <= at.nanoseconds } ?? (activitySettings == nil)
            outcome.cleanupFinished = met
            outcome.cleanupAt = met ? dismissed : nil
            outcome.wouldHaveFinishedAt = nil
            outcome.judgedByCleanup = false
        case .keepsCalling(_, let at, let within):
            let last = goalCall >= 0 ? lastDelivery[goalCall] : -1
            let met = last >= 0 && last >= at.nanoseconds - within.nanoseconds
            outcome.cleanupFinished = met
            outcome.cleanupAt = last >= 0 ? VirtualInstant(nanoseconds: last) : nil
            outcome.wouldHaveFinishedAt = nil
            outcome.judgedByCleanup = false
        }
        return outcome
    }

    private func activityOutcome() -> RunOutcome.ActivityOutcome? {
        guard let settings = activitySettings, activity.exists else { return nil }
        let limit = activity.startedAt + settings.maxActive.nanoseconds
        let endedByApp = activity.endedAt >= 0 && activity.endedAt < limit
        let ended = endedByApp ? activity.endedAt : limit
        var visible = settings.maxEnded.nanoseconds
        if endedByApp && activity.dismissAfter >= 0 { visible = min(activity.dismissAfter, visible) }
        return RunOutcome.ActivityOutcome(
            startedAt: VirtualInstant(nanoseconds: activity.startedAt), endedAt: VirtualInstant(nanoseconds: ended),
            endedByApp: endedByApp, dismissedAt: VirtualInstant(nanoseconds: ended + visible), updates: activity.updates,
            lastUpdateAt: activity.lastUpdateAt >= 0 ? VirtualInstant(nanoseconds: activity.lastUpdateAt) : nil)
    }

    private mutating func reset(for cell: CellProgram) {
        program = cell
        trace.removeAll(keepingCapacity: true)
        queue.reset()
        contexts.removeAll(keepingCapacity: true)
        mainQueue.removeAll(keepingCapacity: true)
        mainQueueHead = 0
        mainKickPending = false
        cooperativeReady.removeAll()
        dispatchReady.removeAll()
        cooperativeIdle.removeAll(keepingCapacity: true)
        dispatchIdle.removeAll(keepingCapacity: true)
        // Only the threads the last run used need cleaning: the rest were never touched.
        for index in 0..<Int(cooperativeFresh) { threads[index].clean(mainQoS: mainQoS) }
        for index in Int(firstDispatch)..<Int(dispatchFresh) { threads[index].clean(mainQoS: mainQoS) }
        cooperativeFresh = firstCooperative
        dispatchFresh = firstDispatch
        semaphoreValue.removeAll(keepingCapacity: true)
        semaphoreWaiters.removeAll(keepingCapacity: true)
        for _ in 0..<cell.semaphores.count {
            semaphoreValue.append(0)
            semaphoreWaiters.append(0)
        }
        readySequence = 0
        nextWaitTicket = 0
        scriptPc = 0
        variantEnd = -1
        scriptReturn = 0
        appState = cell.initialState
        launchOptions = 0
        inBackground = cell.initialState == .background || cell.initialState == .suspended
        suspended = cell.initialState == .suspended
        suspendedAt = 0
        frozen.removeAll(keepingCapacity: true)
        backgroundEpoch = 0
        tasks.removeAll(keepingCapacity: true)
        taskSlots.removeAll(keepingCapacity: true)
        for _ in 0..<cell.taskSlots.count { taskSlots.append(-1) }
        heldTasks = 0
        flags.removeAll(keepingCapacity: true)
        for _ in 0..<cell.flags.count { flags.append(false) }
        timers.removeAll(keepingCapacity: true)
        activity = ActivityTracker()
        if let settings = activitySettings, let startedAt = settings.startedAt {
            activity.exists = true
            activity.startedAt = startedAt.nanoseconds
        }
        lastDelivery.removeAll(keepingCapacity: true)
        for _ in 0..<calls.count { lastDelivery.append(-1) }
        alive = true
        death = nil
        cleanupDone = 0
        lateCleanupDone = 0
        cleanupAt = nil
        wouldHaveFinishedAt = nil
        inversion = nil
        deadlock = nil
    }

    private var now: VirtualInstant { queue.now }

    private mutating func schedule(_ kind: SimEvent.Kind, _ a: Int32, _ b: UInt32 = 0, after ns: Int64) {
        queue.schedule(SimEvent(kind: kind, a: a, b: b), at: now + VirtualDuration(nanoseconds: ns))
    }

    @inline(__always)
    private mutating func note(
        _ kind: TraceRecord.Kind, thread: Int32 = -1, context: Int32 = -1, a: Int32 = 0, b: Int64 = 0
    ) {
        guard tracing else { return }
        trace.append(TraceRecord(time: now.nanoseconds, kind: kind, thread: thread, context: context, a: a, b: b))
    }

    private mutating func handle(_ event: SimEvent) {
        switch event.kind {
        case .advanceScript:
            advanceScript()
        case .jobReady:
            jobReady(event.a)
        case .threadResume:
            guard threads[Int(event.a)].state != .dead else { return }
            threads[Int(event.a)].state = .running
            continueThread(event.a)
        case .kickMain:
            mainKickPending = false
            if threads[Int(Self.mainThread)].state == .idle { runThread(Self.mainThread) }
        case .callDelivered:
            let call = calls[Int(event.b)]
            note(.delivered, context: event.a, a: Int32(event.b), b: alive ? 0 : 1)
            if alive { delivered(call, index: Int(event.b)) }
            if !call.effectOnReply { recordEffect(of: call, index: Int32(event.b), context: event.a) }
            schedule(.callReply, event.a, event.b, after: call.replyLatencyNs)
        case .callWorkDone:
            callWorkDone(on: event.a)
        case .callReply:
            let call = calls[Int(event.b)]
            note(.replied, context: event.a, a: Int32(event.b), b: alive ? 0 : 1)
            if call.effectOnReply { recordEffect(of: call, index: Int32(event.b), context: event.a) }
            callPartDone(event.a)
        case .taskWake:
            resume(event.a)
        case .waitTimeout:
            let t = Int(event.a)
            guard threads[t].state == .waiting, threads[t].waitTicket == event.b else { return }
            note(.waitTimedOut, thread: event.a, context: threads[t].context, a: threads[t].semaphore)
            semaphoreWaiters[Int(threads[t].semaphore)] -= 1
            threads[t].semaphore = -1
            threads[t].state = .running
            contexts[Int(threads[t].context)].pc += 1
            continueThread(event.a)
        case .watchdog:
            if alive && contexts[Int(event.a)].state != .done {
                note(.watchdogFired, context: event.a)
                die(.watchdog)
            }
        case .exitCompleted:
            die(.exit)
        case .timerFired:
            timerFired(event.a)
        case .suspendCheck:
            if alive && event.a == Int32(bitPattern: backgroundEpoch) && inBackground && heldTasks == 0 && !suspended {
                suspended = true
                suspendedAt = now.nanoseconds
                appState = .suspended
                note(.suspended)
            }
        case .taskExpiring:
            let task = Int(event.a)
            guard alive, event.b == backgroundEpoch, tasks[task].held else { return }
            note(.expirationDue, a: event.a)
            if tasks[task].handlerStart < tasks[task].handlerEnd {
                let handler = newContext(
                    SimContext(
                        kind: .expirationHandler, pc: tasks[task].handlerStart, end: tasks[task].handlerEnd, mainIsolated: true,
                        priority: mainQoS, hook: tasks[task].callback))
                note(.created, context: handler, a: -1)
                enqueueOnMain(handler)
            }
        case .taskDeadline:
            let task = Int(event.a)
            guard alive, event.b == backgroundEpoch, tasks[task].held else { return }
            die(.backgroundTaskExpired)
        }
    }

    // MARK: - The kill procedure's script

    private mutating func advanceScript() {
        guard alive else { return }
        while true {
            if variantEnd >= 0 && scriptPc == variantEnd {
                scriptPc = scriptReturn
                variantEnd = -1
            }
            guard variantEnd >= 0 || scriptPc < Int(program.mainSteps) else { return }
            let step = program.steps[scriptPc]
            scriptPc += 1
            switch step.kind {
            case .turn:
                let c = newContext(
                    SimContext(
                        kind: .turn, pc: step.bodyStart, end: step.bodyEnd, mainIsolated: true,
                        priority: mainQoS, hook: -1))
                if step.duration >= 0 { schedule(.watchdog, c, after: step.duration) }
                note(.turnQueued, context: c, a: Int32(scriptPc - 1))
                enqueueOnMain(c)
                return  // the script goes on when the turn returns
            case .delay:
                schedule(.advanceScript, 0, after: step.duration)
                return
            case .sigkill:
                die(.sigkill)
                return
            case .action:
                let variant = program.variants[Int(step.a) + appState.rawValue]
                note(.action, a: step.a, b: Int64(appState.rawValue))
                if variant.start < variant.end {
                    scriptReturn = scriptPc
                    scriptPc = Int(variant.start)
                    variantEnd = Int(variant.end)
                }
            case .setState:
                appState = AppState(rawValue: Int(step.a)) ?? appState
                note(.stateChanged, a: step.a)
            case .launch:
                launchOptions = step.a
            case .enterBackground:
                enterBackground()
            case .enterForeground:
                inBackground = false
                backgroundEpoch &+= 1
            case .resume:
                resumeApp()
            case .beginFetch:
                beginTask(slot: -1, handlerStart: 0, handlerEnd: 0, callback: -1)
            case .endFetch:
                for index in tasks.indices where tasks[index].slot < 0 && tasks[index].held { endTask(index) }
            }
        }
    }

    // MARK: - Background execution

    /// Background tasks held now start counting their allowance; with none, the app will be
    /// suspended shortly.
    private mutating func enterBackground() {
        inBackground = true
        backgroundEpoch &+= 1
        for index in tasks.indices where tasks[index].held { scheduleAllowance(of: index) }
        if heldTasks == 0 { schedule(.suspendCheck, Int32(bitPattern: backgroundEpoch), after: lifecycle.suspendAfter.nanoseconds) }
    }

    private mutating func scheduleAllowance(of task: Int) {
        let allowance = lifecycle.backgroundTaskAllowance.nanoseconds
        let warning = max(0, allowance - lifecycle.expirationWarning.nanoseconds)
        schedule(.taskExpiring, Int32(task), backgroundEpoch, after: warning)
        schedule(.taskDeadline, Int32(task), backgroundEpoch, after: allowance)
    }

    private mutating func beginTask(slot: Int32, handlerStart: Int32, handlerEnd: Int32, callback: Int32) {
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

    private mutating func endTask(_ task: Int) {
        guard tasks[task].held else { return }
        tasks[task].held = false
        heldTasks -= 1
        note(.taskEnded, a: Int32(task))
        if inBackground && heldTasks == 0 && !suspended {
            schedule(.suspendCheck, Int32(bitPattern: backgroundEpoch), after: lifecycle.suspendAfter.nanoseconds)
        }
    }

    /// The app's threads run again; what was due while they were frozen is due now, in order.
    private mutating func resumeApp() {
        guard suspended else { return }
        suspended = false
        note(.resumed)
        for held in frozen {
            queue.schedule(held.event, at: now + VirtualDuration(nanoseconds: held.remaining))
        }
        frozen.removeAll(keepingCapacity: true)
    }

    private mutating func timerFired(_ timer: Int32) {
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
    private mutating func delivered(_ call: CallTiming, index: Int) {
        if case .keepsCalling(_, let at, _) = goal, index == goalCall, now.nanoseconds <= at.nanoseconds {
            lastDelivery[index] = now.nanoseconds
        }
        guard let settings = activitySettings else { return }
        let t = now.nanoseconds
        let active = activity.exists && activity.endedAt < 0 && t < activity.startedAt + settings.maxActive.nanoseconds
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
                activity.dismissAfter = call.dismissAfterNs
            }
        }
    }

    private mutating func die(_ cause: RunOutcome.DeathCause) {
        guard alive else { return }
        alive = false
        appState = .terminated
        death = RunOutcome.Death(at: now, cause: cause)
        note(.died, a: Int32(RunOutcome.DeathCause.allCases.firstIndex(of: cause)!))
        deadlock = findDeadlock()
        let main = Int(Self.mainThread)
        if threads[main].state == .waiting { semaphoreWaiters[Int(threads[main].semaphore)] -= 1 }
        threads[main].state = .dead
    }

    private mutating func recordEffect(of call: CallTiming, index: Int32, context: Int32) {
        guard call.isCleanup else { return }
        note(.effect, context: context, a: index, b: alive ? 0 : 1)
        let required = program.requiredCleanups
        if alive {
            cleanupDone |= 1 << UInt64(index)
            if cleanupAt == nil && cleanupDone & required == required { cleanupAt = now }
        } else {
            lateCleanupDone |= 1 << UInt64(index)
            if cleanupAt == nil && wouldHaveFinishedAt == nil && (cleanupDone | lateCleanupDone) & required == required {
                wouldHaveFinishedAt = now
            }
        }
    }

    // MARK: - Executors

    private mutating func newContext(_ context: SimContext) -> Int32 {
        var context = context
        context.start = context.pc
        contexts.append(context)
        return Int32(contexts.count - 1)
    }

    private mutating func enqueueOnMain(_ c: Int32) {
        note(.queuedOnMain, context: c)
        contexts[Int(c)].state = .queued
        mainQueue.append(c)
        if threads[Int(Self.mainThread)].state == .idle && !mainKickPending {
            mainKickPending = true
            schedule(.kickMain, Self.mainThread, after: 0)
        }
    }

    /// Puts a context on its pool; it becomes eligible after the start latency of its QoS.
    private mutating func enqueueOnPool(_ c: Int32) {
        contexts[Int(c)].state = .queued
        let qos = QoSClass(priority: contexts[Int(c)].priority)
        note(.queuedOnPool, context: c, a: contexts[Int(c)].kind == .globalBlock ? 1 : 0, b: startLatencyNs[qos.index])
        schedule(.jobReady, c, after: startLatencyNs[qos.index])
    }

    /// Resumes a suspended task on its home executor.
    private mutating func resume(_ c: Int32) {
        contexts[Int(c)].hoppedOff = false
        if contexts[Int(c)].mainIsolated { enqueueOnMain(c) } else { enqueueOnPool(c) }
    }

    private mutating func jobReady(_ c: Int32) {
        note(.ready, context: c)
        let job = ReadyJob(priority: contexts[Int(c)].priority, sequence: readySequence, context: c)
        readySequence &+= 1
        if contexts[Int(c)].kind == .globalBlock {
            dispatchReady.insert(job)
            if let t = dispatchIdle.popLast() {
                runThread(t)
            } else if dispatchFresh < Int32(threads.count) {
                dispatchFresh += 1
                runThread(dispatchFresh - 1)
            }
        } else {
            cooperativeReady.insert(job)
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
    private mutating func runThread(_ t: Int32) {
        while true {
            let c: Int32
            switch threads[Int(t)].pool {
            case .main:
                guard alive, mainQueueHead < mainQueue.count else { return }
                c = mainQueue[mainQueueHead]
                mainQueueHead += 1
            case .cooperative:
                guard let job = cooperativeReady.popMin() else {
                    cooperativeIdle.append(t)
                    return
                }
                c = job.context
            case .dispatch:
                guard let job = dispatchReady.popMin() else {
                    dispatchIdle.append(t)
                    return
                }
                c = job.context
            }
            threads[Int(t)].context = c
            threads[Int(t)].state = .running
            if threads[Int(t)].pool != .main { threads[Int(t)].qos = contexts[Int(c)].priority }
            contexts[Int(c)].state = .onThread
            contexts[Int(c)].thread = t
            note(.started, thread: t, context: c)
            execute(t)
            guard threads[Int(t)].state == .idle else { return }
        }
    }

    private mutating func continueThread(_ t: Int32) {
        execute(t)
        if threads[Int(t)].state == .idle { runThread(t) }
    }

    /// Takes the context off its thread, which becomes idle.
    private mutating func detach(_ c: Int32, from t: Int32, state: SimContext.State) {
        if tracing {
            let reason: TraceRecord.StopReason =
                state == .done ? .finished : contexts[Int(c)].hoppedOff ? .hopped : .suspended
            note(.stopped, thread: t, context: c, a: reason.rawValue)
        }
        contexts[Int(c)].state = state
        contexts[Int(c)].thread = -1
        threads[Int(t)].context = -1
        threads[Int(t)].state = .idle
    }

    // MARK: - Interpreting ops

    /// Runs the thread's context until an op takes time, blocks, suspends, or the context ends.
    private mutating func execute(_ t: Int32) {
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

    private mutating func spawnTask(_ op: Op, at pc: Int32, from c: Int32, on t: Int32) {
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

    private mutating func finish(_ c: Int32, on t: Int32) {
        detach(c, from: t, state: .done)
        if contexts[Int(c)].kind == .turn && alive { schedule(.advanceScript, 0, after: 0) }
    }

    private mutating func callWorkDone(on t: Int32) {
        guard threads[Int(t)].state != .dead else { return }
        let c = threads[Int(t)].context
        contexts[Int(c)].pc += 1
        detach(c, from: t, state: .suspended)
        callPartDone(c)
        runThread(t)
    }

    private mutating func callPartDone(_ c: Int32) {
        contexts[Int(c)].callPartsPending -= 1
        if contexts[Int(c)].callPartsPending == 0 { resume(c) }
    }

    // MARK: - Semaphores

    private mutating func block(_ t: Int32, on s: Int32, timeoutNs: Int64) {
        threads[Int(t)].state = .waiting
        threads[Int(t)].semaphore = s
        threads[Int(t)].hasTimeout = timeoutNs >= 0
        threads[Int(t)].waitTicket = nextWaitTicket
        semaphoreWaiters[Int(s)] += 1
        if timeoutNs >= 0 { schedule(.waitTimeout, t, nextWaitTicket, after: timeoutNs) }
        nextWaitTicket &+= 1
    }

    /// Wakes the longest-waiting thread, or counts the signal. A semaphore has no owner, so the
    /// waiter donates no priority: a waiter of a higher class than the signaler is an inversion.
    private mutating func signal(_ s: Int32, from t: Int32) {
        guard semaphoreWaiters[Int(s)] > 0 else {
            note(.signal, thread: t, context: threads[Int(t)].context, a: s, b: -1)
            semaphoreValue[Int(s)] += 1
            return
        }
        // Waiters can only be among the threads this run has used.
        var waiter = -1
        var index = 0
        while index < Int(dispatchFresh) {
            if index == Int(cooperativeFresh) { index = Int(firstDispatch) }
            if index >= Int(dispatchFresh) { break }
            if threads[index].state == .waiting && threads[index].semaphore == s
                && (waiter < 0 || threads[index].waitTicket < threads[waiter].waitTicket)
            {
                waiter = index
            }
            index += 1
        }
        note(.signal, thread: t, context: threads[Int(t)].context, a: s, b: Int64(waiter))
        note(.waitWoken, thread: Int32(waiter), context: threads[waiter].context, a: s, b: Int64(t))
        semaphoreWaiters[Int(s)] -= 1
        threads[waiter].state = .running
        threads[waiter].semaphore = -1
        contexts[Int(threads[waiter].context)].pc += 1
        schedule(.threadResume, Int32(waiter), after: 0)

        let waiterQoS = QoSClass(priority: threads[waiter].qos)
        let signalerQoS = QoSClass(priority: threads[Int(t)].qos)
        if alive && waiterQoS > signalerQoS {
            note(.inversion, thread: t, a: s, b: Int64(waiter))
            if inversion == nil {
                inversion = RunOutcome.PriorityInversion(at: now, waiter: waiterQoS, signaler: signalerQoS, count: 0)
            }
            inversion?.count += 1
        }
    }
}
