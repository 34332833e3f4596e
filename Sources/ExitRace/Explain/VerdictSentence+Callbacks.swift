/// The line a verdict adds for a strategy with a program per callback (`onCallbacks`): the programs
/// holding cleanup calls that the run never delivered. Those of the app going away
/// (``Callback/goingAway``) are owed all the same when the process died, so their calls count as
/// not made unless code that ran made them (``RunOutcome/owedSkippedPrograms``, the engine's); any
/// other is left out of the verdict (a launch's code, under a kill that never launches), so that a
/// ○ is not read as the whole app's cleanup finishing. What was
/// delivered is the run's (``RunOutcome/skippedCleanupPrograms``), not the script's: a swipe of a
/// suspended app delivers nothing, whatever the swipe's turns say.
extension VerdictSentence {
    /// One program of a strategy's `onCallbacks` that a run did not deliver.
    package struct MissedProgram: Equatable, Sendable {
        package var callback: String
        /// The steps of its program (nested bodies included) that call a cleanup system call.
        package var cleanupCalls: Int
        /// Whether its cleanup calls are owed though it did not run (code of the app going away).
        package var owed: Bool

        /// `applicationWillTerminate (1 cleanup call, owed all the same)`,
        /// `sceneDidBecomeActive (3 cleanup calls, not owed)`.
        package var description: String {
            let calls = cleanupCalls == 0 ? "no cleanup call" : "\(cleanupCalls) cleanup call\(cleanupCalls == 1 ? "" : "s")"
            return "\(callback) (\(calls), \(owed ? "owed all the same" : "not owed"))"
        }
    }

    /// What heads the list of missed programs.
    package static let undeliveredHeading = "not delivered in this run: "

    /// The legend line of the `[n]` mark.
    package static let undeliveredLegend =
        "[n] not all of the code ran: under a procedure, a callback whose code makes cleanup calls was not delivered "
        + "(see details); the calls of code run as the app goes away (resigning active, entering the background, "
        + "disconnecting, terminating) are owed all the same, those of other callbacks are not"

    /// `not delivered in this run: applicationWillTerminate (1 cleanup call, owed all the same)`,
    /// naming each such program of the run; `nil` when there is none (or the strategy has one program).
    package static func undeliveredPrograms(_ trace: CellTrace) -> String? {
        let missed = missedPrograms(trace.scenario, strategy: trace.strategy, trace.outcome)
        guard !missed.isEmpty else { return nil }
        return undeliveredHeading + missed.map(\.description).joined(separator: ", ")
    }

    /// The programs of `strategy`'s `onCallbacks` that `outcome`'s run did not deliver, in the strategy's order.
    package static func missedPrograms(_ scenario: Scenario, strategy: Int, _ outcome: RunOutcome) -> [MissedProgram] {
        let programs = scenario.strategies[strategy].callbackPrograms
        let skipped = outcome.skippedCleanupPrograms
        return programs.indices.filter { $0 < 64 && skipped & (1 << UInt64($0)) != 0 }.map { index in
            MissedProgram(
                callback: programs[index].callback,
                cleanupCalls: cleanupCalls(Array(scenario.strategies[strategy].program[programs[index].steps]), scenario),
                owed: outcome.owedSkippedPrograms & (1 << UInt64(index)) != 0)
        }
    }

    /// How many steps of `program` (nested bodies included) call a cleanup system call.
    static func cleanupCalls(_ program: [ProgramStep], _ scenario: Scenario) -> Int {
        scenario.cleanupCallSteps(in: program).count
    }

    /// Whether a run of the cell left a program holding cleanup calls undelivered: its `[n]`.
    package static func leftCleanupUndelivered(_ cell: ResultTable.Cell) -> Bool {
        cell.outcomes.contains { $0.skippedCleanupPrograms != 0 }
    }
}
