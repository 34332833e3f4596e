/// A whole experiment: the machine's timing, the system calls, the hooks, the strategies and the
/// kill procedures. Every (hook, strategy) pair is simulated under every procedure.
///
/// Ordered collections keep the order of the scenario file, which is the order of the table.
///
/// Every default a scenario file may leave out lives on these model types (`Timing.default`,
/// `LifecycleSettings.default`, `Limits.default`, `ActivitySettings.default`, `Goal.default`, the
/// initializers' `nil` arguments): the decoder reads them from here, and a test checks that
/// `docs/scenario-format.md` states the same values.
public struct Scenario: Equatable, Sendable {
    /// The scenario's name, e.g. `live-activity`: it names the result files and starts every drift
    /// line, so it must be unique in a batch. A file that states none is named after the file.
    public package(set) var name: String
    /// A one-line description, printed after the name above the table.
    public package(set) var title: String
    /// Start latencies, pool widths and how long `exit` takes.
    package var timing: Timing
    /// Timing and watchdog budgets of the lifecycle, for procedures written as actions.
    package var lifecycle: LifecycleSettings
    /// The Live Activity that system calls act on; `nil` when the scenario has none.
    package var activity: ActivitySettings?
    /// What makes a cell ○; by default, every cleanup call taking effect while the process lives.
    package var goal: Goal
    /// Bounds on each run.
    package var limits: Limits
    /// The async system operations strategies may `call`, in file order.
    package var systemCalls: [SystemCall]
    /// The rows of the table, in file order.
    public package(set) var hooks: [Hook]
    /// The columns of the table, in file order.
    public package(set) var strategies: [Strategy]
    /// The kill procedures every cell runs under, in file order; a cell is ○ only if it wins
    /// under all of them.
    public package(set) var procedures: [KillProcedure]
    /// Sweeps whose flip reports go with the scenario's results (none unless the file names some).
    package var sweeps: [SweepSpec] = []
    /// Settings whose values are drawn from a distribution, in file order (none unless the file
    /// or `--set` gives one). The scenario's own value of such a setting is the distribution's
    /// ``Distribution/nominal`` value, which runs without sampling use.
    package var uncertainties: [UncertainSetting] = []
    /// How many replications to run and from which seed when the scenario is sampled and the
    /// command line does not say (the `sampling` section; ``SamplingSettings/default`` if absent).
    package var sampling: SamplingSettings = .default
    /// The app's own dispatch queues (the `queues` section), in file order; none by default.
    package var queues: [DispatchQueueSpec] = []
    /// The actors the strategies' steps may be isolated to, in file order (none unless the file
    /// declares some in `actors`).
    package var actors: [ActorDeclaration] = []

    /// A win whose margin is below this is flagged as thin (`[t]`): timings within their
    /// uncertainty could flip it. Reporting only; runs do not read it.
    public package(set) var thinWin: VirtualDuration = Scenario.defaultThinWin
    /// 3 ms, the assumed duration of `exit`: a cleanup that beats the process's death by less than
    /// the time `exit` itself takes is racing `exit`, and the exit duration and start latencies
    /// of a release build are not measured (wins a semaphore wait guarantees have larger margins).
    public static let defaultThinWin = VirtualDuration.ms(3)

    /// Whether any setting is drawn from a distribution.
    public var isUncertain: Bool { !uncertainties.isEmpty }

    /// A `nil` title is the name.
    package init(
        name: String, title: String?, timing: Timing, lifecycle: LifecycleSettings = .default,
        activity: ActivitySettings? = nil, goal: Goal = .default, limits: Limits, systemCalls: [SystemCall],
        hooks: [Hook], strategies: [Strategy], procedures: [KillProcedure]
    ) {
        self.name = name
        self.title = title ?? name
        self.timing = timing
        self.lifecycle = lifecycle
        self.activity = activity
        self.goal = goal
        self.limits = limits
        self.systemCalls = systemCalls
        self.hooks = hooks
        self.strategies = strategies
        self.procedures = procedures
    }
}

