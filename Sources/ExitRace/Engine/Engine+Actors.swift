/// Declared actors (`actors` in the scenario): default actors, which have no thread of their own.
///
/// The rules, from swiftlang/swift `stdlib/public/Concurrency/Actor.cpp` (see
/// `docs/scenario-format.md`, "actors", for the quotes):
/// - A job enqueued on an idle actor schedules the actor on the cooperative pool at the job's
///   priority (`DefaultActorImpl::enqueue` → `scheduleActorProcessJob`); the job holds the actor
///   while it waits for a thread. A job enqueued on a busy actor waits for it.
/// - One job at a time: the thread that runs the actor takes its jobs one by one, highest priority
///   first (`defaultActorDrain`, `prioritizedJobs`). When a job ends or suspends (any `await`:
///   the actor is reentrant) the same thread goes on with the next one at once.
/// - A task hopping between executors (`swift_task_switch`): from a pool thread to an idle actor it
///   takes the actor on the same thread, and the actor it leaves is scheduled anew if it has jobs
///   (`giveUpThreadForSwitch` → `unlock(true)`); to a busy actor or to the main actor it is
///   enqueued there, and its thread goes on with its old actor's next job.
extension Engine {
    /// Puts context `c` on its actor: an idle actor is scheduled on the pool with `c` as its job;
    /// on a busy one `c` waits its turn.
    mutating func enqueueOnActor(_ c: Int32) {
        let k = contexts[Int(c)].actor
        contexts[Int(c)].state = .queued
        guard actorHolder[Int(k)] >= 0 else {
            actorHolder[Int(k)] = c
            enqueueOnPool(c)
            return
        }
        contexts[Int(c)].actorTicket = nextActorTicket
        nextActorTicket &+= 1
        note(.actorQueued, context: c, a: k, b: Int64(actorHolder[Int(k)]))
        escalateRunningActor(k, to: contexts[Int(c)].schedulingPriority)
    }

    /// A higher-priority job enqueued on an actor that runs on a thread raises that thread's
    /// priority to the job's (`DefaultActorImpl::enqueue`: "Actor is running on a thread, escalate
    /// the thread running it"). The job running and its reported priority stay as they are.
    private mutating func escalateRunningActor(_ k: Int32, to priority: UInt8) {
        let holder = actorHolder[Int(k)]
        guard contexts[Int(holder)].state == .onThread, !contexts[Int(holder)].hoppedOff else { return }
        let t = contexts[Int(holder)].thread
        let old = threads[Int(t)].qos
        guard QoSClass(priority: priority) > QoSClass(priority: old), threads[Int(t)].pool == .cooperative else { return }
        cooperativeReady.escalate(from: old, to: priority)
        threads[Int(t)].qos = priority
        note(.actorEscalated, thread: t, context: holder, a: k, b: Int64(priority))
    }

