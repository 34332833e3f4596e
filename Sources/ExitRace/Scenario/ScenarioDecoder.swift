/// Turns a scenario file into a ``Scenario``, or into every problem the file has.
///
/// The file format is documented in `docs/scenario-format.md`. Durations are milliseconds in the
/// file and integer nanoseconds from here on. Collections keyed by name (hooks, strategies,
/// procedures, system calls) keep the file's order, which is the order of the result table.
public enum ScenarioDecoder {
    /// Decodes scenario JSON. `file` names the input in diagnostics; the scenario's name defaults
    /// to the file's base name.
    public static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> Scenario {
        try decode(try parse(bytes, file: file), file: file)
    }

    /// Decodes a parsed document (after `extend` and `--set` have been applied to it).
    package static func decode(_ root: JSONNode, file: String) throws(InputError) -> Scenario {
        let log = DiagnosticLog()
        var root = applyRunCondition(root, log: log)
        let uncertainties = extractDistributions(&root, log: log)
        var scenario = decodeScenario(root, file: file, log: log)
        if log.diagnostics.isEmpty, scenario != nil {
            checkUncertainties(uncertainties, scenario!, log: log)
            scenario!.uncertainties = uncertainties
        }
        if let scenario, log.diagnostics.isEmpty { return scenario }
        throw InputError(log.diagnostics.inReadingOrder())
    }

    /// Parses JSON text, turning a syntax error into a diagnostic.
    /// A `note` that is an array is checked but not built: nothing reads it but the document's text.
    package static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> JSONNode {
        try JSONDocument.parse(bytes, file: file, unreadKey: ScenarioKeys.note)
    }

    /// Decodes scenario JSON given as text; the same as decoding its UTF-8 bytes.
    /// A document that `extend`s another is an error here: ``ScenarioLoader`` follows `extend`.
    public static func decode(_ text: String, file: String) throws(InputError) -> Scenario {
        try decode(Array(text.utf8), file: file)
    }

    private static func decodeScenario(_ root: JSONNode, file: String, log: DiagnosticLog) -> Scenario? {
        if isResultFile(root) {
            log.error(
                "", root.position,
                "expected a scenario, found what looks like a result file (it has \"formatVersion\" and \"cells\", as run "
                    + "--format json and batch write them): validate the scenario it was made from; compare results with "
                    + "exitrace diff or check")
            return nil
        }
        if isSweepResult(root) {
            log.error(
                "", root.position,
                "expected a scenario, found what looks like a sweep's result (it has \"formatVersion\" and "
                    + "\"lines\", as sweep --format json and merge of sweep shards write them): read it as it is, "
                    + "or sweep the scenario it was made from")
            return nil
        }
        if let version = shardFormatMember(root) {
            log.error("", root.position, shardFileMessage(versionMember: version))
            return nil
        }
        if isMeasuredTable(root) {
            log.error("", root.position, measuredTableMessage(file: file, kind: "a measured table (it has \"cells\" with \"observed\" ○, △ or ×, as measurements/*.json do)"))
            return nil
        }
        guard let object = ObjectReader(root, path: "", allowed: ScenarioKeys.topLevel, log: log) else { return nil }
        if let extend = object["extend"] {
            log.error(
                "extend", extend.position,
                "\"extend\" is resolved when a file is loaded from disk (ScenarioLoader), not by the decoder alone")
        }
        let name = checkedName(object) ?? defaultName(forFile: file)
        let title = checkedLabel(object, "title")
        let timing = decodeTiming(object, log: log)
        let limits = decodeLimits(object, log: log)
        let calls: [SystemCall] = decodeNamed(object, "systemCalls", log: log, decodeSystemCall)
        if calls.count > 64 {
            log.error("systemCalls", object.position("systemCalls"), "expected at most 64 system calls, found \(calls.count)")
        }
        let lifecycle = decodeLifecycle(object, log: log)
        let activity = decodeActivity(object, log: log)
        let goal = decodeGoal(object, callNames: calls.map(\.name), hasActivity: activity != nil, log: log)
        let hooks: [Hook] = decodeNamed(object, "hooks", log: log, decodeHook)
        var context = ProgramContext(
            callNames: calls.map(\.name), cleanupCalls: calls.filter(\.isCleanup).map(\.name), log: log)
        context.cancellableCalls = calls.filter(\.cancellable).map(\.name)
        let actors = decodeActors(object, log: log)
        context.actorNames = actors.map(\.name)
        if case .cleanup = goal {} else { context.requireCleanup = false }
        let queues = decodeQueues(object, log: log)
        context.queueNames = queues.map(\.name)
        context.callbackNames = deliverableCallbacks(hooks)
        let strategies: [Strategy] = decodeNamed(object, "strategies", log: log) { name, node, path, _ in
            decodeStrategy(name, node, path, context)
        }
        let procedures: [KillProcedure] = decodeNamed(object, "procedures", log: log) { name, node, path, log in
            decodeProcedure(name, node, path, callbacks: deliverableCallbacks(hooks), log: log)
        }
        guard let timing, let limits, let lifecycle, let goal else { return nil }
        reportUncalledHooks(object, hooks: hooks, procedures: procedures, scenes: lifecycle.scenes, log: log)
        var scenario = Scenario(
            name: name, title: title, timing: timing, lifecycle: lifecycle, activity: activity, goal: goal, limits: limits,
            systemCalls: calls, hooks: hooks, strategies: strategies, procedures: procedures)
        scenario.sweeps = decodeSweeps(object, scenario, log: log)
        scenario.sampling = decodeSampling(object, log: log)
        scenario.queues = queues
        if let thinWin = object.milliseconds("thinWinMs") { scenario.thinWin = thinWin }
        scenario.actors = actors
        return scenario
    }

