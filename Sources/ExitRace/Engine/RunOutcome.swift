/// What happened in one simulation of one (hook, strategy, procedure).
public struct RunOutcome: Equatable, Sendable {
    /// How the process ended.
    public enum DeathCause: String, CaseIterable, Equatable, Sendable {
        /// `exit` completed on the main thread.
        case exit
        /// A turn did not return within its watchdog budget.
        case watchdog
        /// SIGKILL with no callback (a suspended app swiped away, jetsam).
        case sigkill
        /// A background task was still held when its allowance ran out (0x8badf00d).
        case backgroundTaskExpired

        /// How the process ended, in words.
        public var phrase: String {
            switch self {
            case .exit: "the process exited"
            case .watchdog: "the watchdog killed the process"
            case .sigkill: "the process was killed (SIGKILL)"
            case .backgroundTaskExpired: "the system killed the app for holding a background task past its allowance"
            }
        }

        /// Whether a watchdog of the system killed the process: on a device, a crash report
        /// with the exception code 0x8badf00d.
        public var isWatchdogKill: Bool { self == .watchdog || self == .backgroundTaskExpired }
    }

    /// When and how the process died.
    public struct Death: Equatable, Sendable {
        /// The instant the process was gone.
        public var at: VirtualInstant
        /// What killed it.
        public var cause: DeathCause
    }

    /// A bound of ``Limits`` that stopped the run while the process was still alive.
    public enum Bound: String, Equatable, Sendable {
        /// `limits.maxEvents`: the run processed as many events as it may.
        case events
        /// `limits.maxTimeMs`: the next event lay past the latest time a run may reach.
        case time
        /// `limits.maxPendingEvents`: more events were scheduled and not yet processed than allowed.
        case pendingEvents
        /// `limits.maxContexts`: the run created more turns, blocks and tasks than allowed.
        case contexts
        /// The machine's memory: the run's contexts or pending events wanted more than the system
        /// had, below `limits.maxContexts` and `limits.maxPendingEvents` (``memoryRanShortAt``).
        case memory

        /// The setting of the bound, e.g. `limits.maxEvents` (for `memory`, `limits.maxContexts`:
        /// the first of the two settings that keep a run within less memory).
        public var settingPath: String {
            switch self {
            case .events: "limits.maxEvents"
            case .time: "limits.maxTimeMs"
            case .pendingEvents: "limits.maxPendingEvents"
            case .contexts: "limits.maxContexts"
            case .memory: "limits.maxContexts"
            }
        }

        /// `limits.maxEvents`, or `the machine's memory`: what a line saying the run stopped at it names.
        public var reachedWords: String { self == .memory ? "the machine's memory" : settingPath }
    }

    /// How many contexts and pending events a run held when memory ran short.
    public struct MemoryUse: Equatable, Sendable {
        public var contexts: Int
        public var pendingEvents: Int
    }

    /// The first semaphore signal that woke a waiter of a higher QoS class than the signaler.
    public struct PriorityInversion: Equatable, Sendable {
        /// The instant of the first such signal.
        public var at: VirtualInstant
        /// The class of the thread that waited (the main thread's, usually).
        public var waiter: QoSClass
        /// The lower class of the thread that signaled.
        public var signaler: QoSClass
        /// How many inversions the run had in all.
        public var count: Int

        /// The Thread Performance Checker's wording.
        public var checkerMessage: String {
            "Thread running at \(waiter.checkerName) quality-of-service class waiting on a lower QoS thread "
                + "running at \(signaler.checkerName) quality-of-service class."
        }
    }

    /// Whether every cleanup call took effect while the process was alive.
    public var cleanupFinished: Bool
    /// When the last cleanup call took effect, if the cleanup finished.
    public var cleanupAt: VirtualInstant?
    /// When the cleanup would have finished had the process lived on (other threads are simulated
    /// past death for this); `nil` when it finished, or could never have.
    public var wouldHaveFinishedAt: VirtualInstant?
    /// How the process died; `nil` when it lived to the end of the run.
    public var death: Death?
    /// The wait-for chain, when a thread was blocked for good at death (or at the end of the run).
    public var deadlockChain: DeadlockChain?
    /// The chain's links in words (made each time this is read).
    public var deadlock: [DeadlockLink]? { deadlockChain?.links }
    /// A wait-for chain that formed only after the process died, had it lived: it marks nothing
    /// (only what happens before death decides a cell) and is told by explanations.
    public var deadlockAfterDeath: DeadlockChain?
    /// The first priority inversion of the run, if any.
    public var inversion: PriorityInversion?
    /// The bound of `limits` that stopped a run whose process was still alive (or, for the time
    /// bound, whose services still had work pending after death).
    public var boundReached: Bound?
    /// With bound `memory`: the contexts and pending events the run held when it stopped.
    public var memoryRanShortAt: MemoryUse?
    /// Events the kernel processed.
    public var events: Int
    /// The scenario's Live Activity, when it has one: how its life went.
    public var activity: ActivityOutcome?
    /// Whether the cell is judged by the cleanup calls (the default goal), which gives margins
    /// their meaning; other goals have no margin.
    public var judgedByCleanup = true
    /// Whether the cleanup finished after the process died, by work the system did for it (a
    /// service: a background transfer, a scheduled task, a push). Such a finish has no margin:
    /// it did not race the process's death.
    public var finishedBySystemAfterDeath = false
    /// With `onCallbacks`: the programs (bit `i` for the strategy's `callbackPrograms[i]`) holding
    /// cleanup calls whose callback the row's hook listens to and the run never delivered; 0 otherwise.
    package var skippedCleanupPrograms: UInt64 = 0
    /// The programs holding cleanup calls that the run never delivered and whose calls were owed all
    /// the same: code of the app going away, in a run where the process died (``Callback/goingAway``),
    /// also when none of the row's code ran (then ``skippedCleanupPrograms`` is 0). Those skipped and
    /// not owed are left out of the verdict (a launch's code owes nothing when it never runs).
    package var owedSkippedPrograms: UInt64 = 0

