/// Building a scenario's parameter space: one slot for every number its runs read.
extension ParameterSpace {
    /// The space of `scenario`, its values the scenario's own.
    public convenience init(scenario: Scenario) {
        var builder = Builder()
        builder.addTiming(scenario.timing)
        builder.addLifecycle(scenario.lifecycle)
        if let activity = scenario.activity { builder.addActivity(activity) }
        builder.addGoal(scenario.goal)
        builder.addLimits(scenario.limits)
        for call in scenario.systemCalls { builder.addCall(call) }
        for strategy in scenario.strategies {
            for (prefix, steps) in SettingPath.programs(of: strategy) { builder.addProgram(Array(steps), at: prefix) }
        }
        for procedure in scenario.procedures { builder.addProcedure(procedure) }
        self.init(slots: builder.slots, orderings: builder.orderings)
    }

    private struct Builder {
        var slots: [ParameterSlot] = []
        var orderings: [Ordering] = []

        @discardableResult
        mutating func duration(_ path: String, _ value: VirtualDuration, positive: Bool = false) -> Int {
            let range = positive ? ParameterSlot.positiveDurationRange : ParameterSlot.durationRange
            slots.append(ParameterSlot(path: path, unit: .milliseconds, defaultValue: value.nanoseconds, range: range))
            return slots.count - 1
        }

        mutating func count(_ path: String, _ value: Int, in range: ClosedRange<Int>, structural: Bool = false) {
            slots.append(
                ParameterSlot(
                    path: path, unit: .count, defaultValue: Int64(value),
                    range: Int64(range.lowerBound)...Int64(range.upperBound), changesStructure: structural))
        }

        mutating func addTiming(_ timing: Timing) {
            duration(SettingPath.timing("exitDurationMs"), timing.exitDuration)
            for qos in QoSClass.allCases.reversed() {
                duration(SettingPath.startLatency(qos), timing.startLatency(qos))
            }
            count(SettingPath.timing("cooperativePoolWidth"), timing.cooperativePoolWidth, in: 1...1024, structural: true)
            count(SettingPath.timing("dispatchPoolWidth"), timing.dispatchPoolWidth, in: 1...4096, structural: true)
        }

        mutating func addLifecycle(_ lifecycle: LifecycleSettings) {
            var slotOf: [String: Int] = [:]
            for (key, keyPath) in LifecycleSettings.durations {
                slotOf[key] = duration(SettingPath.lifecycle(key), lifecycle[keyPath: keyPath])
            }
            orderings.append(
                Ordering(
                    lower: slotOf["expirationWarningMs"]!, upper: slotOf["backgroundTaskAllowanceMs"]!,
                    reason: "the handler runs before the allowance ends"))
        }

        mutating func addActivity(_ activity: ActivitySettings) {
            if let startedAt = activity.startedAt { duration(SettingPath.activity("startedAtMs"), startedAt) }
            duration(SettingPath.activity("maxActiveMs"), activity.maxActive)
            duration(SettingPath.activity("maxEndedMs"), activity.maxEnded)
        }

        mutating func addGoal(_ goal: Goal) {
            switch goal {
            case .cleanup: break
            case .activityGone(let at):
                duration(SettingPath.goal("atMs"), at)
            case .keepsCalling(_, let at, let within):
                duration(SettingPath.goal("atMs"), at)
                duration(SettingPath.goal("withinMs"), within)
            }
        }

        mutating func addLimits(_ limits: Limits) {
            count(SettingPath.limits("maxEvents"), limits.maxEvents, in: 1...Limits.maxEventsCeiling)
            duration(SettingPath.limits("maxTimeMs"), limits.maxTime, positive: true)
            count(SettingPath.limits("maxPendingEvents"), limits.maxPendingEvents, in: 1...Limits.memoryCeiling)
            count(SettingPath.limits("maxContexts"), limits.maxContexts, in: 1...Limits.memoryCeiling)
            count(SettingPath.limits("maxTraceRecords"), limits.maxTraceRecords, in: 1...Limits.memoryCeiling)
        }

