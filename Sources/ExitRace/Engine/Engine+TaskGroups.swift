/// Structured concurrency: child tasks of a task group (`addTask`) or of an `async let`, and their
/// parent waiting for them.
///
/// SE-0304 (structured concurrency): a child task inherits its parent's priority, and a task
/// group's scope does not end before all its child tasks have finished; SE-0317 (`async let`): a
/// child started by `async let` is awaited where its name is awaited, or at the end of the scope.
/// Awaiting suspends the parent: its thread is free for other work.
extension Engine {
    /// Starts a child task on the pool: the parent's priority unless the op gives one; no
    /// isolation (a child's closure is `@Sendable` and runs on the global concurrent executor).
    mutating func spawnChild(_ op: Op, at pc: Int32, from c: Int32, on t: Int32) {
        let parent = contexts[Int(c)]
        let priority = op.b != 0 ? UInt8(op.b) : parent.priority
        let child = newContext(
            SimContext(
                kind: .childTask, pc: pc + 1, end: op.bodyEnd, mainIsolated: false, priority: priority, hook: parent.hook,
                parent: c))
        contexts[Int(c)].liveChildren += 1
        note(.created, thread: t, context: child, a: c)
        enqueueOnPool(child)
    }

    /// The unfinished child of `c` started by the `spawnChild` op at `op` (the latest one), or -1.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func liveChild(of c: Int32, spawnedAt op: Int32) -> Int32 {
        var found: Int32 = -1
        for index in contexts.indices
        where contexts[index].parent == c && contexts[index].start == op + 1 && contexts[index].state != .done {
            found = Int32(index)
        }
        return found
    }

    /// Suspends `c` until `awaited` (a child, or ``SimContext/allChildren``) has finished; `true`
    /// when there is nothing to wait for and the task goes on.
    mutating func awaitChildren(_ awaited: Int32, context c: Int32, thread t: Int32) -> Bool {
        let outstanding = awaited == SimContext.allChildren ? contexts[Int(c)].liveChildren : (awaited >= 0 ? 1 : 0)
        guard outstanding > 0 else { return true }
        note(.awaitsChildren, thread: t, context: c, a: outstanding, b: Int64(awaited))
        contexts[Int(c)].joining = awaited
        detach(c, from: t, state: .suspended)
        return false
    }

    /// A child task has finished: its parent, if it waits for it (or for all and this was the
    /// last), resumes on its own executor.
    mutating func childFinished(_ child: Int32) {
        let p = contexts[Int(child)].parent
        contexts[Int(p)].liveChildren -= 1
        if program.collectsChildren { cancellation.finished.append((p, child)) }
        let joining = contexts[Int(p)].joining
        guard joining == child || (joining == SimContext.allChildren && contexts[Int(p)].liveChildren == 0)
            || (joining <= SimContext.firstNextChild && isInGroup(child, SimContext.group(awaitedBy: joining)))
        else { return }
        contexts[Int(p)].joining = -1
        resume(p)
    }

    /// Whether child task `child` was started by an `addTask` of the `taskGroup` op at `group`.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func isInGroup(_ child: Int32, _ group: Int32) -> Bool {
        let start = contexts[Int(child)].start
        return start > group && start < program.ops[Int(group)].bodyEnd
    }

    /// `try await group.next()` in `c` (`op.b == 1`: `for try await _ in group`): takes the
    /// group's children in the order they finished; in a throwing group, a child that threw has
    /// its error rethrown, which leaves the task's body (``throwOutOfBody(_:thread:)``: the other
    /// children are cancelled and awaited). With no finished child left it suspends until the next
    /// one finishes (the pc stays on the step); with none left at all, it returns nil and goes on.
    mutating func groupNext(_ op: Op, at pc: Int32, context c: Int32, thread t: Int32) -> Bool {
        let throwing = program.ops[Int(op.a)].a == 1
        while let index = cancellation.finished.firstIndex(where: { $0.parent == c && isInGroup($0.child, op.a) }) {
            let child = cancellation.finished.remove(at: index).child
            if throwing, let thrown = cancellation.threw.firstIndex(of: child) {
                cancellation.threw.remove(at: thrown)
                note(.cancellation, thread: t, context: c, a: Self.nextRethrows, b: Int64(child))
                throwOutOfBody(c, thread: t)
                return true
            }
            note(.cancellation, thread: t, context: c, a: Self.nextReturns, b: Int64(child))
            if op.b == 0 {
                contexts[Int(c)].pc = pc + 1
                return true
            }
        }
        var live: Int32 = 0
        for index in contexts.indices
        where contexts[index].parent == c && contexts[index].state != .done && isInGroup(Int32(index), op.a) {
            live += 1
        }
        guard live > 0 else {
            note(.cancellation, thread: t, context: c, a: Self.nextReturnsNil)
            contexts[Int(c)].pc = pc + 1
            return true
        }
        let awaited = SimContext.nextChild(ofGroup: op.a)
        note(.awaitsChildren, thread: t, context: c, a: live, b: Int64(awaited))
        contexts[Int(c)].joining = awaited
        detach(c, from: t, state: .suspended)
        return false
    }

    #if EXITRACE_INVARIANTS
    /// Each task's count of unfinished children is right, and a waiting parent is suspended.
    mutating func checkChildInvariants() {
        guard program.startsChildTasks else { return }
        // Locals, so the checks' autoclosures capture arrays, not a copy of the engine per context.
        let contexts = self.contexts
        var live = ContiguousArray<Int32>(repeating: 0, count: contexts.count)
        for index in contexts.indices where contexts[index].parent >= 0 && contexts[index].state != .done {
            live[Int(contexts[index].parent)] += 1
        }
        for index in contexts.indices {
            let context = contexts[index]
            let counted = live[index] == context.liveChildren
            let waitsSuspended = context.joining == -1 || context.state == .suspended
            precondition(counted, "context \(index)'s live children miscounted")
            precondition(waitsSuspended, "a waiting parent is not suspended")
        }
    }
    #endif
}

extension SimContext {
    /// `joining` while a task waits in `group.next()` for the next child of the `taskGroup` op at
    /// `group` (this value and below).
    static func nextChild(ofGroup group: Int32) -> Int32 { firstNextChild - group }
    package static let firstNextChild: Int32 = -3
    /// The `taskGroup` op of a `joining` at or below ``firstNextChild``.
    static func group(awaitedBy joining: Int32) -> Int32 { firstNextChild - joining }
}
