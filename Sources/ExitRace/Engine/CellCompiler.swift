/// Flattens a scenario's (procedure, hook, strategy) triple into a ``CellProgram``.
///
/// Durations are not copied into the program: each op names the parameter slot it reads, so one
/// compiled program runs with any ``ParameterValues`` of the scenario's space. The scenario must
/// already be valid (names resolve, async steps only in task bodies); the loader guarantees that,
/// so a failure here is a programmer error.
struct CellCompiler {
    let scenario: Scenario
    let space: ParameterSpace
    private let callIndex: [String: Int32]
    private let queueIndex: [String: Int32]
    /// For each strategy, the slots its steps read, in preorder: found once by path, then reused
    /// by every cell that inlines the strategy.
    private let strategySlots: [[StepSlots]]
    /// For each strategy, the places that owe their cleanup call (``CleanupSites``).
    private let strategySites: [CleanupSites]

    /// The slots one program step reads (-1 for none).
    private struct StepSlots {
        var duration: Int32 = -1
        /// A timer's number of fires.
        var count: Int32 = -1
    }

    init(scenario: Scenario, space: ParameterSpace) {
        self.scenario = scenario
        self.space = space
        var calls: [String: Int32] = [:]
        for (index, call) in scenario.systemCalls.enumerated() { calls[call.name] = Int32(index) }
        callIndex = calls
        var queues: [String: Int32] = [:]
        for (index, queue) in scenario.queues.enumerated() { queues[queue.name] = Int32(index) }
        queueIndex = queues
        strategySlots = scenario.strategies.map { strategy in
            var slots: [StepSlots] = []
            for (prefix, steps) in SettingPath.programs(of: strategy) {
                Self.collectSlots(Array(steps), at: prefix, space, into: &slots)
            }
            return slots
        }
        strategySites = scenario.strategies.map { CleanupSites(program: $0.program, scenario: scenario) }
    }

    private static func collectSlots(_ steps: [ProgramStep], at prefix: String, _ space: ParameterSpace, into slots: inout [StepSlots]) {
        func slot(_ path: String, _ key: String) -> Int32 { Int32(space.index(canonical: join(path, key))!) }
        for (index, step) in steps.enumerated() {
            let path = SettingPath.element(prefix, index)
            var found = StepSlots()
            switch step {
            case .work, .sleep, .taskSleep, .taskSleepDiscardingError: found.duration = slot(path, "ms")
            case .wait(_, let timeout): found.duration = timeout == nil ? -1 : slot(path, "timeoutMs")
            case .waitUntil: found.duration = slot(path, "pollMs")
            case .timer:
                found.duration = slot(path, "intervalMs")
                found.count = slot(path, "count")
            case .dispatchAfter: found.duration = slot(path, "afterMs")
            case .groupWait(_, let timeout): found.duration = timeout == nil ? -1 : slot(path, "timeoutMs")
            case .groupEnter, .groupLeave, .groupNotify: break
            case .spawnTask, .dispatchAsync, .signal, .call, .beginBackgroundTask, .endBackgroundTask, .setFlag, .ifLaunchOptions,
                .callWithCompletion, .dispatchSync, .isolatedCall, .taskGroup, .addTask, .asyncLet, .awaitLet, .cancelTask, .awaitTask, .checkCancellation,
                .ifCancelled, .cancellationHandler, .throwError, .groupNext, .callDiscardingError:
                break
            }
            slots.append(found)
            for nested in SettingPath.allNested(in: step) {
                collectSlots(nested.steps, at: join(path, nested.key), space, into: &slots)
            }
        }
    }

    /// The cleanup calls a program makes anywhere, as a mask of their bits (``Scenario/cleanupBits``).
    static func cleanupMask(of steps: [ProgramStep], _ scenario: Scenario) -> UInt64 {
        let bits = scenario.cleanupBits
        return scenario.cleanupCallSteps(in: steps).reduce(0) { $0 | 1 << UInt64(bits[$1.call]) }
    }

