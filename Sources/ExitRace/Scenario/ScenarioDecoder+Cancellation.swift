/// Decoding of cancellation steps: `cancel` (`task.cancel()`) and `ifCancelled`
/// (`if Task.isCancelled { … }`).
extension ScenarioDecoder {
    static func decodeCancel(_ step: StepInput) -> ProgramStep? {
        guard let name = step.reader.string("task", required: true) else { return nil }
        step.context.taskNames.waits.append((name, step.reader.childPath("task"), step.reader.position("task")))
        return .cancelTask(name)
    }

    /// Reports each `cancel` of a name no `task` or `detached` step of the strategy spawns.
    static func reportUnknownCancels(_ context: ProgramContext) {
        for cancel in context.taskNames.waits where !context.taskNames.signaled.contains(cancel.name) {
            let message = "no task or detached step of this strategy is named \"\(cancel.name)\", so this cancel cancels nothing"
                + suggestion(cancel.name, context.taskNames.signaled)
            context.log.error(cancel.path, cancel.position, message)
        }
    }

    /// `awaitTask`: `await task.value` on a named task; only in an async context.
    static func decodeAwaitTask(_ step: StepInput) -> ProgramStep? {
        guard let name = step.reader.string("task", required: true) else { return nil }
        step.context.awaitedTasks.waits.append((name, step.reader.childPath("task"), step.reader.position("task")))
        step.requireAsync("\"awaitTask\" (an await)")
        return .awaitTask(name)
    }

    /// Reports each `awaitTask` of a name no `task` or `detached` step of the strategy spawns.
    static func reportUnknownAwaitedTasks(_ context: ProgramContext) {
        for awaited in context.awaitedTasks.waits where !context.taskNames.signaled.contains(awaited.name) {
            let message = "no task or detached step of this strategy is named \"\(awaited.name)\", so this awaitTask awaits nothing"
                + suggestion(awaited.name, context.taskNames.signaled)
            context.log.error(awaited.path, awaited.position, message)
        }
    }

    /// `checkCancellation`: `try Task.checkCancellation()`; only in an async context, and not in an
    /// `isolatedCall` body (the thrown error would have to hop back off the actor first).
    static func decodeCheckCancellation(_ step: StepInput) -> ProgramStep? {
        step.requireAsync("\"checkCancellation\" (it ends a task's body)")
        if step.context.structure.inIsolatedCall {
            step.context.log.error(
                step.path, step.node.position,
                "\"checkCancellation\" is not supported in an \"isolatedCall\" body: put it before or after the call")
        }
        refuseThrowInNonThrowingChild(
            step, "\"checkCancellation\" (try Task.checkCancellation())", fix: "test \"ifCancelled\" (if Task.isCancelled) instead")
        return .checkCancellation
    }

    /// `withTaskCancellationHandler`: `body` is the operation, inline in the task (an async body in
    /// the same scope); `onCancel` is a synchronous body of its own (it runs on the cancelling
    /// context). Only in an async context.
    static func decodeCancellationHandler(_ step: StepInput) -> ProgramStep? {
        step.requireAsync("\"withTaskCancellationHandler\" (it is awaited)")
        guard let onCancelNodes = step.reader.array("onCancel", required: true) else { return nil }
        let saved = step.context.structure.enter(group: false, newContext: true)
        let onCancel = decodeProgram(onCancelNodes, path: step.reader.childPath("onCancel"), async: false, step.context)
        step.context.structure.leave(saved)
        guard let nodes = step.reader.array("body", required: true) else { return nil }
        let inner = step.context.structure.enter(group: false, newContext: false)
        let operation = decodeProgram(nodes, path: step.reader.childPath("body"), async: step.async, step.context)
        step.context.structure.leave(inner)
        return .cancellationHandler(operation: operation, onCancel: onCancel)
    }

    /// `throw`: an uncaught `throw SomeError()`; only in an async context, not in an `isolatedCall`
    /// body (as `checkCancellation`).
    static func decodeThrow(_ step: StepInput) -> ProgramStep? {
        step.requireAsync("\"throw\" (it ends a task's body)")
        if step.context.structure.inIsolatedCall {
            step.context.log.error(
                step.path, step.node.position, "\"throw\" is not supported in an \"isolatedCall\" body: put it before or after the call")
        }
        refuseThrowInNonThrowingChild(step, "\"throw\"", fix: "end the child's body another way")
        return .throwError
    }

    /// `next`: `try await group.next()`, or with `"all": true` `for try await _ in group`; only
    /// directly in a `taskGroup` body.
    static func decodeGroupNext(_ step: StepInput) -> ProgramStep? {
        let all = step.reader.bool("all") ?? false
        if !step.context.structure.inGroup {
            step.context.log.error(
                step.path, step.node.position,
                "expected \"next\" directly in the body of a \"taskGroup\" step (group.next() needs its group), found it elsewhere")
        }
        step.requireAsync("\"next\" (an await)")
        return .groupNext(all: all)
    }
}
