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
        return .checkCancellation
    }
}
