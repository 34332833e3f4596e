/// Dispatch queues and groups: `DispatchQueue.main`, `.global(qos:)` and the app's own queues
/// (`DispatchQueue(label:qos:attributes:)`) with `async`, `sync`, `asyncAfter` and `async(group:)`;
/// `DispatchGroup` `enter`, `leave`, `wait` and `notify`.
extension StepRecogniser {
    /// The queue an expression names: `DispatchQueue.main` / `.main`, `DispatchQueue.global(qos:)`, or
    /// a variable bound to a `DispatchQueue(label:…)` in the given files (recorded as used).
    static func dispatchTarget(
        _ queue: SwiftExpr, _ translator: inout StepTranslator, _ context: StepTranslator.Context? = nil
    ) -> DispatchTarget? {
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
            return .global(globalQoS(arguments, context, &translator))
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
        guard let target = dispatchTarget(queue, &translator, context) else {
            if variable(queue) == nil && !isDispatchQueueExpression(queue) { return nil }
            translator.note(.untranslated, expr.location, context, "\(StepTranslator.callName(callee)): a queue the importer "
                + "cannot find (declare it with DispatchQueue(label:qos:attributes:) in the given files, or write it by hand)")
            return []
        }
        let inner = context.block(on: method == "sync" ? nil : target)
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

    /// The QoS of `DispatchQueue.global(qos:)`, or of the deprecated `global(priority:)`, whose priorities map to
    /// QoS classes as libdispatch's `dispatch/queue.h` says of `dispatch_get_global_queue` ("The global concurrent
    /// queues may still be identified by their priority, which map to the following QOS classes"): high →
    /// userInitiated, default → default, low → utility, background → background. One the importer cannot read
    /// (`global(qos: qos)`) is the default, named, as a task's priority is.
    static func globalQoS(
        _ arguments: [SwiftArgument], _ context: StepTranslator.Context?, _ translator: inout StepTranslator
    ) -> QoSClass {
        let priorities: [String: QoSClass] = ["high": .userInitiated, "default": .default, "low": .utility, "background": .background]
        var read: QoSClass?
        let given = argument("qos", arguments) ?? argument("priority", arguments)
        if let qosGiven = argument("qos", arguments) {
            read = qos(qosGiven)
        } else if let priority = argument("priority", arguments), case .implicitMember(let name) = priority.kind {
            read = priorities[name]
        } else if let priority = argument("priority", arguments), case .member(_, let name) = priority.kind {
            read = priorities[name]
        }
        if let given, read == nil, let context {
            translator.note(.assumption, given.location, context, "a QoS the importer cannot read: the default is used; "
                + "set the step's qos by hand")
        }
        return read ?? DispatchTarget.defaultGlobalQoS
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
            let given = argument("timeout", arguments) ?? argument("wallTimeout", arguments) ?? arguments.first?.value
            let timeout = waitTimeout(given, expr, context, &translator)
            return [ImportedStep(.groupWait(group, timeout: timeout), source)]
        case "notify":
            guard let queue = argument("queue", arguments), let target = dispatchTarget(queue, &translator, context),
                let closure = closure(arguments, trailing, label: trailing.isEmpty ? "execute" : nil) ?? closure(arguments, trailing)
            else {
                translator.note(.untranslated, expr.location, context, "group.notify on a queue the importer cannot find: "
                    + "write the groupNotify by hand")
                return []
            }
            let body = translator.translate(closure.body, context.block(on: target))
            return [ImportedStep(source, children: [body]) { .groupNotify(group, queue: target, body: $0[0]) }]
        default:
            return nil
        }
    }
}

extension StepTranslator.Context {
    /// The context of a block run on `target` later (a dispatched block, a completion handler, a Core Data
    /// context's block, a group's notify): synchronous code, bound to no name and in no task group, on the
    /// main actor on the main queue and on none elsewhere. With `target` nil (a block its caller waits for:
    /// `sync`, `performAndWait`), the caller's isolation is kept.
    func block(on target: DispatchTarget?) -> Self {
        var inner = self
        inner.isAsync = false
        inner.assignedName = nil
        inner.taskGroup = nil
        if let target { inner.isolation = target == .main ? .mainActor : .none }
        return inner
    }
}
