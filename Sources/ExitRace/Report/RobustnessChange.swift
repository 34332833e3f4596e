/// A cell run that became order-sensitive or order-robust between two result files that were
/// both made with `--explore`: what `check` reports when a race appears or disappears.
package struct RobustnessChange: Equatable, Sendable {
    /// The scenario, e.g. `main-queue-race`.
    package var scenario: String
    /// The row by the new results' label, the column and the procedure.
    package var hookLabel: String
    /// See `hookLabel`.
    package var strategy: String
    /// See `hookLabel`.
    package var procedure: String
    /// The run as the new results explored it.
    package var now: ResultDocument.ExploredRun
    /// The bound the new results were explored with.
    package var bound: Int
    /// The most schedules per cell run the new results were explored with.
    package var maxSchedules: Int = ExplorationLimits.defaultMaxSchedules

    /// One line: `… · kill: became order-sensitive — A vs. B, both due at 1 ms; default order: finished, other order: not finished`.
    package var description: String {
        let name = "\(scenario) · \(hookLabel) · \(strategy) · \(procedure)"
        if now.robustness == "undecided" {
            let result = now.results.first.map { " than \($0)" } ?? ""
            return "\(name): now undecided: no other result\(result) found, but the search stopped at "
                + "--max-schedules \(maxSchedules) before every order up to \(bound) deviation\(bound == 1 ? "" : "s") was run "
                + "(not shown order-robust)"
        }
        guard now.orderSensitive else {
            let result = now.results.first.map { " (\($0))" } ?? ""
            return "\(name): became order-robust: every order explored, up to \(bound) deviation"
                + "\(bound == 1 ? "" : "s") from the default one, gives the same result\(result)"
        }
        let race = now.race.map { " — \($0)" } ?? ""
        let results = now.results.count > 1 ? "; default order: \(now.results[0]), other order: \(now.results[1])" : ""
        return "\(name): became order-sensitive\(race)\(results)"
    }

    /// The runs whose robustness differs; none unless both documents were explored.
    package static func changes(_ old: ResultDocument, _ new: ResultDocument) -> [RobustnessChange] {
        guard let before = old.exploration, let after = new.exploration else { return [] }
        return after.runs.compactMap { run in
            guard let previous = before.runs.first(where: {
                $0.hook == run.hook && $0.strategy == run.strategy && $0.procedure == run.procedure
            }), previous.robustness != run.robustness
            else { return nil }
            return RobustnessChange(
                scenario: new.scenario, hookLabel: new.hookLabel(run.hook), strategy: run.strategy, procedure: run.procedure,
                now: run, bound: after.bound, maxSchedules: after.maxSchedules)
        }
    }
}
