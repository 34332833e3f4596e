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
/// when the cleanup *would* have finished; nothing that happens then counts. While the app is
/// suspended its threads' events are held, with the time they still had to go, until it resumes.
///
/// The engine's parts: `Engine+Script` (the kill procedure), `Engine+Lifecycle` (background
/// tasks, suspension, timers, the Live Activity), `Engine+Executors` (queues and pools),
/// `Engine+Ops` (interpreting ops), `Engine+Semaphores`, `Engine+Deadlock`, `Engine+Outcome`.
/// Its state is in parts too: the threads and contexts, ``ExecutorState`` (queues, pools, actors),
/// ``LifecycleState`` (the app's state and the script), ``TraceRecorder`` and
/// ``ScheduleExploration``; `Engine+Parts` gives their fields the names the extensions use. Nothing
/// in it serves only the benchmark: that watches a run through a ``RunObserver``.
///
/// A non-mutating method or property called from mutating engine code is passed a copy of the
/// whole engine (over a kilobyte, each of its buffers retained and released) unless the call is
/// inlined, and a debug build (`swift test`, with the invariants checked after every event)
/// inlines nothing, `@inline(__always)` included. So what mutating code calls per event or per
/// run is `mutating` too, even when it changes nothing: the fields of `Engine+Parts`, ``now``,
/// `value(_:)`, the handlers' helpers, the invariants and the deadlock search's steps (rarer calls
/// such as the names a deadlock report gives may stay non-mutating). Code that cannot mutate reads
/// the parts themselves (`queue.now`, `executors.…`). Release builds inline these either way; in a
/// debug build this took a third off `swift test`'s CPU time.
///
/// One engine is reused for many runs: every run empties the arrays but keeps their capacity, so
/// after the first run nothing in the event loop allocates (deadlock reports excepted). It is a
/// struct so that its state is accessed with static exclusivity, with no runtime checks.
struct Engine {
    let slots: EngineSlots
    let calls: ContiguousArray<CallTiming>
    let mainQoS: UInt8
    /// Index of the first cooperative thread; the Dispatch workers follow the cooperative pool.
    let firstCooperative: Int32 = 1
    let hasActivity: Bool
    /// `lifecycle.debuggerAttached`: the debugger keeps the app from being suspended.
    let debuggerAttached: Bool
    /// `lifecycle.activeBackgroundModes` is not empty: an active background mode (audio, location,
    /// …) keeps the app from being suspended.
    let backgroundModeActive: Bool
    /// What makes a cell ○; its times are read from the run's values.
    let goal: Goal
    /// For a `keepsCalling` goal: the call, or -1.
    let goalCall: Int
    /// The QoS of each own queue (raw values) and whether it is serial, by queue index.
    let queueQoS: ContiguousArray<UInt8>
    let queueSerial: ContiguousArray<Bool>
    /// Per dispatch group (an entry of the semaphores): its first notify block waiting, or -1.
    var groupNotifyHead = ReusableArray<Int32>()

    /// The run's parameter values (nanoseconds for durations), indexed by slot: read by most ops,
    /// from a buffer a copy of the engine shares (see ``UnsharedBuffer``; ``copy()`` copies it).
    var values = UnsharedBuffer<Int64>()
    /// The run's start latencies by QoS class, from `values` (what `enqueueOnPool` reads per job).
    var startLatencies = StartLatencies()
    var program = CellProgram(CellProgram.Builder())
    /// `program.opTable`, read per op by `execute` (see ``OpTable``).
    var ops = OpTable()
    var queue = EventQueue<SimEvent>()
    /// The run's contexts and threads: the state nearly every event reads and writes, in buffers a
    /// copy of the engine shares (see ``UnsharedBuffer``; ``copy()`` is the engine's own copy).
    var contexts = UnsharedBuffer<SimContext>()
    var threads = UnsharedBuffer<SimThread>()
    /// The main queue, the pools, the own queues and the actors.
    var executors = ExecutorState()
    /// The app's lifecycle and the kill procedure's script.
    var lifecycle = LifecycleState()
    /// Semaphores and flags are read and written by many events: ``UnsharedBuffer``s, copied by ``copy()``.
    var semaphoreValue = UnsharedBuffer<Int32>()
    var semaphoreWaiters = UnsharedBuffer<Int32>()
    var nextWaitTicket: UInt32 = 0
    var flags = UnsharedBuffer<Bool>()
    /// Per call: the last delivery while alive, up to the goal's time (for `keepsCalling`).
    var lastDelivery = ReusableArray<Int64>()
    /// The device's lock and a background launch's CPU budget (`Engine+DataProtection`, `Engine+CPUBudget`).
    var device = DeviceState()
    /// Work handed to the system that outlives the process (`Engine+Services`).
    var services = ServiceState()
    /// Task handles and cancelled tasks (`Engine+Cancellation`).
    var cancellation = CancellationState()

