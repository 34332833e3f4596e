/// Task handles and cancellation (docs/scenario-format.md, "Cancellation"): which task each named
/// handle holds, and which tasks were cancelled. Only programs with `cancel` or `ifCancelled` use it.
struct CancellationState {
    /// Per task handle (an entry of the program's `taskHandles`): the task spawned last under it, or -1.
    var handles = ReusableArray<Int32>()
    /// The tasks `cancel()` was called on, in order; a child task is cancelled when its parent
    /// (or a parent of that) is.
    var cancelled = ContiguousArray<Int32>()
    /// Tasks suspended in `await task.value`, with the task each awaits, in the order they began
    /// to wait (kept here, not on every context, so a context stays small).
    var awaiting = ContiguousArray<(waiter: Int32, task: Int32)>()
    /// Tasks suspended in a `Task.sleep` a cancellation wakes (programs that can cancel a sleeping
    /// task only), with the ticket of their wake event: a wake whose ticket is gone is stale.
    var sleeping = ContiguousArray<(task: Int32, ticket: UInt32)>()
    var nextSleepTicket: UInt32 = 0
    /// Tasks awaiting a `cancellable` system call whose reply is not in yet (programs that can
    /// cancel such a call only), with whether its request was delivered already.
    var calling = ContiguousArray<(task: Int32, call: Int32, delivered: Bool)>()
    /// Cancelled calls whose events are still to come and are ignored when due: the delivery
    /// (when `delivered` is false: the request never leaves) and the reply.
    var abandoned = ContiguousArray<(task: Int32, call: Int32, delivered: Bool)>()
    /// Installed `onCancel` handlers not yet run: the task and its `installCancellationHandler` op.
    /// A handler is active while the task's pc is inside the operation.
    var handlers = ContiguousArray<(task: Int32, op: Int32)>()
    /// Where a context goes back to once it has run an `onCancel` body inline (the cancelling
    /// context runs the handlers of the tasks it cancels): a stack, the latest entry first.
    var returns = ContiguousArray<(context: Int32, pc: Int32, end: Int32)>()
    /// Child tasks whose body ended by a throw (`checkCancellation`, a cancelled `Task.sleep`,
    /// `throw`), for `group.next()` to rethrow.
    var threw = ContiguousArray<Int32>()
    /// Finished child tasks no `group.next()` has taken yet, in the order they finished.
    var finished = ContiguousArray<(parent: Int32, child: Int32)>()

    mutating func reset(handles count: Int) {
        handles.refill(-1, count: count)
        cancelled.empty()
        awaiting.empty()
        sleeping.empty()
        nextSleepTicket = 0
        calling.empty()
        abandoned.empty()
        handlers.empty()
        returns.empty()
        threw.empty()
        finished.empty()
    }
}
