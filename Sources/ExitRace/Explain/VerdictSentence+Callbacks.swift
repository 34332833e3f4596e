/// The line a verdict adds for a strategy with a program per callback (`onCallbacks`): the programs
/// the run's procedure never delivered, whose cleanup calls the verdict therefore does not count (a
/// program never run owes nothing), so that a ○ is not read as the whole app's cleanup finishing.
extension VerdictSentence {
    /// `not delivered under this procedure, so not counted: sceneDidEnterBackground (3 cleanup calls)`,
    /// naming each callback of the strategy's `onCallbacks` that the row's hook listens to and the
    /// procedure does not deliver; `nil` when there is none (or the strategy has one program).
    package static func undeliveredPrograms(_ trace: CellTrace) -> String? {
        let scenario = trace.scenario
        let strategy = scenario.strategies[trace.strategy]
        guard !strategy.callbackPrograms.isEmpty else { return nil }
        let listened = Set(scenario.hooks[trace.hook].callbacks)
        let delivered = Set(ScenarioDecoder.deliveredCallbacks(
            steps: scenario.procedures[trace.procedure].steps, scenes: scenario.lifecycle.scenes))
        let missed = strategy.callbackPrograms.filter { listened.contains($0.callback) && !delivered.contains($0.callback) }
        guard !missed.isEmpty else { return nil }
        let named = missed.map { program in
            let count = cleanupCalls(Array(strategy.program[program.steps]), scenario)
            return "\(program.callback) (" + (count == 0 ? "no cleanup call" : "\(count) cleanup call\(count == 1 ? "" : "s")") + ")"
        }
        return "not delivered under this procedure, so not counted: " + named.joined(separator: ", ")
    }

    /// How many steps of `program` (nested bodies included) call a cleanup system call.
    static func cleanupCalls(_ program: [ProgramStep], _ scenario: Scenario) -> Int {
        let cleanup = Set(scenario.systemCalls.filter(\.isCleanup).map(\.name))
        return Strategy.preorder(program).count { step in
            switch step {
            case .call(let name), .callDiscardingError(let name), .callWithCompletion(let name, _, _): cleanup.contains(name)
            default: false
            }
        }
    }
}
