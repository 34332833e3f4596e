/// The last line of an explanation: why the cleanup won or lost, in plain words.
///
/// A sentence, not a ``ResultTable/Verdict`` (the ○/△/× of a cell, which the sentence begins
/// with): the two names are kept apart so that `Verdict` means one thing in the library.
package enum VerdictSentence {
    /// `eventBudget` names what lowered the run's `limits.maxEvents` (`--max-events`), when the
    /// run was cut by a budget of the command rather than by the scenario's own limit: the
    /// sentence then says which to raise.
    /// With a program per callback, a second line names the programs the procedure never delivered
    /// (``undeliveredPrograms(_:)``). `places`: the run's cleanup places with their fates, when
    /// the caller has them (read from the records once, ``CleanupPlaces/init(_:always:)``).
    package static func sentence(_ trace: CellTrace, eventBudget: String? = nil, places: CleanupPlaces? = nil) -> String {
        let places = places ?? CleanupPlaces(trace, always: true)
        return outcomeSentence(trace, eventBudget: eventBudget, places) + (undeliveredPrograms(trace).map { "\n" + $0 } ?? "")
    }

    /// Why the cleanup won or lost (or the goal was met or not), in one sentence.
    private static func outcomeSentence(_ trace: CellTrace, eventBudget: String?, _ places: CleanupPlaces) -> String {
        let outcome = trace.outcome
        let ms = CellExplanation.ms
        let death = outcome.death.map { "\($0.cause.phrase) at \(ms($0.at.nanoseconds))" }

        if trace.scenario.goal != .cleanup {
            let story = trace.scenario.goalStory(outcome) ?? ""
            var text = (outcome.cleanupFinished ? "○ the goal is met: " : "× the goal is not met: ") + story
            if let death { text += "; \(death)" }
            if let chain = outcome.deadlock { text += "; deadlock: \(chain.chainDescription)" }
            return text + "."
        }
        if let sentence = serviceSentence(trace) { return sentence }
        if outcome.cleanupFinished, let at = outcome.cleanupAt {
            // With code per callback left out of the verdict, ○ is that of the code that ran (the line after says
            // which did not); code of the app going away is owed all the same, so it needs no such words.
            let missed = missedPrograms(trace.scenario, strategy: trace.strategy, outcome)
            let ran = missed.contains { !$0.owed } ? ", for the code that ran" : ""
            var text = "○ finished\(ran): the cleanup took effect at \(ms(at.nanoseconds))"
            if let who = lastEffectContext(trace, at: at.nanoseconds) { text += " (\(who))" }
            if let death, let margin = outcome.margin, margin.nanoseconds == 0 {
                text += ", at the same instant as \(death): a tie, which the cleanup won "
                    + (trace.deviatesAtDeath
                        ? "in the order the replayed schedule gives"
                        : "by scheduling order (exitrace explore says whether the other order loses)")
            } else if let death, let margin = outcome.margin {
                text += ", \(ms(margin.nanoseconds)) before \(death)"
            } else {
                text += ", and the process lived on"
            }
            return text + inversionNote(outcome) + "."
        }
        if let chain = outcome.deadlock {
            return "× deadlock: \(chain.chainDescription); " + (death ?? "the process hung with no watchdog to kill it") + "."
        }
        if let bound = outcome.boundReached {
            let when = outcome.death == nil ? "while the process was alive" : "while the system's work the cleanup waited on was pending"
            if bound == .events, let eventBudget {
                return "? the run reached the \(eventBudget) budget \(when): raise \(eventBudget) to see how the race ends."
            }
            let hint = BoundHint.hint(bound, limits: trace.scenario.limits)
            if bound == .memory {
                let at = outcome.memoryRanShortAt.map {
                    " at \(TimeFormatting.grouped($0.contexts)) contexts and \(TimeFormatting.grouped($0.pendingEvents)) pending events"
                } ?? ""
                return "? memory ran short\(at) \(when), below the limits: \(hint.advice)."
            }
            guard hint.raise != nil else {
                return "? the run reached \(bound.settingPath) \(when); it is at its ceiling, "
                    + "\(hint.valueWords): \(hint.advice)."
            }
            return "? the run reached \(bound.settingPath) \(when): \(hint.advice) to see how the race ends."
        }
        guard let death, let deathAt = outcome.death?.at else {
            return "× the cleanup did not finish, and the process did not die: " + livedOnStory(trace) + "."
        }
        let story = pendingStory(trace, deathAt: deathAt.nanoseconds, places)
        var text = "× lost: " + story.clause + story.joiner + death
        if let margin = outcome.margin, margin.nanoseconds == 0, let would = outcome.wouldHaveFinishedAt {
            text += trace.deviatesAtDeath
                ? " — a tie, lost in the order the replayed schedule gives: it would have taken effect at that same instant "
                    + "(\(ms(would.nanoseconds))), and the schedule ran the process's death first"
                : " — a tie, lost by scheduling order: it would have taken effect at that same instant (\(ms(would.nanoseconds))), "
                    + "and the engine ran the process's death first (exitrace explore says whether the other order wins)"
        } else if let margin = outcome.margin, let would = outcome.wouldHaveFinishedAt {
            text += ": lost by \(ms(-margin.nanoseconds)) (it would have finished at \(ms(would.nanoseconds))"
                + lastLateEffect(trace, at: would.nanoseconds, notIn: story.clause, places) + ")"
        }
        if let note = story.note { text += note }
        if let chain = outcome.deadlockAfterDeath?.links {
            text += "; had it lived, it would have deadlocked: \(chain.chainDescription)"
        }
        return text + inversionNote(outcome) + "."
    }

    /// What the cleanup's subject was doing when the process died, as the sentence tells it:
    /// `clause` + `joiner` + the death (`… was still running on main thread` + ` when ` + `the
    /// process exited at 53 ms`), then the margin, then `note` (with its own leading separator),
    /// which says why and would not read as part of the clause the death ends.
    struct Story {
        var clause: String
        var note: String?
        var joiner: String

        init(_ clause: String, note: String? = nil, joiner: String = " when ") {
            self.clause = clause
            self.note = note
            self.joiner = joiner
        }
    }

    static func inversionNote(_ outcome: RunOutcome) -> String {
        guard let inversion = outcome.inversion else { return "" }
        return "; priority inversion: a \(inversion.waiter.checkerName) thread waited on a \(inversion.signaler.checkerName) one"
            + " (Thread Performance Checker: \"\(inversion.checkerMessage)\")"
    }

    /// ", when X from Y would have taken effect": the late effect that completed the cleanup at
    /// `at`, when the story told of another context (the subject is the first context that still
    /// owed a call; the cleanup's end may be another's).
    private static func lastLateEffect(_ trace: CellTrace, at: Int64, notIn story: String, _ known: CleanupPlaces) -> String {
        guard let record = trace.records.last(where: { $0.kind == .effect && $0.b == 1 && $0.time == at }) else { return "" }
        var context = CellExplanation.context(record.context, trace)
        if trace.contexts[Int(record.context)].kind == .turn, let callback = callbackCalling(record, trace) {
            context = callback  // a turn's name says less than the callback whose code made the call
        }
        let call = CellExplanation.call(record.a, trace)
        // Told already: the story is the context's, or names the call, made in one place only (of the code run).
        let places = known.fates.count == known.places.count
            ? zip(known.places, known.fates).count { $0.0.call == call && $0.1.codeRan }
            : known.places.count { $0.call == call }
        guard !story.hasPrefix(context), !(places == 1 && story.contains(call)) else { return "" }
        return ", when \(call) from \(context) would have taken effect"
    }

    /// The callback a turn ran when it made the call whose effect is `effect`.
    private static func callbackCalling(_ effect: TraceRecord, _ trace: CellTrace) -> String? {
        guard let started = trace.records.lastIndex(where: {
            $0.kind == .callStarted && $0.context == effect.context && $0.a == effect.a && $0.time <= effect.time
        }) else { return nil }
        return trace.records[..<started].last { $0.kind == .hookEntered }.map { CellExplanation.callback($0.a, trace) }
    }

    /// Who made the effect that completed the cleanup at `at` (the run's later effects, of calls made
    /// again or by a timer's later fires, are not it).
    private static func lastEffectContext(_ trace: CellTrace, at: Int64) -> String? {
        guard let record = trace.records.last(where: { $0.kind == .effect && $0.b == 0 && $0.time == at })
            ?? trace.records.last(where: { $0.kind == .effect && $0.b == 0 }) else { return nil }
        let started = trace.records.last { $0.kind == .callStarted && $0.context == record.context && $0.time <= record.time }
        let on = started.map { " on \(CellExplanation.thread($0.thread, trace))" } ?? ""
        return "\(CellExplanation.context(record.context, trace))\(on)"
    }

    /// What a context was doing when the process died.
    private enum State {
        case created
        case queuedOnMain(since: Int64)
        case queuedOnPool(since: Int64, latency: Int64, dispatch: Bool)
        case ready(since: Int64, dispatch: Bool)
        case running(thread: Int32)
        case calling(thread: Int32, call: Int32)
        /// Still in the call's work, but its request had reached the system.
        case callingSent(thread: Int32, call: Int32)
        case awaitingReply(call: Int32)
        case sleeping
        case blocked(thread: Int32, semaphore: Int32)
        case done
        /// Waiting on a busy actor's queue; `holder` is the context whose job held the actor.
        case queuedOnActor(actor: Int32, since: Int64, holder: Int32)
        /// Suspended until child tasks finish.
        case awaitingChildren(since: Int64)
    }

    /// The run replayed up to the process's death: where each context was, and what the main thread did.
    private struct Replay {
        let trace: CellTrace
        var states: [State]
        /// Cleanup calls that took effect in time, per context.
        var effects: [Int]
        var created: [Bool]
        /// Contexts whose body ended by a thrown error: when, and the cancellation record's code.
        var thrown: [(context: Int, at: Int64, code: Int32)] = []
        /// Whether a callback of the cell's hook was called.
        var hookEntered = false
        var mainDoing = "busy"
        /// When the app was suspended, if it still was when it died: its threads had stopped.
        var suspendedSince: Int64?

        init(_ trace: CellTrace) {
            self.trace = trace
            states = Array(repeating: .created, count: trace.contexts.count)
            effects = Array(repeating: 0, count: trace.contexts.count)
            created = Array(repeating: false, count: trace.contexts.count)
            let deathIndex = trace.records.firstIndex { $0.kind == .died } ?? trace.records.count
            for record in trace.records[..<deathIndex] { add(record) }
        }

        private mutating func add(_ record: TraceRecord) {
            let c = Int(record.context)
            switch record.kind {
            case .created: created[c] = true
            case .queuedOnMain: states[c] = .queuedOnMain(since: record.time)
            case .queuedOnPool: states[c] = .queuedOnPool(since: record.time, latency: record.b, dispatch: record.a & 1 == 1)
            case .ready:
                if case .queuedOnPool(_, _, let dispatch) = states[c] { states[c] = .ready(since: record.time, dispatch: dispatch) }
            case .started:
                states[c] = .running(thread: record.thread)
                if record.thread == 0 { mainDoing = "running \(CellExplanation.context(record.context, trace))" }
            case .stopped:
                if record.a == TraceRecord.StopReason.finished.rawValue { states[c] = .done }
                if record.a == TraceRecord.StopReason.suspended.rawValue {
                    if case .calling(_, let call) = states[c] { states[c] = .awaitingReply(call: call) }
                    if case .callingSent(_, let call) = states[c] { states[c] = .awaitingReply(call: call) }
                }
            case .callStarted: states[c] = .calling(thread: record.thread, call: record.a)
            case .delivered:
                if case .calling(let thread, let call) = states[c], call == record.a {
                    states[c] = .callingSent(thread: thread, call: call)
                }
            case .taskSleep: states[c] = .sleeping
            case .waitBlocked:
                states[c] = .blocked(thread: record.thread, semaphore: record.a)
                if record.thread == 0 { mainDoing = "blocked in a wait on \(CellExplanation.semaphore(record.a, trace))" }
            case .waitWoken, .waitTimedOut: states[c] = .running(thread: record.thread)
            case .polling where record.thread == 0:
                mainDoing = "polling flag \(CellExplanation.flag(record.a, trace)) in a sleep loop"
            case .exitBegan where record.thread == 0:
                mainDoing = "running exit (since \(CellExplanation.ms(record.time)))"
            case .effect where record.b == 0: effects[c] += 1
            case .actorQueued: states[c] = .queuedOnActor(actor: record.a, since: record.time, holder: Int32(record.b))
            case .awaitsChildren: states[c] = .awaitingChildren(since: record.time)
            case .cancellation where Self.throwCodes.contains(record.a): thrown.append((c, record.time, record.a))
            case .hookEntered where trace.scenario.hooks[trace.hook].callbacks.contains(CellExplanation.callback(record.a, trace)):
                hookEntered = true
            case .suspended: suspendedSince = record.time
            case .resumed: suspendedSince = nil
            default: break
            }
        }

        /// The cancellation records of a body ending by a throw (`Engine+Cancellation`): `checkCancellation`,
        /// a cancelled `Task.sleep`, `throw`, `group.next()` rethrowing, a cancelled call.
        static let throwCodes: [Int32] = [-4, -5, -10, -12, -14]

        /// The first context whose body a thrown error ended before it made the cleanup call it owed.
        var thrownBeforeCleanup: (context: Int, at: Int64, code: Int32)? {
            thrown.first { trace.contexts[$0.context].cleanupCalls > effects[$0.context] }
        }

        /// The context the story is about: the first unfinished one that still owed a cleanup
        /// call, else the first unfinished one that is not a synchronous call's empty completion
        /// handler (which owes nothing: its call is its caller's, told there), else the first
        /// unfinished one. Turns are never the subject.
        var subject: Int? {
            let candidates = trace.contexts.indices.filter { index in
                trace.contexts[index].kind != .turn && created[index] && {
                    if case .done = states[index] { return false } else { return true }
                }()
            }
            return candidates.first { trace.contexts[$0].cleanupCalls > effects[$0] }
                ?? candidates.first { !trace.contexts[$0].isBlockingCall } ?? candidates.first
        }
    }

    /// "Task.detached from X was still waiting for a cooperative thread at default QoS (…)".
    private static func pendingStory(_ trace: CellTrace, deathAt: Int64, _ places: CleanupPlaces) -> Story {
        let replay = Replay(trace)
        guard let subject = replay.subject else {
            let hook = trace.scenario.hooks[trace.hook]
            let callbacks = hook.callbacks.joined(separator: " or ")
            if !replay.hookEntered {
                if trace.scenario.uncalledHooks.contains(where: { $0.hook == hook.name }) {
                    let why = Scenario.whyUncalled(hook, scenes: trace.scenario.lifecycle.scenes)
                    return Story("\(callbacks) was never called", note: ": \(why)", joiner: " before ")
                }
                return Story("\(callbacks) was never called: the kill procedure had not delivered it")
            }
            if let thrown = replay.thrownBeforeCleanup {
                let what: String =
                    switch thrown.code {
                    case -4: "Task.checkCancellation() throwing CancellationError"
                    case -5: "its cancelled Task.sleep throwing CancellationError"
                    case -12: "group.next() rethrowing a child task's error"
                    case -14: "its cancelled call throwing CancellationError"
                    default: "a throw"
                    }
                let name = trace.contexts[thrown.context].name
                if thrown.code == -14 {
                    return Story("\(name)'s body ended at \(CellExplanation.ms(thrown.at)) by \(what): the cleanup call "
                        + "was cancelled (or never made) and did not take effect")
                }
                return Story("\(name)'s body ended at \(CellExplanation.ms(thrown.at)) by \(what), "
                    + "before its cleanup call; nothing had made that call")
            }
            if let unfinished = firstUnfinishedPlace(places) { return unfinished }
            return Story("the strategy's code in \(callbacks) had not started the cleanup")
        }
        if trace.contexts.isBlockingCall(Int32(subject)), let story = blockingCallStory(of: subject, trace) { return story }
        var told = story(of: subject, in: replay.states[subject], trace, mainDoing: replay.mainDoing)
        if let since = replay.suspendedSince {
            // Nothing ran once the app was suspended: that, not what a thread was doing, is why.
            if case .queuedOnMain(let queued) = replay.states[subject] {
                told = Story("\(trace.contexts[subject].name) had been queued on the main queue since \(CellExplanation.ms(queued)), "
                    + "but the app was suspended at \(CellExplanation.ms(since)) before the main thread took it",
                    joiner: ", and it stayed suspended until ")
            } else {
                told.note = "; the app had been suspended since \(CellExplanation.ms(since)): its threads had stopped"
                    + (told.note ?? "")
            }
        }
        return told
    }

    /// When every context had finished: the first place whose call was made and never took effect
    /// (cancelled with its task, refused), or whose code never reached it, or whose code of the app
    /// going away was never delivered (and no other place made its call), in words; `nil` if none.
    private static func firstUnfinishedPlace(_ places: CleanupPlaces) -> Story? {
        for (place, fate) in zip(places.places, places.fates) {
            switch fate {
            case .noEffect: return Story("\(CleanupPlaces.name(place)) had been made and never took effect (cancelled or refused)")
            case .notMade: return Story("the code of \(CleanupPlaces.name(place)) had ended without making it")
            case .owedNotDelivered:
                let callback = place.callback ?? "its callback"
                return Story("\(CleanupPlaces.name(place)) was never made: \(callback) was not delivered", joiner: " before ")
            default: continue
            }
        }
        return nil
    }

    /// What `subject` was doing, in `state`, when the process died.
    private static func story(of subject: Int, in state: State, _ trace: CellTrace, mainDoing: String) -> Story {
        let name = trace.contexts[subject].name
        let qos = trace.contexts[subject].qos.name
        let ms = CellExplanation.ms
        switch state {
        case .queuedOnMain(let since):
            return Story("\(name) had been queued on the main queue since \(ms(since)), but the main thread never took it: "
                + "it was \(mainDoing)")
        case .queuedOnPool(let since, let latency, let dispatch):
            let worker = dispatch ? "Dispatch worker" : "cooperative thread"
            return Story("\(name) was still waiting for a \(worker) at \(qos) QoS (needs \(ms(latency)), queued at \(ms(since)))")
        case .ready(let since, let dispatch):
            return Story("\(name) had been ready since \(ms(since)), but every "
                + "\(dispatch ? "Dispatch worker" : "cooperative thread") was busy")
        case .calling(let thread, let call):
            return Story("\(name) was in \(CellExplanation.call(call, trace)) on \(CellExplanation.thread(thread, trace)); "
                + "its request had not left yet")
        case .callingSent(let thread, let call):
            return Story("\(name) was in \(CellExplanation.call(call, trace)) on \(CellExplanation.thread(thread, trace)), "
                + "its request already with the system", note: "; the call takes effect on reply")
        case .awaitingReply(let call):
            let index = Int(call)
            if trace.scenario.systemCalls.indices.contains(index), trace.scenario.systemCalls[index].takesEffectOn == .delivery {
                return Story(
                    "\(name) had sent \(CellExplanation.call(call, trace)), and the request had not reached the system yet",
                    note: "; the call takes effect on delivery")
            }
            return Story("\(name) had sent \(CellExplanation.call(call, trace)) and was waiting for the reply",
                note: "; the call takes effect on reply")
        case .sleeping:
            return Story("\(name) was suspended in Task.sleep")
        case .blocked(let thread, let semaphore):
            return Story("\(name) was blocked on \(CellExplanation.thread(thread, trace)) in a wait on "
                + CellExplanation.semaphore(semaphore, trace))
        case .running(let thread):
            return Story("\(name) was still running on \(CellExplanation.thread(thread, trace))")
        case .created where trace.contexts[subject].kind == .completionHandler:
            let call = madeCall(subject, trace).map { CellExplanation.call($0.record.a, trace) } ?? "its call"
            return Story("\(name) was still waiting for the reply to \(call)")
        case .created:
            return Story("\(name) had just been created")
        case .done:
            return Story("\(name) had returned without finishing the cleanup")
        case .queuedOnActor(let actor, let since, let holder):
            return Story("\(name) had been waiting for \(CellExplanation.actor(actor, trace)) since \(ms(since))",
                note: "; the actor runs one job at a time, and \(CellExplanation.context(holder, trace)) held it then")
        case .awaitingChildren(let since):
            return Story("\(name) had been waiting for its child tasks since \(ms(since))")
        }
    }

    /// A synchronous call's story (`try context.save()`, which the scenario language spells as a
    /// call with an empty completion handler on a global queue): told by the thread it blocked and
    /// the user's step, never by that handler, which is the spelling, not the app. `nil` when the
    /// trace does not show the call (the generic story applies).
    private static func blockingCallStory(of subject: Int, _ trace: CellTrace) -> Story? {
        guard let (index, call) = madeCall(subject, trace).map({ ($0.index, $0.record) }) else { return nil }
        let ms = CellExplanation.ms
        let thread = CellExplanation.thread(call.thread, trace)
        let caller = trace.contexts.indices.contains(Int(call.context)) && trace.contexts[Int(call.context)].kind != .turn
            ? ", made by \(CellExplanation.context(call.context, trace))," : ""
        let sources = StepSourceMatcher.sources(trace)
        let step = sources.indices.contains(index) ? sources[index].map { " (\($0.description))" } ?? "" : ""
        return Story(
            "\(thread == "main thread" ? "the main thread" : thread) had been blocked since \(ms(call.time)) in the "
                + "synchronous call \(CellExplanation.call(call.a, trace))\(step)\(caller)",
            note: "; the call blocks its thread for \(ms(call.b))")
    }

    /// The call whose completion handler `handler` is (its ``TraceCall`` names it), and that
    /// record's index; `nil` if the trace has none.
    private static func madeCall(_ handler: Int, _ trace: CellTrace) -> (index: Int, record: TraceRecord)? {
        guard let index = trace.calls.filter({ $0.value.handler == Int32(handler) }).map(\.key).min() else { return nil }
        return (index, trace.records[index])
    }
}
