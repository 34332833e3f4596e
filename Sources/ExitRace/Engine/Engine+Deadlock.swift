/// Deadlock detection: a wait-for chain from a thread blocked in `semaphore.wait()` (with no
/// timeout) through the code that could signal it, back to a blocked thread.
///
/// The check is structural, not a guess from timing: a semaphore can be signaled only by code that
/// has not run yet, and that code is a contiguous range of ops in some live context. If every such
/// context is itself stuck (queued behind a blocked main thread, or running on a blocked thread),
/// no amount of time helps. A context waiting for a pool thread is taken to make progress.
extension Engine {
    /// What a stuck thread waits for: a semaphore's signal, or a polled flag being set.
    private enum Resource: Equatable {
        case semaphore(Int32)
        case flag(Int32)
    }

    /// The resource a thread is blocked on for good (no timeout), if any.
    private func blockedResource(_ t: Int32) -> Resource? {
        let thread = threads[Int(t)]
        if thread.state == .waiting && !thread.hasTimeout { return .semaphore(thread.semaphore) }
        if thread.state == .sleeping && thread.pollFlag >= 0 { return .flag(thread.pollFlag) }
        return nil
    }

    func findDeadlock() -> [DeadlockLink]? {
        for t in threads.indices where blockedResource(Int32(t)) != nil {
            var visiting: [Int32] = []
            if let chain = stuckChain(thread: Int32(t), visiting: &visiting) { return chain }
        }
        return nil
    }

    private func stuckChain(thread t: Int32, visiting: inout [Int32]) -> [DeadlockLink]? {
        guard let resource = blockedResource(t) else { return nil }
        visiting.append(t)
        let waiting = threads[Int(t)].context
        var chain: [DeadlockLink]
        let name: String
        switch resource {
        case .semaphore(let s):
            let info = program.semaphores[Int(s)]
            name = info.name
            chain = [.threadWaits(thread: threadName(t), semaphore: name, inHook: callbackName(info.callback))]
        case .flag(let f):
            let info = program.flags[Int(f)]
            name = info.name
            chain = [.threadPolls(thread: threadName(t), flag: name, inHook: callbackName(info.callback))]
        }
        let releasers = contexts.indices.filter { index in
            contexts[index].state != .done && index != Int(waiting) && willRelease(resource, context: Int32(index))
        }.map { Int32($0) }
        // The waiting context's own later code cannot run before the wait returns.
        guard let first = releasers.first else {
            switch resource {
            case .semaphore: chain.append(.neverSignaled(semaphore: name))
            case .flag: chain.append(.neverSet(flag: name))
            }
            return chain
        }
        var firstChain: [DeadlockLink] = []
        for c in releasers {
            guard let sub = stuckChain(context: c, visiting: &visiting) else { return nil }
            if c == first { firstChain = sub }
        }
        switch resource {
        case .semaphore: chain.append(.signaledOnlyBy(semaphore: name, contexts: releasers.map(contextName)))
        case .flag: chain.append(.setOnlyBy(flag: name, contexts: releasers.map(contextName)))
        }
        return chain + firstChain
    }

    private func stuckChain(context c: Int32, visiting: inout [Int32]) -> [DeadlockLink]? {
        let context = contexts[Int(c)]
        switch context.state {
        case .queued where context.mainIsolated && !context.hoppedOff:
            let main = Self.mainThread
            guard blockedResource(main) != nil else { return nil }
            let links: [DeadlockLink] = [.queuedOnMainActor(context: contextName(c)), .mainActorRunsOnMainThread]
            if visiting.contains(main) { return links }
            guard let sub = stuckChain(thread: main, visiting: &visiting) else { return nil }
            return links + sub
        case .onThread:
            let u = context.thread
            guard blockedResource(u) != nil else { return nil }
            let link = DeadlockLink.runsOnBlockedThread(context: contextName(c), thread: threadName(u))
            if visiting.contains(u) { return [link] }
            guard let sub = stuckChain(thread: u, visiting: &visiting) else { return nil }
            return [link] + sub
        case .queued, .suspended, .done:
            return nil
        }
    }

    private func willRelease(_ resource: Resource, context c: Int32) -> Bool {
        let context = contexts[Int(c)]
        var pc = Int(context.pc)
        while pc < Int(context.end) {
            let op = program.ops[pc]
            switch resource {
            case .semaphore(let s) where op.kind == .signal && op.a == s: return true
            case .flag(let f) where op.kind == .setFlag && op.a == f: return true
            default: break
            }
            pc += 1
        }
        return false
    }

    func threadName(_ t: Int32) -> String {
        switch threads[Int(t)].pool {
        case .main: "main thread"
        case .cooperative: "cooperative-pool thread \(t)"
        case .dispatch: "Dispatch worker \(t - firstDispatch + 1)"
        }
    }

    /// "Task.detached from applicationWillTerminate"; with " #2" and so on when several contexts
    /// of the run would have the same name.
    func contextName(_ c: Int32) -> String {
        let base = baseContextName(c)
        var ordinal = 0
        var total = 0
        for other in contexts.indices where baseContextName(Int32(other)) == base {
            total += 1
            if other <= Int(c) { ordinal += 1 }
        }
        return total > 1 ? "\(base) #\(ordinal)" : base
    }

    /// Every context's name at once: `contextName` for each, in linear time.
    func allContextNames() -> [String] {
        let bases = contexts.indices.map { baseContextName(Int32($0)) }
        var totals: [String: Int] = [:]
        for base in bases { totals[base, default: 0] += 1 }
        var seen: [String: Int] = [:]
        return bases.map { base in
            seen[base, default: 0] += 1
            return totals[base]! > 1 ? "\(base) #\(seen[base]!)" : base
        }
    }

    private func baseContextName(_ c: Int32) -> String {
        let context = contexts[Int(c)]
        let what =
            switch context.kind {
            case .turn: "main-queue turn"
            case .mainBlock: "DispatchQueue.main block"
            case .globalBlock: "DispatchQueue.global block"
            case .task: context.mainIsolated ? "Task (main actor)" : "Task"
            case .detachedTask: "Task.detached"
            case .expirationHandler: "expiration handler"
            case .timerBlock: "Timer block"
            }
        // A turn's hook changes as it delivers hooks; what it creates keeps the hook of the moment.
        return context.hook >= 0 && context.kind != .turn ? "\(what) from \(callbackName(context.hook))" : what
    }

    func callbackName(_ h: Int32) -> String { h >= 0 && Int(h) < program.callbacks.count ? program.callbacks[Int(h)] : "-" }
}
