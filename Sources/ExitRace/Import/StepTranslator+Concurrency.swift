/// `async let` and its `await`, and the poll of a `while !flag` loop.
extension StepTranslator {
    /// `async let name = value`: a child task running `value` (as if awaited), known by `name` for a
    /// later `await name`.
    mutating func translateAsyncLet(_ name: String, _ value: SwiftExpr?, _ here: SwiftLocation, _ context: inout Context)
        -> [ImportedStep]
    {
        guard let value else { return [] }
        guard context.isAsync else {
            note(.untranslated, here, context, "async let outside a task body: put it in a task by hand")
            return []
        }
        var inner = context
        inner.isolation = .none
        inner.assignedName = nil
        inner.taskGroup = nil
        inner.asyncLets = []
        var awaited = value
        if case .prefix(let word, _) = value.kind, word == "await" || word.hasPrefix("try") {
        } else {
            awaited = SwiftExpr(kind: .prefix("await", value), location: value.location)  // `async let x = f()` awaits f
        }
        let body = translate(awaited, inner)
        context.asyncLets.insert(name)
        return [ImportedStep(reference(here, context), children: [body]) { .asyncLet(name: name, body: $0[0]) }]
    }

    /// `await name` or `await (a, b)` of `async let` names: the names; `nil` for anything else.
    func awaitedLets(_ core: SwiftExpr, _ context: Context) -> [String]? {
        switch core.kind {
        case .name(let name) where context.asyncLets.contains(name):
            return [name]
        case .tuple(let elements) where !elements.isEmpty:
            var names: [String] = []
            for element in elements {
                guard case .name(let name) = element.value.kind, context.asyncLets.contains(name) else { return nil }
                names.append(name)
            }
            return names
        default:
            return nil
        }
    }

    /// The sleep of a polling loop's body (`Thread.sleep(forTimeInterval:)`, `usleep`), or `nil`.
    mutating func pollInterval(_ body: [SwiftStatement], _ context: Context) -> VirtualDuration? {
        guard body.count == 1, case .expression(let expr) = body[0].kind else { return nil }
        var probe = self
        guard let steps = StepRecogniser.threadSleep.translate(expr, context, &probe), steps.count == 1,
            case .sleep(let duration) = steps[0].step
        else { return nil }
        return duration
    }
}

extension StepTranslator {
    /// Flags a `waitUntil` of `steps` polls that no `set` of `steps` sets.
    static func unsetFlags(_ steps: [ProgramStep]) -> Set<String> {
        let all = Strategy.preorder(steps)
        var polled: Set<String> = [], set: Set<String> = []
        for step in all {
            if case .waitUntil(let flag, _) = step { polled.insert(flag) }
            if case .setFlag(let flag) = step { set.insert(flag) }
        }
        return polled.subtracting(set)
    }
}

extension StepTranslator {
    /// The launch an `if` tests, read from its line: `launchOptions?[.remoteNotification] != nil` or
    /// `if let … = launchOptions?[.remoteNotification]` is a silent push; `launchOptions == nil` a
    /// user launch. `nil` for any other condition.
    func launchOptionsCondition(_ here: SwiftLocation, _ context: Context) -> LaunchOptions? {
        let line = reference(here, context).code.replacingOccurrences(of: " ", with: "")
        guard line.hasPrefix("if"), line.contains("launchOptions") else { return nil }
        if line.contains("launchOptions==nil") { return LaunchOptions.none }
        if line.contains("[.remoteNotification]") || line.contains("[UIApplication.LaunchOptionsKey.remoteNotification]") {
            return line.contains("]==nil") ? LaunchOptions.none : .remoteNotification
        }
        return nil
    }

    /// `if <launch options> { then } else { otherwise }`: an `if` step per branch, the `else` taken as
    /// the other launch the scenario language knows (noted).
    mutating func translateLaunchOptionsIf(
        _ options: LaunchOptions, _ then: [SwiftStatement], _ otherwise: [SwiftStatement]?, _ here: SwiftLocation,
        _ context: Context
    ) -> [ImportedStep] {
        let source = reference(here, context)
        var steps = [ImportedStep(source, children: [translate(then, context)]) { .ifLaunchOptions(options, body: $0[0]) }]
        if let otherwise {
            let other: LaunchOptions = options == .none ? .remoteNotification : .none
            note(.assumption, here, context, "if on the launch options: the else branch is taken as the "
                + (other == .none ? "user's launch (launchOptions == nil)" : "silent push's launch"))
            steps.append(ImportedStep(source, children: [translate(otherwise, context)]) { .ifLaunchOptions(other, body: $0[0]) })
        }
        return steps
    }
}

extension StepTranslator {
    /// `for await result in group { body }` (or `for try await`) directly in a task group's body: the group's
    /// children taken as they finish until none is left, the language's `next` with `all` (in a throwing
    /// group, a child's error is rethrown and ends the body, as Swift's loop rethrows it). The body, run once
    /// per child in Swift, is translated once, after the last child (its last iteration): named when it has
    /// steps (docs/scenario-format.md, "Errors in task groups").
    mutating func translateGroupLoop(_ body: [SwiftStatement], _ here: SwiftLocation, _ context: Context) -> [ImportedStep] {
        let steps = translate(body, context)
        if !steps.isEmpty {
            note(.assumption, here, context, "for await … in a task group: its children are awaited as they finish (next, "
                + "all); its body, which runs once per child as each finishes, is translated once, after the last of them: "
                + "write the iterations by hand if it matters")
        }
        return [ImportedStep(.groupNext(all: true), reference(here, context))] + steps
    }
}