    /// Whether `root` is a result table's JSON (`run --format json`, `batch`) rather than a scenario:
    /// an object with `formatVersion` and `cells`, neither of which a scenario has.
    static func isResultFile(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "formatVersion" } && members.contains { $0.key == "cells" }
    }

    /// Whether `root` is a sweep's JSON (`sweep --format json`, or `merge` of sweep shards): an
    /// object with `formatVersion` and `lines`, neither of which a scenario has.
    static func isSweepResult(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "formatVersion" } && members.contains { $0.key == "lines" }
    }

    /// The member that makes `root` a shard file rather than a scenario: `shardFormatVersion` (the
    /// shards of `run --runs N --shard i/n --output FILE`) or `<kind>ShardFormatVersion` (`sweep`,
    /// `calibration`, `sensitivity`), none of which a scenario has; nil for anything else.
    static func shardFormatMember(_ root: JSONNode) -> String? {
        guard case .object(let members) = root.value else { return nil }
        return members.first { $0.key == "shardFormatVersion" || $0.key.hasSuffix("ShardFormatVersion") }?.key
    }

    /// `expected a scenario, found what looks like a shard file …`, pointing to `exitrace merge`.
    static func shardFileMessage(versionMember: String) -> String {
        let kind = String(versionMember.dropLast("ShardFormatVersion".count))
        let command = ["": "run FILE --runs N", "calibration": "calibrate", "sensitivity": "sensitivity"][kind] ?? kind
        return "expected a scenario, found what looks like a shard file (it has \"\(versionMember)\", as exitrace "
            + "\(command) --shard i/n --output FILE writes them): put the shards together with exitrace merge "
            + "SHARD.json…, and keep shard files out of a directory of scenarios"
    }

    /// Whether a document is a measured table (`measurements/*.json`): an object with `cells` whose
    /// first is an object with `observed`, and nothing a scenario has.
    static func isMeasuredTable(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value,
            let cells = members.first(where: { $0.key == "cells" })?.value, case .array(let elements) = cells.value,
            let first = elements.first, first["observed"] != nil
        else { return false }
        return !members.contains { ["hooks", "strategies", "procedures", "extend", "formatVersion"].contains($0.key) }
    }

    /// `expected a scenario, found what looks like <kind>: …`, pointing to `calibrate --measured`.
    package static func measuredTableMessage(file: String, kind: String) -> String {
        "expected a scenario, found what looks like \(kind): a scenario is calibrated against it with "
            + "exitrace calibrate SCENARIO --measured \(file)"
    }

    /// `scenarios/live-activity.json` → `live-activity`.
    static func defaultName(forFile file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    }

    /// Decodes an object whose members are named entries; requires at least one.
    private static func decodeNamed<T>(
        _ object: ObjectReader, _ key: String, log: DiagnosticLog,
        _ decode: (String, JSONNode, String, DiagnosticLog) -> T?
    ) -> [T] {
        guard let members = object.members(key, required: true) else { return [] }
        if members.allSatisfy({ $0.key == ScenarioKeys.note }) {
            log.error(object.childPath(key), object.position(key), "expected at least one entry, found none")
        }
        return members.compactMap { member in
            if member.key == ScenarioKeys.note { return nil }
            if member.key.isEmpty {
                log.error(object.childPath(key), member.keyPosition, "expected a name, found an empty string")
            } else if let problem = lineProblem(member.key) {
                log.error(join(object.childPath(key), member.key), member.keyPosition, problem)
            }
            return decode(member.key, member.value, join(object.childPath(key), member.key), log)
        }
    }

    // MARK: - Timing and limits

    private static func decodeTiming(_ object: ObjectReader, log: DiagnosticLog) -> Timing? {
        var timing = Timing.default
        guard let node = object["timing"] else { return timing }
        guard let reader = ObjectReader(node, path: "timing", allowed: ScenarioKeys.timing, log: log) else { return nil }
        if let exit = reader.milliseconds("exitDurationMs") { timing.exitDuration = exit }
        if let node = reader["startLatencyMs"],
            let latencies = ObjectReader(
                node, path: "timing.startLatencyMs", allowed: ScenarioKeys.startLatency, log: log)
        {
            for qos in QoSClass.allCases {
                if let latency = latencies.milliseconds(qos.name) { timing.startLatency[qos.index] = latency }
            }
        }
        if let width = reader.integer("cooperativePoolWidth", in: 1...1024) { timing.cooperativePoolWidth = width }
        if let width = reader.integer("dispatchPoolWidth", in: 1...4096) { timing.dispatchPoolWidth = width }
        if let qos = reader.qos("mainThreadQoS") { timing.mainThreadQoS = qos }
        return timing
    }

    private static func decodeLimits(_ object: ObjectReader, log: DiagnosticLog) -> Limits? {
        var limits = Limits.default
        guard let node = object["limits"] else { return limits }
        guard let reader = ObjectReader(node, path: "limits", allowed: ScenarioKeys.limits, log: log) else {
            return nil
        }
        if let events = reader.integer("maxEvents", in: 1...Limits.maxEventsCeiling) { limits.maxEvents = events }
        let memory = 1...Limits.memoryCeiling
        if let pending = reader.integer("maxPendingEvents", in: memory) { limits.maxPendingEvents = pending }
        if let contexts = reader.integer("maxContexts", in: memory) { limits.maxContexts = contexts }
        if let records = reader.integer("maxTraceRecords", in: memory) { limits.maxTraceRecords = records }
        if let time = reader.milliseconds("maxTimeMs") {
            if time.nanoseconds == 0 {
                log.error(reader.childPath("maxTimeMs"), reader.position("maxTimeMs"), "expected more than 0 ms, found 0")
            }
            limits.maxTime = time
        }
        return limits
    }

    // MARK: - System calls

    private static func decodeSystemCall(
        _ name: String, _ node: JSONNode, _ path: String, _ log: DiagnosticLog
    ) -> SystemCall? {
        guard let reader = ObjectReader(node, path: path, allowed: ScenarioKeys.systemCall, log: log) else { return nil }
        let cost = reader.milliseconds("costMs", required: true)
        // Without a cost the file is rejected; the call still counts, so that steps calling it by
        // name are not reported as well.
        var call = SystemCall(name: name, cost: cost ?? .zero)
        if let deliverAfter = reader.milliseconds("deliverAfterMs") {
            if let cost, deliverAfter > cost {
                log.error(
                    reader.childPath("deliverAfterMs"), reader.position("deliverAfterMs"),
                    "expected at most costMs (the request leaves while the call runs on its thread), found more")
            }
            call.deliverAfter = deliverAfter
        }
        if let effect = reader.choice("takesEffectOn", as: SystemCall.Effect.self) { call.takesEffectOn = effect }
        if let latency = reader.milliseconds("replyLatencyMs") { call.replyLatency = latency }
        if let cleanup = reader.bool("cleanup") { call.isCleanup = cleanup }
        call.fileProtection = reader.choice("fileProtection", as: FileProtection.self)
        call.activityEffect = decodeActivityEffect(reader)
        call.service = decodeService(reader)
        if let cancellable = reader.bool("cancellable") { call.cancellable = cancellable }
        if let placeholder = reader.bool("placeholder") { call.isPlaceholder = placeholder }
        return call
    }

    // MARK: - Procedures

    private static func decodeProcedure(
        _ name: String, _ node: JSONNode, _ path: String, callbacks: [String], log: DiagnosticLog
    ) -> KillProcedure? {
        guard let reader = ObjectReader(node, path: path, allowed: ScenarioKeys.procedure, log: log) else { return nil }
        guard let stepNodes = reader.array("steps", required: true) else { return nil }
        if stepNodes.isEmpty {
            log.error(reader.childPath("steps"), reader.position("steps"), "expected at least one step, found none")
        }
        let steps = stepNodes.enumerated().compactMap { index, stepNode in
            decodeProcedureStep(stepNode, path: "\(reader.childPath("steps"))[\(index)]", callbacks: callbacks, log: log)
        }
        let startsIn = reader.choice("startsIn", from: AppState.allCases.map(\.key)).flatMap { key in
            AppState.allCases.first { $0.key == key }
        }
        return KillProcedure(name: name, label: checkedLabel(reader), steps: steps, startsIn: startsIn)
    }

    private static func decodeProcedureStep(
        _ node: JSONNode, path: String, callbacks: [String], log: DiagnosticLog
    ) -> KillProcedure.Step? {
        guard let op = stepKind(node, path, ProcedureOp.self, log),
            let step = ObjectReader(node, path: path, allowed: op.members, log: log)
        else { return nil }
        switch op {
        case .turn:
            guard let actionNodes = step.array("actions", required: true) else { return nil }
            let actions = actionNodes.enumerated().compactMap { index, actionNode in
                decodeTurnAction(actionNode, path: "\(step.childPath("actions"))[\(index)]", callbacks: callbacks, log: log)
            }
            return .turn(actions, watchdog: step.milliseconds("watchdogMs"), forceQuit: step.bool("forceQuit") ?? false)
        case .action:
            return step.choice("action", as: LifecycleAction.self, required: true).map { .action($0) }
        case .delay:
            return step.milliseconds("ms", required: true).map { .delay($0) }
        case .sigkill:
            return .sigkill
        }
    }

    private static func decodeTurnAction(
        _ node: JSONNode, path: String, callbacks: [String], log: DiagnosticLog
    ) -> KillProcedure.TurnAction? {
        guard let op = stepKind(node, path, TurnActionOp.self, log),
            let action = ObjectReader(node, path: path, allowed: op.members, log: log)
        else { return nil }
        switch op {
        case .hook:
            let what = "a callback of the lifecycle or of a hook"
            return action.reference("name", to: callbacks, what: what).map { .hook($0) }
        case .work:
            return action.milliseconds("ms", required: true).map { .work($0) }
        case .exit:
            return .exit
        }
    }

    /// The `op` of a step object, or `nil` after a diagnostic.
    static func stepKind<Kind: StepKind>(_ node: JSONNode, _ path: String, _: Kind.Type, _ log: DiagnosticLog) -> Kind? {
        let ops = Kind.names
        guard case .object(let members) = node.value else {
            log.expected("an object with an \"op\" member (\(ops.joined(separator: ", ")))", at: node, path)
            return nil
        }
        guard let op = members.first(where: { $0.key == "op" }) else {
            log.error(path, node.position, "missing member \"op\" (one of \(ops.joined(separator: ", ")))")
            return nil
        }
        guard case .string(let name) = op.value.value, let kind = Kind(rawValue: name) else {
            var message = "expected one of \(ops.map { "\"\($0)\"" }.joined(separator: ", ")), found \(op.value.kindDescription)"
            if case .string(let name) = op.value.value, let suggestion = closestMatch(to: name, in: ops) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            log.error(join(path, "op"), op.value.position, message)
            return nil
        }
        return kind
    }
}
