/// Decoding of the lifecycle, Live Activity and goal sections, and of hooks.
extension ScenarioDecoder {
    static func decodeHook(_ name: String, _ node: JSONNode, _ path: String, _ log: DiagnosticLog) -> Hook? {
        guard let reader = ObjectReader(node, path: path, allowed: ScenarioKeys.hook, log: log) else { return nil }
        var callbacks: [String]?
        if let nodes = reader.array("callbacks") {
            callbacks = []
            for (index, node) in nodes.enumerated() {
                guard case .string(let callback) = node.value, !callback.isEmpty else {
                    log.expected("a callback name", at: node, "\(reader.childPath("callbacks"))[\(index)]")
                    continue
                }
                callbacks?.append(callback)
            }
            if nodes.isEmpty {
                log.error(reader.childPath("callbacks"), reader.position("callbacks"), "expected at least one callback, found none")
            }
        }
        return Hook(name: name, label: checkedLabel(reader), callbacks: callbacks)
    }

    /// Callbacks procedures may deliver: the lifecycle's, and every hook's.
    static func deliverableCallbacks(_ hooks: [Hook]) -> [String] {
        var names = Callback.all
        for hook in hooks {
            for callback in hook.callbacks where !names.contains(callback) { names.append(callback) }
        }
        return names
    }

    static func decodeLifecycle(_ object: ObjectReader, log: DiagnosticLog) -> LifecycleSettings? {
        var settings = LifecycleSettings.default
        guard let node = object["lifecycle"] else { return settings }
        guard let reader = ObjectReader(node, path: "lifecycle", allowed: ScenarioKeys.lifecycle, log: log) else { return nil }
        if let scenes = reader.bool("scenes") { settings.scenes = scenes }
        if let debugger = reader.bool("debuggerAttached") { settings.debuggerAttached = debugger }
        if let nodes = reader.array("activeBackgroundModes") {
            let names = BackgroundMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            for (index, node) in nodes.enumerated() {
                guard case .string(let name) = node.value, let mode = BackgroundMode(rawValue: name) else {
                    log.expected("one of \(names)", at: node, "\(reader.childPath("activeBackgroundModes"))[\(index)]")
                    continue
                }
                if !settings.activeBackgroundModes.contains(mode) { settings.activeBackgroundModes.append(mode) }
            }
        }
        for (key, path) in LifecycleSettings.durations {
            if let value = reader.milliseconds(key) { settings[keyPath: path] = value }
        }
        if settings.expirationWarning > settings.backgroundTaskAllowance {
            log.error(
                reader.childPath("expirationWarningMs"), reader.position("expirationWarningMs"),
                "expected at most backgroundTaskAllowanceMs (the handler runs before the allowance ends), found more")
        }
        return settings
    }

    static func decodeActivity(_ object: ObjectReader, log: DiagnosticLog) -> ActivitySettings? {
        guard let node = object["activity"],
            let reader = ObjectReader(node, path: "activity", allowed: ScenarioKeys.activity, log: log)
        else { return nil }
        var settings = ActivitySettings.default
        if let startedAt = reader.milliseconds("startedAtMs") { settings.startedAt = startedAt }
        if let maxActive = reader.milliseconds("maxActiveMs") { settings.maxActive = maxActive }
        if let maxEnded = reader.milliseconds("maxEndedMs") { settings.maxEnded = maxEnded }
        return settings
    }

    static func decodeActivityEffect(_ reader: ObjectReader) -> ActivityEffect? {
        guard let kind = reader.choice("activity", as: ActivityEffectName.self) else {
            for key in ["dismissal", "dismissAfterMs"] where reader[key] != nil {
                reader.log.error(reader.childPath(key), reader.position(key), "goes with \"activity\": \"end\"; add it or remove this")
            }
            return nil
        }
        switch kind {
        case .request: return .request
        case .update: return .update
        case .end: return .end(decodeDismissal(reader))
        }
    }

    /// An `end` call's dismissal policy; without `dismissal`, the system's default policy.
    private static func decodeDismissal(_ reader: ObjectReader) -> DismissalPolicy {
        func rejectDelay() {
            guard reader["dismissAfterMs"] != nil else { return }
            reader.log.error(
                reader.childPath("dismissAfterMs"), reader.position("dismissAfterMs"), "goes with \"dismissal\": \"after\"")
        }
        switch reader.choice("dismissal", as: DismissalName.self) {
        case .after?:
            // Without the delay the file is rejected; any policy will do meanwhile.
            guard let delay = reader.milliseconds("dismissAfterMs", required: true) else { return .default }
            return .after(delay)
        case .immediate?:
            rejectDelay()
            return .immediate
        case .default?, nil:
            rejectDelay()
            return .default
        }
    }

    static func decodeGoal(_ object: ObjectReader, callNames: [String], hasActivity: Bool, log: DiagnosticLog) -> Goal? {
        guard let node = object["goal"] else { return Goal.default }
        guard case .object(let members) = node.value, let kindNode = members.first(where: { $0.key == "kind" })?.value,
            case .string(let name) = kindNode.value, let kind = GoalKind(rawValue: name)
        else {
            _ = ObjectReader(node, path: "goal", allowed: ["kind"], log: log)?.choice("kind", from: GoalKind.names, required: true)
            return nil
        }
        guard let reader = ObjectReader(node, path: "goal", allowed: kind.members, log: log) else { return nil }
        switch kind {
        case .cleanup:
            return .cleanup
        case .activityGone:
            if !hasActivity {
                log.error("goal", node.position, "expected an \"activity\" section for this goal, found none")
            }
            guard let at = reader.milliseconds("atMs", required: true) else { return nil }
            return .activityGone(at: at)
        case .keepsCalling:
            let call = reader.reference("call", to: callNames, what: "the name of a system call")
            guard let call, let at = reader.milliseconds("atMs", required: true),
                let within = reader.milliseconds("withinMs", required: true)
            else { return nil }
            return .keepsCalling(call: call, at: at, within: within)
        }
    }
}

extension AppState {
    /// The name in scenario files: `notRunning`, `active`, …
    package var key: String {
        switch self {
        case .notRunning: "notRunning"
        case .inactive: "inactive"
        case .active: "active"
        case .background: "background"
        case .suspended: "suspended"
        case .terminated: "terminated"
        }
    }
}
