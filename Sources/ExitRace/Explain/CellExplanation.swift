/// The story of one run in words: a timeline of what ran where and when, and a verdict that says
/// why the cleanup won or lost. Built from a ``CellTrace``; the text is deterministic.
public struct CellExplanation: Sendable {
    /// One line of the timeline: what happened where, and when.
    public struct Line: Equatable, Sendable {
        /// When it happened, in nanoseconds of virtual time from the start of the run.
        public var time: Int64
        /// The thread, executor or party the line is about ("main thread", "cooperative pool", "system").
        public var place: String
        /// What happened, e.g. `calls exit (takes 3 ms)`.
        public var text: String
        /// Whether it happened after the process died (simulated only to tell the margin).
        public var afterDeath: Bool
        /// How many times it happened in a row: the same place and text, one after the other (a
        /// timer firing while its last block is still queued). 1 for a line that did not repeat.
        public var repeats: Int = 1
        /// When the last of the repeats happened; `time` when there was one.
        public var lastTime: Int64
        /// The app's Swift the line's step came from (``StepSourceMatcher``), when the strategy says.
        package var source: StepSource?

        package init(
            time: Int64, place: String, text: String, afterDeath: Bool, repeats: Int = 1, lastTime: Int64? = nil,
            source: StepSource? = nil
        ) {
            self.time = time
            self.place = place
            self.text = text
            self.afterDeath = afterDeath
            self.repeats = repeats
            self.lastTime = lastTime ?? time
            self.source = source
        }

        /// The text with its repeats, if any: `timer fires, … skipped ×1,000 (until 1000.000 ms)`.
        public var textWithRepeats: String {
            repeats == 1 ? text : "\(text) ×\(TimeFormatting.grouped(repeats)) (until \(TimeFormatting.fixedMilliseconds(lastTime)))"
        }
    }

    /// Which run this is: `scenario · hook label · strategy · procedure`.
    public var title: String
    /// The timeline, in the order the engine ran things (equal times keep that order).
    public var lines: [Line]
    /// Why the cleanup won or lost, in a sentence that starts with ○ or ×
    /// (e.g. `× lost: … lost by 8 ms`); deadlocks and inversions are spelled out.
    public var verdict: String
    /// When the trace was cut at `limits.maxTraceRecords`: how many records it kept. The timeline
    /// stops there; the verdict is still the whole run's.
    public var recordsKeptBeforeCut: Int?
    /// Each place of the strategy's code that makes a cleanup call, and what became of it.
    package var cleanupPlaces: CleanupPlaces

    /// Explains a traced run (``Simulator/trace(hook:strategy:procedure:values:)``).
    public init(_ trace: CellTrace) {
        title = trace.title
        lines = Self.lines(trace)
        let places = CleanupPlaces(trace, always: true)
        verdict = VerdictSentence.sentence(trace, places: places)
        recordsKeptBeforeCut = trace.recordsCut ? trace.records.count : nil
        cleanupPlaces = places
    }

    /// The line that ends a cut timeline, or `nil` when the trace is whole.
    public var cutNotice: String? { Self.cutNotice(recordsKept: recordsKeptBeforeCut) }

    /// The explanation as `exitrace explain` prints it: the title, the timeline aligned by place with
    /// times in milliseconds (a block that repeats shown first and last, ``TimelineFolding``), a
    /// marker line where the process died, then the verdict. ``text(of:)`` gives the same text from
    /// a trace without holding every line.
    public func renderText() -> String {
        var placeWidth = 0
        for line in lines { placeWidth = max(placeWidth, line.place.count) }
        return Self.render(
            title: title, pieces: TimelineFolding.fold(lines), placeWidth: placeWidth, lastTime: lines.last?.time ?? 0,
            systemWorkAfterDeath: lines.contains { $0.place == Self.servicePlace && $0.afterDeath },
            cutNotice: cutNotice, verdict: verdict + Self.placesSection(cleanupPlaces))
    }

    /// The timeline, a line per record that tells something; a line the same as the one before it
    /// (place, text, before or after death) is counted on that line instead of repeated, so a
    /// timer firing a million times into a blocked main queue is one line, not a million.
    package static func lines(_ trace: CellTrace) -> [Line] {
        var lines: [Line] = []
        forEachLine(trace) { lines.append($0) }
        return lines
    }

    package static func thread(_ index: Int32, _ trace: CellTrace) -> String {
        index >= 0 && Int(index) < trace.threads.count ? trace.threads[Int(index)] : "thread \(index)"
    }

    package static func context(_ index: Int32, _ trace: CellTrace) -> String {
        index >= 0 && Int(index) < trace.contexts.count ? trace.contexts[Int(index)].name : "context \(index)"
    }

