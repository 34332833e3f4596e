/// `Task.isCancelled` in `if` and `guard`, `await task.value`, `guard … else { return }`, and calls of
/// closures bound to local names.
extension StepTranslator {
    /// Whether an expression is `Task.isCancelled`.
    static func isTaskCancelled(_ expr: SwiftExpr) -> Bool {
        chain(expr) == ["Task", "isCancelled"]
    }

    /// `if Task.isCancelled { then }`: an `ifCancelled` step in a task body; outside a task it is false
    /// (noted). `nil` for any other condition.
    mutating func translateCancelledIf(
        _ conditions: [SwiftExpr], _ then: [SwiftStatement], _ otherwise: [SwiftStatement]?, _ here: SwiftLocation,
        _ context: Context
    ) -> [ImportedStep]? {
        guard conditions.count == 1, Self.isTaskCancelled(conditions[0]) else { return nil }
        guard context.isAsync else {
            note(.assumption, here, context, "if Task.isCancelled outside a task body: false there, so its body is left out")
            return otherwise.map { translate($0, context) } ?? []
        }
        if otherwise != nil {
            note(.untranslated, here, context, "the else branch of if Task.isCancelled: the scenario language has no "
                + "'if not cancelled'; write it by hand")
        }
        return [ImportedStep(reference(here, context), children: [translate(then, context)]) { .ifCancelled(body: $0[0]) }]
    }

    /// `guard conditions else { otherwise }`. `guard !Task.isCancelled else { return }` directly in a
    /// task's body is `checkCancellation` (the else branch's other statements in an `ifCancelled` before
    /// it); elsewhere in a task, the else branch is an `ifCancelled` and the rest is translated as if
    /// the task was not cancelled (noted). Any other condition is taken as true, its else branch (which
    /// leaves the scope) not translated: noted with its place.
    mutating func translateGuard(
        _ conditions: [SwiftExpr], _ otherwise: [SwiftStatement], _ here: SwiftLocation, _ context: Context
    ) -> [ImportedStep] {
        if conditions.count == 1, case .prefix("!", let operand) = conditions[0].kind, Self.isTaskCancelled(operand),
            context.isAsync
        {
            let source = reference(here, context)
            let leaving = otherwise.filter { if case .jump = $0.kind { false } else { true } }
            let handler = translate(leaving, context)
            var steps = handler.isEmpty ? [] : [ImportedStep(source, children: [handler]) { .ifCancelled(body: $0[0]) }]
            if context.atTaskBodyTop, !context.inIsolatedCall, otherwise.last.map(Self.endsBody) == true {
                steps.append(ImportedStep(.checkCancellation, source))
            } else {
                note(.assumption, here, context, "guard !Task.isCancelled: not directly in a task's body, so its else branch "
                    + "leaves only this function; the code after it is translated as if the task was not cancelled")
            }
            return steps
        }
        let what = otherwise.isEmpty ? "" : ", so its else branch (which leaves the scope) is not translated"
        note(.assumption, here, context, "guard: the condition is taken as true\(what); the scenario language has no "
            + "condition on the app's state: write the other path as a variant by hand if it matters")
        return conditions.flatMap { translate($0, context) }
    }

    /// `return` or `throw` (the last statement of a guard's else branch).
    static func endsBody(_ statement: SwiftStatement) -> Bool {
        if case .jump(let word, _) = statement.kind { return word == "return" || word == "throw" }
        return false
    }

    /// `await upload.value` on a handle a `Task { }` is kept under: `awaitTask`. `nil` for anything else.
    mutating func translateTaskValue(_ core: SwiftExpr, _ location: SwiftLocation, _ context: Context) -> [ImportedStep]? {
        guard case .member(let base, "value") = core.kind, let name = StepRecogniser.variable(base),
            codebase.taskHandles.contains(name)
        else { return nil }
        guard context.isAsync, !unspawnedTasks.contains(name) else {
            note(.untranslated, location, context, context.isAsync
                ? "await \(name).value: no Task of this entry point's code is kept as \(name): write it by hand"
                : "await \(name).value outside a task body: put it in a task by hand")
            return []
        }
        return [ImportedStep(.awaitTask(name), reference(location, context))]
    }