    var alive = true
    var death: RunOutcome.Death?
    /// Cleanup calls (bit per call index) that took effect while the process lived, and after.
    var cleanupDone: UInt64 = 0
    var lateCleanupDone: UInt64 = 0
    /// The cleanup calls this run owes: the program's, and those of the action expansions it took.
    var requiredCleanups: UInt64 = 0
    /// When each bit of the cleanup mask first took effect; read only for the bits of `cleanupDone`.
    var cleanupFirstDoneAt = ContiguousArray<Int64>(repeating: 0, count: 64)
    var cleanupAt: VirtualInstant?
    var wouldHaveFinishedAt: VirtualInstant?
    var inversion: RunOutcome.PriorityInversion?
    var deadlock: DeadlockChain?
    /// A deadlock that formed only after the process died, had it lived.
    var deadlockAfterDeath: DeadlockChain?
    /// The callbacks (bit per `hookEnter` operand, the first 64) the run delivered.
    var deliveredCallbacks: UInt64 = 0
    /// Buffers the deadlock search reuses from run to run.
    var scratchSteps = ContiguousArray<DeadlockChain.Step>()
    var scratchContexts = ContiguousArray<ContextID>()
    var scratchVisiting = ContiguousArray<Int32>()

    /// Tracing: when on, every run records ``TraceRecord``s (for explanations and trace files).
    var recorder = TraceRecorder()
    /// Schedule exploration: when on, same-instant races are choice points (see docs/schedules.md).
    var exploration = ScheduleExploration()

    /// Thread 0 is the main thread; then the cooperative pool, then the Dispatch workers.
    static let mainThread: Int32 = 0

    init(scenario: Scenario, space: ParameterSpace) {
        slots = EngineSlots(scenario: scenario, space: space)
        let bits = scenario.cleanupBits
        calls = ContiguousArray(scenario.systemCalls.indices.map { index in
            var call = CallTiming(scenario.systemCalls[index], space: space)
            call.cleanupBit = bits[index]
            return call
        })
        mainQoS = scenario.timing.mainThreadQoS.rawValue
        hasActivity = scenario.activity != nil
        debuggerAttached = scenario.lifecycle.debuggerAttached
        backgroundModeActive = !scenario.lifecycle.activeBackgroundModes.isEmpty
        goal = scenario.goal
        if case .keepsCalling(let call, _, _) = scenario.goal {
            goalCall = scenario.systemCalls.firstIndex { $0.name == call } ?? -1
        } else {
            goalCall = -1
        }
        threads.append(SimThread(pool: .main, qos: mainQoS))
        queueQoS = ContiguousArray(scenario.queues.map(\.qos.rawValue))
        queueSerial = ContiguousArray(scenario.queues.map(\.serial))
    }

    /// An engine that goes on independently of this one: a plain copy would share the contexts,
    /// the threads, the event queue, the semaphores, the flags and the executors' queues
    /// (``UnsharedBuffer``s), so this copies them. Every copy of an engine that is run
    /// while the original lives (a choice point's state, a run resumed from it) is taken here.
    func copy() -> Engine {
        var copy = self
        copy.contexts = contexts.copied()
        copy.threads = threads.copied()
        copy.queue = queue.copied()
        copy.semaphoreValue = semaphoreValue.copied()
        copy.semaphoreWaiters = semaphoreWaiters.copied()
        copy.flags = flags.copied()
        copy.executors = executors.copied()
        copy.values = values.copied()
        return copy
    }

