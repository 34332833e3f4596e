/// Names of a run's threads and contexts, as deadlock chains, explanations and traces print them.
///
/// The engine works with indices; these small values say what an index stood for, so that a name
/// is made only when someone reads it.

/// A thread: "main thread", "cooperative-pool thread 2", "Dispatch worker 1".
package struct ThreadID: Equatable, Sendable {
    var pool: SimThread.Pool
    /// The thread's index for the cooperative pool, the worker's number (from 1) for Dispatch.
    package var number: Int32

    package var name: String {
        switch pool {
        case .main: "main thread"
        case .cooperative: "cooperative-pool thread \(number)"
        case .dispatch: "Dispatch worker \(number)"
        }
    }
}

/// A context: "Task.detached from applicationWillTerminate", with " #2" and so on when several
/// contexts of the run have the same description.
package struct ContextID: Equatable, Sendable {
    /// What makes two contexts' names equal: the kind, the main actor for a `Task`, and the
    /// callback it came from (a turn's changes as it delivers callbacks, so turns have none).
    package struct Description: Hashable, Sendable {
        package var kind: SimContext.Kind
        package var mainActor: Bool
        package var hook: Int32

        init(_ context: SimContext) {
            kind = context.kind
            mainActor = context.kind == .task && context.mainIsolated
            hook = context.kind == .turn || context.hook < 0 ? -1 : context.hook
        }
    }

    package var description: Description
    /// Which of the run's contexts with this description it is (from 1), and how many there are.
    var ordinal: Int32
    package var total: Int32

    package func name(callbacks: [String]) -> String {
        let base = description.name(callbacks: callbacks)
        return total > 1 ? "\(base) #\(ordinal)" : base
    }
}

extension ContextID.Description {
    package func name(callbacks: [String]) -> String {
        let what =
            switch kind {
            case .turn: "main-queue turn"
            case .mainBlock: "DispatchQueue.main block"
            case .globalBlock: "DispatchQueue.global block"
            case .task: mainActor ? "Task (main actor)" : "Task"
            case .detachedTask: "Task.detached"
            case .expirationHandler: "expiration handler"
            case .timerBlock: "Timer block"
            case .queueBlock: "DispatchQueue block"
            case .completionHandler: "completion handler"
            case .childTask: "child task"
            }
        guard hook >= 0 else { return what }
        return "\(what) from \(Int(hook) < callbacks.count ? callbacks[Int(hook)] : "-")"
    }
}

extension Engine {
    func threadID(_ t: Int32) -> ThreadID {
        let pool = threads[Int(t)].pool
        return ThreadID(pool: pool, number: pool == .dispatch ? t - executors.firstDispatch + 1 : t)
    }

    func threadName(_ t: Int32) -> String { threadID(t).name }

    /// The context's description and place among the run's contexts of that description; a scan
    /// of the contexts, with no allocation.
    func contextID(_ c: Int32) -> ContextID {
        let description = ContextID.Description(contexts[Int(c)])
        var ordinal: Int32 = 0, total: Int32 = 0
        for other in contexts.indices where ContextID.Description(contexts[other]) == description {
            total += 1
            if other <= Int(c) { ordinal += 1 }
        }
        return ContextID(description: description, ordinal: ordinal, total: total)
    }

    /// Every context's name at once, in linear time.
    func allContextNames() -> [String] {
        let descriptions = contexts.map(ContextID.Description.init)
        var totals: [ContextID.Description: Int32] = [:]
        for description in descriptions { totals[description, default: 0] += 1 }
        var seen: [ContextID.Description: Int32] = [:]
        return descriptions.map { description in
            seen[description, default: 0] += 1
            let id = ContextID(description: description, ordinal: seen[description]!, total: totals[description]!)
            return id.name(callbacks: program.callbacks)
        }
    }
}
