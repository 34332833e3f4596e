/// A budget on the statements translated per entry point: following calls into the files' functions
/// copies each callee's steps where it is called, so code whose functions each call the next several
/// times (`f0` awaiting `f1` eight times, `f1` awaiting `f2` eight times, …) would grow exponentially
/// (eight levels: 16 million steps, gigabytes). Past the budget nothing more is translated, and the
/// summary says where it stopped.
extension StepTranslator {
    /// How many statements one entry point's translation may read (calls followed included).
    static let statementBudget = 20_000

    /// Starts the budget of a new entry point.
    mutating func startBudget() {
        statementsTranslated = 0
        budgetNoted = false
    }

    /// Counts one statement; `false` (with a note, once) when the entry point's budget is spent.
    mutating func spendBudget(_ location: SwiftLocation, _ context: Context) -> Bool {
        statementsTranslated += 1
        guard statementsTranslated > Self.statementBudget else { return true }
        if !budgetNoted {
            budgetNoted = true
            note(.untranslated, location, context, "the translation of this entry point stopped here, after "
                + "\(Self.statementBudget) statements (the calls it follows repeat one another's code, which grows "
                + "with each level: say, functions each awaiting the next several times): the code from here on is "
                + "not translated; write the entry point's program by hand, or import a reduced copy of the code")
        }
        return false
    }
}
