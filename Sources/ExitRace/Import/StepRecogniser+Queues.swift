/// Dispatch queues and groups: `DispatchQueue.main`, `.global(qos:)` and the app's own queues
/// (`DispatchQueue(label:qos:attributes:)`) with `async`, `sync`, `asyncAfter` and `async(group:)`;
/// `DispatchGroup` `enter`, `leave`, `wait` and `notify`.
extension StepRecogniser {
    /// The queue an expression names: `DispatchQueue.main` / `.main`, `DispatchQueue.global(qos:)`, or
    /// a variable bound to a `DispatchQueue(label:…)` in the given files (recorded as used).
    static func dispatchTarget(_ queue: SwiftExpr, _ translator: inout StepTranslator) -> DispatchTarget? {
        switch queue.kind {
        case .member(let base, "main") where isName(base, "DispatchQueue") || isName(base, "OperationQueue"):
            return .main
        case .implicitMember("main"):
            return .main
        case .call(let global, let arguments, _):
            var isGlobal = false
            if case .member(let base, "global") = global.kind, isName(base, "DispatchQueue") { isGlobal = true }
            if case .implicitMember("global") = global.kind { isGlobal = true }
            guard isGlobal else { return nil }
            return .global(argument("qos", arguments).flatMap(qos) ?? DispatchTarget.defaultGlobalQoS)
        default:
            guard let name = variable(queue), translator.codebase.queues[name] != nil, name != "main", name != "global"
            else { return nil }
            translator.useQueue(name)
            return .queue(name)
        }
    }

    /// `queue.async { }`, `queue.sync { }`, `queue.asyncAfter(deadline: .now() + s) { }`,
    /// `queue.async(group: g) { }` on the main, a global or an own queue.
    static let dispatch = StepRecogniser(name: "DispatchQueue async / sync / asyncAfter") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), case .member(let queue, let method) = callee.kind,
            ["async", "sync", "asyncAfter"].contains(method)
        else { return nil }
        guard let closure = closure(arguments, trailing, label: trailing.isEmpty ? "execute" : nil) ?? closure(arguments, trailing)
        else { return nil }  // `await Disk.sync()`: not a dispatch
        guard let target = dispatchTarget(queue, &translator) else {
            if variable(queue) == nil && !isDispatchQueueExpression(queue) { return nil }
            translator.note(.untranslated, expr.location, context, "\(StepTranslator.callName(callee)): a queue the importer "
                + "cannot find (declare it with DispatchQueue(label:qos:attributes:) in the given files, or write it by hand)")
            return []
        }
        var inner = context
        inner.isAsync = false
        inner.assignedName = nil
        inner.taskGroup = nil
        if method != "sync" { inner.isolation = target == .main ? .mainActor : .none }
        let source = translator.reference(expr.location, context)
        switch method {
        case "sync":
            let body = translator.translate(closure.body, inner)
            return [ImportedStep(source, children: [body]) { .dispatchSync(target, body: $0[0]) }]
        case "asyncAfter":
            let given = argument("deadline", arguments) ?? argument("wallDeadline", arguments)
            let delay = given.flatMap { dispatchTimeout($0, constants: translator.constants(context)) }
                .flatMap { duration(nanoseconds: $0) }
                ?? unreadPlaceholder(expr, context, &translator, what: "asyncAfter deadline", member: "afterMs")
            let body = translator.translate(closure.body, inner)
            return [ImportedStep(source, children: [body]) { .dispatchAfter(target, delay: delay, body: $0[0]) }]
        default:
            if let group = argument("group", arguments).flatMap(variable), translator.codebase.groupNames.contains(group) {
                // `async(group:)`: the group counts the block from now until it returns.
                let body = translator.translate(closure.body, inner) + [ImportedStep(.groupLeave(group), source)]
                return [ImportedStep(.groupEnter(group), source), ImportedStep(source, children: [body]) { .dispatchAsync(target, body: $0[0]) }]
            }
            let body = translator.translate(closure.body, inner)
            return [ImportedStep(source, children: [body]) { .dispatchAsync(target, body: $0[0]) }]
        }
    }

    /// `DispatchQueue(label:…)` written in place (a queue made for one block, not kept).
    static func isDispatchQueueExpression(_ expr: SwiftExpr) -> Bool {
        StepTranslator.chain(expr).first == "DispatchQueue"
    }

    static func isGroup(_ receiver: SwiftExpr, _ translator: StepTranslator) -> String? {
        guard let name = variable(receiver), translator.codebase.groupNames.contains(name) else { return nil }
        return name
    }

    /// `group.enter()`, `group.leave()`, `group.wait()`, `group.wait(timeout:)`, `group.notify(queue:) { }`.
    static let dispatchGroup = StepRecogniser(name: "DispatchGroup enter / leave / wait / notify") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), case .member(let receiver, let method) = callee.kind,
            let group = isGroup(receiver, translator)
        else { return nil }
        let source = translator.reference(expr.location, context)
        switch method {
        case "enter": return [ImportedStep(.groupEnter(group), source)]
        case "leave": return [ImportedStep(.groupLeave(group), source)]
        case "wait":
            let given = argument("timeout", arguments) ?? arguments.first?.value
            let timeout = waitTimeout(given, expr, context, &translator)
            return [ImportedStep(.groupWait(group, timeout: timeout), source)]
        case "notify":
            guard let queue = argument("queue", arguments), let target = dispatchTarget(queue, &translator),
                let closure = closure(arguments, trailing, label: trailing.isEmpty ? "execute" : nil) ?? closure(arguments, trailing)
            else {
                translator.note(.untranslated, expr.location, context, "group.notify on a queue the importer cannot find: "
                    + "write the groupNotify by hand")
                return []
            }
            var inner = context
            inner.isAsync = false
            inner.assignedName = nil
            inner.taskGroup = nil
            inner.isolation = target == .main ? .mainActor : .none
            let body = translator.translate(closure.body, inner)
            return [ImportedStep(source, children: [body]) { .groupNotify(group, queue: target, body: $0[0]) }]
        default:
            return nil
        }
    }
}
