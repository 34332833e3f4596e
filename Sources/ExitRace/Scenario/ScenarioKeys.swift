/// The member names the scenario format allows, in one place: the decoder reads by them, and a
/// test checks that `scenarios/scenario.schema.json` names exactly the same.
///
/// Every object may also hold `"note"`, a comment that is ignored.
public enum ScenarioKeys {
    public static let note = "note"
    public static let topLevel = [
        "$schema", "name", "title", "extend", "timing", "lifecycle", "activity", "goal", "limits", "systemCalls", "hooks",
        "strategies", "procedures",
    ]
    public static let lifecycle = [
        "scenes", "suspendAfterMs", "backgroundTaskAllowanceMs", "expirationWarningMs", "uiTeardownMs", "terminateDelayMs",
        "terminationWatchdogMs", "launchWatchdogMs", "callbackWatchdogMs",
    ]
    public static let activity = ["startedAtMs", "maxActiveMs", "maxEndedMs"]
    /// Goals, by `kind`.
    public static let goals: KeyValuePairs<String, [String]> = [
        "cleanup": ["kind"],
        "activityGone": ["kind", "atMs"],
        "keepsCalling": ["kind", "call", "atMs", "withinMs"],
    ]
    public static let timing = ["exitDurationMs", "startLatencyMs", "cooperativePoolWidth", "dispatchPoolWidth", "mainThreadQoS"]
    public static let startLatency = QoSClass.allCases.reversed().map(\.name)
    public static let limits = ["maxEvents", "maxTimeMs"]
    public static let systemCall = [
        "costMs", "deliverAfterMs", "replyLatencyMs", "takesEffectOn", "cleanup", "activity", "dismissal", "dismissAfterMs",
    ]
    public static let hook = ["label", "callbacks"]
    public static let strategy = ["code", "program"]
    public static let procedure = ["label", "startsIn", "steps"]

    /// Strategy program steps, by `op`.
    public static let programSteps: KeyValuePairs<String, [String]> = [
        "task": ["op", "priority", "isolation", "body"],
        "detached": ["op", "priority", "body"],
        "dispatch": ["op", "queue", "qos", "body"],
        "wait": ["op", "semaphore", "timeoutMs"],
        "signal": ["op", "semaphore"],
        "call": ["op", "name"],
        "work": ["op", "ms"],
        "sleep": ["op", "ms"],
        "taskSleep": ["op", "ms"],
        "beginBackgroundTask": ["op", "task", "expiration"],
        "endBackgroundTask": ["op", "task"],
        "timer": ["op", "intervalMs", "count", "body"],
        "set": ["op", "flag"],
        "waitUntil": ["op", "flag", "pollMs"],
        "if": ["op", "launchOptions", "body"],
    ]

    /// Kill-procedure steps, by `op`.
    public static let procedureSteps: KeyValuePairs<String, [String]> = [
        "turn": ["op", "actions", "watchdogMs"],
        "delay": ["op", "ms"],
        "sigkill": ["op"],
        "action": ["op", "action"],
    ]

    /// Actions inside a turn, by `op`.
    public static let turnActions: KeyValuePairs<String, [String]> = [
        "hook": ["op", "name"],
        "work": ["op", "ms"],
        "exit": ["op"],
    ]

    static func members(of table: KeyValuePairs<String, [String]>, op: String) -> [String] {
        table.first { $0.key == op }?.value ?? ["op"]
    }
}
