/// Flattens a scenario's (procedure, hook, strategy) triple into a ``CellProgram``.
///
/// The scenario must already be valid (names resolve, async steps only in task bodies); the
/// loader guarantees that, so a failure here is a programmer error.
struct CellCompiler {
    let scenario: Scenario
    private let callIndex: [String: Int32]
    private let hookIndex: [String: Int32]

    init(scenario: Scenario) {
        self.scenario = scenario
        var calls: [String: Int32] = [:]
        for (index, call) in scenario.systemCalls.enumerated() { calls[call.name] = Int32(index) }
        var hooks: [String: Int32] = [:]
        for (index, hook) in scenario.hooks.enumerated() { hooks[hook.name] = Int32(index) }
        callIndex = calls
        hookIndex = hooks
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
            case .spawnTask(_, let body), .dispatchAsync(_, let body):
                mask |= cleanupMask(of: body, scenario)
            default: break
            }
        }
        return mask
    }

    func compile(procedure: Int, hook: Int, strategy: Int) -> CellProgram {
        var program = CellProgram(ops: [], steps: [], semaphores: [], requiredCleanups: Self.cleanupMask(of: scenario.strategies[strategy].program, scenario))
        for step in scenario.procedures[procedure].steps {
            switch step {
            case .delay(let duration):
                program.steps.append(ScriptStep(kind: .delay, duration: duration.nanoseconds))
            case .sigkill:
                program.steps.append(ScriptStep(kind: .sigkill))
            case .turn(let actions, let watchdog):
                let start = Int32(program.ops.count)
                for action in actions {
                    emit(action, hookUnderTest: hook, strategy: strategy, into: &program)
                }
                program.steps.append(
                    ScriptStep(
                        kind: .turn, bodyStart: start, bodyEnd: Int32(program.ops.count),
                        duration: watchdog?.nanoseconds ?? -1))
            }
        }
        return program
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
            guard let index = hookIndex[name] else { preconditionFailure("unresolved hook \(name)") }
            program.ops.append(Op(kind: .hookEnter, a: index))
            if Int(index) == hookUnderTest {
                var semaphores: [String: Int32] = [:]
                emit(scenario.strategies[strategy].program, hook: index, semaphores: &semaphores, into: &program)
            }
            program.ops.append(Op(kind: .hookReturn, a: index))
        }
    }

    /// Emits steps; `semaphores` maps this invocation's semaphore names to their ids, so each
    /// delivery of the hook gets semaphores of its own.
    private func emit(
        _ steps: [ProgramStep], hook: Int32, semaphores: inout [String: Int32], into program: inout CellProgram
    ) {
        func semaphore(_ name: String) -> Int32 {
            if let id = semaphores[name] { return id }
            let id = Int32(program.semaphores.count)
            program.semaphores.append(.init(name: name, hook: hook))
            semaphores[name] = id
            return id
        }
        for step in steps {
            switch step {
            case .work(let d): program.ops.append(Op(kind: .work, duration: d.nanoseconds))
            case .sleep(let d): program.ops.append(Op(kind: .sleep, duration: d.nanoseconds))
            case .taskSleep(let d): program.ops.append(Op(kind: .taskSleep, duration: d.nanoseconds))
            case .signal(let name): program.ops.append(Op(kind: .signal, a: semaphore(name)))
            case .wait(let name, let timeout):
                program.ops.append(Op(kind: .wait, a: semaphore(name), duration: timeout?.nanoseconds ?? -1))
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
                emitBody(Op(kind: kind, a: isolation.rawValue, b: priority), body, hook, &semaphores, &program)
            case .dispatchAsync(.main, let body):
                emitBody(Op(kind: .dispatchMain), body, hook, &semaphores, &program)
            case .dispatchAsync(.global(let qos), let body):
                emitBody(Op(kind: .dispatchGlobal, a: Int32(qos.rawValue)), body, hook, &semaphores, &program)
            }
        }
    }

    private func emitBody(
        _ op: Op, _ body: [ProgramStep], _ hook: Int32, _ semaphores: inout [String: Int32],
        _ program: inout CellProgram
    ) {
        let index = program.ops.count
        program.ops.append(op)
        emit(body, hook: hook, semaphores: &semaphores, into: &program)
        program.ops[index].bodyEnd = Int32(program.ops.count)
    }
}