    package static func semaphore(_ index: Int32, _ trace: CellTrace) -> String {
        index >= 0 && Int(index) < trace.semaphores.count ? "\"\(trace.semaphores[Int(index)])\"" : "semaphore \(index)"
    }

    package static func call(_ index: Int32, _ trace: CellTrace) -> String {
        index >= 0 && Int(index) < trace.scenario.systemCalls.count ? trace.scenario.systemCalls[Int(index)].name : "call \(index)"
    }

    package static func ms(_ ns: Int64) -> String { TimeFormatting.milliseconds(ns) }

    /// One line for a record, or `nil` for records that another line already tells.
    ///
    /// Each group of kinds has a function of its own; this switch stays exhaustive, so a new kind
    /// is routed to a group before it can be described.
    package static func describe(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        switch record.kind {
        case .turnQueued, .created, .queuedOnMain, .queuedOnPool, .ready, .started, .stopped, .hop, .hookEntered,
            .hookReturned, .timerFired:
            return schedulingLine(record, trace)
        case .work, .sleep, .taskSleep, .callStarted, .exitBegan, .flagSet, .polling, .waitBlocked, .waitPassed,
            .waitWoken, .waitTimedOut, .signal, .inversion:
            return threadLine(record, trace)
        case .delivered, .replied, .effect, .watchdogFired, .died, .writeRefused:
            return systemLine(record, trace)
        case .action, .stateChanged, .suspended, .resumed, .taskBegan, .taskEnded, .expirationDue, .deviceLocked:
            return lifecycleLine(record, trace)
        case .syncWaits, .syncEntered, .queuedBehind, .afterScheduled, .groupEntered, .groupLeft, .groupNotifySet:
            return queueLine(record, trace)
        case .actorQueued, .actorEntered, .actorLeft, .actorHandedOver, .actorEscalated:
            return actorLine(record, trace)
        case .awaitsChildren:
            return childrenLine(record, trace)
        case .service:
            return serviceLine(record, trace)
        case .cancellation:
            return cancellationLine(record, trace)
        case .awaitsTask, .taskEscalated:
            return escalationLine(record, trace)
        }
    }