    /// A Live Activity's life in a run. It does not end with the process.
    public struct ActivityOutcome: Equatable, Sendable {
        /// When the activity was started (negative: before the run).
        public var startedAt: VirtualInstant
        /// When it ended: by the app's `end`, or at the system's time limit.
        public var endedAt: VirtualInstant
        /// Whether the app's `end` reached the system before the time limit did.
        public var endedByApp: Bool
        /// When it left the lock screen (and the Dynamic Island).
        public var dismissedAt: VirtualInstant
        /// Updates delivered while it was active, and the last one.
        public var updates: Int
        /// When the last update was delivered, if any was.
        public var lastUpdateAt: VirtualInstant?

        /// Whether the activity is on screen at `time`.
        public func isVisible(at time: VirtualInstant) -> Bool { time >= startedAt && time < dismissedAt }
    }

    /// Positive: the cleanup won by this much; negative: it would have needed this much longer.
    /// `nil` when the process did not die or the cleanup could never have finished.
    public var margin: VirtualDuration? {
        guard let death, judgedByCleanup, !finishedBySystemAfterDeath else { return nil }
        if let cleanupAt { return death.at - cleanupAt }
        if let wouldHaveFinishedAt { return death.at - wouldHaveFinishedAt }
        return nil
    }
}

/// One link of a deadlock's wait-for chain, e.g. "main thread waits on semaphore `done`".
public enum DeadlockLink: Equatable, Sendable {
    /// A thread is blocked in `semaphore.wait()`.
    case threadWaits(thread: String, semaphore: String, inHook: String)
    /// The only code left that signals the semaphore belongs to these contexts.
    case signaledOnlyBy(semaphore: String, contexts: [String])
    /// No code left anywhere signals the semaphore.
    case neverSignaled(semaphore: String)
    /// A thread sleeps in a loop until a flag is set (`while !flag { Thread.sleep(…) }`).
    case threadPolls(thread: String, flag: String, inHook: String)
    /// The only code left that sets the flag belongs to these contexts.
    case setOnlyBy(flag: String, contexts: [String])
    /// No code left anywhere sets the flag.
    case neverSet(flag: String)
    /// The context cannot start before the main thread takes it from the main queue.
    case queuedOnMainActor(context: String)
    /// The context runs on a thread that is itself blocked.
    case runsOnBlockedThread(context: String, thread: String)
    /// Closes the cycle: the main actor's queue runs only on the main thread.
    case mainActorRunsOnMainThread
    /// The context waits for a cooperative thread, and every one of the `width` threads that
    /// count against its QoS bucket (those of its bucket and the buckets above) is blocked (a
    /// starved pool); the chain goes on through the first of them not already in it.
    case queuedForBlockedPool(context: String, width: Int)
    /// A thread is blocked in `queue.sync` (`queue` as a program names it: `main`, `io`, …).
    case threadSyncs(thread: String, queue: String)
    /// The serial queue is held by this context until it finishes (or leaves its `sync` body).
    case queueHeldBy(queue: String, context: String)
    /// The block waits for its serial queue, held by the next link's context.
    case queuedBehindHolder(context: String)
    /// Closes the cycle: the main queue runs only on the main thread.
    case mainQueueRunsOnMainThread
    /// The context waits on a declared actor's queue, and the actor runs one job at a time: the
    /// job of `holder`, which the chain follows.
    case queuedOnBusyActor(context: String, actor: String, holder: String)
    /// The task waits for a child task (the end of a task group, an `async let`), which the chain follows.
    case waitsForChildTask(context: String, child: String)
}
