/// The line a verdict adds for a strategy with a program per callback (`onCallbacks`): the programs
/// the run's procedure never delivered, whose cleanup calls the verdict therefore does not count (a
/// program never run owes nothing), so that a ○ is not read as the whole app's cleanup finishing.
extension VerdictSentence {
    /// One program of a strategy's `onCallbacks` that a procedure does not deliver.
    package struct MissedProgram: Equatable, Sendable {
        package var callback: String
        /// The steps of its program (nested bodies included) that call a cleanup system call.
        package var cleanupCalls: Int

        /// `sceneDidEnterBackground (3 cleanup calls)`.
        package var description: String {
            let calls = cleanupCalls == 0 ? "no cleanup call" : "\(cleanupCalls) cleanup call\(cleanupCalls == 1 ? "" : "s")"
            return "\(callback) (\(calls))"
        }
    }

    /// What heads the list of missed programs.
    package static let undeliveredHeading = "not delivered under this procedure, so not counted: "

    /// `not delivered under this procedure, so not counted: sceneDidEnterBackground (3 cleanup calls)`,
    /// naming each callback of the strategy's `onCallbacks` that the row's hook listens to and the
    /// procedure does not deliver; `nil` when there is none (or the strategy has one program).
    package static func undeliveredPrograms(_ trace: CellTrace) -> String? {
        let missed = missedPrograms(
            trace.scenario, hook: trace.hook, strategy: trace.strategy, procedure: trace.procedure)
        guard !missed.isEmpty else { return nil }
        return undeliveredHeading + missed.map(\.description).joined(separator: ", ")
    }

    /// The programs of `strategy`'s `onCallbacks` whose callback `hook` listens to and `procedure` does
    /// not deliver, in the strategy's order (empty for a strategy with one program).
    package static func missedPrograms(
        _ scenario: Scenario, hook: Int, strategy: Int, procedure: Int
    ) -> [MissedProgram] {
        let programs = scenario.strategies[strategy].callbackPrograms
        guard !programs.isEmpty else { return [] }
        let listened = Set(scenario.hooks[hook].callbacks)
        let delivered = Set(ScenarioDecoder.deliveredCallbacks(
            steps: scenario.procedures[procedure].steps, scenes: scenario.lifecycle.scenes))
        return programs.filter { listened.contains($0.callback) && !delivered.contains($0.callback) }.map { program in
            MissedProgram(
                callback: program.callback,
                cleanupCalls: cleanupCalls(Array(scenario.strategies[strategy].program[program.steps]), scenario))
        }
    }

    /// How many steps of `program` (nested bodies included) call a cleanup system call.
    static func cleanupCalls(_ program: [ProgramStep], _ scenario: Scenario) -> Int {
        let cleanup = Set(scenario.systemCalls.filter(\.isCleanup).map(\.name))
        return Strategy.preorder(program).count { step in
            switch step {
            case .call(let name), .callDiscardingError(let name), .callWithCompletion(let name, _, _):
                cleanup.contains(name)
            default: false
            }
        }
    }

    /// Whether, under some procedure that calls `hook`, a program of `strategy`'s `onCallbacks` holding
    /// cleanup calls is not delivered: the cell's `[n]` (its cleanup counts only the code that ran).
    package static func leavesCleanupUndelivered(_ scenario: Scenario, hook: Int, strategy: Int) -> Bool {
        guard !scenario.strategies[strategy].callbackPrograms.isEmpty else { return false }
        return scenario.procedures.indices.contains { procedure in
            let delivered = Set(ScenarioDecoder.deliveredCallbacks(
                steps: scenario.procedures[procedure].steps, scenes: scenario.lifecycle.scenes))
            return scenario.hooks[hook].callbacks.contains(where: delivered.contains)
                && missedPrograms(scenario, hook: hook, strategy: strategy, procedure: procedure).contains { $0.cleanupCalls > 0 }
        }
    }

    /// The legend line of the `[n]` mark.
    package static let undeliveredLegend =
        "[n] not all of the code ran: under a procedure, a callback whose code holds cleanup calls was not delivered, "
        + "and its cleanup is not counted (see details)"

    /// A line per cell and procedure under which the row's hook is called but a program of the column's
    /// `onCallbacks` holding cleanup calls is not delivered (`run`'s details): `your app × your app under
    /// foreground: not delivered under this procedure, so not counted: sceneDidEnterBackground (1 cleanup call)`.
    package static func undeliveredDetails(_ scenario: Scenario) -> [String] {
        var lines: [String] = []
        for strategy in scenario.strategies.indices where !scenario.strategies[strategy].callbackPrograms.isEmpty {
            for hook in scenario.hooks.indices {
                for procedure in scenario.procedures.indices {
                    let delivered = Set(ScenarioDecoder.deliveredCallbacks(
                        steps: scenario.procedures[procedure].steps, scenes: scenario.lifecycle.scenes))
                    guard scenario.hooks[hook].callbacks.contains(where: delivered.contains) else { continue }
                    let missed = missedPrograms(scenario, hook: hook, strategy: strategy, procedure: procedure)
                        .filter { $0.cleanupCalls > 0 }
                    guard !missed.isEmpty else { continue }
                    lines.append("\(scenario.hooks[hook].label) × \(scenario.strategies[strategy].name) under "
                        + "\(scenario.procedures[procedure].name): " + undeliveredHeading
                        + missed.map(\.description).joined(separator: ", "))
                }
            }
        }
        return lines
    }
}
