/// Structured concurrency: `withTaskGroup` / `withThrowingTaskGroup` / `withDiscardingTaskGroup`
/// with `group.addTask { }`; and calls with a completion handler.
extension StepRecogniser {
    /// `await withTaskGroup(of: T.self) { group in … }`: a `taskGroup` whose body starts children.
    static let taskGroup = StepRecogniser(name: "withTaskGroup") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), case .name(let function) = callee.kind,
            ["withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup"]
                .contains(function),
            let closure = closure(arguments, trailing, label: trailing.isEmpty ? "body" : nil) ?? closure(arguments, trailing)
        else { return nil }
        guard context.isAsync else {
            translator.note(.untranslated, expr.location, context, "\(function) outside a task body: put it in a task by hand")
            return []
        }
        var inner = context
        inner.assignedName = nil
        inner.atTaskBodyTop = false
        inner.taskGroup = closure.parameters.first ?? "group"
        let body = translator.translate(closure.body, inner)
        let throwing = function.contains("Throwing")
        return [ImportedStep(translator.reference(expr.location, context), children: [body]) { .taskGroup(throwing: throwing, body: $0[0]) }]
    }

    /// `group.addTask(priority:) { … }` directly in a task group's body: a child task on the pool.
    /// `try await group.next()`: the language's `next` (a throwing group's child's error rethrown); `for await …
    /// in group` is `next` with `all` (StepTranslator+Concurrency.swift). `group.waitForAll()` is the group's end,
    /// which waits anyway.
    static let addTask = StepRecogniser(name: "group.addTask") { expr, context, translator in
        guard let group = context.taskGroup, let (callee, arguments, trailing, _) = call(expr),
            case .member(let receiver, let method) = callee.kind, variable(receiver) == group
        else { return nil }
        switch method {
        case "addTask", "addTaskUnlessCancelled":
            guard let closure = closure(arguments, trailing, label: trailing.isEmpty ? "operation" : nil) ?? closure(arguments, trailing)
            else { return nil }
            var inner = context
            inner.isAsync = true
            inner.assignedName = nil
            inner.taskGroup = nil
            inner.isolation = .none
            inner.atTaskBodyTop = true
            inner.inDoCatch = false
            inner.inIsolatedCall = false
            let priority = argument("priority", arguments).flatMap(qos)
            let body = translator.translate(closure.body, inner)
            return [ImportedStep(translator.reference(expr.location, context), children: [body]) { .addTask(priority: priority, body: $0[0]) }]
        case "next":
            return [ImportedStep(.groupNext(all: false), translator.reference(expr.location, context))]
        case "waitForAll", "cancelAll":
            return []
        default:
            return nil
        }
    }

    /// Argument labels that name a completion handler.
    static let completionLabels: Set<String> = [
        "completion", "completionHandler", "completionBlock", "reply", "withReply", "resultHandler", "withCompletionHandler",
    ]

    /// Methods whose trailing closure is their completion handler (`URLSession.dataTask(with:) { }`,
    /// `context.perform { }`, `center.getNotificationSettings { }`, …).
    static let completionMethods: Set<String> = [
        "dataTask", "downloadTask", "uploadTask", "perform", "save", "fetch", "load", "send", "upload", "download",
        "flush", "getNotificationSettings", "getPendingNotificationRequests", "getDeliveredNotifications", "requestAuthorization",
        "add", "submit", "synchronize", "write", "export", "saveToDisk",
    ]

    /// UIKit calls whose completion is about the interface, not work to measure: their closures are
    /// noted as not translated, as any other closure.
    static let interfaceMethods: Set<String> = [
        "animate", "transition", "present", "dismiss", "performBatchUpdates", "setViewControllers", "pushViewController",
        "popViewController", "requestGeometryUpdate", "animateAlongsideTransition", "performWithoutAnimation",
    ]

    /// Methods whose trailing closure runs later for another reason than a reply (an observer, a
    /// subscription): never taken as a completion handler by ``isCallOnObject(_:_:)``.
    static let notCompletionMethods: Set<String> = [
        "addObserver", "sink", "observe", "onReceive", "onChange", "receive", "subscribe", "assign", "register",
        "removeAll", "sort", "sorted", "min", "max", "drop", "prefix", "firstIndex", "lastIndex", "allSatisfy",
        "lazy", "withLock", "sync", "async", "asyncAfter", "notify", "schedule",
    ]

    /// `uploader.flushPending { … }`: a method called on an object (not a free function, not a type's
    /// initializer, not a collection method), whose trailing closure may be its completion handler.
    static func isCallOnObject(_ callee: SwiftExpr, _ method: String) -> Bool {
        guard case .member(let base, _) = callee.kind, !isName(base, "self"), !StepTranslator.isValueCall(callee),
            !notCompletionMethods.contains(method), !StepTranslator.harmless.contains(StepTranslator.callName(callee))
        else { return false }
        return true
    }

    /// Whether translated steps do something the model counts: signal a semaphore, leave a group, end
    /// a background task, set a polled flag or call something (at any depth). A trailing closure of an
    /// unknown method is its completion handler only then: otherwise it stays a closure whose run is unknown.
    static func countsForModel(_ steps: [ImportedStep]) -> Bool {
        steps.contains { step in
            switch step.step {
            case .signal, .groupLeave, .endBackgroundTask, .setFlag, .call, .callWithCompletion, .callDiscardingError,
                .isolatedCall:
                true
            default: step.children.contains(where: countsForModel)
            }
        }
    }

    /// A call of an API the importer does not know, with a completion handler: `call` with a
    /// `completion` (its body), on the queue an argument names or else a global queue (noted).
    /// `….resume()` after it (a URLSession task) is the same call.
    static let completionCall = StepRecogniser(name: "completion handler") { expr, context, translator in
        var core = expr
        if let (callee, arguments, trailing, _) = call(expr), arguments.isEmpty, trailing.isEmpty,
            case .member(let base, "resume") = callee.kind, call(base) != nil
        {
            core = base
        }
        guard let (callee, arguments, trailing, awaited) = call(core), !awaited,
            let method = StepTranslator.chain(callee).last, method != "sync", method != "async",
            !interfaceMethods.contains(method)
        else { return nil }
        var handler: SwiftClosure?
        for argument in arguments.reversed() {
            if let label = argument.label, completionLabels.contains(label), case .closure(let closure) = argument.value.kind {
                handler = closure
                break
            }
        }
        if handler == nil, completionMethods.contains(method), let first = trailing.first { handler = first }
        var trial = false
        if handler == nil, let first = trailing.first, isCallOnObject(callee, method) {
            handler = first  // kept only if its body does something the model counts (below)
            trial = true
        }
        guard let handler, !translator.definesFunction(callee, context) else { return nil }
        let before = translator
        var target = DispatchTarget.global(DispatchTarget.defaultGlobalQoS)
        if let queue = argument("queue", arguments) ?? argument("delegateQueue", arguments),
            let named = dispatchTarget(queue, &translator, context)
        {
            target = named
        } else {
            translator.note(.assumption, expr.location, context, "the completion handler of \(StepTranslator.callName(callee))(…) "
                + "is taken to run on a global queue once the call replies; if the API calls back on the main queue, "
                + "change its queue to \"main\"")
        }
        let inner = context.block(on: target)
        let name = translator.systemCallName(callee, context)
        let source = translator.reference(expr.location, context)
        translator.recordCall(name, source, kind: .completionHandler)
        let body = translator.translate(handler.body, inner)
        if trial, !countsForModel(body) {
            translator = before
            return nil
        }
        let others = arguments.compactMap { if case .closure(let c) = $0.value.kind { c } else { nil } } + trailing
        for other in others where other.location != handler.location {
            translator.note(.untranslated, other.location, context, "a closure passed to \(StepTranslator.callName(callee))(…) "
                + "besides its completion handler: when it runs is unknown; write it by hand if it matters")
        }
        return [ImportedStep(source, children: [body]) { .callWithCompletion(name, queue: target, completion: $0[0]) }]
    }
}
