/// A system call as the engine's inner loop reads it: the slots of its timings, and plain flags.
package struct CallTiming {
    package enum ActivityKind: UInt8 { case none, request, update, end }

    var costSlot: Int32
    /// Its value is ``ParameterSlot/followsOther`` when the request leaves as the work ends.
    var deliverAfterSlot: Int32
    var replyLatencySlot: Int32
    var effectOnReply: Bool
    package var isCleanup: Bool
    /// Its bit in the run's cleanup mask (``Scenario/cleanupBits``), or -1 when it is not cleanup.
    var cleanupBit: Int8 = -1
    package var activity: ActivityKind
    /// For an end: the slot of how long the activity stays visible; -1 for the default policy,
    /// -2 for `.immediate` (no time at all).
    var dismissAfterSlot: Int32
    /// The call writes a file with complete Data Protection (fails once the device has been locked
    /// for `lifecycle.dataProtectionDelayMs`).
    var completeProtection: Bool
    /// The work the call hands to the system (docs/scenario-format.md, "Services that outlive the
    /// process"); `.none` for a plain call.
    var service = ServiceTiming.none
    /// The call is cancelled with the task awaiting it (docs/scenario-format.md, "Cancellable calls").
    var cancellable: Bool

    static let dismissImmediately: Int32 = -2

    init(_ call: SystemCall, space: ParameterSpace) {
        func slot(_ key: String) -> Int32 { Int32(space.index(canonical: SettingPath.systemCall(call.name, key))!) }
        costSlot = slot("costMs")
        deliverAfterSlot = slot("deliverAfterMs")
        replyLatencySlot = slot("replyLatencyMs")
        effectOnReply = call.takesEffectOn == .reply
        isCleanup = call.isCleanup
        completeProtection = call.fileProtection == .complete
        cancellable = call.cancellable
        dismissAfterSlot = -1
        if let declared = call.service { service = ServiceTiming(declared, call: call.name, space: space) }
        switch call.activityEffect {
        case nil: activity = .none
        case .request?: activity = .request
        case .update?: activity = .update
        case .end(let policy)?:
            activity = .end
            switch policy {
            case .default: dismissAfterSlot = -1
            case .immediate: dismissAfterSlot = Self.dismissImmediately
            case .after: dismissAfterSlot = slot("dismissAfterMs")
            }
        }
    }
}
