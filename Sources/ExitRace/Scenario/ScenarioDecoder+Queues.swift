/// Decoding of the app's own dispatch queues (`queues`), of the queue a block goes to, of
/// `sync` and `asyncAfter` dispatches and of system calls made with a completion handler.
extension ScenarioDecoder {
    /// The `queues` section: `{"io": {"qos": "utility", "attributes": "serial"}}`, in file order.
    static func decodeQueues(_ object: ObjectReader, log: DiagnosticLog) -> [DispatchQueueSpec] {
        guard let members = object.members("queues") else { return [] }
        var queues: [DispatchQueueSpec] = []
        for member in members where member.key != ScenarioKeys.note {
            let path = join("queues", member.key)
            if QueueName(rawValue: member.key) != nil || member.key.isEmpty {
                log.error(path, member.keyPosition, "expected a queue name other than \"main\" and \"global\", found \"\(member.key)\"")
                continue
            }
            guard let reader = ObjectReader(member.value, path: path, allowed: ScenarioKeys.queue, log: log) else { continue }
            let qos = reader.qos("qos") ?? DispatchQueueSpec.defaultQoS
            let attributes = reader.choice("attributes", as: QueueAttributesName.self) ?? .serial
            queues.append(DispatchQueueSpec(name: member.key, qos: qos, serial: attributes == .serial))
        }
        return queues
    }

    /// The queue a block goes to: `queue` is `main`, `global` (with an optional `qos`) or the name
    /// of one of the scenario's `queues`.
    static func decodeTarget(_ reader: ObjectReader, _ context: ProgramContext, required: Bool) -> DispatchTarget? {
        let names = QueueName.names + context.queueNames
        guard let name = reader.choice("queue", from: names, required: required) else { return nil }
        if name != QueueName.global.rawValue && reader["qos"] != nil {
            let which = name == QueueName.main.rawValue ? "the main queue" : "queue \"\(name)\" (its qos is set in \"queues\")"
            reader.log.error(reader.childPath("qos"), reader.position("qos"), "\(which) has no qos setting here; remove it")
        }
        switch name {
        case QueueName.main.rawValue: return .main
        case QueueName.global.rawValue: return .global(reader.qos("qos") ?? DispatchTarget.defaultGlobalQoS)
        default: return .queue(name)
        }
    }

    /// A `dispatch` step: `async` by default, `"sync": true` for `sync`, `afterMs` for `asyncAfter`.
    static func decodeAnyDispatch(_ step: StepInput) -> ProgramStep? {
        let reader = step.reader
        let sync = reader.bool("sync") ?? false
        let delay = reader.milliseconds("afterMs")
        let both = sync && reader["afterMs"] != nil
        if both {
            reader.log.error(
                reader.childPath("afterMs"), reader.position("afterMs"),
                "expected either \"sync\": true or \"afterMs\" (there is no syncAfter), found both")
        }
        let target = decodeTarget(reader, step.context, required: true)
        guard let steps = step.body(async: false), let target, !both else { return nil }
        if sync { return .dispatchSync(target, body: steps) }
        if reader["afterMs"] != nil {
            guard let delay else { return nil }
            return .dispatchAfter(target, delay: delay, body: steps)
        }
        return .dispatchAsync(target, body: steps)
    }

    /// A `call` step: an `await` (only in a task body), or with a `completion` body that runs on
    /// `queue` when the reply is back (allowed anywhere).
    static func decodeAnyCall(_ step: StepInput) -> ProgramStep? {
        let reader = step.reader
        let what = "the name of a system call in \"systemCalls\""
        guard let nodes = reader.array("completion") else {
            if reader["queue"] != nil || reader["qos"] != nil {
                let key = reader["queue"] != nil ? "queue" : "qos"
                reader.log.error(
                    reader.childPath(key), reader.position(key),
                    "expected \"\(key)\" only with a \"completion\" body (an awaited call has no completion queue)")
            }
            let form = reader.choice("try", as: SleepTry.self)
            if reader["try"] != nil && form == nil { return nil }
            guard let name = reader.reference("name", to: step.context.callNames, what: what) else { return nil }
            step.requireAsync("\"call\" (an await)")
            if form != .optional && step.context.cancellableCalls.contains(name) {
                refuseThrowInNonThrowingChild(
                    step, "a \"call\" of the cancellable \(name) with a plain try (cancelled, the await throws)",
                    fix: "add \"try\": \"try?\" (try? await)")
            }
            return form == .optional ? .callDiscardingError(name) : .call(name)
        }
        if reader["try"] != nil {
            reader.log.error(
                reader.childPath("try"), reader.position("try"),
                "expected \"try\" only without a \"completion\" body (a call with a completion handler does not throw)")
        }
        let name = reader.reference("name", to: step.context.callNames, what: what)
        let target = decodeTarget(reader, step.context, required: true)
        // The completion handler is a context of its own: no task group, no `async let` names.
        let saved = step.context.structure.enter(group: false, newContext: true)
        let completion = decodeProgram(nodes, path: reader.childPath("completion"), async: false, step.context)
        step.context.structure.leave(saved)
        guard let name, let target else { return nil }
        return .callWithCompletion(name, queue: target, completion: completion)
    }
}

/// A queue's `attributes`.
enum QueueAttributesName: String, ScenarioName {
    case serial, concurrent
}

/// Decoding of `DispatchGroup` steps.
extension ScenarioDecoder {
    static func decodeGroupStep(_ step: StepInput, _ op: ProgramOp) -> ProgramStep? {
        let reader = step.reader
        guard let group = reader.string("group", required: true) else { return nil }
        switch op {
        case .groupEnter:
            step.context.groupEnters.signaled.append(group)
            return .groupEnter(group)
        case .groupLeave:
            step.context.groups.signaled.append(group)
            return .groupLeave(group)
        case .groupWait:
            let timeout = reader.milliseconds("timeoutMs")
            if reader["timeoutMs"] == nil {
                step.context.groups.waits.append((group, reader.childPath("group"), reader.position("group")))
            }
            return .groupWait(group, timeout: timeout)
        default:
            let target = decodeTarget(reader, step.context, required: true)
            guard let steps = step.body(async: false), let target else { return nil }
            return .groupNotify(group, queue: target, body: steps)
        }
    }

    /// Reports each `groupWait` without a timeout on a group the strategy enters but never leaves.
    static func reportEndlessGroupWaits(_ context: ProgramContext) {
        for wait in context.groups.waits
        where context.groupEnters.signaled.contains(wait.name) && !context.groups.signaled.contains(wait.name) {
            let message = "group \"\(wait.name)\" is never left in this strategy, so this wait can never return"
                + suggestion(wait.name, context.groups.signaled)
            context.log.error(wait.path, wait.position, message)
        }
    }
}
