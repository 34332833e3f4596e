/// One cell of the table under one procedure, flattened for the engine: the procedure's script,
/// with the strategy inlined wherever one of the row's callbacks is delivered.
///
/// Bodies of spawned tasks, dispatched blocks, timers, expiration handlers and conditionals are
/// stored in place, right after the op that owns them (`bodyEnd` marks where they stop), so a
/// context is just a range of ops and "the code this context has still to run" is a contiguous
/// slice. Everything is plain integers: the engine's inner loop reads it without reference
/// counting or dynamic dispatch. Compiled once and never changed, it is shared by reference: a
/// run takes the program with one retain, not a copy of each of its arrays.
package final class CellProgram: Sendable {
    let ops: ContiguousArray<Op>
    /// The same ops in memory of their own, as the event loop reads them (``OpTable``): built once
    /// here, so that a run takes it with a retain.
    let opTable: OpTable
    /// The procedure's script, then the expansions of its lifecycle actions.
    package let steps: ContiguousArray<ScriptStep>
    /// Steps `0..<mainSteps` are the script itself.
    let mainSteps: Int32
    /// The app's state when the run begins.
    let initialState: AppState
    /// For each action step, one range of `steps` per ``AppState`` (indexed by its raw value).
    let variants: ContiguousArray<StepRange>
    /// Callback names, indexed by `hookEnter`'s operand.
    package let callbacks: [String]
    /// With `onCallbacks`, per callback (by `hookEnter`'s operand): the index of the strategy's program
    /// for it when that program holds cleanup calls and the row's hook listens to it, else -1.
    let cleanupProgramOfCallback: [Int8]
    /// With `onCallbacks`: such programs (as bits of their index) whose callback the procedure
    /// never sends at all.
    let cleanupProgramsNeverSent: UInt64
    /// Per `onCallbacks` program (by index): its cleanup calls (bits of the cleanup mask).
    let cleanupCallsOfProgram: [UInt64]
    /// The `onCallbacks` programs of the app going away (``Callback/goingAway``) whose cleanup calls
    /// are owed when the process dies and the run never delivered them: the row's hook listens to
    /// them and the app had not been through their callback before the run.
    let owedIfUndelivered: UInt64
    /// The callbacks (bit per `hookEnter` operand, the first 64) the row's hook listens to: a run
    /// that delivers none of them ran none of the strategy's code, and skipped nothing of it.
    let listenedCallbacks: UInt64
    /// The strategy step (pre-order index in its program) each op the strategy's steps gave comes
    /// from, by op index: read only while tracing (``TraceCall``).
    let strategyStepOfOp: [Int32: Int32]

    /// The strategy step op `pc` comes from, or -1.
    func strategyStep(ofOp pc: Int32) -> Int32 { strategyStepOfOp[pc] ?? -1 }
    /// Semaphores, one per (strategy invocation, semaphore name).
    package let semaphores: ContiguousArray<ResourceInfo>
    package let flags: ContiguousArray<ResourceInfo>
    /// Background-task names, one slot per (strategy invocation, name).
    let taskSlots: ContiguousArray<ResourceInfo>
    /// The cleanup system calls the strategy makes, as a bit mask of call indices: the cleanup
    /// finished once each of them has taken effect at least once (ending an activity twice is no
    /// better than once; a strategy that must save two things needs both). With `onCallbacks`,
    /// those of the script's own turns; an action's expansion adds its own when the run takes it.
    let requiredCleanups: UInt64
    /// The bits of the cleanup mask that are places (``CleanupSites``): every `site` of the ops.
    /// Read by the invariants (a context's `callSite`, a service event's place, the done masks).
    let placeBits: UInt64
    /// The scenario's actors by name, indexed by the actor operands of ops.
    package let actors: [String]

    init(_ builder: Builder) {
        ops = builder.ops
        opTable = OpTable(builder.ops)
        steps = builder.steps
        mainSteps = builder.mainSteps
        initialState = builder.initialState
        variants = builder.variants
        callbacks = builder.callbacks
        cleanupProgramOfCallback = builder.cleanupProgramOfCallback
        cleanupProgramsNeverSent = builder.cleanupProgramsNeverSent
        cleanupCallsOfProgram = builder.cleanupCallsOfProgram
        owedIfUndelivered = builder.owedIfUndelivered
        listenedCallbacks = builder.listenedCallbacks
        strategyStepOfOp = builder.strategyStepOfOp
        semaphores = builder.semaphores
        flags = builder.flags
        taskSlots = builder.taskSlots
        requiredCleanups = builder.requiredCleanups
        placeBits = builder.ops.reduce(0) { bits, op in
            precondition(op.site < 64, "a place's cleanup bit beyond the mask")
            return op.site >= 0 ? bits | 1 << UInt64(op.site) : bits
        }
        queues = builder.queues
        actors = builder.actors
        startsChildTasks = builder.ops.contains { $0.kind == .spawnChild }
        awaitsTasks = builder.ops.contains { $0.kind == .awaitTask }
        interruptsSleeps = builder.ops.contains { $0.kind == .cancelTask || $0.kind == .throwError }
        installsHandlers = builder.ops.contains { $0.kind == .installCancellationHandler }
        collectsChildren = builder.ops.contains { $0.kind == .groupNext }
        usesServices = builder.usesServices
        cancelsCalls = interruptsSleeps && builder.hasCancellableCalls
        taskHandles = builder.taskHandles
    }

    /// Task handles (`let upload = Task { … }`), one per (strategy invocation, name), for `cancel`.
    let taskHandles: ContiguousArray<ResourceInfo>

    /// Whether the scenario has calls with a service (work that outlives the process): the force
    /// quit is traced and the services' invariants are checked only then.
    let usesServices: Bool

    /// Whether any op starts a child task (`addTask`, `async let`): the engine's child-task
    /// invariants are checked only then (they cost O(contexts) per event).
    let startsChildTasks: Bool
    /// Whether a task awaits another's value (`awaitTask`): finishing tasks then wake their waiters.
    let awaitsTasks: Bool
    /// Whether a task can be cancelled while it sleeps (a `cancel`, or a `throw` that cancels the
    /// thrower's children): `Task.sleep`s are then tracked so that a cancellation wakes them.
    let interruptsSleeps: Bool
    /// Whether a task can be cancelled while it awaits a `cancellable` system call: such calls are
    /// then tracked so that a cancellation cancels them (docs/scenario-format.md, "Cancellable calls").
    let cancelsCalls: Bool
    /// Whether any `withTaskCancellationHandler` installs an `onCancel` handler.
    let installsHandlers: Bool
    /// Whether any task group body calls `next()`: finished children are then kept in the order
    /// they finished.
    let collectsChildren: Bool

    /// The app's own queues by index, for names in reports.
    package let queues: [String]

    /// A ``QueueCode`` as programs name it: `main`, `global`, or an own queue's name.
    func queueName(_ code: Int32) -> String {
        if code == QueueCode.main { return "main" }
        if let qos = QueueCode.globalQoS(code) { return "global(\(QoSClass(priority: qos).name))" }
        return Int(code) < queues.count ? queues[Int(code)] : "-"
    }

    /// The program while the compiler writes it.
    struct Builder {
        var ops: ContiguousArray<Op> = []
        /// The procedure's script, then the expansions of its lifecycle actions.
        var steps: ContiguousArray<ScriptStep> = []
        /// Steps `0..<mainSteps` are the script itself.
        var mainSteps: Int32 = 0
        /// The app's state when the run begins.
        var initialState: AppState = .active
        /// For each action step, one range of `steps` per ``AppState`` (indexed by its raw value).
        var variants: ContiguousArray<StepRange> = []
        /// Callback names, indexed by `hookEnter`'s operand.
        var callbacks: [String] = []
        var cleanupProgramOfCallback: [Int8] = []
        var cleanupProgramsNeverSent: UInt64 = 0
        var cleanupCallsOfProgram: [UInt64] = []
        var owedIfUndelivered: UInt64 = 0
        var listenedCallbacks: UInt64 = 0
        var strategyStepOfOp: [Int32: Int32] = [:]
        /// Semaphores, one per (strategy invocation, semaphore name).
        var semaphores: ContiguousArray<ResourceInfo> = []
        var flags: ContiguousArray<ResourceInfo> = []
        /// Background-task names, one slot per (strategy invocation, name).
        var taskSlots: ContiguousArray<ResourceInfo> = []
        /// The cleanup system calls the strategy makes, as a bit mask of call indices: the cleanup
        /// finished once each of them has taken effect at least once (ending an activity twice is no
        /// better than once; a strategy that must save two things needs both).
        var requiredCleanups: UInt64 = 0
        /// The app's own queues by index.
        var queues: [String] = []
        /// The scenario's actors by name, indexed by the actor operands of ops.
        var actors: [String] = []
        /// Whether the scenario has calls with a service.
        var usesServices = false
        /// Whether the scenario declares a call `cancellable`.
        var hasCancellableCalls = false
        /// Task handles, one per (strategy invocation, name).
        var taskHandles: ContiguousArray<ResourceInfo> = []
    }

    /// A named resource of a strategy invocation, and the callback it was created in.
    package struct ResourceInfo: Sendable {
        package var name: String
        package var callback: Int32
    }

    /// An action's expansion from one app state: its steps, and the cleanup calls (bit mask of
    /// call indices) its `onCallbacks` programs owe, added to those owed once the run takes it.
    struct StepRange: Sendable {
        var start: Int32
        var end: Int32
        var cleanups: UInt64 = 0
    }
}

