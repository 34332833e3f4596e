/// The scenario file an import writes: it extends `builtin:live-activity` (timing, lifecycle, the
/// `Activity.end` call and the kill procedures), removes the built-in hooks and strategies, and
/// adds one hook and one strategy ("your code") per entry point, each step noting its Swift.
struct ScenarioText {
    let text: String

    init(name: String, sources: [String], hooks: [SwiftImport.Hook], newCalls: [(name: String, source: SwiftReference)],
         builtin: Scenario) {
        var members: [(String, ImportJSON)] = [
            ("note", .string("Written by exitrace import from \(sources.joined(separator: ", ")); see docs/import.md.")),
            ("extend", .string("builtin:\(DefaultScenario.name)")),
            ("name", .string(name)),
            ("title", .string("Your code: \(hooks.map(\.name).joined(separator: ", "))")),
        ]
        if !newCalls.isEmpty {
            members.append(("systemCalls", .object(newCalls.map { call in
                (call.name, .object([
                    ("note", .string("await at \(call.source.place): \(call.source.code) — its cost is yours to set")),
                    ("costMs", .number("1")),
                ]))
            })))
        }
        var hookMembers: [(String, ImportJSON)] = builtin.hooks.filter { hook in !hooks.contains { $0.name == hook.name } }
            .map { ($0.name, .null) }
        hookMembers += hooks.map { hook in
            (hook.name, .object([
                ("note", .string("\(hook.entryPoint.file.path):\(hook.entryPoint.location.line)")),
                ("callbacks", .array([.string(hook.entryPoint.callback)])),
            ]))
        }
        members.append(("hooks", .object(hookMembers)))
        var strategyMembers: [(String, ImportJSON)] = builtin.strategies.filter { strategy in
            !hooks.contains { $0.strategy == strategy.name }
        }.map { ($0.name, .null) }
        strategyMembers += hooks.map { hook in
            (hook.strategy, .object([
                ("code", .string(Self.code(hook))),
                ("program", .array(hook.steps.map(\.json))),
            ]))
        }
        members.append(("strategies", .object(strategyMembers)))
        let extra = Self.extraProcedure(hooks)
        if !extra.isEmpty { members.append(("procedures", .object(extra))) }
        text = ImportJSON.object(members).text(indent: 0) + "\n"
    }

    /// The strategy's `code`: where it is and its top-level statements, one line each.
    static func code(_ hook: SwiftImport.Hook) -> String {
        let entry = hook.entryPoint
        let lines = hook.steps.map { $0.children.isEmpty ? $0.source.code : $0.source.code + " … }" }
        var code = "\(entry.file.path):\(entry.location.line) \(hook.name): " + lines.joined(separator: "; ")
        if code.count > 300 { code = String(code.prefix(299)) + "…" }
        return code
    }

    /// Entry points the built-in procedures never deliver (they only swipe the app away) get a
    /// procedure that does: home screen, then swiped away from the app switcher.
    static func extraProcedure(_ hooks: [SwiftImport.Hook]) -> [(String, ImportJSON)] {
        guard hooks.contains(where: { !SwiftImport.terminationCallbacks.contains($0.entryPoint.callback) }) else { return [] }
        let steps: [ImportJSON] = ["pressHome", "openSwitcher", "swipeAway"].map {
            .object([("op", .string("action")), ("action", .string($0))])
        }
        return [("home then swipe", .object([
            ("label", .string("home screen, then swiped away (added by import: your code has callbacks the built-in "
                + "procedures do not deliver)")),
            ("steps", .array(steps)),
        ]))]
    }
}