    func compile(procedure: Int, hook: Int, strategy: Int) -> CellProgram {
        var program = CellProgram.Builder()
        program.queues = scenario.queues.map(\.name)
        // With `onCallbacks`, the cleanup calls of the programs of the callbacks the procedure delivers
        // to the hook (added as they are emitted), their places too; those of an action's expansion are
        // owed only if the run takes that variant (``CellProgram/StepRange``). Those of the app going
        // away that the run never delivers are owed if the process dies (``CellProgram/owedIfUndelivered``).
        let chosen = scenario.strategies[strategy]
        program.requiredCleanups =
            chosen.callbackPrograms.isEmpty
            ? Self.cleanupMask(of: chosen.program, scenario) | strategySites[strategy].mask(ofSteps: 0..<strategySites[strategy].bitOfStep.count)
            : 0
        program.actors = scenario.actors.map(\.name)
        program.usesServices = scenario.systemCalls.contains { $0.service != nil }
        program.hasCancellableCalls = scenario.systemCalls.contains { $0.cancellable }
        let cell = Cell(hook: hook, strategy: strategy)
        // A strategy with `onCallbacks` keeps its state across callbacks: one scope for the whole run.
        var shared = Scope()
        let script = scenario.procedures[procedure].steps
        let prefix = SettingPath.steps(ofProcedure: scenario.procedures[procedure].name)
        program.mainSteps = Int32(script.count)
        program.initialState = scenario.procedures[procedure].startsIn
        // Main script first, so step indices stay put; action expansions are appended after it.
        var actionSteps: [(index: Int, action: LifecycleAction)] = []
        for (index, step) in script.enumerated() {
            if case .action(let action) = step {
                actionSteps.append((index, action))
                program.steps.append(ScriptStep(kind: .action, bodyStart: action == .swipeAway ? ScriptStep.forceQuit : 0))
            } else {
                emit(step, at: SettingPath.element(prefix, index), cell, &shared, into: &program)
            }
        }
        for (index, action) in actionSteps {
            program.steps[index].a = Int32(program.variants.count)
            for state in AppState.allCases {
                let start = Int32(program.steps.count)
                let owedByScript = program.requiredCleanups
                program.requiredCleanups = 0
                for step in action.expansion(from: state, scenes: scenario.lifecycle.scenes) {
                    emit(step, at: "", cell, &shared, into: &program)
                }
                program.variants.append(
                    .init(start: start, end: Int32(program.steps.count), cleanups: program.requiredCleanups))
                program.requiredCleanups = owedByScript
            }
        }
        markCleanupPrograms(of: chosen, hook: hook, startsIn: program.initialState, in: &program)
        return CellProgram(program)
    }

    /// Which of `strategy`'s `onCallbacks` programs hold cleanup calls the row's hook would run:
    /// the engine reports those whose callback a run never delivered (``RunOutcome/skippedCleanupPrograms``),
    /// and owes the calls of those of the app going away, unless the app had been through their
    /// callback before the run (`startsIn`), when the process dies without them.
    private func markCleanupPrograms(
        of strategy: Strategy, hook: Int, startsIn: AppState, in program: inout CellProgram.Builder
    ) {
        guard !strategy.callbackPrograms.isEmpty else { return }  // one program: nothing to skip, nothing to check per run
        program.cleanupProgramOfCallback = Array(repeating: -1, count: program.callbacks.count)
        let listened = Set(scenario.hooks[hook].callbacks)
        for (index, callback) in program.callbacks.enumerated().prefix(64) where listened.contains(callback) {
            program.listenedCallbacks |= 1 << UInt64(index)
        }
        program.cleanupCallsOfProgram = Array(repeating: 0, count: min(64, strategy.callbackPrograms.count))
        for (index, callbackProgram) in strategy.callbackPrograms.enumerated().prefix(64)
        where listened.contains(callbackProgram.callback) {
            let calls = Self.cleanupMask(of: Array(strategy.program[callbackProgram.steps]), scenario)
            guard calls != 0 else { continue }
            program.cleanupCallsOfProgram[index] = calls
            if Callback.goingAway.contains(callbackProgram.callback) && !Callback.passed(callbackProgram.callback, before: startsIn) {
                program.owedIfUndelivered |= 1 << UInt64(index)
            }
            if let sent = program.callbacks.firstIndex(of: callbackProgram.callback) {
                program.cleanupProgramOfCallback[sent] = Int8(index)
            } else {
                program.cleanupProgramsNeverSent |= 1 << UInt64(index)
            }
        }
    }

