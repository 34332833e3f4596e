/// Cancellation and task handles: `task.cancel()`, `try Task.checkCancellation()`; `await task.value`,
/// `if Task.isCancelled` and `guard !Task.isCancelled else { return }` are read by the translator
/// (StepTranslator+Cancellation.swift).
extension StepRecogniser {
    /// `upload.cancel()` (or `self.upload?.cancel()`) on a handle a `Task { }` is kept under.
    static let taskCancel = StepRecogniser(name: "task.cancel()") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), arguments.isEmpty, trailing.isEmpty,
            case .member(let receiver, "cancel") = callee.kind, let name = variable(receiver),
            translator.codebase.taskHandles.contains(name), !translator.definesFunction(callee, context)
        else { return nil }
        guard !translator.unspawnedTasks.contains(name) else {
            translator.note(.untranslated, expr.location, context, "\(name).cancel(): no Task of this entry point's code is "
                + "kept as \(name), so there is nothing to cancel in its strategy: write it by hand if it matters")
            return []
        }
        return [ImportedStep(.cancelTask(name), translator.reference(expr.location, context))]
    }

    /// `try Task.checkCancellation()`: ends a cancelled task's body (the error taken as uncaught).
    static let checkCancellation = StepRecogniser(name: "Task.checkCancellation()") { expr, context, translator in
        guard let (callee, _, _, _) = call(expr), StepTranslator.chain(callee) == ["Task", "checkCancellation"]
        else { return nil }
        guard context.isAsync, !context.inIsolatedCall else {
            translator.note(.untranslated, expr.location, context, context.isAsync
                ? "Task.checkCancellation() in a method of an actor: not supported there by the scenario language; "
                    + "move it before or after the call by hand"
                : "Task.checkCancellation() outside a task body: write it by hand")
            return []
        }
        if !context.atTaskBodyTop {
            translator.note(.assumption, expr.location, context, "try Task.checkCancellation(): the CancellationError is "
                + "taken as uncaught up to the task's body, which it ends")
        }
        return [ImportedStep(.checkCancellation, translator.reference(expr.location, context))]
    }

    /// `await withTaskCancellationHandler { operation } onCancel: { handler }` (or with `operation:` and
    /// `onCancel:` arguments): the operation runs inline in the task; the handler is a synchronous
    /// body run on the cancelling context when the task is cancelled while the operation runs.
    static let cancellationHandler = StepRecogniser(name: "withTaskCancellationHandler") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), StepTranslator.chain(callee) == ["withTaskCancellationHandler"]
        else { return nil }
        guard context.isAsync, let (operation, onCancel) = handlerClosures(arguments, trailing) else {
            translator.note(.untranslated, expr.location, context, context.isAsync
                ? "withTaskCancellationHandler: its operation and onCancel closures are not written out as closures "
                    + "here: write them by hand"
                : "withTaskCancellationHandler outside a task body: write it by hand")
            return []
        }
        var inOperation = context
        inOperation.assignedName = nil
        inOperation.atTaskBodyTop = false
        var inHandler = inOperation
        inHandler.isAsync = false
        inHandler.inDoCatch = false
        inHandler.taskGroup = nil
        let handler = translator.translate(onCancel.body, inHandler)
        let body = translator.translate(operation.body, inOperation)
        return [ImportedStep(translator.reference(expr.location, context), children: [handler, body]) {
            .cancellationHandler(operation: $0[1], onCancel: $0[0])
        }]
    }

    /// A `withTaskCancellationHandler` call's operation and onCancel closures, however they are passed.
    private static func handlerClosures(_ arguments: [SwiftArgument], _ trailing: [SwiftClosure])
        -> (operation: SwiftClosure, onCancel: SwiftClosure)?
    {
        var given = trailing
        func labelled(_ label: String) -> SwiftClosure? {
            guard case .closure(let closure)? = argument(label, arguments)?.kind else { return nil }
            return closure
        }
        let operation = labelled("operation") ?? (given.isEmpty ? nil : given.removeFirst())
        let onCancel = labelled("onCancel") ?? given.first
        guard let operation, let onCancel else { return nil }
        return (operation, onCancel)
    }
}
