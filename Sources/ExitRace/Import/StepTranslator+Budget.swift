/// A budget on the statements translated per entry point: following calls into the files' functions
/// copies each callee's steps where it is called, so code whose functions each call the next several
/// times (`f0` awaiting `f1` eight times, `f1` awaiting `f2` eight times, …) would grow exponentially
/// (eight levels: 16 million steps, gigabytes). Once the budget is spent, calls are no longer followed
/// (named where that starts); the entry point's own code, and the closures it runs, are still translated,
/// which costs no more than the code's size.
extension StepTranslator {
    /// How many statements one entry point's translation may read before it stops following calls.
    static let statementBudget = 20_000

    /// Starts the budget of a new entry point.
    mutating func startBudget() {
        statementsTranslated = 0
        budgetNoted = false
    }

    /// Counts one statement translated.
    mutating func countStatement() { statementsTranslated += 1 }

    /// Whether a call may still be followed; once the budget is spent, `false`, named at the first call refused.
    mutating func mayFollow(_ name: String, _ location: SwiftLocation, _ context: Context, awaited: Bool) -> Bool {
        guard statementsTranslated > Self.statementBudget else { return true }
        if !budgetNoted {
            budgetNoted = true
            note(.untranslated, location, context, "\(name)(…) and the calls after it are not followed: this entry "
                + "point's translation has read \(Self.statementBudget) statements (the calls it follows repeat one "
                + "another's code, which grows with each level: say, functions each calling the next several times); "
                + "its own code goes on being translated, calls into the files' functions from here on are not: write "
                + "their steps by hand, or import a reduced copy of the code", dropsAwait: awaited)
        }
        return false
    }
}