    /// The row and column being compiled.
    private struct Cell {
        var hook: Int
        var strategy: Int
    }

    /// The slot of a setting named canonically; every setting the scenario has is in its space.
    private func slot(_ path: String) -> Int32 {
        guard let index = space.index(canonical: path) else { preconditionFailure("no parameter slot \(path)") }
        return Int32(index)
    }

    private func slot(_ budget: LifecycleBudget) -> Int32 { slot(SettingPath.lifecycle(budget.key)) }

    /// Emits one script step; `path` is its place in the file (empty for expansions of actions).
    private func emit(
        _ step: KillProcedure.Step, at path: String, _ cell: Cell, _ shared: inout Scope, into program: inout CellProgram.Builder
    ) {
        switch step {
        case .delay: program.steps.append(ScriptStep(kind: .delay, slot: slot(join(path, "ms"))))
        case .lifecycleDelay(let budget): program.steps.append(ScriptStep(kind: .delay, slot: slot(budget)))
        case .sigkill: program.steps.append(ScriptStep(kind: .sigkill))
        case .setState(let state): program.steps.append(ScriptStep(kind: .setState, a: Int32(state.rawValue)))
        case .launch(let options): program.steps.append(ScriptStep(kind: .launch, a: Int32(options.rawValue)))
        case .enterBackground: program.steps.append(ScriptStep(kind: .enterBackground))
        case .enterForeground: program.steps.append(ScriptStep(kind: .enterForeground))
        case .resume: program.steps.append(ScriptStep(kind: .resume))
        case .beginFetch: program.steps.append(ScriptStep(kind: .beginFetch))
        case .endFetch: program.steps.append(ScriptStep(kind: .endFetch))
        case .beginTermination: program.steps.append(ScriptStep(kind: .beginTermination))
        case .lockDevice: program.steps.append(ScriptStep(kind: .lockDevice))
        case .action: preconditionFailure("actions do not nest")
        case .turn(let actions, let watchdog, let forceQuit):
            // Without its own budget, a turn gets the lifecycle watchdog of the callbacks it delivers.
            let budget = watchdog == nil ? LifecycleBudget.watchdog(forTurn: actions) : nil
            let watchdogSlot = watchdog != nil ? slot(join(path, "watchdogMs")) : budget.map(slot) ?? -1
            // A hand-written turn that delivers a termination callback or exits begins the termination
            // when it is sent, as a swipe's own expansion does (`beginTermination`); one marked
            // `forceQuit` is the user's swipe in the app switcher, as `swipeAway` is, so it begins the
            // termination too: an app being swiped away is not suspended between its callbacks.
            var flags = LifecycleBudget.beginsTermination(actions) ? ScriptStep.beginsTermination : 0
            if forceQuit { flags |= ScriptStep.forceQuits | ScriptStep.beginsTermination }
            emitTurn(
                actions, watchdog: watchdogSlot, cpuTime: budget?.countsCPUTime ?? false, flags: flags, at: path, cell, &shared,
                into: &program)
        case .lifecycleTurn(let actions, let watchdog):
            emitTurn(
                actions, watchdog: slot(watchdog), cpuTime: watchdog.countsCPUTime, flags: 0, at: "", cell, &shared, into: &program)
        }
    }

    /// Emits a turn; `flags` are its ``ScriptStep`` flags other than ``ScriptStep/countsCPUTime``.
    private func emitTurn(
        _ actions: [KillProcedure.TurnAction], watchdog: Int32, cpuTime: Bool, flags: Int32, at path: String,
        _ cell: Cell, _ shared: inout Scope, into program: inout CellProgram.Builder
    ) {
        let start = Int32(program.ops.count)
        for (index, action) in actions.enumerated() {
            emit(action, at: path, index, cell, &shared, into: &program)
        }
        program.steps.append(
            ScriptStep(
                kind: .turn, a: (cpuTime ? ScriptStep.countsCPUTime : 0) | flags,
                bodyStart: start, bodyEnd: Int32(program.ops.count), slot: watchdog))
    }