/// A compiled program step. `a` and `b` are operands whose meaning depends on `kind`; `slot` is
/// the parameter slot of the step's duration (-1 for none), read from the run's values.
package struct Op: Sendable {
    package enum Kind: UInt8, Sendable {
        /// `a`: callback index. Marks where a callback's code starts.
        case hookEnter
        /// `a`: callback index.
        case hookReturn
        /// `slot`: CPU time.
        case work
        /// `slot`: time the thread is blocked.
        case sleep
        /// `slot`: time the task is suspended.
        case taskSleep
        /// `a`: isolation (see `SpawnIsolation`), `b`: priority raw value or 0 to inherit;
        /// body is `(index + 1)..<bodyEnd`.
        case spawnTask
        /// As `spawnTask`, for `Task.detached`.
        case spawnDetached
        /// Body is `(index + 1)..<bodyEnd`.
        case dispatchMain
        /// `a`: QoS raw value; body is `(index + 1)..<bodyEnd`.
        case dispatchGlobal
        /// `a`: semaphore; `slot`: timeout, or -1 for none.
        case wait
        /// `a`: semaphore.
        case signal
        /// `a`: system call index.
        case call
        /// The main thread calls `exit`.
        case exit
        /// `a`: task slot; the expiration handler is `(index + 1)..<bodyEnd`.
        case beginBackgroundTask
        /// `a`: task slot.
        case endBackgroundTask
        /// `a`: the slot of how many fires, `slot`: interval; body is `(index + 1)..<bodyEnd`.
        case timer
        /// `a`: flag.
        case setFlag
        /// `a`: flag, `slot`: poll interval.
        case waitUntil
        /// `a`: launch options; body is `(index + 1)..<bodyEnd`, run inline when they match.
        case ifLaunchOptions
        /// `a`: system call index, `b`: the completion's ``QueueCode``; the completion handler is
        /// `(index + 1)..<bodyEnd`.
        case callCompletion
        /// `a`: own queue index; body is `(index + 1)..<bodyEnd`.
        case dispatchQueue
        /// `a`: ``QueueCode``; body is `(index + 1)..<bodyEnd`, its last op the matching `syncEnd`.
        case dispatchSync
        /// `a`: ``QueueCode``. Ends a `sync` body: the queue is free again.
        case syncEnd
        /// `a`: ``QueueCode``, `slot`: the delay; body is `(index + 1)..<bodyEnd`.
        case dispatchAfter
        /// `a`: group (an entry of `semaphores`, whose count it uses).
        case groupEnter
        /// `a`: group.
        case groupLeave
        /// `a`: group; `slot`: timeout, or -1 for none.
        case groupWait
        /// `a`: group, `b`: ``QueueCode``; body is `(index + 1)..<bodyEnd`.
        case groupNotify
        /// `a`: actor. The task hops to the actor; the body, `(index + 1)..<bodyEnd`, runs inline
        /// on it and ends with a `leaveActor`.
        case isolatedCall
        /// `a`: the actor to go back to (the enclosing `isolatedCall`'s), or -1 for the task's own
        /// executor. Ends an `isolatedCall`'s body.
        case leaveActor
        /// Starts a `taskGroup`: its body follows inline, `(index + 1)..<bodyEnd`, and ends with a
        /// `joinChildren`. `a`: 1 for `withThrowingTaskGroup`.
        case taskGroup
        /// `addTask` or `async let`: `b`: priority raw value or 0 to inherit; the child's body is
        /// `(index + 1)..<bodyEnd`.
        case spawnChild
        /// The end of a task group: the task waits for all its child tasks.
        case joinChildren
        /// `await` of an `async let`: `a`: its `spawnChild` op.
        case awaitChild
        /// `a`: task handle. Follows a named spawn's body: the task just spawned is the handle's.
        case nameTask
        /// `a`: task handle. `task.cancel()`: the handle's task and its children are cancelled.
        case cancelTask
        /// `a`: task handle. `await task.value`: waits for the handle's task, escalating it.
        case awaitTask
        /// `try Task.checkCancellation()`: when the task is cancelled, its body ends here.
        case checkCancellation
        /// `if Task.isCancelled`: body is `(index + 1)..<bodyEnd`, run inline when the current task is cancelled.
        case ifCancelled
        /// `withTaskCancellationHandler`: the `onCancel` body is `(index + 1)..<bodyEnd`; the
        /// operation follows inline, `bodyEnd..<b`.
        case installCancellationHandler
        /// An uncaught `throw`: the task's body ends here (its child tasks cancelled and awaited).
        case throwError
        /// `try await group.next()`: `a`: the enclosing `taskGroup` op; `b`: 1 for `for try await`.
        case groupNext
    }

    package var kind: Kind
    /// For `call` and `callCompletion`: the bit of its place among the cleanup calls owed
    /// (``CleanupSites``), or -1. It sits beside `kind`, in what would be padding.
    var site: Int8 = -1
    package var a: Int32 = 0
    package var b: Int32 = 0
    var bodyEnd: Int32 = 0
    package var slot: Int32 = -1

    /// Whether the body after this op runs as a context of its own (a task, a block, a timer's
    /// fires, an expiration handler) rather than inline (`if`).
    var bodyRunsElsewhere: Bool {
        switch kind {
        case .spawnTask, .spawnDetached, .dispatchMain, .dispatchGlobal, .beginBackgroundTask, .timer, .spawnChild: true
        case .callCompletion, .dispatchQueue, .dispatchAfter, .groupNotify, .installCancellationHandler: true
        case .throwError, .groupNext: false
        case .groupEnter, .groupLeave, .groupWait: false
        case .hookEnter, .hookReturn, .work, .sleep, .taskSleep, .wait, .signal, .call, .exit, .endBackgroundTask, .setFlag,
            .waitUntil, .ifLaunchOptions, .isolatedCall, .leaveActor, .taskGroup, .joinChildren, .awaitChild, .nameTask,
            .cancelTask, .awaitTask, .checkCancellation, .ifCancelled:
            false
        case .dispatchSync, .syncEnd: false
        }
    }
}

