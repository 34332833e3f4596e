extension DeadlockLink: CustomStringConvertible {
    /// The link in words, as deadlock chains print it: `main thread waits on semaphore "done" (in …)`.
    public var description: String {
        switch self {
        case .threadWaits(let thread, let semaphore, let hook):
            "\(thread) waits on semaphore \"\(semaphore)\" (in \(hook))"
        case .signaledOnlyBy(let semaphore, let contexts):
            "\"\(semaphore)\" is signaled only by \(contexts.joined(separator: ", "))"
        case .neverSignaled(let semaphore):
            "no code left signals \"\(semaphore)\""
        case .threadPolls(let thread, let flag, let hook):
            "\(thread) polls flag \"\(flag)\" in a sleep loop (in \(hook))"
        case .setOnlyBy(let flag, let contexts):
            "\"\(flag)\" is set only by \(contexts.joined(separator: ", "))"
        case .neverSet(let flag):
            "no code left sets \"\(flag)\""
        case .queuedOnMainActor(let context):
            "\(context) is queued on the main actor"
        case .runsOnBlockedThread(let context, let thread):
            "\(context) runs on \(thread), which is blocked"
        case .mainActorRunsOnMainThread:
            "the main actor runs only on the main thread"
        case .queuedForBlockedPool(let context, let width):
            "\(context) is queued for the cooperative pool, and every cooperative thread (\(width)) is blocked"
        case .threadSyncs(let thread, let queue):
            "\(thread) waits in \(queue == "main" ? "DispatchQueue.main" : "queue \"\(queue)\"").sync for its body to run"
        case .queueHeldBy(let queue, let context):
            "serial queue \"\(queue)\" runs one block at a time and is held by \(context)"
        case .queuedBehindHolder(let context):
            "\(context) waits for its serial queue"
        case .mainQueueRunsOnMainThread:
            "the main queue runs only on the main thread"
        case .queuedOnBusyActor(let context, let actor, let holder):
            "\(context) is queued on actor \(actor), which runs one job at a time: it runs \(holder)"
        case .waitsForChildTask(let context, let child):
            "\(context) waits for its \(child)"
        }
    }
}

extension Array where Element == DeadlockLink {
    /// The chain in one line: `a → b → c`.
    package var chainDescription: String { map(\.description).joined(separator: " → ") }
}
