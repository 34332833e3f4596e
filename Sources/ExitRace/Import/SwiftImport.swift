/// `exitrace import`: reads Swift files, finds their lifecycle entry points, translates the code
/// they run into the scenario language, and writes a scenario that extends the built-in one
/// (its timing, system calls and kill procedures) with one hook and one strategy per entry point.
package enum SwiftImport {
    /// How the `note` of every scenario `import` writes begins: `import` replaces a file that
    /// starts so, and keeps any other (a scenario written by hand) unless forced.
    package static let writtenByMarker = "Written by exitrace import"

    /// One translated entry point: a row and its own column.
    package struct Hook: Sendable {
        package var entryPoint: EntryPoint
        /// The hook's (and row's) name: unique in the scenario.
        package var name: String
        /// The strategy's (and column's) name: `your code: <hook>`.
        package var strategy: String
        package var steps: [ImportedStep]
    }

    /// What an import produced.
    package struct Result: Sendable {
        /// The scenario file's text (ends with a newline; the same input gives the same bytes).
        package var scenario: String
        package var hooks: [Hook]
        /// Awaited APIs that are not in the built-in scenario: each became a system call whose
        /// `costMs` is the user's to set.
        package var newSystemCalls: [ImportedCall]
        /// Everything not translated or translated with an assumption, by file and place.
        package var notes: [ImportNote]
        /// When entry points were found but none has code whose end the table could measure (it is
        /// synchronous, so it finishes before the callback returns): that answer, and no scenario
        /// (`scenario` is empty, `hooks` too); `import` reports it and exits 0.
        package var answer: String? = nil
        /// The row and column of the whole app (``WholeApp``), when two entry points or more have code.
        package var app: WholeApp? = nil
        /// The kill procedures written (`--kills`): the summary says which, and how to have every kill.
        package var kills: ImportedKills = .reference
        /// When the written scenario does not validate: its problems at the Swift of their steps
        /// (``placedAtSource(_:text:name:)``); `scenario` is then empty and `import` exits 2 after the summary.
        package var problems: [Diagnostic] = []

        /// The summary `import` prints on stderr.
        package var summary: String {
            var lines = ["imported \(hooks.count) entry point\(hooks.count == 1 ? "" : "s"):"]
            for hook in hooks {
                let place = "\(hook.entryPoint.file.path):\(hook.entryPoint.location.line)"
                lines.append("  \(hook.name) → hook \"\(hook.name)\" (callback \(hook.entryPoint.callback)), "
                    + "strategy \"\(hook.strategy)\", \(Self.steps(count(hook.steps)))  [\(place)]")
            }
            if let app { lines += [app.summary] + app.cancellationSummary }
            lines.append("lifecycle: " + Self.production)
            lines.append(kills.summaryLine)
            if !newSystemCalls.isEmpty {
                let placeholder = TimeFormatting.milliseconds(SystemCall.importPlaceholderCost.nanoseconds)
                lines.append(
                    "system calls whose cost is yours to set (systemCalls[\"NAME\"].costMs, now \(placeholder)):")
                for call in newSystemCalls {
                    lines.append("  \(call.name)  [\(call.source.place): \(call.source.code)]" + call.summarySuffix)
                    if let advice = call.cleanupAdvice { lines.append("    " + advice) }
                }
                lines += ImportedCall.replyAdvice(newSystemCalls, kills: kills).map { "  " + $0 }
            }
            if !notes.isEmpty {
                lines.append(notes.contains { $0.kind == .noRow }
                    ? "not translated, translated with an assumption, never called, or with no row of its own:"
                    : "not translated, translated with an assumption, or never called:")
                lines += notes.map { "  " + $0.description }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// What the summary says of the written lifecycle (ScenarioText.productionNote).
        static let production = "modelled as a production app, not attached to a debugger: "
            + "--set lifecycle.debuggerAttached=true to compare with a run from Xcode"

        /// `1 step`, `2 steps`.
        private static func steps(_ count: Int) -> String { "\(count) step\(count == 1 ? "" : "s")" }

        private func count(_ steps: [ImportedStep]) -> Int {
            steps.reduce(0) { $0 + 1 + $1.children.reduce(0) { $0 + count($1) } }
        }
    }

    /// Reads the files at `paths` (each must be a readable regular file of Swift source whose name ends in
    /// `.swift`) and imports them; any other file is refused before anything is read.
    package static func load(paths: [String], name: String, kills: ImportedKills = .reference) throws(InputError) -> Result {
        var files: [(path: String, bytes: [UInt8])] = []
        var problems: [Diagnostic] = []
        let (unique, repeats) = uniquePaths(paths)
        for path in unique {
            if FileKind.of(path) != .directory, !path.hasSuffix(".swift") {
                problems.append(Diagnostic(file: path, path: "", message: notSwiftFileMessage(path)))
                continue
            }
            if FileKind.of(path) == .directory {
                problems.append(Diagnostic(file: path, path: "", message: directoryMessage(path)))
                continue
            }
            do {
                files.append((path, try InputFile.read(path, what: "a Swift source file")))
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw InputError(problems) }
        var result = try importSources(files, name: name, kills: kills)
        result.notes = (result.notes + repeats).sorted()
        return result
    }

    /// Imports Swift sources given as bytes; `path` names each in references and diagnostics.
    package static func importSources(
        _ sources: [(path: String, bytes: [UInt8])], name: String, kills: ImportedKills = .reference
    ) throws(InputError) -> Result {
        var parsed: [SwiftFile] = []
        var problems: [Diagnostic] = []
        for source in sources {
            if let problem = notSwift(source.bytes) {
                problems.append(Diagnostic(file: source.path, path: "", line: 0, column: 0, message: problem))
                continue
            }
            let file = SwiftParser.parse(path: source.path, bytes: source.bytes)
            if let problem = notSwiftByName(source.path, file) {
                problems.append(Diagnostic(file: source.path, path: "", line: 0, column: 0, message: problem))
                continue
            }
            problems += file.problems.map {
                Diagnostic(file: source.path, path: "", line: $0.line, column: $0.column, message: "expected Swift source: \($0.message)")
            }
            parsed.append(file)
        }
        if !problems.isEmpty { throw InputError(problems) }
        let codebase = SwiftCodebase(files: parsed)
        let finder = EntryPointFinder(codebase: codebase)
        var translator = StepTranslator(codebase: codebase)
        var hooks: [Hook] = []
        var hookNames: Set<String> = []
        var notes = finder.notes + parsed.flatMap(skippedBranchNotes)
        var translations: [WholeApp.Translation] = []
        for entry in finder.entryPoints {
            let context = StepTranslator.Context(
                file: entry.file, isolation: entry.isolation, isAsync: false, typeName: entry.typeName)
            translator.startBudget()
            let before = translator
            var steps = translator.translate(entry.body, context)
            let first = steps
            let unset = StepTranslator.unsetFlags(steps.map(\.step))
            let unspawned = StepTranslator.unspawnedTasks(steps.map(\.step))
            if !unset.isEmpty || !unspawned.isEmpty {
                // A `while !flag` loop whose flag this entry point never sets, or a cancel or await of a
                // task it never spawns: translate again, noting them instead.
                translator = before
                translator.unsetFlags = unset
                translator.unspawnedTasks = unspawned
                steps = translator.translate(entry.body, context)
                translator.unsetFlags = []
                translator.unspawnedTasks = []
            }
            var hookName = entry.name
            if hookNames.contains(hookName) { hookName += " (\(entry.file.path):\(entry.location.line))" }
            hookNames.insert(hookName)
            translations.append(WholeApp.Translation(
                entry: entry, name: hookName, before: first != steps ? before : nil, first: first, own: steps,
                notes: Array(translator.notes[before.notes.count...]),
                locals: Set(translator.locals[before.locals.count...])))
            hooks.append(Hook(entryPoint: entry, name: hookName, strategy: "your code: \(hookName)", steps: steps))
        }
        // A closure registered as an observer where the code runs is an entry point of its own, not a
        // closure whose run is unknown.
        let observers = Set(finder.entryPoints.map { "\($0.file.path):\($0.location.line):\($0.location.column)" })
        let translatorNotes = translator.notes.filter { note in
            !(note.topic == .closureOfUnknownCall && observers.contains("\(note.file):\(note.line):\(note.column)"))
        }
        let builtin = DefaultScenario.load()
        let translated = WholeApp.translate(
            translations, properties: WholeApp.propertyNames(parsed),
            cancellable: Set(builtin.systemCalls.filter(\.cancellable).map(\.name)))
        // Without an entry point to keep, no scenario is written: nothing is said of `your app`.
        let app = hooks.contains { containsCall($0.steps) } ? translated.app : nil
        notes += app == nil
            ? translatorNotes : WholeApp.annotate(translatorNotes, resolved: translated.resolved)
        let knownCalls = Set(builtin.systemCalls.map(\.name))
        let newCalls = translator.calls.filter { !knownCalls.contains($0.name) }
        notes += newCalls.compactMap { lateStartNote($0, limit: builtin.limits.maxTime) }
        var kept: [Hook] = []
        for hook in hooks {
            if containsCall(hook.steps) {
                kept.append(hook)
            } else {
                let at = hook.entryPoint
                let why = leftOutReason(hook.steps)
                let inApp = app?.runs(at) == true
                notes.append(ImportNote(
                    kind: inApp ? .noRow : .untranslated, file: at.file.path, line: at.location.line,
                    column: at.location.column,
                    message: "\(hook.name): no awaited call, save or hand-off to the system in its code, so nothing "
                        + "whose end the table could measure; it is left out" + why + (inApp
                            ? "; its code, translated, runs in the strategy \"\(WholeApp.name)\", with every other entry "
                                + "point's code" : "")))
            }
        }
        if hooks.isEmpty {
            var diagnostics = [Diagnostic(
                file: sources.map(\.path).joined(separator: ", "), path: "",
                message: "expected lifecycle code to import, found no lifecycle entry point (delegate methods such as "
                    + "applicationWillTerminate, notification observers, .onChange(of: scenePhase))")]
            diagnostics += condensed(notes).map {
                Diagnostic(file: $0.file, path: "", line: $0.line, column: $0.column, message: "note: \($0.kind.rawValue): \($0.message)")
            }
            throw InputError(diagnostics)
        }
        // Entry points, none with code whose end the table could measure: an answer, not bad input.
        guard !kept.isEmpty else {
            return Result(scenario: "", hooks: [], newSystemCalls: [], notes: condensed(notes), answer: nothingToSimulate(hooks, droppedAwait: notes.contains(where: \.dropsAwait)))
        }
        let scenes = usesScenes(all: hooks, kept: kept)
        if !scenes, let first = kept.first(where: { hook in Callback.sceneCounterparts.contains { $0.app == hook.entryPoint.callback } }) {
            let at = first.entryPoint
            notes.append(ImportNote(
                kind: .assumption, file: at.file.path, line: at.location.line, column: at.location.column,
                message: "an app without scenes (no scene delegate method in the files given, and \(at.callback) is "
                    + "one a scene-based app never gets): lifecycle.scenes is false; set it to true if your app has scenes"))
        }
        notes = condensed(notes)
        let queues = translator.usedQueues.compactMap { name in translator.queue(named: name).map { (name, $0) } }
        let scenario = ScenarioText(
            name: name, sources: sources.map(\.path), hooks: kept, newCalls: newCalls, queues: queues,
            actors: translator.usedActors.map { ($0, codebase.globalActors.contains($0)) }, scenes: scenes, app: app,
            kills: kills, builtin: builtin)
        let written: Scenario
        do {
            written = try validate(scenario.text, name: name)
        } catch {
            return Result(scenario: "", hooks: kept, newSystemCalls: newCalls, notes: notes.sorted(), app: app,
                kills: kills, problems: placedAtSource(error, text: scenario.text, name: name))
        }
        notes += uncalledNotes(written, kept)
        return Result(
            scenario: scenario.text, hooks: kept, newSystemCalls: newCalls, notes: notes.sorted(), app: app, kills: kills)
    }

    /// A note when a background task's start is at or past `limits.maxTimeMs`: a run ends before the
    /// system starts the task, so a cell whose cleanup waits on it is marked `[?]` (incomplete).
    static func lateStartNote(_ call: ImportedCall, limit: VirtualDuration) -> ImportNote? {
        guard let start = call.start, start.delay >= limit else { return nil }
        let source = call.source
        return ImportNote(
            kind: .assumption, file: source.file, line: source.line, column: source.column,
            message: "\(call.name): serviceStartAfterMs (\(TimeFormatting.milliseconds(start.delay.nanoseconds))) is not "
                + "before limits.maxTimeMs (\(TimeFormatting.milliseconds(limit.nanoseconds))): a run ends before the system "
                + "starts the task, so a cell whose cleanup waits on it is marked [?]; --set limits.maxTimeMs=… past the "
                + "start to see it run")
    }

    /// Decodes the written scenario as `run` will (extending the built-in one), so that an import
    /// never hands out a file that does not validate (a `--name` with a `/`, say).
    @discardableResult
    static func validate(_ text: String, name: String) throws(InputError) -> Scenario {
        let file = "\(name).json"
        let bytes = text.utf8.count
        guard bytes <= InputFile.maxBytes else {
            throw InputError([
                Diagnostic(
                    file: file, path: "",
                    message: "expected a scenario file of at most \(InputFile.maxBytes >> 20) MiB (what run reads), found "
                        + "\(TimeFormatting.grouped(bytes)) bytes: import the files of the termination code only")
            ])
        }
        let node = try ScenarioDecoder.parse(Array(text.utf8), file: file)
        let parent = try ScenarioLoader.document(path: ScenarioLoader.builtinPrefix + DefaultScenario.name, chain: [])
        let merged = parent.removingMember("name").removingMember("title").removingMember("sweeps")
            .merged(with: node.removingMember("extend"))
        do {
            return try ResolvedScenario(document: merged, file: file).decode()
        } catch {
            throw InputError([Diagnostic(file: file, path: "", message: "the imported scenario does not validate:")]
                + error.diagnostics)
        }
    }

    /// A note at each imported entry point that no procedure of the written scenario calls (`run` says
    /// so under the table): `applicationDidEnterBackground` in a scene-based app, say, which gets
    /// `sceneDidEnterBackground` instead.
    static func uncalledNotes(_ scenario: Scenario, _ hooks: [Hook]) -> [ImportNote] {
        // Computed once, and the hooks looked up by name: per hook, both were linear (an import of 8,000
        // entry points took 37 s).
        let uncalled = Set(scenario.uncalledHooks.map(\.hook))
        guard !uncalled.isEmpty else { return [] }
        let imported = Dictionary(hooks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return scenario.hooks.compactMap { written in
            guard uncalled.contains(written.name), let hook = imported[written.name] else { return nil }
            let at = hook.entryPoint
            return ImportNote(
                kind: .uncalled, file: at.file.path, line: at.location.line, column: at.location.column,
                message: "\(hook.name) (\(written.callbacks.joined(separator: " or "))): "
                    + Scenario.whyUncalled(written, scenes: scenario.lifecycle.scenes)
                    + "; its row is × in every column")
        }
    }

    /// Why bytes are not Swift source, or `nil`: Swift source is UTF-8 text without NUL bytes.
    static func notSwift(_ bytes: [UInt8]) -> String? {
        if bytes.contains(0) { return "expected Swift source, found a binary file (it holds NUL bytes)" }
        if String(validating: bytes, as: UTF8.self) == nil { return "expected Swift source, found bytes that are not UTF-8" }
        return nil
    }

    /// Notes without repeats (a function followed from two entry points is noted once), and one
    /// "taken as instant" note per call, at its first place, with how many places it has.
    static func condensed(_ notes: [ImportNote]) -> [ImportNote] {
        var seen: Set<String> = [], instants: [String: (note: ImportNote, count: Int)] = [:], kept: [ImportNote] = []
        for note in notes.sorted() where seen.insert(note.description).inserted {
            guard note.kind == .instant else {
                kept.append(note)
                continue
            }
            if let first = instants[note.message] {
                instants[note.message] = (first.note, first.count + 1)
            } else {
                instants[note.message] = (note, 1)
            }
        }
        for (_, entry) in instants {
            var note = entry.note
            if entry.count > 1 { note.message += " (and \(entry.count - 1) more place\(entry.count == 2 ? "" : "s"))" }
            kept.append(note)
        }
        return kept.sorted()
    }

    /// Whether the imported app is taken as scene-based (the built-in scenario's lifecycle): unless an
    /// imported entry point is an app-delegate callback a scene-based app never gets
    /// (`applicationDidEnterBackground`, …) and no entry point found is a scene delegate's.
    static func usesScenes(all: [Hook], kept: [Hook]) -> Bool {
        let replaced = Set(Callback.sceneCounterparts.map(\.app))
        guard kept.contains(where: { replaced.contains($0.entryPoint.callback) }) else { return true }
        return all.contains { $0.entryPoint.callback.hasPrefix("scene") }
    }

    /// Whether the steps start work that outlives the callback: a task or a block on a queue.
    static func startsWork(_ steps: [ImportedStep]) -> Bool {
        steps.contains { step in
            switch step.step {
            case .spawnTask, .dispatchAsync, .dispatchAfter: true
            default: step.children.contains(where: startsWork)
            }
        }
    }

    static func containsCall(_ steps: [ImportedStep]) -> Bool {
        steps.contains { step in
            switch step.step {
            case .call, .callWithCompletion: true
            default: step.children.contains(where: containsCall)
            }
        }
    }
}
