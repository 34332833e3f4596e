/// The row and column an import adds for the whole app: one hook, `your app`, whose callbacks are
/// every entry point's, and one strategy, `your app`, that runs in each callback the code of the entry
/// points found for it (`onCallbacks`), its programs sharing the app's state across callbacks: a `Task`
/// kept in one entry point and cancelled in another, a background task begun in one and ended in
/// another. Added when two entry points or more have code; with one, its own cell is the whole app.
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

    /// Every entry point's code translated for the whole app: a `while !flag` loop whose flag another
    /// entry point sets, and a `cancel()` or `.value` of a `Task` another entry point keeps, are
    /// translated here (each entry point's own strategy notes them). `entries` holds, per entry point,
    /// the translator as it was before its own translation, its first steps, and its own steps and
    /// notes. `resolved` are the own notes the whole app's translation does not give; `notes` its own
    /// assumptions (a semaphore two entry points name, taken as one).
    static func translate(
        _ entries: [(entry: EntryPoint, before: StepTranslator, first: [ImportedStep], own: [ImportedStep], notes: [ImportNote])]
    ) -> (app: WholeApp?, resolved: [ImportNote], notes: [ImportNote]) {
        let all = entries.flatMap(\.first).map(\.step)
        let unset = StepTranslator.unsetFlags(all), unspawned = StepTranslator.unspawnedTasks(all)
        var programs: [Program] = []
        var resolved: [ImportNote] = []
        var semaphoreUsers: [(name: String, entry: EntryPoint)] = []
        for (entry, before, first, own, ownNotes) in entries {
            var steps = own
            if first != own {
                // The entry point's own strategy left out uses of another's state: translate it again with
                // only what no entry point provides left out.
                var translator = before
                translator.unsetFlags = unset
                translator.unspawnedTasks = unspawned
                let context = StepTranslator.Context(
                    file: entry.file, isolation: entry.isolation, isAsync: false, typeName: entry.typeName)
                steps = translator.translate(entry.body, context)
                let appNotes = Set(translator.notes[before.notes.count...].map(\.description))
                resolved += ownNotes.filter { !appNotes.contains($0.description) }
            }
            guard !steps.isEmpty else { continue }
            for name in semaphoreNames(steps.map(\.step)) { semaphoreUsers.append((name, entry)) }
            if let index = programs.firstIndex(where: { $0.callback == entry.callback }) {
                programs[index].entryPoints.append(entry)
                programs[index].steps += steps
            } else {
                programs.append(Program(callback: entry.callback, entryPoints: [entry], steps: steps))
            }
        }
        guard programs.flatMap(\.entryPoints).count >= 2 else { return (nil, [], []) }
        return (WholeApp(programs: programs), resolved, sharedSemaphoreNotes(semaphoreUsers))
    }

    /// The semaphores and dispatch groups the steps name, in the order first met.
    private static func semaphoreNames(_ steps: [ProgramStep]) -> [String] {
        var names: [String] = []
        for step in Strategy.preorder(steps) {
            switch step {
            case .wait(let name, _), .signal(let name), .groupEnter(let name), .groupLeave(let name),
                .groupWait(let name, _), .groupNotify(let name, _, _):
                if !names.contains(name) { names.append(name) }
            default: break
            }
        }
        return names
    }

    /// A note at each entry point whose semaphore or group has the name of one an earlier entry point
    /// uses: `your app` shares them by name, as a delegate's property, where two locals are two.
    private static func sharedSemaphoreNotes(_ users: [(name: String, entry: EntryPoint)]) -> [ImportNote] {
        var notes: [ImportNote] = []
        for (index, user) in users.enumerated() {
            guard let first = users[..<index].first(where: { $0.name == user.name }) else { continue }
            notes.append(ImportNote(
                kind: .assumption, file: user.entry.file.path, line: user.entry.location.line,
                column: user.entry.location.column,
                message: "\(user.entry.name): its semaphore or group \(user.name) is taken as the one of \(first.entry.name) "
                    + "in the strategy \"\(name)\" (shared by name, as a property is); if each is a local of its own, "
                    + "rename one there"))
        }
        return notes
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
            + "(each callback runs its entry points' code, sharing the app's tasks, background tasks and semaphores): "
            + "the cell (\(Self.name), \(Self.name)) is your whole app"
    }
}