/// The timing assumptions about the device and the OS. Each one is a named setting in the file.
package struct Timing: Equatable, Sendable {
    /// How long `exit` takes on the main thread; other threads keep running until it completes.
    package var exitDuration: VirtualDuration
    /// How long a job enqueued on a thread pool at each QoS waits before a thread picks it up,
    /// indexed by ``QoSClass/index``.
    package var startLatency: [VirtualDuration]
    /// Width of the Swift concurrency cooperative pool.
    package var cooperativePoolWidth: Int
    /// How many worker threads Dispatch's global queues may use at once.
    package var dispatchPoolWidth: Int
    /// The QoS of the main thread.
    package var mainThreadQoS: QoSClass

    /// Timing with every setting stated. `startLatency` must hold one duration per QoS class, indexed by
    /// ``QoSClass/index`` (a precondition: a wrong count is a programming error, not an input error).
    package init(
        exitDuration: VirtualDuration, startLatency: [VirtualDuration], cooperativePoolWidth: Int,
        dispatchPoolWidth: Int, mainThreadQoS: QoSClass
    ) {
        precondition(startLatency.count == QoSClass.allCases.count)
        self.exitDuration = exitDuration
        self.startLatency = startLatency
        self.cooperativePoolWidth = cooperativePoolWidth
        self.dispatchPoolWidth = dispatchPoolWidth
        self.mainThreadQoS = mainThreadQoS
    }

    /// How long a job queued at `qos` waits for a pool thread.
    package func startLatency(_ qos: QoSClass) -> VirtualDuration { startLatency[qos.index] }

    /// The timing a scenario gets for every setting it leaves out: the assumptions of the built-in
    /// Live Activity scenario, so that a variant states only what it changes.
    ///
    /// The start latencies are indexed like ``QoSClass/index``: background 50 ms, utility 20 ms,
    /// default 10 ms, user-initiated 0.1 ms, user-interactive 0.05 ms.
    package static let `default` = Timing(
        exitDuration: .ms(3),
        startLatency: [.ms(50), .ms(20), .ms(10), VirtualDuration(nanoseconds: 100_000),
                       VirtualDuration(nanoseconds: 50_000)],
        cooperativePoolWidth: 6, dispatchPoolWidth: 64, mainThreadQoS: .userInteractive)
}

/// Bounds on one simulation run; reaching one is a reported outcome, never a hang.
package struct Limits: Equatable, Sendable {
    /// The most events one run may process; a run that reaches it stops with `boundReached` `events`.
    package var maxEvents: Int
    /// The latest virtual time a run may reach; a run that reaches it stops with `boundReached` `time`.
    package var maxTime: VirtualDuration
    /// The most events one run may have scheduled and not yet processed; a run that holds more
    /// stops with `boundReached` `pendingEvents`. It bounds the event queue's memory.
    package var maxPendingEvents: Int
    /// The most contexts (turns, blocks, tasks) one run may create; a run that creates more stops
    /// with `boundReached` `contexts`. It bounds the memory of the run's contexts.
    package var maxContexts: Int
    /// The most trace records an explanation (`explain`, the report) keeps of one run; past it the
    /// run goes on unrecorded and the explanation says its trace was cut. Runs without a trace
    /// ignore it.
    package var maxTraceRecords: Int

    /// The largest duration a scenario may state, in milliseconds (about 11.6 days): far beyond any
    /// iOS budget, and small enough that no sum of settings overflows 64-bit nanoseconds.
    package static let maxDurationMs: Double = 1_000_000_000
    /// The most events a run may be allowed; keeps per-run counters within 32 bits.
    package static let maxEventsCeiling = 1_000_000_000

    /// The most pending events, contexts or trace records a run may be allowed (`limits.maxPendingEvents`,
    /// `maxContexts`, `maxTraceRecords`): five times the defaults. It caps what raising a limit can
    /// cost in memory, so that a run that reaches a raised limit stops with `[?]` instead of
    /// exhausting the machine's memory: a ceiling of 1e8 let a 1 KB file of nested timers grow to
    /// 6 GB. At this ceiling the same file peaks at some 760 MB, under ``memoryBudgetBytes``.
    package static let memoryCeiling = 5_000_000
    /// The most memory one run at the ``memoryCeiling``s may take: 1 GiB (`.ci/run` runs the nested
    /// timers at the ceilings and checks the process's peak against it). Runs in parallel (`batch`,
    /// `run`'s windows) may take it each.
    package static let memoryBudgetBytes = 1 << 30

    /// Bounds as given; the decoder, not this initializer, checks them against ``maxEventsCeiling``,
    /// ``memoryCeiling`` and ``maxDurationMs``.
    package init(
        maxEvents: Int, maxTime: VirtualDuration, maxPendingEvents: Int = 1_000_000, maxContexts: Int = 1_000_000,
        maxTraceRecords: Int = 1_000_000
    ) {
        self.maxEvents = maxEvents
        self.maxTime = maxTime
        self.maxPendingEvents = maxPendingEvents
        self.maxContexts = maxContexts
        self.maxTraceRecords = maxTraceRecords
    }

    /// The bounds a scenario gets for every limit it leaves out: a million events, ten minutes of
    /// virtual time, a million pending events, contexts and trace records (some 32 MB each). A run
    /// that reaches one is reported as such, never cut short silently.
    package static let `default` = Limits(maxEvents: 1_000_000, maxTime: .ms(600_000))
}

