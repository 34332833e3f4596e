/// The row and column an import adds for the whole app: one hook, `your app`, whose callbacks are
/// every entry point's, and one strategy, `your app`, that runs in each callback the code of the entry
/// points found for it (`onCallbacks`), its programs sharing the app's state across callbacks: a `Task`
/// kept in one entry point and cancelled in another, a background task begun in one and ended in
/// another; an entry point's locals are its own (``Locals``). Added when two entry points or more
/// have code; with one, its own cell is the whole app.
package struct WholeApp: Sendable {
    /// The hook's and the strategy's name.
    package static let name = "your app"

    /// The code run in one callback: the steps of each entry point delivered with it, in the order found.
    package struct Program: Sendable {
        package var callback: String
        package var entryPoints: [EntryPoint]
        package var steps: [ImportedStep]
    }

    /// The programs, in the order their callbacks' first entry points were found.
    package var programs: [Program]
    /// The tasks one entry point keeps in a property and another cancels (``cancelledTasks(_:cancellable:)``).
    package var cancelledTasks: [CancelledTask] = []

    /// One entry point's translation, as the whole app reads it.
    struct Translation {
        var entry: EntryPoint
        /// Its hook's name (unique in the scenario): its locals are named after it.
        var name: String
        /// The translator as it was before the entry point's own translation, kept only when `first` and
        /// `own` differ (the only case that translates again): a copy kept for every entry point held
        /// every earlier one's notes and calls (2,000 entry points took 319 MB).
        var before: StepTranslator?
        /// Its first steps (every use of another's state translated) and its own steps and notes.
        var first: [ImportedStep]
        var own: [ImportedStep]
        var notes: [ImportNote]
        /// The locals its code declares.
        var locals: Set<String>
    }

    /// Every entry point's code translated for the whole app, each one's locals named after it
    /// (``Locals``): a `while !flag` loop whose flag another entry point sets, and a `cancel()` or
    /// `.value` of a `Task` another entry point keeps, are translated here (each entry point's own
    /// strategy notes them). `properties` are the names of the files' properties and globals.
    /// `resolved` are the own notes the whole app's translation does not give.
    static func translate(
        _ entries: [Translation], properties: Set<String>, cancellable: Set<String> = []
    ) -> (app: WholeApp?, resolved: [ImportNote]) {
        let scopes = entries.map { Locals(owner: $0.name, declared: $0.locals, properties: properties) }
        let all = zip(entries, scopes).flatMap { entry, locals in locals.rename(entry.first.map(\.step)) }
        let unset = StepTranslator.unsetFlags(all), unspawned = StepTranslator.unspawnedTasks(all)
        var programs: [Program] = []
        var resolved: [ImportNote] = []
        var translated: [(name: String, steps: [ImportedStep])] = []
        for (translation, locals) in zip(entries, scopes) {
            let entry = translation.entry
            var steps = translation.own
            if let before = translation.before {
                // The entry point's own strategy left out uses of another's state: translate it again with
                // only what no entry point provides left out.
                let first = translation.first.map(\.step)
                var translator = before
                translator.unsetFlags = StepTranslator.unsetFlags(first).filter { unset.contains(locals($0)) }
                translator.unspawnedTasks = StepTranslator.unspawnedTasks(first)
                    .filter { unspawned.contains(locals($0)) }
                let context = StepTranslator.Context(
                    file: entry.file, isolation: entry.isolation, isAsync: false, typeName: entry.typeName)
                steps = translator.translate(entry.body, context)
                let appNotes = Set(translator.notes[before.notes.count...].map(\.description))
                resolved += translation.notes.filter { !appNotes.contains($0.description) }
            }
            guard !steps.isEmpty else { continue }
            steps = locals.rename(steps)
            translated.append((translation.name, steps))
            if let index = programs.firstIndex(where: { $0.callback == entry.callback }) {
                programs[index].entryPoints.append(entry)
                programs[index].steps += steps
            } else {
                programs.append(Program(callback: entry.callback, entryPoints: [entry], steps: steps))
            }
        }
        guard programs.flatMap(\.entryPoints).count >= 2 else { return (nil, []) }
        let cancelled = cancelledTasks(translated, cancellable: cancellable)
        return (WholeApp(programs: programs, cancelledTasks: cancelled), resolved)
    }

    /// `notes`, each one of `resolved` (a use of another entry point's state, which the whole app's
    /// translation gives) saying it is translated in `your app`.
    static func annotate(_ notes: [ImportNote], resolved: [ImportNote]) -> [ImportNote] {
        let resolved = Set(resolved.map(\.description))
        return notes.map { note in
            guard resolved.contains(note.description) else { return note }
            var annotated = note
            annotated.message += "; translated in the strategy \"\(name)\", where every entry point's code runs in one life"
            return annotated
        }
    }

    /// Whether the entry point at `entry`'s place has code in the whole app.
    func runs(_ entry: EntryPoint) -> Bool {
        programs.contains { $0.entryPoints.contains { $0.file.path == entry.file.path && $0.location == entry.location } }
    }

    /// The callbacks of the hook, in order.
    package var callbacks: [String] { programs.map(\.callback) }

    /// The strategy's `code`: each entry point's place and name, in its callback.
    var code: String {
        let parts = programs.flatMap { program in
            program.entryPoints.map { "\($0.file.path):\($0.location.line) \($0.name)" }
        }
        var code = "every entry point, in its callback: " + parts.joined(separator: "; ")
        if code.count > 300 { code = String(code.prefix(299)) + "…" }
        return code
    }

    /// The hook member of the scenario file.
    var hookJSON: OrderedJSON {
        .object([
            ("note", .string("every entry point's callback: with the strategy \"\(Self.name)\", your whole app in one cell")),
            ("callbacks", .array(callbacks.map { .string($0) })),
        ])
    }

    /// The strategy member of the scenario file.
    var strategyJSON: OrderedJSON {
        .object([
            ("code", .string(code)),
            ("onCallbacks", .object(programs.map { ($0.callback, .array($0.steps.map(\.json))) })),
        ])
    }

    /// The summary's line.
    var summary: String {
        "  \(Self.name) → hook \"\(Self.name)\" (callbacks \(callbacks.joined(separator: ", "))), strategy \"\(Self.name)\" "
            + "(each callback runs its entry points' code, sharing the properties they keep, each one's locals its own): "
            + "the cell (\(Self.name), \(Self.name)) is your whole app"
    }
}
