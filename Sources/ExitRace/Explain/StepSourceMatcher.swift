/// Which strategy step each trace record comes from, for a strategy whose steps say where they came
/// from in the app's Swift (``Strategy/stepSources``, written by `exitrace import`): `explain` prints
/// that source under the record's timeline line.
///
/// The engine's records name a context, not a step, so the matcher follows each context through the
/// body that context runs: a hook delivery that runs the strategy starts the program on the turn, a
/// context created by a step (a task, a block, a child task, a completion handler) starts that step's
/// body, and each record that performs a step (a call, a wait, a signal, work, a sleep, a group or
/// background-task operation, a `sync`) is the next step of its kind in its context's body. Bodies
/// that run in the same context (`if`, `taskGroup`, `isolatedCall`, a `sync` body) are read inline.
/// A record with no such step has no source. The result depends on the records alone: deterministic.
struct StepSourceMatcher {
    /// One step of a body, as a context meets it: its pre-order index and the step.
    private struct Entry {
        var index: Int
        var step: ProgramStep
    }

    /// The steps a context runs in order (inline bodies expanded), and how far it has got.
    private struct Cursor {
        var entries: [Entry]
        var position = 0
    }

    private let sources: [StepSource?]
    /// Each step's pre-order index and its own flattened body (bodies that run elsewhere), by index.
    private var bodies: [Int: [Entry]] = [:]
    /// Every step by its pre-order index (looked up, never iterated).
    private var entriesByIndex: [Int: Entry] = [:]
    private var cursors: [Int32: Cursor] = [:]
    /// The context of the last record that ran code, for background-task records (they name none).
    private var lastContext: Int32 = -1
    /// The strategy's program, or with `onCallbacks` each callback's (`callback` `nil` for a plain one).
    private let programs: [(callback: String?, entries: [Entry])]
    private let strategyCallbacks: [String]

    /// The source of each record of `trace`, by record index; empty when the strategy has none.
    static func sources(_ trace: CellTrace) -> [StepSource?] {
        let strategy = trace.scenario.strategies[trace.strategy]
        guard !strategy.stepSources.isEmpty else { return [] }
        var matcher = StepSourceMatcher(strategy, callbacks: trace.scenario.hooks[trace.hook].callbacks)
        return trace.records.indices.map { matcher.entry(of: trace.records[$0], at: $0, trace).flatMap(matcher.source) }
    }

    private init(_ strategy: Strategy, callbacks: [String]) {
        sources = strategy.stepSources
        strategyCallbacks = callbacks
        var next = 0
        var bodies: [Int: [Entry]] = [:]
        if strategy.callbackPrograms.isEmpty {
            programs = [(nil, Self.flatten(strategy.program, &next, &bodies))]
        } else {
            programs = strategy.callbackPrograms.map {
                ($0.callback, Self.flatten(Array(strategy.program[$0.steps]), &next, &bodies))
            }
        }
        self.bodies = bodies
        var byIndex: [Int: Entry] = [:]
        for list in programs.map(\.entries) + Array(bodies.values) {
            for entry in list { byIndex[entry.index] = entry }
        }
        entriesByIndex = byIndex
    }

    /// Moves `context`'s cursor past the entry of step `index`, if its body holds it further on.
    private mutating func skip(_ context: Int32, past index: Int) {
        guard var cursor = cursors[context],
            let found = cursor.entries[cursor.position...].firstIndex(where: { $0.index == index })
        else { return }
        cursor.position = found + 1
        cursors[context] = cursor
    }

    /// The steps of `steps` in the order a context runs them, inline bodies expanded; the bodies
    /// that run elsewhere are recorded in `bodies` under their step's index. `next` counts pre-order.
    private static func flatten(_ steps: [ProgramStep], _ next: inout Int, _ bodies: inout [Int: [Entry]]) -> [Entry] {
        var entries: [Entry] = []
        for step in steps {
            let entry = Entry(index: next, step: step)
            next += 1
            entries.append(entry)
            for (position, body) in step.nestedBodies.enumerated() {
                let inner = flatten(body, &next, &bodies)
                // A `withTaskCancellationHandler`'s operation (its second body) runs inline; its `onCancel` elsewhere.
                var inline = runsInline(step)
                if case .cancellationHandler = step { inline = position == 1 }
                if inline { entries += inner }
                // A `sync` body runs on the caller's thread, or as a main-queue block from another thread.
                if !inline || isSync(step) { bodies[entry.index] = inner }
            }
        }
        return entries
    }

    private static func runsInline(_ step: ProgramStep) -> Bool {
        switch step {
        case .ifLaunchOptions, .taskGroup, .isolatedCall, .dispatchSync: true
        default: false
        }
    }

