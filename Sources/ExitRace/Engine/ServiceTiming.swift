/// A call's service as the engine reads it: its kind and the slots of its timings.
struct ServiceTiming {
    enum Kind: UInt8 { case none, backgroundTransfer, backgroundTask, push }

    var kind: Kind
    var startAfterSlot: Int32 = -1
    var runSlot: Int32 = -1
    /// A background task's allowance, or -1.
    var allowanceSlot: Int32 = -1
    /// A background transfer's relaunch delay, or -1.
    var relaunchSlot: Int32 = -1
    var cancelledByForceQuit = false

    static let none = ServiceTiming(kind: .none)

    private init(kind: Kind) { self.kind = kind }

    init(_ service: SystemService, call: String, space: ParameterSpace) {
        func slot(_ key: String) -> Int32 { Int32(space.index(canonical: SettingPath.systemCall(call, key))!) }
        switch service.kind {
        case .backgroundTransfer: kind = .backgroundTransfer
        case .backgroundTask: kind = .backgroundTask
        case .push: kind = .push
        }
        startAfterSlot = slot("serviceStartAfterMs")
        runSlot = slot("serviceRunMs")
        if service.allowance != nil { allowanceSlot = slot("serviceAllowanceMs") }
        if service.kind == .backgroundTransfer { relaunchSlot = slot("relaunchAfterMs") }
        cancelledByForceQuit = service.cancelledByForceQuit
    }
}