    /// The value of a slot in this run (nanoseconds for a duration).
    @inline(__always) mutating func value(_ slot: Int32) -> Int64 { values[Int(slot)] }

    /// After death: whether the outcome still waits on work the system has (a pending service,
    /// and a goal not yet met), so that a limit reached now leaves the cell undecided (`[?]`).
    /// Once the cleanup finished, a pending service (a relaunch line, an unrelated task) decides nothing.
    @inline(__always) var awaitsService: Bool {
        guard services.pending > 0 else { return false }
        guard case .cleanup = goal else { return true }
        return cleanupAt == nil
    }
    @inline(__always) mutating func value(_ slot: Int) -> Int64 { values[slot] }

    // MARK: - Running

    /// Runs one compiled cell with one vector of parameter values (indexed by slot), or, when
    /// `values` is `nil`, with the last run's (an engine that has run).
    mutating func run(_ cell: CellProgram, values: ContiguousArray<Int64>?) -> RunOutcome {
        var observer = NoRunObserver()
        return run(cell, values: values, observer: &observer)
    }

    /// Runs one compiled cell, showing `observer` every event (specialised per observer type, so
    /// the plain run pays nothing for it).
    mutating func run<Observer: RunObserver>(
        _ cell: CellProgram, values: ContiguousArray<Int64>?, observer: inout Observer
    ) -> RunOutcome {
        reset(for: cell, values: values)
        queue.schedule(SimEvent(kind: .advanceScript, a: 0), at: .start)
        return runEvents(from: 0, observer: &observer)
    }

    /// The event loop and the run's end, from `start` events handled on: 0 for a new run, or the
    /// count of a run resumed from its state at a choice point (``ChoicePointState``).
    mutating func runEvents<Observer: RunObserver>(from start: Int, observer: inout Observer) -> RunOutcome {
        let maxTime = VirtualInstant(nanoseconds: value(slots.maxTime))
        let maxEvents = Int(value(slots.maxEvents))
        var events = start
        var nextCheck = min(maxEvents, Self.firstMemoryCheck(from: start))
        let shortages = MemoryShortage.count
        var bound: RunOutcome.Bound?
        while let entry = exploration.isOn ? nextChosen() : queue.next() {
            if entry.time > maxTime {
                if alive || awaitsService { bound = .time }
                break
            }
            if events == nextCheck {
                if let reached = boundReached(events: events, maxEvents: maxEvents, shortages: shortages) {
                    if alive || awaitsService { bound = reached }
                    break
                }
                nextCheck = min(maxEvents, events + Self.memoryCheckInterval)
            }
            events &+= 1  // at most `limits.maxEvents`
            observer.willHandle(pending: pendingCount + 1)
            if suspended && entry.payload.kind.isAppSide {
                frozen.append(FrozenEvent(remaining: entry.time.nanoseconds - suspendedAt, event: entry.payload))
                continue
            }
            handle(entry.payload)
            checkInvariants()
            if !alive {
                if services.pending > 0 { continue }  // the system's work goes on after death (its lines too)
                guard case .cleanup = goal else { break }
                if cleanupAt != nil || wouldHaveFinishedAt != nil || requiredCleanups == 0 { break }
            }
        }
        // A queue that found no memory to spread its events ends the loop with events pending:
        // the run stops at its memory bound, as when a buffer finds memory short.
        if queue.isStalled && bound == nil && (alive || awaitsService) { bound = .memory }
        // Only what happens while the process lives marks a cell: a deadlock that forms after it
        // died (as if it had lived) is kept apart, for explanations.
        if alive {
            deadlock = findDeadlock()
        } else if deadlock == nil {
            deadlockAfterDeath = findDeadlock()
        }
        let memory = bound == .memory
            ? RunOutcome.MemoryUse(contexts: contexts.count, pendingEvents: pendingCount + frozen.count) : nil
        return outcome(events: events, bound: bound, memory: memory)
    }

    /// How many events a run processes between checks of its memory bounds. A handler adds a
    /// bounded number of events and contexts, so a run overshoots `limits.maxPendingEvents` and
    /// `limits.maxContexts` by a bounded amount at most. Checking after every event slowed the
    /// event loop measurably (`exitrace bench`); this shares the `maxEvents` comparison instead.
    static let memoryCheckInterval = 1024