/// An async system operation, such as `Activity.end`, and how it behaves in time.
package struct SystemCall: Equatable, Sendable {
    /// When the system call's request counts as done.
    package enum Effect: String, CaseIterable, Equatable, Sendable {
        /// Once the request has left the process: it completes even if the process dies after.
        case delivery
        /// Only once the reply is back in a live process.
        case reply
    }

    /// The name strategies `call` it by, e.g. `Activity.end`.
    package var name: String
    /// CPU time the call spends on the calling thread before it suspends.
    package var cost: VirtualDuration
    /// When, from the start of the call, the request leaves the process; at most `cost`.
    /// `nil`: when the call's work on its thread ends, whatever `cost` is in a run.
    package var deliverAfter: VirtualDuration?
    /// How long after delivery the reply arrives and the caller resumes.
    package var replyLatency: VirtualDuration
    /// Whether the request counts once delivered or only once the reply is back.
    package var takesEffectOn: Effect
    /// Whether this call is the cleanup the table is about.
    package var isCleanup: Bool
    /// What the call does to the scenario's Live Activity, if anything.
    package var activityEffect: ActivityEffect?
    /// For a call that writes a file: the file's Data Protection class. A write to a file with
    /// ``FileProtection/complete`` fails (takes no effect) once the device has been locked for
    /// `lifecycle.dataProtectionDelayMs`; `nil` for a call that writes no file.
    package var fileProtection: FileProtection?
    /// Work the call hands to the system, which goes on after the process died; `nil` for a call
    /// whose effect is its delivery or reply.
    package var service: SystemService?
    /// Whether the call honours the cancellation of the task awaiting it, as URLSession's async
    /// methods do (docs/scenario-format.md, "Cancellable calls"): a cancellation while the task
    /// awaits the reply cancels the request, and the await throws at once.
    package var cancellable = false
    /// Whether `exitrace import` wrote the call with a placeholder cost (`"placeholder": true`):
    /// `run` names it under the table while `cost` is still ``importPlaceholderCost``.
    package var isPlaceholder = false

    /// The cost `exitrace import` writes for a call it cannot know (`costMs: 1`).
    package static let importPlaceholderCost = VirtualDuration.ms(1)

    /// A call with every setting stated. The decoder checks that `deliverAfter` is at most `cost`;
    /// this initializer does not.
    package init(
        name: String, cost: VirtualDuration, deliverAfter: VirtualDuration?, replyLatency: VirtualDuration,
        takesEffectOn: Effect, isCleanup: Bool, activityEffect: ActivityEffect? = nil
    ) {
        self.activityEffect = activityEffect
        self.name = name
        self.cost = cost
        self.deliverAfter = deliverAfter
        self.replyLatency = replyLatency
        self.takesEffectOn = takesEffectOn
        self.isCleanup = isCleanup
    }

    /// A call that costs `cost`, with every other setting at its default.
    ///
    /// The defaults: the request leaves once the cost is spent, the reply is back at once, the
    /// request counts on delivery (so a call already sent completes even if the process dies),
    /// the call is a cleanup call, and it does nothing to the Live Activity.
    package init(name: String, cost: VirtualDuration) {
        self.init(
            name: name, cost: cost, deliverAfter: nil, replyLatency: .zero, takesEffectOn: .delivery, isCleanup: true)
    }
}

/// A row of the table: where the strategy is installed.
public struct Hook: Equatable, Sendable {
    /// The row's name; by default also the one callback the strategy runs in
    /// (e.g. `applicationWillTerminate`).
    public package(set) var name: String
    /// The row label (e.g. `AppDelegate`).
    public package(set) var label: String
    /// The callbacks the strategy runs in, each time one is delivered.
    public package(set) var callbacks: [String]

    /// A `nil` label is the name; `nil` callbacks are the one callback of that name.
    package init(name: String, label: String?, callbacks: [String]? = nil) {
        self.name = name
        self.label = label ?? name
        self.callbacks = callbacks ?? [name]
    }
}

/// A cleanup strategy: a column of the table.
public struct Strategy: Equatable, Sendable {
    /// The column heading and the name lookups use, e.g. `Task.detached + semaphore`.
    public package(set) var name: String
    /// The Swift the strategy stands for, for documentation and reports.
    public package(set) var code: String
    /// What the strategy does, run on the main thread inside each of the hook's callbacks. With
    /// ``callbackPrograms``, every callback's program one after another, in their order: walks over
    /// a strategy's steps (validation, cleanup calls, sources) see all of them.
    package var program: [ProgramStep]
    /// Where each step came from in the app's Swift (``StepSource``), indexed by the step's place in
    /// ``preorder(_:)``; empty when no step says (only imported scenarios do).
    package var stepSources: [StepSource?]
    /// `onCallbacks`: a program per callback, as ranges of ``program``'s top-level steps, in the
    /// file's order; empty for a strategy with one `program` that runs in every callback.
    package var callbackPrograms: [CallbackProgram]

