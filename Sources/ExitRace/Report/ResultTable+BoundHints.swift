extension ResultTable {
    /// The bounds of `limits` some run of the table reached, with how to raise each.
    package var boundHints: [BoundHint] {
        var reached: [RunOutcome.Bound] = []
        for cell in cells {
            for outcome in cell.outcomes {
                if let bound = outcome.boundReached, !reached.contains(bound) { reached.append(bound) }
            }
        }
        return BoundHint.hints(reached: reached, limits: scenario.limits)
    }
}
