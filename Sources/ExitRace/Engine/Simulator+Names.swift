/// Running cells by the names people type, for tests and programs embedding the simulator: every
/// argument is checked, so a name that matches nothing, or values made for another simulator, throw
/// an ``InputError`` instead of trapping.
extension Simulator {
    /// Simulates one cell under one procedure, each named as in the scenario file.
    public func run(
        hook: String, strategy: String, procedure: String, values: ParameterValues? = nil
    ) throws(InputError) -> RunOutcome {
        let cell = try indices(hook: hook, strategy: strategy, procedure: procedure)
        return run(hook: cell.hook, strategy: cell.strategy, procedure: cell.procedure, values: try checked(values))
    }

    /// Simulates one run with tracing on, each named as in the scenario file: what
    /// `CellExplanation` puts in words.
    public func trace(
        hook: String, strategy: String, procedure: String, values: ParameterValues? = nil
    ) throws(InputError) -> CellTrace {
        let cell = try indices(hook: hook, strategy: strategy, procedure: procedure)
        return trace(hook: cell.hook, strategy: cell.strategy, procedure: cell.procedure, values: try checked(values))
    }

    /// `values`, when they belong to this simulator's ``parameters`` (or are `nil`).
    package func checked(_ values: ParameterValues?) throws(InputError) -> ParameterValues? {
        guard let values, values.space !== parameters else { return values }
        throw InputError([
            Diagnostic(
                file: "parameters", path: "",
                message: "expected values of this simulator's parameters (start from its `defaults`), "
                    + "found values made for another simulator")
        ])
    }

    private func indices(
        hook: String, strategy: String, procedure: String
    ) throws(InputError) -> (hook: Int, strategy: Int, procedure: Int) {
        (try scenario.hookIndex(named: hook), try scenario.strategyIndex(named: strategy),
         try scenario.procedureIndex(named: procedure))
    }
}