    /// Emits the `index`th action of the turn at `turnPath` (its path is made only if it has a slot).
    private func emit(
        _ action: KillProcedure.TurnAction, at turnPath: String, _ index: Int, _ cell: Cell, _ shared: inout Scope,
        into program: inout CellProgram.Builder
    ) {
        switch action {
        case .work:
            program.ops.append(Op(kind: .work, slot: slot(join(SettingPath.element(join(turnPath, "actions"), index), "ms"))))
        case .lifecycleWork(let budget): program.ops.append(Op(kind: .work, slot: slot(budget)))
        case .exit: program.ops.append(Op(kind: .exit))
        case .hook(let name):
            // The built-in procedures name sceneDidDisconnect, which an app without scenes never gets.
            guard Callback.isDelivered(name, scenes: scenario.lifecycle.scenes) else { return }
            let index: Int32
            if let known = program.callbacks.firstIndex(of: name) {
                index = Int32(known)
            } else {
                index = Int32(program.callbacks.count)
                program.callbacks.append(name)
            }
            program.ops.append(Op(kind: .hookEnter, a: index))
            if scenario.hooks[cell.hook].callbacks.contains(name) {
                emitStrategy(cell.strategy, in: name, callback: index, &shared, &program)
            }
            program.ops.append(Op(kind: .hookReturn, a: index))
        }
    }

    /// Emits the steps strategy `strategy` runs when `name` is delivered. A plain `program` runs
    /// with a scope of its own per delivery; `onCallbacks` programs run with the run's `shared` one.
    private func emitStrategy(
        _ strategy: Int, in name: String, callback: Int32, _ shared: inout Scope, _ program: inout CellProgram.Builder
    ) {
        let slots = strategySlots[strategy]
        var lets: [String: Int32] = [:]
        let chosen = scenario.strategies[strategy]
        guard let range = chosen.callbackPrograms.first(where: { $0.callback == name })?.steps else {
            guard chosen.callbackPrograms.isEmpty else { return }  // no program for this callback
            var scope = Scope()
            var cursor = 0
            emit(chosen.program, slots, strategySites[strategy], &cursor, callback: callback, &scope, &program, &lets)
            return
        }
        // The slots are in pre-order of the whole program: skip those of the callbacks before this one.
        var cursor = Strategy.preorder(Array(chosen.program[..<range.lowerBound])).count
        let steps = Array(chosen.program[range])
        let sites = strategySites[strategy]
        let first = cursor
        program.requiredCleanups |= Self.cleanupMask(of: steps, scenario)
        emit(steps, slots, sites, &cursor, callback: callback, &shared, &program, &lets)
        program.requiredCleanups |= sites.mask(ofSteps: first..<cursor)
    }

    /// Names of one strategy invocation's semaphores, flags and background tasks: each delivery
    /// of a callback gets its own, except with `onCallbacks`, whose programs share one per run.
    private struct Scope {
        var semaphores: [String: Int32] = [:]
        var flags: [String: Int32] = [:]
        var tasks: [String: Int32] = [:]
        /// Dispatch groups share the semaphores' list (a group's count is a semaphore value).
        var groups: [String: Int32] = [:]
        /// Task handles (`name` of a `task` or `detached` step), for `cancel`.
        var handles: [String: Int32] = [:]
    }

    private func resource(
        _ name: String, _ table: inout [String: Int32], _ list: inout ContiguousArray<CellProgram.ResourceInfo>, _ callback: Int32
    ) -> Int32 {
        if let id = table[name] { return id }
        let id = Int32(list.count)
        list.append(.init(name: name, callback: callback))
        table[name] = id
        return id
    }