    /// The first event count at which a run that has handled `start` events checks its bounds:
    /// the next multiple of ``memoryCheckInterval`` (`start` itself when it is one, not yet
    /// checked), as a run from the start would.
    static func firstMemoryCheck(from start: Int) -> Int {
        max(memoryCheckInterval, (start + memoryCheckInterval - 1) / memoryCheckInterval * memoryCheckInterval)
    }

    /// Events scheduled and not yet handled: those in the queue and, while exploring schedules,
    /// those already taken out of it for the current instant (so both loops see the same count).
    var pendingCount: Int { mutating get { queue.count + exploration.instantReady.count } }

    /// The bound a run that has processed `events` events has reached, if any: memory first, when
    /// a buffer of this thread found it short since the run's `shortages` (``MemoryShortage``).
    private mutating func boundReached(events: Int, maxEvents: Int, shortages: Int) -> RunOutcome.Bound? {
        if MemoryShortage.count != shortages { return .memory }
        if events == maxEvents { return .events }
        if pendingCount + frozen.count > Int(value(slots.maxPendingEvents)) { return .pendingEvents }
        if contexts.count > Int(value(slots.maxContexts)) { return .contexts }
        return nil
    }

    /// Makes the engine ready for a run of `cell`: with `values`, or with the last run's values
    /// (and the start latencies taken from them) when `values` is `nil` (an engine that has run).
    mutating func reset(for cell: CellProgram, values: ContiguousArray<Int64>?) {
        assert(values != nil || !self.values.isEmpty, "no values of an earlier run to keep")
        if let values {
            self.values.overwrite(with: values)
            startLatencies = StartLatencies(slots: slots.startLatency, values: values)
        }
        // The same cell as the last run (replications, a sweep's points) is kept: no retain and release.
        if program !== cell {
            program = cell
            ops = cell.opTable
        }
        recorder.reset()
        queue.reset()
        if exploration.isOn { exploration.reset() }
        resetExecutors()
        resetResources(for: cell)
        resetQueues()
        let activityStartedAt = slots.activityStartedAt >= 0 ? value(slots.activityStartedAt) : nil
        lifecycle.reset(for: cell, activityStartedAt: activityStartedAt)
        device = DeviceState()
        alive = true
        death = nil
        cleanupDone = 0
        lateCleanupDone = 0
        requiredCleanups = cell.requiredCleanups
        cleanupAt = nil
        wouldHaveFinishedAt = nil
        inversion = nil
        deadlock = nil
        deadlockAfterDeath = nil
        deliveredCallbacks = 0
        services.reset()
        cancellation.reset(handles: cell.taskHandles.count)
    }

    /// Empties the queues and cleans the threads the last run used; resizes the pools when this
    /// run's widths differ from the last one's (the only reset that allocates).
    private mutating func resetExecutors() {
        contexts.empty()
        // Only the threads the last run used need cleaning: the rest were never touched.
        for index in 0..<Int(cooperativeFresh) { threads[index].clean(mainQoS: mainQoS) }
        for index in Int(firstDispatch)..<Int(dispatchFresh) { threads[index].clean(mainQoS: mainQoS) }
        let cooperativeWidth = CooperativePool.threadCount(width: Int(value(slots.cooperativePoolWidth)))
        let dispatchWidth = Int(value(slots.dispatchPoolWidth))
        if firstDispatch != firstCooperative + Int32(cooperativeWidth) || threads.count != Int(firstDispatch) + dispatchWidth {
            threads.truncate(to: 1)
            for _ in 0..<cooperativeWidth { threads.append(SimThread(pool: .cooperative, qos: 0)) }
            for _ in 0..<dispatchWidth { threads.append(SimThread(pool: .dispatch, qos: 0)) }
            firstDispatch = firstCooperative + Int32(cooperativeWidth)
        }
        executors.reset(
            cooperativeWidth: Int32(value(slots.cooperativePoolWidth)), firstCooperative: firstCooperative,
            actors: program.actors.count)
    }