    /// Jobs and turns: created, queued, started, stopped; hooks entered and returned; timers firing.
    private static func schedulingLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let here = thread(record.thread, trace)
        let who = context(record.context, trace)
        switch record.kind {
        case .turnQueued:
            return ("system", "sends a main-queue turn")
        case .created:
            let info = trace.contexts[Int(record.context)]
            return (record.thread < 0 ? "system" : here, "creates \(who) (\(info.qos.name) QoS\(info.mainIsolated ? ", main actor" : ""))")
        case .queuedOnMain:
            return ("main queue", "\(who) is queued")
        case .queuedOnPool:
            let pool = record.a & 1 == 1 ? "Dispatch pool" : "cooperative pool"
            let escalated = UInt8(truncatingIfNeeded: record.a >> 8)
            let qos = escalated != 0 ? QoSClass(priority: escalated) : trace.contexts[Int(record.context)].qos
            return (pool, "\(who) waits for a thread (\(qos.name) QoS: \(ms(record.b)) start latency)")
        case .ready:
            let kind = trace.contexts[Int(record.context)].kind
            let dispatch = kind == .globalBlock || kind == .queueBlock || kind == .completionHandler
            return (dispatch ? "Dispatch pool" : "cooperative pool",
                    "\(who) is ready for a thread")
        case .started:
            return (here, "runs \(who)")
        case .stopped:
            switch TraceRecord.StopReason(rawValue: record.a) {
            case .finished: return (here, "\(who) returns")
            case .suspended: return (here, "\(who) suspends (await)")
            case .hopped, nil: return nil  // the hop line tells it
            }
        case .hookEntered:
            let name = callback(record.a, trace)
            guard trace.scenario.hooks[trace.hook].callbacks.contains(name) else { return (here, "→ \(name)") }
            let programs = trace.scenario.strategies[trace.strategy].callbackPrograms
            let runs = programs.isEmpty || programs.contains { $0.callback == name }
            return (here, "→ \(name) (\(runs ? "runs the strategy" : "the strategy has no program for it: nothing runs"))")
        case .hookReturned:
            return (here, "← \(callback(record.a, trace)) returns")
        case .hop:
            return (here, "\(who) leaves the main actor for a nonisolated call")
        case .timerFired:
            return ("main run loop", record.context >= 0 ? "timer fires: \(who) is queued" : "timer fires, but its last block is still queued: skipped")
        default:
            preconditionFailure("\(record.kind) is described by another group")
        }
    }

    /// What a thread does: work, sleeps, calls, exit, flags and semaphores.
    private static func threadLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let here = thread(record.thread, trace)
        let who = context(record.context, trace)
        switch record.kind {
        case .work:
            return (here, "works for \(ms(record.b))")
        case .sleep:
            return (here, "Thread.sleep for \(ms(record.b))")
        case .taskSleep:
            return (here, "\(who) sleeps (Task.sleep) for \(ms(record.b))")
        case .waitBlocked:
            return (here, "blocks in wait on \(semaphore(record.a, trace))" + (record.b >= 0 ? " (timeout \(ms(record.b)))" : ""))
        case .waitPassed:
            return (here, "wait on \(semaphore(record.a, trace)) passes at once (already signaled)")
        case .waitWoken:
            return (here, "wait on \(semaphore(record.a, trace)) returns (signaled by \(thread(Int32(record.b), trace)))")
        case .waitTimedOut:
            return (here, "wait on \(semaphore(record.a, trace)) times out")
        case .signal:
            return (here, "signals \(semaphore(record.a, trace))" + (record.b >= 0 ? ", waking \(thread(Int32(record.b), trace))" : ""))
        case .callStarted:
            return (here, "calls \(call(record.a, trace)) (\(ms(record.b)) on this thread)")
        case .exitBegan:
            return (here, "calls exit (takes \(ms(record.b)))")
        case .inversion:
            let waiter = thread(Int32(record.b), trace)
            return (here, "priority inversion: \(waiter) waited on this lower-QoS thread")
        case .flagSet:
            return (here, "sets flag \(flag(record.a, trace))")
        case .polling:
            return (here, "polls flag \(flag(record.a, trace)) every \(ms(record.b)) (Thread.sleep between polls)")
        default:
            preconditionFailure("\(record.kind) is described by another group")
        }
    }

    /// The system side: requests, replies, the cleanup taking effect, the watchdog, death.
    private static func systemLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let who = context(record.context, trace)
        switch record.kind {
        case .delivered:
            return ("system", "receives the \(call(record.a, trace)) request")
        case .replied:
            return ("system", "replies to \(call(record.a, trace))")
        case .effect:
            return ("system", record.b == 0
                ? "the cleanup (\(call(record.a, trace))) takes effect"
                : "the cleanup (\(call(record.a, trace))) would take effect now: too late, it does not count")
        case .watchdogFired:
            return ("system", record.b == 1
                ? "watchdog: \(who) used up its CPU time allowance (backgroundLaunchCPUMs)"
                : "watchdog: \(who) did not return in time")
        case .writeRefused:
            return ("system", "refuses \(call(record.a, trace)): its file has complete protection and the device has been "
                + "locked for dataProtectionDelayMs, so the write fails and takes no effect")
        case .died:
            return ("process", RunOutcome.DeathCause.allCases[Int(record.a)].phrase)
        default:
            preconditionFailure("\(record.kind) is described by another group")
        }
    }

    /// The app's lifecycle: user and system actions, states, suspension, background tasks.
    private static func lifecycleLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        switch record.kind {
        case .action:
            let state = AppState(rawValue: Int(record.b))?.name ?? "?"
            let action = actionName(record.a, trace)
            return ("user/system", "\(action) (the app is \(state))")
        case .stateChanged:
            return ("app", "is \(AppState(rawValue: Int(record.a))?.name ?? "?")")
        case .suspended:
            return ("app", "is suspended: its threads stop")
        case .resumed:
            return ("app", "resumes: its threads run again")
        case .taskBegan:
            return ("app", "holds background task #\(record.a + 1)")
        case .taskEnded:
            return ("app", "ends background task #\(record.a + 1)")
        case .expirationDue:
            return ("system", "background task #\(record.a + 1) is about to expire: its expiration handler is queued")
        case .deviceLocked:
            return ("user/system", "the device locks: files with complete protection become unavailable in \(ms(record.b))")
        default:
            preconditionFailure("\(record.kind) is described by another group")
        }
    }

    package static func callback(_ index: Int32, _ trace: CellTrace) -> String {
        index >= 0 && Int(index) < trace.callbacks.count ? trace.callbacks[Int(index)] : "callback \(index)"
    }

    package static func flag(_ index: Int32, _ trace: CellTrace) -> String {
        index >= 0 && Int(index) < trace.flags.count ? "\"\(trace.flags[Int(index)])\"" : "flag \(index)"
    }

    /// The `index`-th action step of the procedure, by name.
    static func actionName(_ index: Int32, _ trace: CellTrace) -> String {
        let actions = trace.scenario.procedures[trace.procedure].steps.compactMap { step -> String? in
            if case .action(let action) = step { action.rawValue } else { nil }
        }
        // Each action owns one variant per app state.
        let position = Int(index) / AppState.allCases.count
        return position < actions.count ? actions[position] : "action"
    }
}