    /// A `nil` code is empty: reports then show the program alone.
    package init(name: String, code: String?, program: [ProgramStep], stepSources: [StepSource?] = []) {
        self.name = name
        self.code = code ?? ""
        self.program = program
        self.stepSources = stepSources
        self.callbackPrograms = []
    }

    /// A strategy whose code depends on the callback delivered (`onCallbacks`): `programs` in order.
    package init(name: String, code: String?, onCallbacks programs: [(callback: String, steps: [ProgramStep])],
        stepSources: [StepSource?] = []
    ) {
        self.init(name: name, code: code, program: programs.flatMap(\.steps), stepSources: stepSources)
        var start = 0
        for (callback, steps) in programs {
            callbackPrograms.append(CallbackProgram(callback: callback, steps: start..<start + steps.count))
            start += steps.count
        }
    }
}

/// One callback's program of a strategy with `onCallbacks`.
package struct CallbackProgram: Equatable, Sendable {
    /// The callback's name (`sceneDidEnterBackground`).
    package var callback: String
    /// Its steps: a range of the strategy's ``Strategy/program``.
    package var steps: Range<Int>
}

/// A way of killing the app: a script the system follows.
public struct KillProcedure: Equatable, Sendable {
    /// One step of a kill procedure's script, which the system side of a run follows in order.
    package enum Step: Equatable, Sendable {
        /// Enqueue one main-queue block that performs `actions` in order, then wait for it to
        /// return. With a watchdog, the process is killed if the block has not returned in time.
        /// With `forceQuit`, the turn is sent because the user swiped the app away in the app
        /// switcher: a force quit, as `swipeAway` is (work a force quit cancels is cancelled when
        /// the turn is sent; see ``SystemService/cancelledByForceQuit``), and the app's termination
        /// begins with it (no suspension between the swipe's callbacks).
        case turn([TurnAction], watchdog: VirtualDuration?, forceQuit: Bool = false)
        /// The system waits.
        case delay(VirtualDuration)
        /// SIGKILL now, with no callback.
        case sigkill
        /// A user or system action, expanded at run time from the app's state (see ``LifecycleAction``).
        case action(LifecycleAction)

        // The steps below come only from expanding actions.

        /// A turn whose watchdog budget is a lifecycle setting.
        case lifecycleTurn([TurnAction], watchdog: LifecycleBudget)
        /// The system waits for a lifecycle setting's time.
        case lifecycleDelay(LifecycleBudget)

        /// The app's state becomes this.
        case setState(AppState)
        /// The app is launched with these options.
        case launch(LaunchOptions)
        /// The app has entered the background: background tasks start counting their allowance,
        /// and with none held the app is suspended `lifecycle.suspendAfterMs` later.
        case enterBackground
        /// The app is back in the foreground: pending suspension and task deadlines are off.
        case enterForeground
        /// A suspended app's threads run again.
        case resume
        /// A silent push holds the app in the background like a background task until the fetch
        /// completion handler is called.
        case beginFetch
        /// The fetch completion handler was called: the silent push no longer holds the app in the background.
        case endFetch
        /// The system has begun terminating the app (it was swiped away while running): from now
        /// on it is never suspended.
        case beginTermination
        /// The device locks: files with complete protection become unavailable
        /// `lifecycle.dataProtectionDelayMs` later.
        case lockDevice
    }

    /// One thing a main-queue turn of a kill procedure does; a turn does its actions in order.
    package enum TurnAction: Equatable, Sendable {
        /// Call the hook with this name (runs the strategy when it is the hook under test).
        case hook(String)
        /// Main-thread work, such as UI teardown.
        case work(VirtualDuration)
        /// `exit`: the process dies `timing.exitDuration` later.
        case exit
        /// Main-thread work for a lifecycle setting's time (only from expanding actions).
        case lifecycleWork(LifecycleBudget)
    }

    /// The procedure's name, e.g. `foreground`, which lookups and result files use.
    public package(set) var name: String
    /// A description for tables and reports, e.g. `foreground kill: swiped away …`; by default the name.
    public package(set) var label: String
    /// The script, in order; actions expand into turns when the run reaches them, from the state
    /// the app is in then.
    package var steps: [Step]
    /// The app's state when the procedure begins (the reference experiment's app is running in
    /// the foreground); procedures that launch the app start `notRunning`.
    package var startsIn: AppState

    /// Where a procedure starts when it does not say: the app running in the foreground, as in
    /// the reference experiment.
    package static let defaultStartState = AppState.active

    /// A `nil` label is the name; a `nil` `startsIn` is ``defaultStartState``.
    package init(name: String, label: String?, steps: [Step], startsIn: AppState? = nil) {
        self.name = name
        self.label = label ?? name
        self.steps = steps
        self.startsIn = startsIn ?? Self.defaultStartState
    }
}
