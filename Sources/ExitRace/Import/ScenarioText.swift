/// The scenario file an import writes: it extends `builtin:live-activity` (timing, lifecycle, the
/// `Activity.end` call and the kill procedures), runs as a production app (not under the debugger
/// the built-in one was measured with), removes the built-in hooks and strategies, and adds one
/// hook and one strategy ("your code") per entry point, each step noting its Swift, and with two entry
/// points or more, a hook and a strategy `your app` (``WholeApp``): the whole app in one cell.
struct ScenarioText {
    let text: String

    init(name: String, sources: [String], hooks: [SwiftImport.Hook], newCalls: [ImportedCall],
         queues: [(name: String, queue: ImportedQueue)] = [], actors: [(name: String, global: Bool)] = [], scenes: Bool = true,
         app: WholeApp? = nil, kills: ImportedKills = .reference, builtin: Scenario) {
        var members: [(String, OrderedJSON)] = [
            ("note", .string("\(SwiftImport.writtenByMarker) from \(sources.joined(separator: ", ")); see docs/import.md. "
                + "\(ImportDigest.sentence).")),
            ("extend", .string("builtin:\(DefaultScenario.name)")),
            ("name", .string(name)),
            // Read after the name, as every heading is (`my-app: your code in AppDelegate.applicationWillTerminate`):
            // lower case, as written, and without a second colon.
            ("title", .string("your code in \(hooks.map(\.name).joined(separator: ", "))")),
        ]
        var lifecycle: [(String, OrderedJSON)] = [
            ("note", .string(Self.productionNote)), ("debuggerAttached", .bool(false)),
        ]
        if !scenes { lifecycle.append(("scenes", .bool(false))) }
        members.append(("lifecycle", .object(lifecycle)))
        if !newCalls.isEmpty {
            members.append(("systemCalls", .object(newCalls.map { call in
                (call.name, .object(
                    [("note", .string(call.note)), ("costMs", .milliseconds(SystemCall.importPlaceholderCost.nanoseconds)),
                        ("placeholder", .bool(true))] + call.serviceMembers))
            })))
        }
        if !queues.isEmpty {
            members.append(("queues", .object(queues.map { entry in
                var queue: [(String, OrderedJSON)] = [("qos", .string(entry.queue.qos.name))]
                if entry.queue.concurrent { queue.append(("attributes", .string("concurrent"))) }
                return (entry.name, .object(queue))
            })))
        }
        if !actors.isEmpty {
            members.append(("actors", .object(actors.map { ($0.name, .object($0.global ? [("global", .bool(true))] : [])) })))
        }
        var hookMembers: [(String, OrderedJSON)] = builtin.hooks.filter { hook in !hooks.contains { $0.name == hook.name } }
            .map { ($0.name, .null) }
        hookMembers += hooks.map { hook in
            (hook.name, .object([
                ("note", .string("\(hook.entryPoint.file.path):\(hook.entryPoint.location.line)")),
                ("callbacks", .array([.string(hook.entryPoint.callback)])),
            ]))
        }
        if let app { hookMembers.append((WholeApp.name, app.hookJSON)) }
        members.append(("hooks", .object(hookMembers)))
        var strategyMembers: [(String, OrderedJSON)] = builtin.strategies.filter { strategy in
            !hooks.contains { $0.strategy == strategy.name }
        }.map { ($0.name, .null) }
        strategyMembers += hooks.map { hook in
            (hook.strategy, .object([
                ("code", .string(Self.code(hook))),
                ("program", .array(hook.steps.map(\.json))),
            ]))
        }
        if let app { strategyMembers.append((WholeApp.name, app.strategyJSON)) }
        members.append(("strategies", .object(strategyMembers)))
        let extra = Self.extraProcedure(hooks, builtin: builtin, scenes: scenes) + kills.procedures
        if !extra.isEmpty { members.append(("procedures", .object(extra))) }
        text = ImportDigest.sealed(OrderedJSON.object(members).text(indent: 0) + "\n")
    }

    /// Why an imported scenario sets `debuggerAttached: false` over the built-in one's `true` (its
    /// reference experiment ran under Xcode's debugger, which keeps a backgrounded app running).
    static let productionNote = "modelled as a production app, launched from the home screen and not attached to a "
        + "debugger, so it is suspended lifecycle.suspendAfterMs after entering the background unless it holds a "
        + "background task (the built-in scenario it extends was measured under Xcode's debugger, which prevents "
        + "suspension): --set lifecycle.debuggerAttached=true to compare with a run from Xcode"

    /// The strategy's `code`: where it is and its top-level statements, one line each.
    static func code(_ hook: SwiftImport.Hook) -> String {
        let entry = hook.entryPoint
        let lines = hook.steps.map { step in
            let code = step.source.code
            return step.isSynchronousCall || step.children.isEmpty || !opensBrace(code) ? code : code + " … }"
        }
        var code = "\(entry.file.path):\(entry.location.line) \(hook.name): " + lines.joined(separator: "; ")
        if code.count > 300 { code = String(code.prefix(299)) + "…" }
        return code
    }

    /// Whether a line opens more braces than it closes (`Task {`), so that its body goes on below;
    /// `Task.detached { await Store.save() }` is whole on its line and gets no ` … }`.
    static func opensBrace(_ line: String) -> Bool {
        line.reduce(0) { depth, character in character == "{" ? depth + 1 : character == "}" ? depth - 1 : depth } > 0
    }

    /// The procedure an import adds, home screen then swiped away from the app switcher, when it
    /// delivers a callback of `hooks` that the built-in procedures do not (as their lifecycle actions
    /// expand, from any state); none when they deliver all it would.
    static func extraProcedure(_ hooks: [SwiftImport.Hook], builtin: Scenario, scenes: Bool) -> [(String, OrderedJSON)] {
        let delivered = Set(ScenarioDecoder.deliveredCallbacks(builtin.procedures, scenes: scenes))
        let added = Set(ScenarioDecoder.deliveredCallbacks(
            steps: [.action(.pressHome), .action(.openSwitcher), .action(.swipeAway)], scenes: scenes))
        guard hooks.contains(where: { !delivered.contains($0.entryPoint.callback) && added.contains($0.entryPoint.callback) })
        else { return [] }
        func action(_ name: String) -> OrderedJSON { .object([("op", .string("action")), ("action", .string(name))]) }
        let wait = OrderedJSON.object([
            ("op", .string("delay")), ("ms", .number("1000")),
            ("note", .string("an assumption: how long the app is in the background before it is swiped away; "
                + "vary it with --vary 'procedures[\"home then swipe\"].steps[1].ms=0...10000'")),
        ])
        let steps = [action("pressHome"), wait, action("openSwitcher"), action("swipeAway")]
        return [("home then swipe", .object([
            ("label", .string("home screen, then swiped away 1 s later (added by import: it delivers callbacks of your "
                + "code that the built-in procedures do not)")),
            ("steps", .array(steps)),
        ]))]
    }
}
