/// Flattens a scenario's (procedure, hook, strategy) triple into a ``CellProgram``.
///
/// The scenario must already be valid (names resolve, async steps only in task bodies); the
/// loader guarantees that, so a failure here is a programmer error.
struct CellCompiler {
    let scenario: Scenario
    private let callIndex: [String: Int32]

    init(scenario: Scenario) {
        self.scenario = scenario
        var calls: [String: Int32] = [:]
        for (index, call) in scenario.systemCalls.enumerated() { calls[call.name] = Int32(index) }
        callIndex = calls
    }

    /// The cleanup calls a program makes anywhere, as a bit mask of call indices.
    static func cleanupMask(of steps: [ProgramStep], _ scenario: Scenario) -> UInt64 {
        var mask: UInt64 = 0
        for step in steps {
            switch step {
            case .call(let name):
                if let index = scenario.systemCalls.firstIndex(where: { $0.name == name }), scenario.systemCalls[index].isCleanup {
                    mask |= 1 << UInt64(index)
                }
            case .spawnTask(_, let body), .dispatchAsync(_, let body), .timer(_, _, let body), .ifLaunchOptions(_, let body),
                .beginBackgroundTask(_, let body):
                mask |= cleanupMask(of: body, scenario)
            default: break
            }
        }
        return mask
    }

    func compile(procedure: Int, hook: Int, strategy: Int) -> CellProgram {
        var program = CellProgram()
        program.requiredCleanups = Self.cleanupMask(of: scenario.strategies[strategy].program, scenario)
        let script = scenario.procedures[procedure].steps
        program.mainSteps = Int32(script.count)
        program.initialState = scenario.procedures[procedure].startsIn
        // Main script first, so step indices stay put; action expansions are appended after it.
        var actionSteps: [(index: Int, action: LifecycleAction)] = []
        for (index, step) in script.enumerated() {
            if case .action(let action) = step {
                actionSteps.append((index, action))
                program.steps.append(ScriptStep(kind: .action))
            } else {
                emit(step, hook: hook, strategy: strategy, into: &program)
            }
        }
        for (index, action) in actionSteps {
            program.steps[index].a = Int32(program.variants.count)
            for state in AppState.allCases {
                let start = Int32(program.steps.count)
                for step in action.expansion(from: state, scenario.lifecycle) {
                    emit(step, hook: hook, strategy: strategy, into: &program)
                }
                program.variants.append(.init(start: start, end: Int32(program.steps.count)))
            }
        }
        return program
    }

    private func emit(_ step: KillProcedure.Step, hook: Int, strategy: Int, into program: inout CellProgram) {
        switch step {
        case .delay(let duration):
            program.steps.append(ScriptStep(kind: .delay, duration: duration.nanoseconds))
        case .sigkill: program.steps.append(ScriptStep(kind: .sigkill))
        case .setState(let state): program.steps.append(ScriptStep(kind: .setState, a: Int32(state.rawValue)))
        case .launch(let options): program.steps.append(ScriptStep(kind: .launch, a: Int32(options.rawValue)))
        case .enterBackground: program.steps.append(ScriptStep(kind: .enterBackground))
        case .enterForeground: program.steps.append(ScriptStep(kind: .enterForeground))
        case .resume: program.steps.append(ScriptStep(kind: .resume))
        case .beginFetch: program.steps.append(ScriptStep(kind: .beginFetch))
        case .endFetch: program.steps.append(ScriptStep(kind: .endFetch))
        case .action: preconditionFailure("actions do not nest")
        case .turn(let actions, let watchdog):
            let start = Int32(program.ops.count)
            for action in actions {
                emit(action, hookUnderTest: hook, strategy: strategy, into: &program)
            }
            program.steps.append(
                ScriptStep(
                    kind: .turn, bodyStart: start, bodyEnd: Int32(program.ops.count), duration: watchdog?.nanoseconds ?? -1))
        }
    }