    /// Emits a strategy's steps; `cursor` walks `slots` in the same preorder. `actor` is the actor
    /// of the `isolatedCall` the steps are inline in, or -1 (the context's own executor).
    private func emit(
        _ steps: [ProgramStep], _ slots: [StepSlots], _ sites: CleanupSites, _ cursor: inout Int, callback: Int32, _ scope: inout Scope,
        _ program: inout CellProgram.Builder, _ lets: inout [String: Int32], actor: Int32 = -1, group: Int32 = -1
    ) {
        for step in steps {
            let stepSlots = slots[cursor]
            cursor += 1
            let owner = program.ops.count
            var op = op(for: step, stepSlots, callback: callback, &scope, &program)
            op.site = sites.bitOfStep[cursor - 1]
            if case .awaitLet(let name) = step { op.a = lets[name] ?? -1 }
            if case .groupNext = step { op.a = group }
            program.strategyStepOfOp[Int32(program.ops.count)] = Int32(cursor - 1)
            program.ops.append(op)
            if let body = step.nestedBodies.first {
                let inner = innerActor(of: step, enclosing: actor)
                // A body that runs as a context of its own has its own `async let` names.
                var innerLets: [String: Int32] = [:]
                if op.bodyRunsElsewhere {
                    emit(body, slots, sites, &cursor, callback: callback, &scope, &program, &innerLets, actor: inner)
                } else {
                    let innerGroup: Int32 = if case .taskGroup = step { Int32(owner) } else { -1 }
                    emit(
                        body, slots, sites, &cursor, callback: callback, &scope, &program, &lets, actor: inner,
                        group: innerGroup)
                }
                if case .dispatchSync = step { program.ops.append(Op(kind: .syncEnd, a: op.a)) }
                if case .isolatedCall = step { program.ops.append(Op(kind: .leaveActor, a: actor)) }
                if case .taskGroup = step { program.ops.append(Op(kind: .joinChildren)) }
                program.ops[owner].bodyEnd = Int32(program.ops.count)
            }
            if case .cancellationHandler(let operation, _) = step {
                // The operation runs inline after the `onCancel` body, in the task's own scope.
                emit(operation, slots, sites, &cursor, callback: callback, &scope, &program, &lets, actor: actor)
                program.ops[owner].b = Int32(program.ops.count)
            }
            if case .spawnTask(let spawn, _) = step, let name = spawn.name {
                // Right after the spawn, on the spawning thread: the handle is the task just made.
                program.ops.append(Op(kind: .nameTask, a: resource(name, &scope.handles, &program.taskHandles, callback)))
            }
            if case .asyncLet(let name, _) = step { lets[name] = Int32(owner) }
        }
    }

    /// The actor a step's body runs on when it is inline: an `isolatedCall`'s, an `if`'s enclosing
    /// one; -1 for a body that is a context of its own (it starts on its own executor).
    private func innerActor(of step: ProgramStep, enclosing: Int32) -> Int32 {
        switch step {
        case .isolatedCall(let name, _): actorIndex(name)
        case .ifLaunchOptions, .taskGroup, .ifCancelled: enclosing
        default: -1
        }
    }

