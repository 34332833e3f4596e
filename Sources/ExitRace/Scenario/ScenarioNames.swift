/// A closed set of names a scenario member may hold, in the order diagnostics list them.
///
/// The decoder turns such a name into a case and then switches over the cases with no `default:`,
/// so a name added here cannot be decoded as some other name: the compiler asks for its case.
package protocol ScenarioName: RawRepresentable, CaseIterable, Sendable where RawValue == String, AllCases == [Self] {}

extension ScenarioName {
    /// Every name, in declaration order.
    package static var names: [String] { allCases.map(\.rawValue) }
}

/// The `op` (or `kind`) of an object whose members depend on it, with the members each allows.
package protocol StepKind: ScenarioName {
    /// The members an object of this kind may hold, the discriminator included, in schema order.
    var members: [String] { get }
}

/// The steps of a strategy program, by `op`.
enum ProgramOp: String, StepKind {
    case task, detached, dispatch, wait, signal, call, work, sleep, taskSleep, beginBackgroundTask, endBackgroundTask
    case timer, set, waitUntil, `if`
    case groupEnter, groupLeave, groupWait, groupNotify
    case isolatedCall
    case taskGroup, addTask, asyncLet, awaitLet
    case cancel, awaitTask, checkCancellation, ifCancelled
    case withTaskCancellationHandler, `throw`, next

    var members: [String] {
        switch self {
        case .task: ["op", "name", "priority", "isolation", "body"]
        case .detached: ["op", "name", "priority", "body"]
        case .dispatch: ["op", "queue", "qos", "sync", "afterMs", "body"]
        case .wait: ["op", "semaphore", "timeoutMs"]
        case .signal: ["op", "semaphore"]
        case .call: ["op", "name", "try", "queue", "qos", "completion"]
        case .work, .sleep: ["op", "ms"]
        case .taskSleep: ["op", "ms", "try"]
        case .beginBackgroundTask: ["op", "task", "expiration"]
        case .endBackgroundTask: ["op", "task"]
        case .timer: ["op", "intervalMs", "count", "body"]
        case .set: ["op", "flag"]
        case .waitUntil: ["op", "flag", "pollMs"]
        case .if: ["op", "launchOptions", "body"]
        case .groupEnter, .groupLeave: ["op", "group"]
        case .groupWait: ["op", "group", "timeoutMs"]
        case .groupNotify: ["op", "group", "queue", "qos", "body"]
        case .isolatedCall: ["op", "actor", "body"]
        case .taskGroup: ["op", "throwing", "body"]
        case .addTask: ["op", "priority", "body"]
        case .asyncLet: ["op", "name", "body"]
        case .awaitLet: ["op", "name"]
        case .cancel, .awaitTask: ["op", "task"]
        case .checkCancellation: ["op"]
        case .ifCancelled: ["op", "body"]
        case .withTaskCancellationHandler: ["op", "body", "onCancel"]
        case .throw: ["op"]
        case .next: ["op", "all"]
        }
    }
}

/// A `taskSleep`'s or awaited `call`'s `try`: `try await` (the error ends the body) or `try?` (it is
/// discarded).
enum SleepTry: String, ScenarioName {
    case plain = "try"
    case optional = "try?"
}

/// The steps of a kill procedure, by `op`.
enum ProcedureOp: String, StepKind {
    case turn, delay, sigkill, action

    var members: [String] {
        switch self {
        case .turn: ["op", "actions", "watchdogMs", "forceQuit"]
        case .delay: ["op", "ms"]
        case .sigkill: ["op"]
        case .action: ["op", "action"]
        }
    }
}

/// The actions inside a procedure's turn, by `op`.
enum TurnActionOp: String, StepKind {
    case hook, work, exit

    var members: [String] {
        switch self {
        case .hook: ["op", "name"]
        case .work: ["op", "ms"]
        case .exit: ["op"]
        }
    }
}

/// The goals a scenario may ask about, by `kind`.
enum GoalKind: String, StepKind {
    case cleanup, activityGone, keepsCalling

    var members: [String] {
        switch self {
        case .cleanup: ["kind"]
        case .activityGone: ["kind", "atMs"]
        case .keepsCalling: ["kind", "call", "atMs", "withinMs"]
        }
    }
}

/// A `task` step's `isolation`.
enum IsolationName: String, ScenarioName {
    case inherit, mainActor, none

    var isolation: TaskSpawn.Isolation {
        switch self {
        case .inherit: .inherit
        case .mainActor: .mainActor
        case .none: .none
        }
    }
}

/// A `dispatch` step's `queue`.
enum QueueName: String, ScenarioName {
    case main, global
}

/// An `if` step's `launchOptions`.
enum LaunchOptionsName: String, ScenarioName {
    case none, remoteNotification

    var options: LaunchOptions {
        switch self {
        case .none: .none
        case .remoteNotification: .remoteNotification
        }
    }
}

/// A system call's `activity`: what it does to the Live Activity.
enum ActivityEffectName: String, ScenarioName {
    case request, update, end
}

/// An `end` call's `dismissal`.
enum DismissalName: String, ScenarioName {
    case `default`, immediate, after
}

extension SystemCall.Effect: ScenarioName {}
extension LifecycleAction: ScenarioName {}
extension FileProtection: ScenarioName {}
