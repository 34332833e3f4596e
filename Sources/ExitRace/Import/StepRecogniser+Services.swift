/// Synchronous calls whose work is cleanup: a save (`try context.save()`), a hand-off to a system
/// service (`BGTaskScheduler.shared.submit`, a background `URLSession` task's `resume()`). Each is a
/// `call` with an empty `completion`: the scenario language's spelling of a call that keeps its
/// thread busy for `costMs` and that nothing waits for afterwards (docs/scenario-format.md,
/// "Completion handlers").
extension StepRecogniser {
    /// Method names that say a call persists data: it starts with `save`, `persist`, `flush` or
    /// `commit`, or is `synchronize` or `write` (`UserDefaults.synchronize()`, `data.write(to:)`).
    static func persists(_ method: String) -> Bool {
        let lower = method.lowercased()
        return ["save", "persist", "flush", "commit"].contains { lower.hasPrefix($0) }
            || ["synchronize", "write"].contains(method)
    }

    /// A synchronous call as a step: `call` with an empty completion (on a global queue, where an empty
    /// block disturbs nothing); the call is recorded with its kind for `systemCalls`.
    static func synchronousCall(
        _ name: String, _ kind: ImportedCall.Kind, _ location: SwiftLocation, _ context: StepTranslator.Context,
        _ translator: inout StepTranslator, start: ImportedCall.ServiceStart? = nil
    ) -> [ImportedStep] {
        let source = translator.reference(location, context)
        translator.recordCall(name, source, kind: kind, start: start)
        let target = DispatchTarget.global(DispatchTarget.defaultGlobalQoS)
        var step = ImportedStep(source, children: [[]]) { .callWithCompletion(name, queue: target, completion: $0[0]) }
        step.isSynchronousCall = true
        return [step]
    }

    /// `try context.save()`, `UserDefaults.standard.synchronize()`, `store.persist()`: a call of an API
    /// the importer does not know, made synchronously, whose name says it saves. It blocks its thread
    /// until done, so a kill before its end loses it: a synchronous system call whose `costMs` is the
    /// user's to set. (An app's own function of that name is followed instead.)
    static let synchronousSave = StepRecogniser(name: "synchronous save") { expr, context, translator in
        guard let (callee, arguments, trailing, awaited) = call(expr), !awaited, trailing.isEmpty,
            !arguments.contains(where: { if case .closure = $0.value.kind { true } else { false } }),
            let method = StepTranslator.chain(callee).last, persists(method), StepTranslator.chain(callee).count >= 2,
            !translator.definesFunction(callee, context)
        else { return nil }
        return synchronousCall(translator.systemCallName(callee, context), .synchronous, expr.location, context, &translator)
    }

    /// `try BGTaskScheduler.shared.submit(request)`: a background task request handed to the system
    /// (`service: backgroundTask`), starting after the request's `earliestBeginDate` (`serviceStartAfterMs`).
    static let backgroundTaskSubmit = StepRecogniser(name: "BGTaskScheduler.submit") { expr, context, translator in
        guard let (callee, arguments, _, awaited) = call(expr), !awaited else { return nil }
        let names = StepTranslator.chain(callee)
        guard names.first == "BGTaskScheduler", names.last == "submit" else { return nil }
        let start = translator.serviceStart(arguments, expr.location, context)
        return synchronousCall(
            "BGTaskScheduler.submit", .service(.backgroundTask), expr.location, context, &translator, start: start)
    }

    /// `session.uploadTask(with:fromFile:)` / `downloadTask(with:)` on a background session (one made
    /// with `URLSessionConfiguration.background(withIdentifier:)` in the files): the system call's name.
    static func backgroundTransferTask(
        _ expr: SwiftExpr, _ context: StepTranslator.Context, _ translator: StepTranslator
    ) -> String? {
        guard let (callee, _, _, _) = call(expr), case .member(let session, let method) = callee.kind,
            method == "uploadTask" || method == "downloadTask", let name = variable(session),
            translator.codebase.backgroundSessions.contains(name)
        else { return nil }
        return translator.systemCallName(callee, context)
    }

    /// `session.downloadTask(with: url).resume()` on a background session, or `task.resume()` of a
    /// local bound to one: the transfer is handed to the system (`service: backgroundTransfer`).
    static let backgroundTransfer = StepRecogniser(name: "background URLSession transfer") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), arguments.isEmpty, trailing.isEmpty,
            case .member(let base, "resume") = callee.kind
        else { return nil }
        if let name = backgroundTransferTask(base, context, translator) {
            return synchronousCall(name, .service(.backgroundTransfer), expr.location, context, &translator)
        }
        if let local = variable(base), let task = context.transferTasks[local] {
            return synchronousCall(task.name, .service(.backgroundTransfer), expr.location, context, &translator)
        }
        return nil
    }
}