    private mutating func entry(of record: TraceRecord, at index: Int, _ trace: CellTrace) -> Entry? {
        // A cancellation record names the task it acts on, which need not be the context running.
        if record.thread >= 0, record.context >= 0, record.kind != .cancellation { lastContext = record.context }
        switch record.kind {
        case .hookEntered:
            let name = CellExplanation.callback(record.a, trace)
            if strategyCallbacks.contains(name),
                let found = programs.first(where: { $0.callback == nil || $0.callback == name })
            {
                cursors[record.context] = Cursor(entries: found.entries)
            }
            return nil
        case .created:
            return created(record, trace)
        case .callStarted:
            // The engine names the call's step (``TraceCall``): exact where bodies run on a condition
            // or in contexts this matcher does not follow (a timer's fire, an expiration handler).
            let known = trace.call(at: index)
            let entry: Entry?
            if let step = known.map({ Int($0.step) }), let exact = entriesByIndex[step] {
                entry = exact
                skip(record.context, past: step)
            } else {
                entry = next(in: record.context, where: Self.isCall)
            }
            guard let entry else { return nil }
            if case .callWithCompletion = entry.step, let handler = known?.handler, handler >= 0 {
                cursors[handler] = Cursor(entries: bodies[entry.index] ?? [])  // the handler this call made
            }
            return entry
        case .work: return match(record.context) { if case .work = $0 { true } else { false } }
        case .sleep: return match(record.context) { if case .sleep = $0 { true } else { false } }
        case .taskSleep:
            return match(record.context) {
                switch $0 {
                case .taskSleep, .taskSleepDiscardingError: true
                default: false
                }
            }
        case .waitBlocked, .waitPassed: return match(record.context, where: Self.isWait)
        case .signal: return match(record.context) { if case .signal = $0 { true } else { false } }
        case .flagSet: return match(record.context) { if case .setFlag = $0 { true } else { false } }
        case .polling: return match(record.context) { if case .waitUntil = $0 { true } else { false } }
        case .groupEntered: return match(record.context) { if case .groupEnter = $0 { true } else { false } }
        case .groupLeft: return match(record.context) { if case .groupLeave = $0 { true } else { false } }
        case .syncWaits: return match(record.context, where: Self.isSync)
        case .syncEntered where record.b != 1: return match(record.context, where: Self.isSync)
        case .cancellation where record.a >= 0:  // `cancel()` of a task handle, by the context that ran last
            return match(lastContext) { if case .cancelTask = $0 { true } else { false } }
        case .taskBegan: return match(lastContext) { if case .beginBackgroundTask = $0 { true } else { false } }
        case .taskEnded: return match(lastContext) { if case .endBackgroundTask = $0 { true } else { false } }
        default: return nil
        }
    }

    /// A context created by a step: the creating step's source, and the context starts its body.
    private mutating func created(_ record: TraceRecord, _ trace: CellTrace) -> Entry? {
        let child = record.context, parent = record.a
        guard parent >= 0, child >= 0, Int(child) < trace.contexts.count else { return nil }
        let kind = trace.contexts[Int(child)].kind
        if kind == .completionHandler {
            return nil  // the call's own record names it (`handler`) and the step that gives it its body
        }
        guard let entry = next(in: parent, where: { Self.creates(kind, $0) }) else { return nil }
        cursors[child] = Cursor(entries: bodies[entry.index] ?? [])
        return entry
    }

    private static func creates(_ kind: CellTrace.Context.Kind, _ step: ProgramStep) -> Bool {
        switch (kind, step) {
        case (.task, .spawnTask), (.detachedTask, .spawnTask): true
        case (.mainBlock, .dispatchAsync), (.globalBlock, .dispatchAsync), (.queueBlock, .dispatchAsync): true
        case (.mainBlock, .dispatchAfter), (.globalBlock, .dispatchAfter), (.queueBlock, .dispatchAfter): true
        case (.mainBlock, .dispatchSync), (.mainBlock, .groupNotify), (.globalBlock, .groupNotify), (.queueBlock, .groupNotify): true
        case (.childTask, .addTask), (.childTask, .asyncLet): true
        default: false
        }
    }

    private static func isCall(_ step: ProgramStep) -> Bool { step.calledSystemCall != nil }

    private static func isWait(_ step: ProgramStep) -> Bool {
        switch step {
        case .wait, .groupWait: true
        default: false
        }
    }

    private static func isSync(_ step: ProgramStep) -> Bool {
        if case .dispatchSync = step { return true }
        return false
    }

    private mutating func match(_ context: Int32, where matches: (ProgramStep) -> Bool) -> Entry? {
        next(in: context, where: matches)
    }

    /// The next step of the context's body that `matches`, past the steps before it.
    private mutating func next(in context: Int32, where matches: (ProgramStep) -> Bool) -> Entry? {
        guard var cursor = cursors[context] else { return nil }
        guard let found = cursor.entries[cursor.position...].firstIndex(where: { matches($0.step) }) else { return nil }
        cursor.position = found + 1
        cursors[context] = cursor
        return cursor.entries[found]
    }

    private func source(_ entry: Entry) -> StepSource? {
        entry.index < sources.count ? sources[entry.index] : nil
    }
}