    private func actorIndex(_ name: String) -> Int32 {
        guard let index = scenario.actors.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("unresolved actor \(name)")
        }
        return Int32(index)
    }

    /// The op for one step; for a step with a body, the op that owns it (the body follows).
    private func op(
        for step: ProgramStep, _ slots: StepSlots, callback: Int32, _ scope: inout Scope, _ program: inout CellProgram.Builder
    ) -> Op {
        switch step {
        case .work: return Op(kind: .work, slot: slots.duration)
        case .sleep: return Op(kind: .sleep, slot: slots.duration)
        case .taskSleep: return Op(kind: .taskSleep, slot: slots.duration)
        case .taskSleepDiscardingError: return Op(kind: .taskSleep, a: 1, slot: slots.duration)
        case .signal(let name):
            return Op(kind: .signal, a: resource(name, &scope.semaphores, &program.semaphores, callback))
        case .wait(let name, _):
            let id = resource(name, &scope.semaphores, &program.semaphores, callback)
            return Op(kind: .wait, a: id, slot: slots.duration)
        case .setFlag(let name):
            return Op(kind: .setFlag, a: resource(name, &scope.flags, &program.flags, callback))
        case .waitUntil(let name, _):
            return Op(kind: .waitUntil, a: resource(name, &scope.flags, &program.flags, callback), slot: slots.duration)
        case .endBackgroundTask(let name):
            return Op(kind: .endBackgroundTask, a: resource(name, &scope.tasks, &program.taskSlots, callback))
        case .call(let name):
            guard let index = callIndex[name] else { preconditionFailure("unresolved call \(name)") }
            return Op(kind: .call, a: index)
        case .callDiscardingError(let name):
            guard let index = callIndex[name] else { preconditionFailure("unresolved call \(name)") }
            return Op(kind: .call, a: index, b: 1)
        case .spawnTask(let spawn, _):
            let isolation: SpawnIsolation =
                switch spawn.isolation {
                case .inherit: .inherit
                case .mainActor: .mainActor
                case .none: .none
                case .actor: .none
                }
            var a = isolation.rawValue
            if case .actor(let name) = spawn.isolation { a = SpawnIsolation.firstActor + actorIndex(name) }
            let priority = Int32(spawn.priority?.rawValue ?? (spawn.detached ? QoSClass.default.rawValue : 0))
            return Op(kind: spawn.detached ? .spawnDetached : .spawnTask, a: a, b: priority)
        case .dispatchAsync(.main, _):
            return Op(kind: .dispatchMain)
        case .dispatchAsync(.global(let qos), _):
            return Op(kind: .dispatchGlobal, a: Int32(qos.rawValue))
        case .beginBackgroundTask(let name, _):
            return Op(kind: .beginBackgroundTask, a: resource(name, &scope.tasks, &program.taskSlots, callback))
        case .timer:
            return Op(kind: .timer, a: slots.count, slot: slots.duration)
        case .ifLaunchOptions(let options, _):
            return Op(kind: .ifLaunchOptions, a: Int32(options.rawValue))
        case .dispatchAsync(.queue(let name), _):
            return Op(kind: .dispatchQueue, a: queue(name))
        case .callWithCompletion(let name, let target, _):
            guard let index = callIndex[name] else { preconditionFailure("unresolved call \(name)") }
            return Op(kind: .callCompletion, a: index, b: code(target))
        case .dispatchSync(let target, _):
            return Op(kind: .dispatchSync, a: code(target))
        case .dispatchAfter(let target, _, _):
            return Op(kind: .dispatchAfter, a: code(target), slot: slots.duration)
        case .groupEnter(let name):
            return Op(kind: .groupEnter, a: group(name, &scope, &program, callback))
        case .groupLeave(let name):
            return Op(kind: .groupLeave, a: group(name, &scope, &program, callback))
        case .groupWait(let name, _):
            return Op(kind: .groupWait, a: group(name, &scope, &program, callback), slot: slots.duration)
        case .groupNotify(let name, let target, _):
            return Op(kind: .groupNotify, a: group(name, &scope, &program, callback), b: code(target))
        case .isolatedCall(let name, _):
            return Op(kind: .isolatedCall, a: actorIndex(name))
        case .taskGroup(let throwing, _):
            return Op(kind: .taskGroup, a: throwing ? 1 : 0)
        case .addTask(let priority, _):
            return Op(kind: .spawnChild, b: Int32(priority?.rawValue ?? 0))
        case .asyncLet:
            return Op(kind: .spawnChild)
        case .awaitLet:
            return Op(kind: .awaitChild)  // `a`: the asyncLet op, set by the caller
        case .cancelTask(let name):
            return Op(kind: .cancelTask, a: resource(name, &scope.handles, &program.taskHandles, callback))
        case .awaitTask(let name):
            return Op(kind: .awaitTask, a: resource(name, &scope.handles, &program.taskHandles, callback))
        case .checkCancellation:
            return Op(kind: .checkCancellation)
        case .ifCancelled:
            return Op(kind: .ifCancelled)
        case .cancellationHandler:
            return Op(kind: .installCancellationHandler)  // `b`: the operation's end, set by the caller
        case .throwError:
            return Op(kind: .throwError)
        case .groupNext(let all):
            return Op(kind: .groupNext, b: all ? 1 : 0)  // `a`: the taskGroup op, set by the caller
        }
    }

    /// A dispatch group's slot: an entry of the semaphores' list named `DispatchGroup NAME`.
    private func group(_ name: String, _ scope: inout Scope, _ program: inout CellProgram.Builder, _ callback: Int32) -> Int32 {
        if let id = scope.groups[name] { return id }
        let id = Int32(program.semaphores.count)
        program.semaphores.append(.init(name: "DispatchGroup \(name)", callback: callback))
        scope.groups[name] = id
        return id
    }

    private func queue(_ name: String) -> Int32 {
        guard let index = queueIndex[name] else { preconditionFailure("unresolved queue \(name)") }
        return index
    }

    /// The ``QueueCode`` of a dispatch target.
    private func code(_ target: DispatchTarget) -> Int32 {
        switch target {
        case .main: QueueCode.main
        case .global(let qos): QueueCode.global(qos)
        case .queue(let name): queue(name)
        }
    }
}
