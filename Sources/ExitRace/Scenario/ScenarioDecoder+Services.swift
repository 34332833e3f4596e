extension SystemService.Kind: ScenarioName {}

/// A system call's `service` and its members (docs/scenario-format.md, "Services that outlive the
/// process").
extension ScenarioDecoder {
    /// The members that describe a call's service; each needs `service`.
    static let serviceMembers = ["serviceStartAfterMs", "serviceRunMs", "serviceAllowanceMs", "relaunchAfterMs", "cancelledByForceQuit"]

    /// The call's service, or `nil` (every service member without `service` is reported).
    static func decodeService(_ reader: ObjectReader) -> SystemService? {
        guard let kind = reader.choice("service", as: SystemService.Kind.self) else {
            // A misspelt service is its own error; its members are reported only when it is absent.
            for key in serviceMembers where reader[key] != nil && reader["service"] == nil {
                reader.log.error(reader.childPath(key), reader.position(key), "goes with \"service\"; add it or remove this")
            }
            return nil
        }
        if reader["takesEffectOn"] != nil {
            reader.log.error(
                reader.childPath("takesEffectOn"), reader.position("takesEffectOn"),
                "expected no takesEffectOn with \"service\" (the call counts when the system finishes the service's work)")
        }
        if reader["cancellable"] != nil {
            reader.log.error(
                reader.childPath("cancellable"), reader.position("cancellable"),
                "expected no cancellable with \"service\" (the work is handed to the system, which no task awaits)")
        }
        let run = reader.milliseconds("serviceRunMs", required: true) ?? .zero
        var service = SystemService(kind: kind, run: run)
        if let start = reader.milliseconds("serviceStartAfterMs") { service.startAfter = start }
        if let cancelled = reader.bool("cancelledByForceQuit") { service.cancelledByForceQuit = cancelled }
        if kind == .backgroundTask {
            service.allowance = reader.milliseconds("serviceAllowanceMs", required: true) ?? .zero
        } else {
            reject("serviceAllowanceMs", reader, "goes with \"service\": \"backgroundTask\" only")
        }
        if kind == .backgroundTransfer {
            if let relaunch = reader.milliseconds("relaunchAfterMs") { service.relaunchAfter = relaunch }
        } else {
            reject("relaunchAfterMs", reader, "goes with \"service\": \"backgroundTransfer\" only")
        }
        return service
    }

    private static func reject(_ key: String, _ reader: ObjectReader, _ why: String) {
        guard reader[key] != nil else { return }
        reader.log.error(reader.childPath(key), reader.position(key), why)
    }
}