    /// Whether `c` waits on its actor's queue for the job that holds the actor to end or suspend.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func waitsForActor(_ c: Int32) -> Bool {
        let context = contexts[Int(c)]
        return context.state == .queued && context.actor >= 0 && actorHolder[Int(context.actor)] != c
            && !context.hoppedOff
    }

    /// The job actor `k` runs next: the highest priority, then the first enqueued; -1 for none.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    private mutating func nextActorJob(_ k: Int32) -> Int32 {
        var next: Int32 = -1
        for index in contexts.indices where contexts[index].actor == k && waitsForActor(Int32(index)) {
            guard next >= 0 else {
                next = Int32(index)
                continue
            }
            let (a, b) = (contexts[index], contexts[Int(next)])
            if a.schedulingPriority > b.schedulingPriority
                || (a.schedulingPriority == b.schedulingPriority && a.actorTicket < b.actorTicket) { next = Int32(index) }
        }
        return next
    }

    /// `c` gives up its actor if it holds it. The next job, if any, takes the actor: at once on the
    /// thread that drains the actor (`drainerContinues`), or as a newly scheduled processing job
    /// when that thread follows `c` elsewhere.
    mutating func releaseActor(of c: Int32, drainerContinues: Bool) {
        let k = contexts[Int(c)].actor
        guard actorHolder[Int(k)] == c else { return }
        actorHolder[Int(k)] = -1
        let next = nextActorJob(k)
        guard next >= 0 else { return }
        actorHolder[Int(k)] = next
        note(.actorHandedOver, context: next, a: k, b: drainerContinues ? 1 : 0)
        if drainerContinues {
            schedule(.jobReady, next, after: 0)
        } else {
            enqueueOnPool(next)
        }
    }

    /// `await` into actor `k` (an `isolatedCall`, or back to a task's own actor): `true` when the
    /// context goes on on this thread.
    mutating func switchToActor(_ k: Int32, context c: Int32, thread t: Int32) -> Bool {
        if contexts[Int(c)].actor == k { return true }  // already isolated to it: no switch
        if threads[Int(t)].pool == .cooperative && actorHolder[Int(k)] < 0 {
            // The thread gives up its executor and assumes the idle actor.
            leaveActorOnThread(c, on: t)
            contexts[Int(c)].actor = k
            actorHolder[Int(k)] = c
            note(.actorEntered, thread: t, context: c, a: k)
            return true
        }
        hop(c, from: t)
        contexts[Int(c)].actor = k
        enqueueOnActor(c)
        return false
    }

    /// The end of an `isolatedCall`'s body: back to the enclosing call's actor (`target`), or to the
    /// task's own executor (-1). `true` when the context goes on on this thread.
    mutating func leaveIsolatedCall(to target: Int32, context c: Int32, thread t: Int32) -> Bool {
        let destination = target >= 0 ? target : contexts[Int(c)].homeActor
        if destination >= 0 { return switchToActor(destination, context: c, thread: t) }
        guard contexts[Int(c)].mainIsolated else {
            leaveActorOnThread(c, on: t)  // the generic executor: the thread follows the task
            contexts[Int(c)].actor = -1
            return true
        }
        hop(c, from: t)
        contexts[Int(c)].actor = -1
        enqueueOnMain(c)
        return false
    }

    /// A nonisolated call from actor-isolated code runs off the actor, on the same thread; the
    /// task comes back to the actor when the call returns.
    mutating func leaveActorForCall(_ c: Int32, on t: Int32) {
        leaveActorOnThread(c, on: t)
        contexts[Int(c)].hoppedOff = true
    }

    /// The thread follows `c` off its actor, which is scheduled anew if it has jobs.
    private mutating func leaveActorOnThread(_ c: Int32, on t: Int32) {
        let k = contexts[Int(c)].actor
        guard k >= 0, actorHolder[Int(k)] == c else { return }
        note(.actorLeft, thread: t, context: c, a: k)
        releaseActor(of: c, drainerContinues: false)
    }

    /// Takes `c` off its thread (it suspends in the `await`) to be enqueued elsewhere; the thread
    /// goes on with its actor's next job.
    private mutating func hop(_ c: Int32, from t: Int32) {
        detach(c, from: t, state: .queued)
    }

    #if EXITRACE_INVARIANTS
    /// One job at a time per actor: a context runs on an actor only while it holds it, and a
    /// holder is isolated to its actor and running or scheduled.
    mutating func checkActorInvariants() {
        guard !actorHolder.isEmpty else { return }
        // Locals, so the checks' autoclosures capture arrays, not a copy of the engine per context.
        let contexts = self.contexts, actorHolder = self.actorHolder
        for k in 0..<actorHolder.count {
            let holder = actorHolder[k]
            guard holder >= 0 else { continue }
            let state = contexts[Int(holder)].state
            let isolated = contexts[Int(holder)].actor == Int32(k)
            precondition(isolated, "actor \(k) is held by a job isolated elsewhere")
            precondition(state == .queued || state == .onThread, "actor \(k) is held by a job neither running nor scheduled")
        }
        for index in contexts.indices where contexts[index].state == .onThread && contexts[index].actor >= 0 {
            let context = contexts[index]
            let holds = context.hoppedOff || actorHolder[Int(context.actor)] == Int32(index)
            precondition(holds, "a job runs on actor \(context.actor) without holding it")
        }
    }
    #endif
}