    /// `finish()` where `let finish = { … }` earlier in the body: its body, run here.
    mutating func translateLocalClosure(
        _ name: String, _ bound: BoundClosure, _ location: SwiftLocation, _ context: Context
    ) -> [ImportedStep] {
        let key = "{ \(name) }"
        guard !context.callStack.contains(key), context.callStack.count < Self.maxCallDepth else {
            note(.untranslated, location, context, "\(name)(…): a closure calling itself, or nested too deep: followed once")
            return []
        }
        guard mayFollow(name, location, context, awaited: false) else { return [] }
        var inner = context
        inner.callStack.append(key)
        inner.assignedName = nil
        inner.atTaskBodyTop = false
        inner.file = bound.file
        inner.typeName = bound.typeName
        return translate(bound.closure.body, inner)
    }

    /// The closures a call into a function of the files passes, by the name of the parameter they bind
    /// in its body (`waitToComplete { done in … }` with `func waitToComplete(completion:)` → `completion`;
    /// `save(completion: { … })` with `func save(completion handler:)` → `handler`; `run { … }` with
    /// `func run(_ work:)` → `work`), so that calling the parameter runs the closure; a local closure
    /// passed by name (`let done = { … }`, `save(completion: done)`) is bound as if written there.
    /// Arguments are matched to parameters in order by label, as Swift does (a defaulted parameter may be
    /// skipped); trailing closures bind the last parameters. One that binds no named parameter is noted.
    mutating func closureParameters(
        _ arguments: [SwiftArgument], _ trailing: [SwiftClosure], _ function: SwiftFunction, _ name: String, _ context: Context
    ) -> [String: BoundClosure] {
        let labels = function.parameterLabels
        let names = function.parameterNames.count == labels.count ? function.parameterNames : labels
        let here = { (closure: SwiftClosure) in BoundClosure(closure: closure, file: context.file, typeName: context.typeName) }
        var passed: [(parameter: Int?, closure: BoundClosure)] = []
        var next = 0
        for argument in arguments {
            let parameter = labels.indices.dropFirst(next).first { labels[$0] == (argument.label ?? "_") }
            if let parameter { next = parameter + 1 }
            switch argument.value.kind {
            case .closure(let closure): passed.append((parameter, here(closure)))
            case .name(let local):  // `let done = { … }`
                if let bound = context.localClosures[local] { passed.append((parameter, bound)) }
            default: break
            }
        }
        for (offset, closure) in trailing.enumerated() {
            let index = labels.count - trailing.count + offset
            passed.append((index >= next && index < labels.count ? index : nil, here(closure)))
        }
        var bound: [String: BoundClosure] = [:]
        for (parameter, closure) in passed {
            if let parameter, names[parameter] != "_" {
                bound[names[parameter]] = closure
            } else {
                note(.untranslated, closure.closure.location, context, "a closure passed to \(name)(…), a function of the files, "
                    + "binds no parameter the importer can find by its label: where it is called is not followed; write it "
                    + "by hand if it matters")
            }
        }
        return bound
    }

    /// Task handles that a `cancel` or `awaitTask` of `steps` names and no task step of `steps` spawns.
    static func unspawnedTasks(_ steps: [ProgramStep]) -> Set<String> {
        var used: Set<String> = [], spawned: Set<String> = []
        for step in Strategy.preorder(steps) {
            switch step {
            case .cancelTask(let name), .awaitTask(let name): used.insert(name)
            case .spawnTask(let spawn, _): if let name = spawn.name { spawned.insert(name) }
            default: break
            }
        }
        return used.subtracting(spawned)
    }
}
