/// One step of a strategy program, as written in a scenario file.
///
/// A strategy is a small program the engine interprets; bodies nest literally, so a program is a
/// finite tree and always terminates. See `docs/scenario-format.md` for the JSON spelling.
package indirect enum ProgramStep: Equatable, Sendable {
    /// `Task { body }` or `Task.detached { body }`.
    case spawnTask(TaskSpawn, body: [ProgramStep])
    /// `DispatchQueue.main.async { body }` or `DispatchQueue.global(qos:).async { body }`.
    case dispatchAsync(DispatchTarget, body: [ProgramStep])
    /// `semaphore.wait()` or `semaphore.wait(timeout:)`; blocks the calling thread.
    case wait(semaphore: String, timeout: VirtualDuration?)
    /// `semaphore.signal()`.
    case signal(semaphore: String)
    /// `await` on an async system operation such as `Activity.end` (a name in `systemCalls`).
    case call(String)
    /// CPU work that keeps the current thread busy.
    case work(VirtualDuration)
    /// `Thread.sleep`: blocks the current thread.
    case sleep(VirtualDuration)
    /// `try await Task.sleep`: suspends the task and frees its thread.
    case taskSleep(VirtualDuration)
    /// `beginBackgroundTask(expirationHandler:)`. The task is known by `name` in this strategy;
    /// beginning it again while it is held renews it (the new task starts, then the old one ends).
    /// The expiration handler runs on the main queue shortly before the allowance runs out.
    case beginBackgroundTask(String, expiration: [ProgramStep])
    /// `endBackgroundTask(_:)`.
    case endBackgroundTask(String)
    /// A repeating `Timer` on the main run loop: `body` runs as a main-queue block every
    /// `interval`, `count` times; a fire is skipped while the previous one is still queued.
    case timer(interval: VirtualDuration, count: Int, body: [ProgramStep])
    /// Sets a plain boolean flag (any thread sees it at once).
    case setFlag(String)
    /// `while !flag { Thread.sleep(poll) }`: blocks the thread until the flag is set.
    case waitUntil(flag: String, poll: VirtualDuration)
    /// `if launchOptions …`: runs `body` only when the current launch had these options.
    case ifLaunchOptions(LaunchOptions, body: [ProgramStep])
    /// A system call made with a completion handler (`URLSession.dataTask(…).resume()`,
    /// `context.perform {}`): the caller is busy for the call's `costMs` and goes on; when the reply
    /// is back, `completion` runs as a block on `queue`. Allowed in synchronous code.
    case callWithCompletion(String, queue: DispatchTarget, completion: [ProgramStep])
    /// `queue.sync { body }`: the caller's thread waits until the body has run on the queue.
    case dispatchSync(DispatchTarget, body: [ProgramStep])
    /// `queue.asyncAfter(deadline: .now() + delay) { body }`.
    case dispatchAfter(DispatchTarget, delay: VirtualDuration, body: [ProgramStep])
    /// `group.enter()` on a `DispatchGroup` known by this name in the strategy.
    case groupEnter(String)
    /// `group.leave()`.
    case groupLeave(String)
    /// `group.wait()` or `group.wait(timeout:)`: blocks the thread until every `enter` is left.
    case groupWait(String, timeout: VirtualDuration?)
    /// `group.notify(queue:) { body }`: `body` is submitted to `queue` once every `enter` is left.
    case groupNotify(String, queue: DispatchTarget, body: [ProgramStep])
    /// `await store.method()`: a call of a method isolated to a declared actor. The caller's task
    /// hops to the actor, runs `body` there (one job at a time per actor), then hops back to its
    /// own executor. Only in an async context; `body` is async too.
    case isolatedCall(actor: String, body: [ProgramStep])
    /// `await withTaskGroup(of:) { group in body }` (or `withThrowingTaskGroup`): `body` runs inline
    /// and starts child tasks with `addTask`; at its end the task waits for all its children, its
    /// thread free meanwhile. Only in an async context.
    case taskGroup(throwing: Bool, body: [ProgramStep])
    /// `group.addTask(priority:) { body }`: a child task, on the pool, at the parent's priority
    /// unless given. Only directly in a `taskGroup` body.
    case addTask(priority: QoSClass?, body: [ProgramStep])
    /// `async let name = body`: a child task, on the pool, at the parent's priority. The parent
    /// waits for it at `awaitLet`, or at the end of its body.
    case asyncLet(name: String, body: [ProgramStep])
    /// `await name`: waits for the `asyncLet` child of that name, the thread free meanwhile.
    case awaitLet(name: String)
    /// `task.cancel()` on the task spawned by a `task` or `detached` step with this `name` (the
    /// last one this strategy invocation spawned under it): the task and its child tasks are
    /// cancelled. Allowed anywhere (it is synchronous).
    case cancelTask(String)
    /// `await task.value` on the task spawned by a `task` or `detached` step with this `name` (the
    /// last one this strategy invocation spawned under it): waits for it to finish, the thread free
    /// meanwhile, and escalates it (and its child tasks) to the waiter's priority when that is
    /// higher. Only in an async context.
    case awaitTask(String)
    /// `try Task.checkCancellation()` (uncaught): when the current task (or a task it is a child
    /// of) is cancelled, it throws `CancellationError` and the task's body ends there; its child
    /// tasks are cancelled and awaited first. Only in an async context, not in an `isolatedCall`.
    case checkCancellation
    /// `if Task.isCancelled { body }`: `body` runs inline only when the current task (or a task it
    /// is a child of) is cancelled. Only in an async context.
    case ifCancelled(body: [ProgramStep])
    /// `try? await Task.sleep(for:)`: as `taskSleep`, but a cancellation's `CancellationError` is
    /// discarded: in a cancelled task it returns at once (a sleep in progress wakes at the
    /// cancellation) and the body goes on. Only in an async context.
    case taskSleepDiscardingError(VirtualDuration)
    /// `_ = try? await` a system call declared `cancellable` (a name in `systemCalls`): as `call`,
    /// but the error of a cancelled call is discarded and the body goes on. Only in an async context.
    case callDiscardingError(String)
    /// `withTaskCancellationHandler { operation } onCancel: { onCancel }`: `operation` runs inline
    /// as the task's own code; while it runs, a cancellation of the task (or of a task it is a
    /// child of) runs `onCancel` at once, synchronously, on the cancelling context; a task already
    /// cancelled runs it at once, before `operation`. `onCancel` is synchronous. Only in an async
    /// context.
    case cancellationHandler(operation: [ProgramStep], onCancel: [ProgramStep])
    /// `throw SomeError()`, uncaught: the task's body ends there; its child tasks are cancelled
    /// and awaited first. Only in an async context, not in an `isolatedCall`.
    case throwError
    /// `try await group.next()` (`all`: `for try await _ in group`): waits for the next child of
    /// the enclosing `taskGroup` to finish, in the order they finish; in a throwing group, a child
    /// that ended by a throw has its error rethrown, which ends the task's body (the group's other
    /// children are cancelled and awaited first). Only directly in a `taskGroup` body.
    case groupNext(all: Bool)
}

