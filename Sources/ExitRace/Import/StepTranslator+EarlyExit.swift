/// `if condition { …; return }`: an early exit, read as a `guard` is (docs/import.md, "What it does not translate yet").
extension StepTranslator {
    /// The words that leave the code translated as a branch's last statement. `break` and `continue`
    /// are not among them: they end a loop's iteration, and a loop's body is translated once, so an
    /// `if match { await activity.end(…); break }` (a search loop's match) is the loop's purpose, not a
    /// way out of it: such an `if` is translated as any other.
    static let exitWords: Set<String> = ["return", "throw"]

    /// The word of the exit `statements` end in (`return`, `throw`), or `nil`.
    static func exitWord(_ statements: [SwiftStatement]) -> String? {
        guard let last = statements.last, case .jump(let word, _) = last.kind, exitWords.contains(word) else { return nil }
        return word
    }

    /// The exit word of `if #available(…) { …; return }` (without `else`), taken as available: its exit is
    /// taken, so the statements after it (for older systems) are not translated. `nil` for any other statement.
    func availableExit(_ statement: SwiftStatement) -> String? {
        guard case .ifStatement(let conditions, let then, nil) = statement.kind, !conditions.isEmpty,
            conditions.allSatisfy(Self.isAvailabilityCheck)
        else { return nil }
        return Self.exitWord(then)
    }

    /// `if conditions { …; return } [else { otherwise }]`, whose branch ends in an exit and whose `else` (if
    /// any) does not: the path modelled is the one that goes on past the exit, as for a `guard` (whose
    /// condition is taken as true): the condition is taken as false, its values are translated (they are
    /// evaluated either way), the branch that leaves is not (noted with its place, as a guard's `else`),
    /// and the `else` branch and the code after the `if` are. `nil` for any other `if`.
    mutating func translateEarlyExit(
        _ conditions: [SwiftExpr], _ then: [SwiftStatement], _ otherwise: [SwiftStatement]?, _ here: SwiftLocation,
        _ context: Context
    ) -> [ImportedStep]? {
        guard let word = Self.exitWord(then), otherwise.flatMap(Self.exitWord) == nil else { return nil }
        // What the branch would give, to say so: translated on a copy that probes no further (so that nested
        // early exits cost one translation each, not one per level).
        var skipped = 0
        if !isProbing {
            var probe = self
            probe.isProbing = true
            skipped = Self.stepCount(probe.translate(then, context))
            statementsTranslated = probe.statementsTranslated  // the probe's reading is work too: the budget counts it
        }
        let left = skipped > 0
            ? "; its branch, which leaves the scope, is not translated (as a guard's else branch), though it would give "
                + "\(skipped) step\(skipped == 1 ? "" : "s")"
            : then.count > 1 || then.last.map { !$0.ownExpressions.isEmpty } == true
                ? "; its branch, which leaves the scope, is not translated (as a guard's else branch)" : ""
        let other = otherwise == nil ? "" : " (its else branch is translated)"
        note(.assumption, here, context, "if … { \(word) }: an early exit, taken as not taken, as for a guard: the code "
            + "after it is translated\(other)\(left); if the exit is taken, the steps after it do not run: write that "
            + "path as a variant by hand if it matters")
        return conditions.flatMap { translate($0, context) } + (otherwise.map { translate($0, context) } ?? [])
    }

    /// How many steps `steps` hold, nested bodies' steps included.
    static func stepCount(_ steps: [ImportedStep]) -> Int {
        steps.reduce(0) { total, step in total + 1 + step.children.reduce(0) { $0 + stepCount($1) } }
    }
}