/// The queue a compiled block goes to, as one `Int32` operand: an own queue's index (0 and up),
/// the main queue, or a global queue of a QoS.
enum QueueCode {
    static let main: Int32 = -1

    static func global(_ qos: QoSClass) -> Int32 { -2 - Int32(qos.rawValue) }

    /// The QoS of a global queue's code; `nil` for the main queue or an own queue.
    static func globalQoS(_ code: Int32) -> UInt8? { code <= -2 ? UInt8(-2 - code) : nil }
}

enum SpawnIsolation: Int32 {
    case inherit = 0
    case mainActor = 1
    case none = 2

    /// A spawn op's `a` from here on is isolation to actor `a - firstActor`.
    static let firstActor: Int32 = 3
}

/// A compiled step of a kill procedure's script.
package struct ScriptStep: Sendable {
    package enum Kind: UInt8, Sendable {
        case turn, delay, sigkill
        /// `a`: index of the action's first entry in `variants`.
        case action
        /// `a`: ``AppState`` raw value.
        case setState
        /// `a`: ``LaunchOptions`` raw value.
        case launch
        case enterBackground, enterForeground, resume, beginFetch, endFetch, beginTermination, lockDevice
    }
    package var kind: Kind
    /// For a turn: flags, ``countsCPUTime`` when its watchdog budget counts the main thread's CPU
    /// time (a background launch; wall clock without), ``beginsTermination`` when it is the app's
    /// termination (a hand-written turn delivering a termination callback or exiting),
    /// ``forceQuits`` when it is sent because the user swiped the app away (`"forceQuit": true`).
    package var a: Int32 = 0
    /// For a turn: its ops are `bodyStart..<bodyEnd`. For an action: ``forceQuit`` when it is the
    /// user's force quit from the app switcher (`swipeAway`), else 0.
    var bodyStart: Int32 = 0
    var bodyEnd: Int32 = 0
    /// The slot of the delay's length, or of the turn's watchdog budget (-1 for none).
    package var slot: Int32 = -1

    /// An action step's `bodyStart` when the action is a force quit.
    static let forceQuit: Int32 = 1
    /// A turn's flag in `a`: its watchdog budget counts CPU time.
    static let countsCPUTime: Int32 = 1
    /// A turn's flag in `a`: sending it begins the app's termination.
    static let beginsTermination: Int32 = 2
    /// A turn's flag in `a`: sending it is the user's force quit from the app switcher.
    static let forceQuits: Int32 = 4
}
