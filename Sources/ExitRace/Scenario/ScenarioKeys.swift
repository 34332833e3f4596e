/// The member names the scenario format allows, in one place: the decoder reads by them, and a
/// test checks that `scenarios/scenario.schema.json` names exactly the same.
///
/// The members of objects whose shape depends on their `op` or `kind` are listed by those kinds
/// (``ProgramOp``, ``ProcedureOp``, ``TurnActionOp``, ``GoalKind``); the tables here derive from them.
///
/// Every object may also hold `"note"`, a comment that is ignored.
enum ScenarioKeys {
    static let note = "note"
    static let topLevel = [
        "$schema", "name", "title", "extend", "timing", "lifecycle", "activity", "goal", "limits", "systemCalls", "hooks",
        "strategies", "procedures", "sweeps", "sampling", "queues", "thinWinMs", "runCondition", "runConditions", "actors",
    ]
    /// One of the app's own dispatch queues, in `queues`.
    static let queue = ["qos", "attributes"]
    static let sampling = ["runs", "seed"]
    /// The members of a distribution written in place of a number, besides its family's name.
    static let distributionExtras = ["min", "max", "weights"]
    /// The numeric settings that are counts, not durations (durations end in `Ms`).
    static let countSettings = ["cooperativePoolWidth", "dispatchPoolWidth", "maxEvents", "maxPendingEvents", "maxContexts", "maxTraceRecords", "count"]
    static let sweep = ["vary", "steps", "log", "toleranceMs"]
    static let lifecycle = [
        "scenes", "debuggerAttached", "suspendAfterMs", "backgroundTaskAllowanceMs", "expirationWarningMs", "uiTeardownMs", "terminateDelayMs",
        "terminationWatchdogMs", "launchWatchdogMs", "callbackWatchdogMs", "backgroundSceneWatchdogMs", "activeBackgroundModes",
        "backgroundLaunchCPUMs", "dataProtectionDelayMs",
    ]
    static let activity = ["startedAtMs", "maxActiveMs", "maxEndedMs"]
    /// Goals, by `kind`.
    static let goals = table(GoalKind.self)
    static let timing = ["exitDurationMs", "startLatencyMs", "cooperativePoolWidth", "dispatchPoolWidth", "mainThreadQoS"]
    static let startLatency = QoSClass.allCases.reversed().map(\.name)
    static let limits = ["maxEvents", "maxTimeMs", "maxPendingEvents", "maxContexts", "maxTraceRecords"]
    static let systemCall = [
        "costMs", "deliverAfterMs", "replyLatencyMs", "takesEffectOn", "cleanup", "activity", "dismissal", "dismissAfterMs",
        "fileProtection", "cancellable", "placeholder",
        "service", "serviceStartAfterMs", "serviceRunMs", "serviceAllowanceMs", "relaunchAfterMs", "cancelledByForceQuit",
    ]
    static let hook = ["label", "callbacks"]
    static let strategy = ["code", "program", "onCallbacks"]
    /// Members every program step may hold besides its op's: where it came from in the app's Swift
    /// (``StepSource``; `exitrace import` writes them).
    static let stepSource = ["source", "code"]
    static let procedure = ["label", "startsIn", "steps"]

    /// Strategy program steps, by `op`.
    static let programSteps = table(ProgramOp.self)
    /// Kill-procedure steps, by `op`.
    static let procedureSteps = table(ProcedureOp.self)
    /// Actions inside a turn, by `op`.
    static let turnActions = table(TurnActionOp.self)

    /// Each kind's name and members, in declaration order; the kinds themselves are the source.
    typealias Table = [(op: String, members: [String])]

    static func table<Kind: StepKind>(_: Kind.Type) -> Table {
        Kind.allCases.map { (op: $0.rawValue, members: $0.members) }
    }

    static func members(of table: Table, op: String) -> [String] {
        table.first { $0.op == op }?.members ?? ["op"]
    }
}
