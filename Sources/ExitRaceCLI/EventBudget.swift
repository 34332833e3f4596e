import ExitRace

/// `explain --max-events N`: the runs explain follows stop after at most N events, however many
/// the scenario's `limits.maxEvents` allows; when that cut a run short, the explanation says so.
struct EventBudget {
    /// The values the runs use: the scenario's, with `limits.maxEvents` lowered to the budget.
    var values: ParameterValues
    /// The budget when it is below the scenario's `limits.maxEvents`; nil when it changes nothing.
    var cut: (budget: Int, allowed: Int)?
    /// Whether the user gave `--max-events` (else the budget is the default).
    var given = false

    static let path = "limits.maxEvents"

    init(_ budget: Int, given: Bool = false, values: ParameterValues) throws(Tool.Stop) {
        self.values = values
        self.given = given
        let allowed = try Tool.reporting { () throws(InputError) in Int(try values.value(of: Self.path)) }
        guard budget < allowed else { return }
        try Tool.reporting { () throws(InputError) in try self.values.set(Self.path, to: Double(budget)) }
        cut = (budget, allowed)
    }

    /// The line saying a run stopped at the budget rather than at the scenario's own bound, or nil.
    func cutNote(_ outcomes: [RunOutcome]) -> String? {
        guard let cut, outcomes.contains(where: { $0.boundReached == .events }) else { return nil }
        let which = given ? "explain --max-events" : "explain's default budget, --max-events"
        return "stopped after \(TimeFormatting.grouped(cut.budget)) events (\(which)), "
            + "before the scenario's limits.maxEvents \(TimeFormatting.grouped(cut.allowed)): what follows is the run up to there; "
            + "raise --max-events to follow it further"
    }
}
