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
        /// Whether the group whose body this is directly is a throwing one (`"throwing": true`).
        var groupThrows = false
        /// Whether the body is (in) the body of a child task of a non-throwing group, in that
        /// child's own context, where nothing may throw (see ``nonThrowingChild``).
        var inNonThrowingChild = false

        /// What ``enter(group:newContext:)`` saves for ``leave(_:)``.
        struct Saved {
            fileprivate let inGroup: Bool, letNames: [String], inIsolatedCall: Bool, groupThrows: Bool, inNonThrowingChild: Bool
        }

        /// Enters a body; a body that is a context of its own starts with no group, no names, no
        /// isolated call and may throw.
        func enter(group: Bool, newContext: Bool) -> Saved {
            let saved = Saved(
                inGroup: inGroup, letNames: letNames, inIsolatedCall: inIsolatedCall, groupThrows: groupThrows,
                inNonThrowingChild: inNonThrowingChild)
            inGroup = group
            if newContext {
                letNames = []
                inIsolatedCall = false
                inNonThrowingChild = false
            }
            return saved
        }

        func leave(_ saved: Saved) {
            (inGroup, letNames, inIsolatedCall) = (saved.inGroup, saved.letNames, saved.inIsolatedCall)
            (groupThrows, inNonThrowingChild) = (saved.groupThrows, saved.inNonThrowingChild)
        }
    }

    static func decodeTaskGroup(_ step: StepInput) -> ProgramStep? {
        let reader = step.reader
        let throwing = reader.bool("throwing") ?? false
        step.requireAsync("\"taskGroup\" (withTaskGroup is awaited)")
        guard let nodes = reader.array("body", required: true) else { return nil }
        let saved = step.context.structure.enter(group: true, newContext: false)
        step.context.structure.groupThrows = throwing
        let body = decodeProgram(nodes, path: reader.childPath("body"), async: step.async, step.context)
        step.context.structure.leave(saved)
        return .taskGroup(throwing: throwing, body: body)
    }

    static func decodeAddTask(_ step: StepInput) -> ProgramStep? {
        let scope = step.context.structure
        if !scope.inGroup {
            step.context.log.error(
                step.path, step.node.position,
                "expected \"addTask\" directly in the body of a \"taskGroup\" step (group.addTask needs its group), found it elsewhere")
        }
        let priority = step.reader.qos("priority")
        // The child of a non-throwing group runs a non-throwing operation: nothing in it may throw.
        let nonThrowing = scope.inGroup && !scope.groupThrows
        guard let nodes = step.reader.array("body", required: true) else { return nil }
        let saved = scope.enter(group: false, newContext: true)
        scope.inNonThrowingChild = nonThrowing
        let body = decodeProgram(nodes, path: step.reader.childPath("body"), async: true, step.context)
        scope.leave(saved)
        // The body is read even under a wrong priority, so that every problem is reported at once.
        guard step.reader["priority"] == nil || priority != nil else { return nil }
        return .addTask(priority: priority, body: body)
    }

    /// Reports `what` (a step that throws: `throw`, `checkCancellation`, a plain `taskSleep`) when
    /// it stands in a child task of a non-throwing group. `withTaskGroup`'s `addTask` takes a
    /// non-throwing operation (Apple Developer Documentation, `TaskGroup.addTask(priority:operation:)`,
    /// read 2026-11-25: "mutating func addTask(priority: TaskPriority? = nil, operation: sending
    /// @escaping @isolated(any) () async -> ChildTaskResult)"), so Swift does not compile it there.
    static func refuseThrowInNonThrowingChild(_ step: StepInput, _ what: String, at path: String? = nil, fix: String) {
        guard step.context.structure.inNonThrowingChild else { return }
        step.context.log.error(
            path ?? step.path, step.node.position,
            "expected no step that throws in a child task of a non-throwing task group (withTaskGroup's addTask takes a "
                + "non-throwing operation: () async -> ChildTaskResult), found \(what); \(fix), or make the group throwing "
                + "(\"throwing\": true: withThrowingTaskGroup)")
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