        mutating func addCall(_ call: SystemCall) {
            let cost = duration(SettingPath.systemCall(call.name, "costMs"), call.cost)
            let deliverPath = SettingPath.systemCall(call.name, "deliverAfterMs")
            let deliver: Int
            if let deliverAfter = call.deliverAfter {
                deliver = duration(deliverPath, deliverAfter)
            } else {
                slots.append(
                    ParameterSlot(
                        path: deliverPath, unit: .milliseconds, defaultValue: ParameterSlot.followsOther,
                        range: ParameterSlot.durationRange, defaultFollows: SettingPath.systemCall(call.name, "costMs")))
                deliver = slots.count - 1
            }
            orderings.append(
                Ordering(lower: deliver, upper: cost, reason: "the request leaves while the call runs on its thread"))
            duration(SettingPath.systemCall(call.name, "replyLatencyMs"), call.replyLatency)
            if case .end(.after(let delay))? = call.activityEffect {
                duration(SettingPath.systemCall(call.name, "dismissAfterMs"), delay)
            }
            if let service = call.service { addService(service, of: call.name) }
        }

        /// A call's service: its start delay and run, a task's allowance, a transfer's relaunch delay.
        mutating func addService(_ service: SystemService, of call: String) {
            duration(SettingPath.systemCall(call, "serviceStartAfterMs"), service.startAfter)
            duration(SettingPath.systemCall(call, "serviceRunMs"), service.run)
            if let allowance = service.allowance { duration(SettingPath.systemCall(call, "serviceAllowanceMs"), allowance) }
            if service.kind == .backgroundTransfer {
                duration(SettingPath.systemCall(call, "relaunchAfterMs"), service.relaunchAfter)
            }
        }

        mutating func addProgram(_ steps: [ProgramStep], at prefix: String) {
            for (index, step) in steps.enumerated() {
                let path = SettingPath.element(prefix, index)
                addStep(step, at: path)
                for nested in SettingPath.allNested(in: step) { addProgram(nested.steps, at: join(path, nested.key)) }
            }
        }

        private mutating func addStep(_ step: ProgramStep, at path: String) {
            switch step {
            case .work(let d), .sleep(let d), .taskSleep(let d), .taskSleepDiscardingError(let d):
                duration(join(path, "ms"), d)
            case .wait(_, let timeout?): duration(join(path, "timeoutMs"), timeout)
            case .waitUntil(_, let poll): duration(join(path, "pollMs"), poll, positive: true)
            case .timer(let interval, let fires, _):
                duration(join(path, "intervalMs"), interval, positive: true)
                count(join(path, "count"), fires, in: 1...1_000_000)
            case .dispatchAfter(_, let delay, _): duration(join(path, "afterMs"), delay)
            case .groupWait(_, let timeout?): duration(join(path, "timeoutMs"), timeout)
            case .spawnTask, .dispatchAsync, .wait, .signal, .call, .callDiscardingError, .beginBackgroundTask,
                .endBackgroundTask, .setFlag, .ifLaunchOptions, .callWithCompletion, .dispatchSync, .groupEnter,
                .groupLeave, .groupWait, .groupNotify, .isolatedCall, .taskGroup, .addTask, .asyncLet, .awaitLet,
                .cancelTask, .awaitTask, .checkCancellation, .ifCancelled, .cancellationHandler, .throwError, .groupNext:
                break
            }
        }

        mutating func addProcedure(_ procedure: KillProcedure) {
            let prefix = SettingPath.steps(ofProcedure: procedure.name)
            for (index, step) in procedure.steps.enumerated() {
                let path = SettingPath.element(prefix, index)
                switch step {
                case .delay(let d): duration(join(path, "ms"), d)
                case .turn(let actions, let watchdog, _):
                    if let watchdog { duration(join(path, "watchdogMs"), watchdog) }
                    for (position, action) in actions.enumerated() {
                        if case .work(let d) = action { duration(join(SettingPath.element(join(path, "actions"), position), "ms"), d) }
                    }
                case .sigkill, .action, .lifecycleTurn, .lifecycleDelay, .setState, .launch, .enterBackground, .enterForeground,
                    .resume, .beginFetch, .endFetch, .beginTermination, .lockDevice:
                    break
                }
            }
        }
    }
}
