/// A deadlock's wait-for chain as the engine found it: threads, contexts, semaphores and flags by
/// number, named only when ``links`` is read.
///
/// Finding a chain is part of every run that ends with a blocked thread, so it must cost little;
/// naming it (strings for every thread and context) is for the few runs someone reads about.
public struct DeadlockChain: Sendable {
    package enum Step: Equatable, Sendable {
        case threadWaits(ThreadID, semaphore: Int32)
        /// `contexts` is a range of ``DeadlockChain/contexts``.
        case signaledOnlyBy(semaphore: Int32, contexts: Range<Int>)
        case neverSignaled(semaphore: Int32)
        case threadPolls(ThreadID, flag: Int32)
        case setOnlyBy(flag: Int32, contexts: Range<Int>)
        case neverSet(flag: Int32)
        case queuedOnMainActor(ContextID)
        case runsOnBlockedThread(ContextID, ThreadID)
        case mainActorRunsOnMainThread
        case queuedForBlockedPool(ContextID, width: Int32)
        /// `queue` is a ``QueueCode``.
        case threadSyncs(ThreadID, queue: Int32)
        case queueHeldBy(queue: Int32, ContextID)
        case queuedBehind(ContextID)
        case mainQueueRunsOnMainThread
        /// The job waits on a declared actor (an index into the program's actors) that runs `holder`'s job.
        case queuedOnBusyActor(ContextID, actor: Int32, holder: ContextID)
        /// The task waits (a task group's end, an `async let`) for its child task `child`.
        case waitsForChild(ContextID, child: ContextID)
    }

    package var steps: [Step]
    package var contexts: [ContextID]
    /// The compiled cell, for the names of its semaphores, flags and callbacks.
    package let program: CellProgram

    /// The chain in words, link by link.
    public var links: [DeadlockLink] { steps.map(link) }

    private func link(_ step: Step) -> DeadlockLink {
        let callbacks = program.callbacks
        func contextNames(_ range: Range<Int>) -> [String] { contexts[range].map { $0.name(callbacks: callbacks) } }
        func hook(_ callback: Int32) -> String { callback >= 0 && Int(callback) < callbacks.count ? callbacks[Int(callback)] : "-" }
        switch step {
        case .threadWaits(let thread, let s):
            let info = program.semaphores[Int(s)]
            return .threadWaits(thread: thread.name, semaphore: info.name, inHook: hook(info.callback))
        case .signaledOnlyBy(let s, let range):
            return .signaledOnlyBy(semaphore: program.semaphores[Int(s)].name, contexts: contextNames(range))
        case .neverSignaled(let s):
            return .neverSignaled(semaphore: program.semaphores[Int(s)].name)
        case .threadPolls(let thread, let f):
            let info = program.flags[Int(f)]
            return .threadPolls(thread: thread.name, flag: info.name, inHook: hook(info.callback))
        case .setOnlyBy(let f, let range):
            return .setOnlyBy(flag: program.flags[Int(f)].name, contexts: contextNames(range))
        case .neverSet(let f):
            return .neverSet(flag: program.flags[Int(f)].name)
        case .queuedOnMainActor(let context):
            return .queuedOnMainActor(context: context.name(callbacks: callbacks))
        case .runsOnBlockedThread(let context, let thread):
            return .runsOnBlockedThread(context: context.name(callbacks: callbacks), thread: thread.name)
        case .mainActorRunsOnMainThread:
            return .mainActorRunsOnMainThread
        case .queuedForBlockedPool(let context, let width):
            return .queuedForBlockedPool(context: context.name(callbacks: callbacks), width: Int(width))
        case .threadSyncs(let thread, let code):
            return .threadSyncs(thread: thread.name, queue: program.queueName(code))
        case .queueHeldBy(let code, let context):
            return .queueHeldBy(queue: program.queueName(code), context: context.name(callbacks: callbacks))
        case .queuedBehind(let context):
            return .queuedBehindHolder(context: context.name(callbacks: callbacks))
        case .mainQueueRunsOnMainThread:
            return .mainQueueRunsOnMainThread
        case .queuedOnBusyActor(let context, let actor, let holder):
            return .queuedOnBusyActor(
                context: context.name(callbacks: callbacks), actor: program.actors[Int(actor)],
                holder: holder.name(callbacks: callbacks))
        case .waitsForChild(let context, let child):
            return .waitsForChildTask(context: context.name(callbacks: callbacks), child: child.name(callbacks: callbacks))
        }
    }
}

extension DeadlockChain: Equatable {
    /// Equal when they read the same, link for link (chains of two simulators of one scenario are).
    public static func == (a: DeadlockChain, b: DeadlockChain) -> Bool {
        (a.program === b.program && a.steps == b.steps && a.contexts == b.contexts) || a.links == b.links
    }
}