extension ProgramStep {
    /// The step lists nested in this step: a task's or dispatched block's body, a timer's body, an
    /// `if` body, a background task's expiration handler; empty for every other step.
    ///
    /// Walks over program trees use this one switch instead of their own, so a new step with a body
    /// is seen by all of them once it is listed here; the switch has no `default:` for that reason.
    /// The bodies are not in the order they run: a `cancellationHandler`'s are `[onCancel, operation]`,
    /// the order the compiler lays them out in.
    package var nestedBodies: [[ProgramStep]] {
        switch self {
        case .spawnTask(_, let body), .dispatchAsync(_, let body), .timer(_, _, let body), .ifLaunchOptions(_, let body),
            .isolatedCall(_, let body), .taskGroup(_, let body), .addTask(_, let body), .asyncLet(_, let body),
            .ifCancelled(let body):
            [body]
        case .cancellationHandler(let operation, let onCancel):
            [onCancel, operation]
        case .beginBackgroundTask(_, let expiration):
            [expiration]
        case .callWithCompletion(_, _, let completion):
            [completion]
        case .dispatchSync(_, let body), .dispatchAfter(_, _, let body), .groupNotify(_, _, let body):
            [body]
        case .groupEnter, .groupLeave, .groupWait:
            []
        case .wait, .signal, .call, .work, .sleep, .taskSleep, .endBackgroundTask, .setFlag, .waitUntil, .awaitLet,
            .cancelTask, .awaitTask, .checkCancellation, .taskSleepDiscardingError, .throwError, .groupNext,
            .callDiscardingError:
            []
        }
    }
}

/// Where a spawned task runs and at which priority.
package struct TaskSpawn: Equatable, Sendable {
    /// The actor a spawned task's body runs on.
    package enum Isolation: Equatable, Sendable {
        /// `Task {}`: the creator's actor isolation (the main actor inside a hook).
        case inherit
        /// Explicitly `@MainActor`.
        case mainActor
        /// No isolation: the global concurrent executor (what `Task.detached` gets).
        case none
        /// Isolated to an actor declared in the scenario's `actors` (`Task { @Store in … }`).
        case actor(String)
    }

    /// The isolation of a `Task {}` that states none: the caller's. (`Task.detached` always has none.)
    package static let defaultIsolation = Isolation.inherit

    /// Where the body runs; the decoder gives `Task.detached` `.none`, this type does not enforce it.
    package var isolation: Isolation
    /// `nil` means inherit for `Task {}`, `.medium` for `Task.detached {}`.
    package var priority: QoSClass?
    /// Whether this is `Task.detached`: it inherits neither the priority nor the actor of its creator.
    package var detached: Bool
    /// The name a `cancel` step uses for it (`let upload = Task { … }`), or `nil`.
    package var name: String?

    /// A spawn as given; a `nil` priority is the default of its kind (see ``priority``).
    package init(isolation: Isolation, priority: QoSClass?, detached: Bool) {
        self.isolation = isolation
        self.priority = priority
        self.detached = detached
    }
}

/// The queue a block is dispatched to.
package enum DispatchTarget: Equatable, Sendable {
    /// `DispatchQueue.main`: a block on the main queue, run on the main thread in its own turn.
    case main
    /// `DispatchQueue.global(qos:)`: a block run by a Dispatch worker thread at this class.
    case global(QoSClass)
    /// A queue the scenario declares in `queues` (`DispatchQueue(label:qos:attributes:)`), by name.
    case queue(String)

    /// The class of `DispatchQueue.global()` when no `qos` is given, as in Dispatch.
    package static let defaultGlobalQoS = QoSClass.default
}
