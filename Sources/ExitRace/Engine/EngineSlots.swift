/// Where the engine finds the scenario-wide settings among a run's parameter values.
///
/// Slots of settings the scenario does not have (no Live Activity, a goal without a time) are -1.
package struct EngineSlots {
    package var exitDuration: Int
    /// Indexed by ``QoSClass/index``.
    package var startLatency: ContiguousArray<Int>
    package var cooperativePoolWidth: Int
    package var dispatchPoolWidth: Int
    package var suspendAfter: Int
    package var backgroundTaskAllowance: Int
    package var expirationWarning: Int
    var dataProtectionDelay: Int
    var activityStartedAt = -1
    var activityMaxActive = -1
    var activityMaxEnded = -1
    var goalAt = -1
    var goalWithin = -1
    package var maxEvents: Int
    package var maxTime: Int
    package var maxPendingEvents: Int
    package var maxContexts: Int
    package var maxTraceRecords: Int

    init(scenario: Scenario, space: ParameterSpace) {
        func slot(_ path: String) -> Int {
            guard let index = space.index(canonical: path) else { preconditionFailure("no parameter slot \(path)") }
            return index
        }
        exitDuration = slot(SettingPath.timing("exitDurationMs"))
        startLatency = ContiguousArray(QoSClass.allCases.map { slot(SettingPath.startLatency($0)) })
        cooperativePoolWidth = slot(SettingPath.timing("cooperativePoolWidth"))
        dispatchPoolWidth = slot(SettingPath.timing("dispatchPoolWidth"))
        suspendAfter = slot(SettingPath.lifecycle("suspendAfterMs"))
        backgroundTaskAllowance = slot(SettingPath.lifecycle("backgroundTaskAllowanceMs"))
        expirationWarning = slot(SettingPath.lifecycle("expirationWarningMs"))
        dataProtectionDelay = slot(SettingPath.lifecycle("dataProtectionDelayMs"))
        if let activity = scenario.activity {
            if activity.startedAt != nil { activityStartedAt = slot(SettingPath.activity("startedAtMs")) }
            activityMaxActive = slot(SettingPath.activity("maxActiveMs"))
            activityMaxEnded = slot(SettingPath.activity("maxEndedMs"))
        }
        switch scenario.goal {
        case .cleanup: break
        case .activityGone: goalAt = slot(SettingPath.goal("atMs"))
        case .keepsCalling:
            goalAt = slot(SettingPath.goal("atMs"))
            goalWithin = slot(SettingPath.goal("withinMs"))
        }
        maxEvents = slot(SettingPath.limits("maxEvents"))
        maxTime = slot(SettingPath.limits("maxTimeMs"))
        maxPendingEvents = slot(SettingPath.limits("maxPendingEvents"))
        maxContexts = slot(SettingPath.limits("maxContexts"))
        maxTraceRecords = slot(SettingPath.limits("maxTraceRecords"))
    }
}
