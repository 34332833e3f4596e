/// Each place in a strategy's code that makes a cleanup call, and what became of it in one run:
/// the answer to "which of my cleanup calls finished under this kill?", which a cell's one ○/× does
/// not give (docs/scenario-format.md, "goal": each place owes its call).
///
/// Read from a traced run: a place's call is the `callStarted` record whose ``TraceCall`` names its
/// step, and its effect is the next effect of that call in the same context (a completion handler's effect
/// is its caller's, as the engine notes it). Deterministic: records alone decide.
package struct CleanupPlaces: Sendable {
    /// One step that calls a cleanup system call.
    package struct Place: Equatable, Sendable {
        /// Its pre-order index in the strategy's program.
        package var step: Int
        package var call: String
        /// Where it is: the app's Swift (`AppDelegate.swift:12:9`) when the strategy says, else the
        /// step's setting path (`strategies.s.program[1].body[0]`).
        package var location: String
        /// With `onCallbacks`, the callback whose program holds it.
        package var callback: String?
        /// With `onCallbacks`, the index of that program in the strategy's `callbackPrograms`.
        package var program: Int? = nil
        /// Whether it is in code that runs only on a condition (``ProgramStep/bodyRunsOnCondition(_:)``):
        /// such a place owes nothing of its own (``CleanupSites``).
        package var conditional = false
    }

    /// What became of a place's call in the run.
    package enum Fate: Equatable, Sendable {
        /// It took effect while the process lived (or the system finished it), first at this time (ns).
        case tookEffect(at: Int64)
        /// It took effect only after the process died, at this time (ns): too late.
        case tooLate(at: Int64)
        /// It was made and never took effect (cancelled, refused, or still waiting when the run ended).
        case noEffect
        /// Its code ran, but never reached the call (the process died first, or a condition was not met).
        case notMade
        /// With `onCallbacks`: its callback was not delivered in the run, so its code never ran.
        case notDelivered
        /// As ``notDelivered``, for code of the app going away (``Callback/goingAway``) in a run where the
        /// process died, which owes its call all the same, with no place that ran having made that call
        /// in time: lost.
        case owedNotDelivered
        /// As ``owedNotDelivered``, but the place `by` (an index into ``places``) made the same call in
        /// time: what it owed is done.
        case madeElsewhere(by: Int)
        /// In code that runs only on a condition, not taken, while another place made its call in
        /// time: it owes nothing of its own.
        case notTaken
        /// With `onCallbacks`: the row's hook does not listen to its callback, so its code never runs in this row.
        case notListened

        /// Whether the call took effect while the process lived (or the system finished it).
        package var tookEffectInTime: Bool { effectTime != nil }

        /// Whether the place's code ran (its callback delivered, its condition taken), whatever became of the call.
        package var codeRan: Bool {
            switch self {
            case .notDelivered, .owedNotDelivered, .madeElsewhere, .notListened, .notTaken: false
            case .tookEffect, .tooLate, .noEffect, .notMade: true
            }
        }

        /// When the call took effect while the process lived; `nil` for any other fate.
        package var effectTime: Int64? {
            if case .tookEffect(let at) = self { return at } else { return nil }
        }
    }

    package let places: [Place]
    /// A fate per place; empty when the places are not worth showing (the records are not read).
    package let fates: [Fate]
    /// Why the records may not show everything the run did: the trace was cut at
    /// `limits.maxTraceRecords`, or the run stopped at a limit; `nil` when they show it all.
    package let incomplete: String?

    /// `always`: the fates even of a single place (for a verdict's story), which the section does not show.
    package init(_ trace: CellTrace, always: Bool = false) {
        let places = Self.places(trace.scenario, strategy: trace.strategy)
        self.places = places
        fates = places.count >= 2 || (always && !places.isEmpty) ? Self.fates(of: places, trace) : []
        if trace.recordsCut {
            incomplete = "the run's record stops at limits.maxTraceRecords (\(trace.records.count) records)"
        } else if let bound = trace.outcome.boundReached {
            incomplete = "the run stopped at \(bound.settingPath)"
        } else {
            incomplete = nil
        }
    }

    /// The strategy's cleanup call steps, in pre-order (``Scenario/cleanupCallSteps(in:firstStep:)``).
    static func places(_ scenario: Scenario, strategy index: Int) -> [Place] {
        let strategy = scenario.strategies[index]
        let perCallback = !strategy.callbackPrograms.isEmpty
        var places: [Place] = []
        var firstStep = 0
        for (offset, program) in SettingPath.programs(of: strategy).enumerated() {
            let paths = SettingPath.preorderPaths(of: program.steps, at: program.prefix)
            for found in scenario.cleanupCallSteps(in: program.steps, firstStep: firstStep) {
                let source = found.step < strategy.stepSources.count ? strategy.stepSources[found.step] : nil
                let location = source.map { $0.place.isEmpty ? $0.description : $0.place } ?? paths[found.step - firstStep]
                places.append(Place(
                    step: found.step, call: scenario.systemCalls[found.call].name, location: location,
                    callback: perCallback ? strategy.callbackPrograms[offset].callback : nil,
                    program: perCallback ? offset : nil, conditional: found.conditional))
            }
            firstStep += paths.count
        }
        return places
    }

    private static func fates(of places: [Place], _ trace: CellTrace) -> [Fate] {
        let placeOfStep = Dictionary(uniqueKeysWithValues: places.enumerated().map { ($1.step, $0) })
        var fates = places.map { _ in Fate.notMade }
        var made = Array(repeating: false, count: places.count)
        // Calls made and not yet matched to an effect, per context, in the order they were made.
        var inFlight: [Int32: [(call: Int32, place: Int)]] = [:]
        for (index, record) in trace.records.enumerated() {
            switch record.kind {
            case .callStarted:
                guard let step = trace.call(at: index)?.step, let place = placeOfStep[Int(step)] else { continue }
                made[place] = true
                inFlight[record.context, default: []].append((record.a, place))
            case .effect:
                guard let position = inFlight[record.context]?.firstIndex(where: { $0.call == record.a }) else { continue }
                let place = inFlight[record.context]!.remove(at: position).place
                switch fates[place] {
                case .tookEffect: break
                case .tooLate: if record.b == 0 { fates[place] = .tookEffect(at: record.time) }
                default: fates[place] = record.b == 0 ? .tookEffect(at: record.time) : .tooLate(at: record.time)
                }
            default: continue
            }
        }
        // Delivered as the run went: a swipe of a suspended app delivers nothing, whatever its script says.
        // A callback the row's hook does not listen to runs none of the strategy's code.
        let listened = Set(trace.scenario.hooks[trace.hook].callbacks)
        let delivered = Set(trace.records.filter { $0.kind == .hookEntered }.map { CellExplanation.callback($0.a, trace) })
        for place in places.indices where fates[place] == .notMade {
            if let callback = places[place].callback, !listened.contains(callback) {
                fates[place] = .notListened
            } else if let callback = places[place].callback, !delivered.contains(callback) {
                fates[place] = .notDelivered
            } else if made[place] {
                fates[place] = .noEffect
            }
        }
        // Code of the app going away owes its call though it never ran (the engine says when), and a place
        // on a condition not taken owes nothing of its own: each unless another place made the call in time.
        func madeElsewhere(_ place: Int) -> Int? {
            places.indices.first { places[$0].call == places[place].call && fates[$0].tookEffectInTime }
        }
        let owed = trace.outcome.owedSkippedPrograms
        for place in places.indices {
            if fates[place] == .notDelivered, let program = places[place].program, program < 64,
                owed & (1 << UInt64(program)) != 0
            {
                fates[place] = madeElsewhere(place).map { .madeElsewhere(by: $0) } ?? .owedNotDelivered
            } else if fates[place] == .notMade, places[place].conditional, madeElsewhere(place) != nil {
                fates[place] = .notTaken
            }
        }
        return fates
    }

    /// Whether the section is worth printing: two places or more (with one, the verdict says it all).
    package var isWorthShowing: Bool { places.count >= 2 && fates.count == places.count }

    /// `○`, `×`, or `–` for code that did not run.
    package static func symbol(_ fate: Fate) -> String {
        switch fate {
        case .tookEffect: "○"
        case .tooLate, .noEffect, .notMade, .owedNotDelivered: "×"
        case .notDelivered, .notListened, .notTaken, .madeElsewhere: "–"
        }
    }

    /// The place in words: `Analytics.send at AppDelegate.swift:8:13 (applicationWillTerminate)`.
    package static func name(_ place: Place) -> String {
        "\(place.call) at \(place.location)" + (place.callback.map { " (\($0))" } ?? "")
    }

    /// The run's section, printed under its verdict: a line per place.
    package func lines() -> [String] {
        guard isWorthShowing else { return [] }
        let ms = CellExplanation.ms
        let header = incomplete.map { "cleanup calls, place by place (\($0): a place never made may have run later):" }
        return [header ?? "cleanup calls, place by place:"]
            + zip(places, fates).map { place, fate in
                let what: String =
                    switch fate {
                    case .tookEffect(let at): "took effect at \(ms(at))"
                    case .tooLate(let at): "too late: it would have taken effect at \(ms(at)), after the process died"
                    case .noEffect: "made, but it never took effect"
                    case .notMade: "never made: its code did not reach it"
                    case .notDelivered: "not run: \(place.callback ?? "its callback") was not delivered in this run"
                    case .owedNotDelivered:
                        "never made: \(place.callback ?? "its callback") was not delivered in this run, and no code that ran made the call"
                    case .madeElsewhere(let other):
                        "not run: \(place.callback ?? "its callback") was not delivered in this run; the call it owed all the same"
                            + " was made in time by \(Self.name(places[other]))\(fates[other].effectTime.map { " at \(ms($0))" } ?? "")"
                    case .notListened: "not run in this row: its hook does not listen to \(place.callback ?? "its callback")"
                    case .notTaken: "not taken: it runs only on a condition, and another place made the call"
                    }
                return "  \(Self.symbol(fate)) \(Self.name(place)): \(what)"
            }
    }

    /// Several runs of one cell (a run per procedure) as one table: a row per place, a column per
    /// procedure; empty when the places are not worth showing.
    package static func table(_ runs: [CleanupPlaces], procedures: [String]) -> [String] {
        guard let first = runs.first, first.isWorthShowing, runs.count == procedures.count else { return [] }
        let names = first.places.map(name)
        let nameWidth = names.map(\.count).max() ?? 0
        let widths = procedures.map { max($0.count, 1) }
        func row(_ label: String, _ cells: [String]) -> String {
            var line = "  " + label + String(repeating: " ", count: nameWidth - label.count)
            for (cell, width) in zip(cells, widths) { line += "  " + cell + String(repeating: " ", count: width - cell.count) }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
        var lines = [
            "cleanup calls, place by place and procedure (○ took effect in time, × did not, – its code did not run):",
            row("", procedures),
        ]
        for (index, label) in names.enumerated() { lines.append(row(label, runs.map { symbol($0.fates[index]) })) }
        return lines
    }
}
