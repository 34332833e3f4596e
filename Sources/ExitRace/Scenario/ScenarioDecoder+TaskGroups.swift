/// Decoding of structured concurrency: `taskGroup` with its `addTask` children, `asyncLet` and
/// `awaitLet`.
extension ScenarioDecoder {
    /// Where the decoder is, for structured concurrency: directly in a task group's body (where
    /// `addTask` may go) and the `async let` names declared so far in the current context's body.
    final class StructureScope {
        var inGroup = false
        var letNames: [String] = []
        /// Whether the body is (in) an `isolatedCall`'s, in the same context.
        var inIsolatedCall = false

        /// Enters a body; a body that is a context of its own starts with no group, no names and
        /// no isolated call.
        func enter(group: Bool, newContext: Bool) -> (Bool, [String], Bool) {
            let saved = (inGroup, letNames, inIsolatedCall)
            inGroup = group
            if newContext {
                letNames = []
                inIsolatedCall = false
            }
            return saved
        }

        func leave(_ saved: (Bool, [String], Bool)) {
            (inGroup, letNames, inIsolatedCall) = saved
        }
    }

    static func decodeTaskGroup(_ step: StepInput) -> ProgramStep? {
        let reader = step.reader
        let throwing = reader.bool("throwing") ?? false
        step.requireAsync("\"taskGroup\" (withTaskGroup is awaited)")
        guard let nodes = reader.array("body", required: true) else { return nil }
        let saved = step.context.structure.enter(group: true, newContext: false)
        let body = decodeProgram(nodes, path: reader.childPath("body"), async: step.async, step.context)
        step.context.structure.leave(saved)
        return .taskGroup(throwing: throwing, body: body)
    }

    static func decodeAddTask(_ step: StepInput) -> ProgramStep? {
        if !step.context.structure.inGroup {
            step.context.log.error(
                step.path, step.node.position,
                "expected \"addTask\" directly in the body of a \"taskGroup\" step (group.addTask needs its group), found it elsewhere")
        }
        let priority = step.reader.qos("priority")
        guard let body = step.body(async: true), step.reader["priority"] == nil || priority != nil else { return nil }
        return .addTask(priority: priority, body: body)
    }

    static func decodeAsyncLet(_ step: StepInput) -> ProgramStep? {
        step.requireAsync("\"asyncLet\" (async let)")
        let name = step.reader.string("name", required: true)
        if let name, step.context.structure.letNames.contains(name) {
            step.context.log.error(
                step.reader.childPath("name"), step.reader.position("name"),
                "expected a new async let name, found \"\(name)\" declared already in this body")
        }
        guard let body = step.body(async: true), let name else { return nil }
        step.context.structure.letNames.append(name)
        return .asyncLet(name: name, body: body)
    }

    static func decodeAwaitLet(_ step: StepInput) -> ProgramStep? {
        let names = step.context.structure.letNames
        let what = names.isEmpty ? "an async let declared earlier in this body (none is)" : "an async let declared earlier in this body"
        guard let name = step.reader.reference("name", to: names, what: what) else { return nil }
        step.requireAsync("\"awaitLet\" (an await)")
        return .awaitLet(name: name)
    }
}
