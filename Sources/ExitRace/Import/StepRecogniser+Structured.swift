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
    /// subscription), or in place (the standard library's collection methods, beyond those
    /// ``StepTranslator/isValueCall(_:)`` knows): never taken as a completion handler by ``isCallOnObject(_:_:)``.
    static let notCompletionMethods: Set<String> = [
        "addObserver", "sink", "observe", "onReceive", "onChange", "receive", "subscribe", "assign", "register",
        "removeAll", "sort", "sorted", "min", "max", "drop", "prefix", "firstIndex", "lastIndex", "allSatisfy",
        "last", "count", "split", "partition", "mapValues", "compactMapValues", "elementsEqual", "starts",
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

    /// Whether a closure computes a value where it is called: its signature declares a result (`{ state -> Bool
    /// in … }`), or its body returns one (`return true`, outside the closures it holds). A completion handler
    /// returns nothing, so such a closure (a lock's `mutate { }`, a transaction's block) is not taken for one.
    static func computesValue(_ closure: SwiftClosure) -> Bool {
        func returnsValue(_ statements: [SwiftStatement]) -> Bool {
            statements.contains { statement in
                switch statement.kind {
                case .jump("return", let value): value != nil
                case .ifStatement(_, let then, let otherwise): returnsValue(then) || returnsValue(otherwise ?? [])
                case .guardStatement(_, let body), .forIn(_, _, let body, _), .doBlock(let body, _), .loop(_, _, let body):
                    returnsValue(body)
                case .switchStatement(_, let cases): cases.contains { returnsValue($0.body) }
                default: false
                }
            }
        }
        return closure.declaresResult || returnsValue(closure.body)
    }

    /// A call of an API the importer does not know, with a completion handler: `call` with a
    /// `completion` (its body), on the queue an argument names or else a global queue (noted).
    /// `….resume()` after it (a URLSession task) is the same call. The handler is a closure labelled as one
    /// (``completionLabels``), the trailing closure of a method known by name (``completionMethods``), or the
    /// trailing closure of any other method called on an object (``isCallOnObject(_:_:)``), whatever its body
    /// does (docs/import.md, "A trailing closure of a method it does not know"): the call is the app's work
    /// whether or not its reply does anything, so `push { _ in }`, `push() { _ in }`, `push { r in print(r) }`
    /// and `push(completion: { _ in })` are one translation; a trailing closure taken by its shape alone is named so.
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
        var byShape = false
        if handler == nil, let first = trailing.first, isCallOnObject(callee, method), !computesValue(first) {
            handler = first
            byShape = true
        }
        guard let handler, !translator.definesFunction(callee, context) else { return nil }
        let called = "\(StepTranslator.callName(callee))(…)"
        let shape = byShape
            ? "\(called) { … }: its trailing closure is taken as its completion handler (a method called on an object, "
                + "not known by name: if the closure is not one, say a configuration block, delete the step's call or "
                + "write it by hand)" : nil
        var target = DispatchTarget.global(DispatchTarget.defaultGlobalQoS)
        if let queue = argument("queue", arguments) ?? argument("delegateQueue", arguments),
            let named = dispatchTarget(queue, &translator, context)
        {
            target = named
            if let shape { translator.note(.assumption, expr.location, context, shape) }
        } else {
            translator.note(.assumption, expr.location, context, (shape.map { $0 + "; it is" } ?? "the completion handler "
                + "of \(called) is") + " taken to run on a global queue once the call replies; if the API calls back on "
                + "the main queue, change its queue to \"main\"")
        }
        let inner = context.block(on: target)
        let name = translator.systemCallName(callee, context)
        let source = translator.reference(expr.location, context)
        translator.recordCall(name, source, kind: .completionHandler)
        let body = translator.translate(handler.body, inner)
        let others = arguments.compactMap { if case .closure(let c) = $0.value.kind { c } else { nil } } + trailing
        for other in others where other.location != handler.location {
            translator.note(.untranslated, other.location, context, "a closure passed to \(StepTranslator.callName(callee))(…) "
                + "besides its completion handler: when it runs is unknown; write it by hand if it matters")
        }
        return [ImportedStep(source, children: [body]) { .callWithCompletion(name, queue: target, completion: $0[0]) }]
    }
}
