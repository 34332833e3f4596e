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

    /// `await withTaskCancellationHandler { … } onCancel: { … }`: not in the scenario language yet (it
    /// is being added on another branch), so named as not translated, operation and handler both.
    static let cancellationHandler = StepRecogniser(name: "withTaskCancellationHandler") { expr, context, translator in
        guard let (callee, _, _, _) = call(expr), StepTranslator.chain(callee) == ["withTaskCancellationHandler"]
        else { return nil }
        translator.note(.untranslated, expr.location, context, "withTaskCancellationHandler: not in the scenario language "
            + "yet; its operation and its onCancel handler are not translated: write them by hand")
        return []
    }
}
