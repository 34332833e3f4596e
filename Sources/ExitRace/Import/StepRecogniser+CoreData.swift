/// Core Data: `context.perform { }` and `context.performAndWait { }` run their block on the context's
/// own queue. Apple's Core Data reference, `NSManagedObjectContext.perform(_:)` (iOS 5.0 and later,
/// https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/perform(_:), read
/// 2026-11-25): "Asynchronously performs the specified closure on the context’s queue."; and
/// `performAndWait(_:)` (…/performandwait(_:)-ypye): "Synchronously performs the specified closure on the
/// context’s queue." A private-queue context's queue is its own; the importer takes it as serial.
extension StepRecogniser {
    /// Receivers whose `perform { }` is not a managed object context's (a run loop runs the block on its thread).
    static let notContextReceivers: Set<String> = ["RunLoop", "OperationQueue", "DispatchQueue", "Thread"]

    /// `bg.perform { … }`: a `dispatch` of the block to a serial queue named after the receiver (`bg`),
    /// declared in `queues` at the default QoS (noted); `performAndWait { … }`: the same with `"sync": true`.
    /// On `viewContext` (a persistent container's main-queue context) `perform` dispatches to `main`, and
    /// `performAndWait` runs its block in place. An awaited
    /// `await context.perform { }` is not this: it waits for the block.
    static let contextPerform = StepRecogniser(name: "NSManagedObjectContext.perform / performAndWait") { expr, context, translator in
        guard let (callee, arguments, trailing, awaited) = call(expr), !awaited,
            case .member(let receiver, let method) = callee.kind, method == "perform" || method == "performAndWait",
            arguments.allSatisfy({ if case .closure = $0.value.kind { $0.label == nil } else { false } }),
            arguments.count + trailing.count == 1, let block = closure(arguments, trailing),
            let name = variable(receiver), !isName(receiver, "self"), name != "main", name != "global",
            !notContextReceivers.contains(StepTranslator.chain(receiver).first ?? ""),
            !translator.definesFunction(callee, context)
        else { return nil }
        let target: DispatchTarget
        if name == "viewContext", method == "performAndWait" {
            // The main queue's context, from the main thread the lifecycle code runs on: the block runs
            // there and then (a `sync` to `main` from the main thread would deadlock, which it does not).
            var inner = context
            inner.assignedName = nil
            return translator.translate(block.body, inner)
        } else if name == "viewContext" {
            target = .main
        } else {
            target = .queue(name)
            translator.useImpliedQueue(name, ImportedQueue(qos: .default, concurrent: false))
            translator.note(.assumption, expr.location, context, "\(StepTranslator.callName(callee)) { … }: a Core Data "
                + "context's \(method), its block run on the context's private queue, declared as the serial queue "
                + "\"\(name)\" at the default QoS (queues[\"\(name)\"]); if \(name) is a main-queue context, change the "
                + "step's queue to \"main\"")
        }
        let source = translator.reference(expr.location, context)
        let body = translator.translate(block.body, context.block(on: method == "perform" ? target : nil))
        if method == "performAndWait" {
            return [ImportedStep(source, children: [body]) { .dispatchSync(target, body: $0[0]) }]
        }
        return [ImportedStep(source, children: [body]) { .dispatchAsync(target, body: $0[0]) }]
    }
}
