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

    mutating func reset(handles count: Int) {
        handles.refill(-1, count: count)
        cancelled.removeAll(keepingCapacity: true)
        awaiting.removeAll(keepingCapacity: true)
    }
}