    /// Semaphores, flags and background-task names start afresh, one of each the cell declares.
    private mutating func resetResources(for cell: CellProgram) {
        semaphoreValue.refill(0, count: cell.semaphores.count)
        semaphoreWaiters.refill(0, count: cell.semaphores.count)
        nextWaitTicket = 0
        flags.refill(false, count: cell.flags.count)
        lastDelivery.refill(-1, count: calls.count)
    }

    /// The current instant (`queue.now`, which code that cannot mutate reads; see Engine).
    var now: VirtualInstant { mutating get { queue.now } }

    mutating func schedule(_ kind: SimEvent.Kind, _ a: Int32, _ b: UInt32 = 0, after ns: Int64) {
        queue.schedule(SimEvent(kind: kind, a: a, b: b), at: now + VirtualDuration(nanoseconds: ns))
    }

    @inline(__always)
    mutating func note(
        _ kind: TraceRecord.Kind, thread: Int32 = -1, context: Int32 = -1, a: Int32 = 0, b: Int64 = 0
    ) {
        guard recorder.isOn else { return }
        recorder.record(
            TraceRecord(time: now.nanoseconds, kind: kind, thread: thread, context: context, a: a, b: b),
            limit: Int(value(slots.maxTraceRecords)))
    }

    /// `callStarted` of the call op at `pc`, with the strategy step it comes from and its completion
    /// handler (or -1).
    mutating func noteCall(thread: Int32, context: Int32, call: Int32, cost: Int64, pc: Int32, handler: Int32 = -1) {
        guard recorder.isOn else { return }
        recorder.record(
            call: TraceRecord(time: now.nanoseconds, kind: .callStarted, thread: thread, context: context, a: call, b: cost),
            TraceCall(step: program.strategyStep(ofOp: pc), handler: handler), limit: Int(value(slots.maxTraceRecords)))
    }

    /// Hands an event to its handler. Every case is a call and nothing else, so the dispatch is a
    /// jump to the handler: a case that kept a value in a register across a call made every event
    /// save and restore six registers here first (callgrind, 10 tasks).
    mutating func handle(_ event: SimEvent) {
        switch event.kind {
        case .advanceScript: advanceScript()
        case .jobReady: jobReady(event.a)
        case .threadResume: threadResumes(event.a)
        case .kickMain: mainKicked()
        case .callDelivered: callDelivered(context: event.a, call: Int(event.b))
        case .callWorkDone: callWorkDone(on: event.a)
        case .callReply: callReplied(context: event.a, call: Int(event.b))
        case .taskWake: taskWakes(event.a, ticket: event.b)
        case .waitTimeout: waitTimedOut(thread: event.a, ticket: event.b)
        case .watchdog: watchdogFires(turn: event.a)
        case .exitCompleted: die(.exit)
        case .timerFired: timerFired(event.a)
        case .suspendCheck: suspendIfIdle(epoch: event.a)
        case .taskExpiring: expirationDue(task: Int(event.a), epoch: event.b)
        case .taskDeadline: deadlinePasses(task: Int(event.a), epoch: event.b)
        case .afterDue: resume(event.a)
        case .serviceStart: serviceStarts(context: event.a, flags: event.b)
        case .serviceDone: serviceEnds(context: event.a, flags: event.b)
        case .serviceRelaunch: serviceRelaunches(context: event.a, call: event.b)
        }
    }

    /// Thread `t`'s timed work or sleep is over: it goes on with its context.
    @inline(never)
    private mutating func threadResumes(_ t: Int32) {
        guard threads[Int(t)].state != .dead else { return }
        threads[Int(t)].state = .running
        continueThread(t)
    }

    /// The main thread, if idle, takes the work queued for it.
    @inline(never)
    private mutating func mainKicked() {
        mainKickPending = false
        if threads[Int(Self.mainThread)].state == .idle { runThread(Self.mainThread) }
    }

    /// Context `c`'s `Task.sleep` is over; a sleep a cancellation cut short has woken already, and
    /// its wake is stale.
    @inline(never)
    private mutating func taskWakes(_ c: Int32, ticket: UInt32) {
        if program.interruptsSleeps && !sleepEnds(c, ticket: ticket) { return }
        resume(c)
    }