    private func emit(
        _ action: KillProcedure.TurnAction, hookUnderTest: Int, strategy: Int, into program: inout CellProgram
    ) {
        switch action {
        case .work(let duration):
            program.ops.append(Op(kind: .work, duration: duration.nanoseconds))
        case .exit:
            program.ops.append(Op(kind: .exit))
        case .hook(let name):
            let index: Int32
            if let known = program.callbacks.firstIndex(of: name) {
                index = Int32(known)
            } else {
                index = Int32(program.callbacks.count)
                program.callbacks.append(name)
            }
            program.ops.append(Op(kind: .hookEnter, a: index))
            if scenario.hooks[hookUnderTest].callbacks.contains(name) {
                var scope = Scope()
                emit(scenario.strategies[strategy].program, callback: index, scope: &scope, into: &program)
            }
            program.ops.append(Op(kind: .hookReturn, a: index))
        }
    }

    /// Names of one strategy invocation's semaphores, flags and background tasks: each delivery
    /// of a callback gets its own.
    private struct Scope {
        var semaphores: [String: Int32] = [:]
        var flags: [String: Int32] = [:]
        var tasks: [String: Int32] = [:]
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

    private func emit(_ steps: [ProgramStep], callback: Int32, scope: inout Scope, into program: inout CellProgram) {
        for step in steps {
            switch step {
            case .work(let d): program.ops.append(Op(kind: .work, duration: d.nanoseconds))
            case .sleep(let d): program.ops.append(Op(kind: .sleep, duration: d.nanoseconds))
            case .taskSleep(let d): program.ops.append(Op(kind: .taskSleep, duration: d.nanoseconds))
            case .signal(let name):
                program.ops.append(Op(kind: .signal, a: resource(name, &scope.semaphores, &program.semaphores, callback)))
            case .wait(let name, let timeout):
                let id = resource(name, &scope.semaphores, &program.semaphores, callback)
                program.ops.append(Op(kind: .wait, a: id, duration: timeout?.nanoseconds ?? -1))
            case .setFlag(let name):
                program.ops.append(Op(kind: .setFlag, a: resource(name, &scope.flags, &program.flags, callback)))
            case .waitUntil(let name, let poll):
                let id = resource(name, &scope.flags, &program.flags, callback)
                program.ops.append(Op(kind: .waitUntil, a: id, duration: poll.nanoseconds))
            case .endBackgroundTask(let name):
                program.ops.append(Op(kind: .endBackgroundTask, a: resource(name, &scope.tasks, &program.taskSlots, callback)))
            case .call(let name):
                guard let index = callIndex[name] else { preconditionFailure("unresolved call \(name)") }
                program.ops.append(Op(kind: .call, a: index))
            case .spawnTask(let spawn, let body):
                let isolation: SpawnIsolation =
                    switch spawn.isolation {
                    case .inherit: .inherit
                    case .mainActor: .mainActor
                    case .none: .none
                    }
                let priority = Int32(spawn.priority?.rawValue ?? (spawn.detached ? QoSClass.default.rawValue : 0))
                let kind: Op.Kind = spawn.detached ? .spawnDetached : .spawnTask
                emitBody(Op(kind: kind, a: isolation.rawValue, b: priority), body, callback, &scope, &program)
            case .dispatchAsync(.main, let body):
                emitBody(Op(kind: .dispatchMain), body, callback, &scope, &program)
            case .dispatchAsync(.global(let qos), let body):
                emitBody(Op(kind: .dispatchGlobal, a: Int32(qos.rawValue)), body, callback, &scope, &program)
            case .beginBackgroundTask(let name, let expiration):
                let slot = resource(name, &scope.tasks, &program.taskSlots, callback)
                emitBody(Op(kind: .beginBackgroundTask, a: slot), expiration, callback, &scope, &program)
            case .timer(let interval, let count, let body):
                emitBody(Op(kind: .timer, a: Int32(count), duration: interval.nanoseconds), body, callback, &scope, &program)
            case .ifLaunchOptions(let options, let body):
                emitBody(Op(kind: .ifLaunchOptions, a: Int32(options.rawValue)), body, callback, &scope, &program)
            }
        }
    }

    private func emitBody(
        _ op: Op, _ body: [ProgramStep], _ callback: Int32, _ scope: inout Scope, _ program: inout CellProgram
    ) {
        let index = program.ops.count
        program.ops.append(op)
        emit(body, callback: callback, scope: &scope, into: &program)
        program.ops[index].bodyEnd = Int32(program.ops.count)
    }
}