    /// The watchdog of turn `c` fires: the app is killed unless the turn has returned.
    @inline(never)
    private mutating func watchdogFires(turn c: Int32) {
        guard alive && contexts[Int(c)].state != .done else { return }
        note(.watchdogFired, context: c, b: device.cpuExhaustedTurn == c ? 1 : 0)
        die(.watchdog)
    }

    /// A held background task's allowance is over: the app is killed.
    @inline(never)
    private mutating func deadlinePasses(task: Int, epoch: UInt32) {
        guard alive, epoch == backgroundEpoch, tasks[task].held else { return }
        die(.backgroundTaskExpired)
    }

    private mutating func callDelivered(context c: Int32, call index: Int) {
        let call = calls[index]
        if program.cancelsCalls && call.cancellable && !cancellableCallDelivers(c, call: Int32(index)) { return }
        note(.delivered, context: c, a: Int32(index), b: alive ? 0 : 1)
        // A write that takes effect on its reply is judged then (callReplied), not at delivery.
        let refused = !call.effectOnReply && writeRefused(call)
        if refused { note(.writeRefused, context: c, a: Int32(index)) }
        if call.service.kind != .none && !refused {
            handOff(call, index: index, site: contexts[Int(c)].callSite, context: effectOwner(c))
        } else {
            if alive && !refused { delivered(call, index: index) }
            if !call.effectOnReply && !refused {
                recordEffect(of: call, index: Int32(index), site: contexts[Int(c)].callSite, context: effectOwner(c))
            }
        }
        schedule(.callReply, c, UInt32(index), after: value(call.replyLatencySlot))
    }

    private mutating func callReplied(context c: Int32, call index: Int) {
        let call = calls[index]
        if program.cancelsCalls && call.cancellable && !cancellableCallReplies(c, call: Int32(index)) { return }
        note(.replied, context: c, a: Int32(index), b: alive ? 0 : 1)
        if call.effectOnReply {
            if writeRefused(call) {
                note(.writeRefused, context: c, a: Int32(index))
            } else {
                recordEffect(of: call, index: Int32(index), site: contexts[Int(c)].callSite, context: effectOwner(c))
            }
        }
        callPartDone(c)
    }

    private mutating func waitTimedOut(thread: Int32, ticket: UInt32) {
        let t = Int(thread)
        guard threads[t].state == .waiting, threads[t].waitTicket == ticket else { return }
        note(.waitTimedOut, thread: thread, context: threads[t].context, a: threads[t].semaphore)
        semaphoreWaiters[Int(threads[t].semaphore)] -= 1
        threads[t].semaphore = -1
        threads[t].state = .running
        contexts[Int(threads[t].context)].pc += 1
        continueThread(thread)
    }

    /// The app is suspended now if it is still in the same stay in the background, holds no
    /// background task, is not being terminated, is not under the debugger and has no active
    /// background mode. iOS does not
    /// suspend an app whose main thread is inside a lifecycle callback: then suspension waits for
    /// the callback's turn to return.
    mutating func suspendIfIdle(epoch: Int32) {
        guard alive && epoch == Int32(bitPattern: backgroundEpoch) && inBackground && heldTasks == 0 && !suspended
            && !terminating && !debuggerAttached && !backgroundModeActive
        else { return }
        let onMain = threads[Int(Self.mainThread)].context
        if onMain >= 0 && contexts[Int(onMain)].kind == .turn {
            suspensionDeferred = true
            return
        }
        suspended = true
        suspendedAt = now.nanoseconds
        appState = .suspended
        note(.suspended)
    }

    /// A held background task's expiration handler is queued on the main queue.
    private mutating func expirationDue(task: Int, epoch: UInt32) {
        guard alive, epoch == backgroundEpoch, tasks[task].held else { return }
        note(.expirationDue, a: Int32(task))
        if backgroundTimeEnd < 0 { backgroundTimeEnd = now.nanoseconds + timeLeftAtExpiration }
        guard tasks[task].handlerStart < tasks[task].handlerEnd else { return }
        let handler = newContext(
            SimContext(
                kind: .expirationHandler, pc: tasks[task].handlerStart, end: tasks[task].handlerEnd, mainIsolated: true,
                priority: mainQoS, hook: tasks[task].callback))
        note(.created, context: handler, a: -1)
        enqueueOnMain(handler)
    }
}
