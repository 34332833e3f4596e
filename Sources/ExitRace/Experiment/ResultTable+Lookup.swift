/// Reading a result table by the names people type, for tests and scripts.
extension ResultTable {
    /// The cell of the hook named (or labelled) `hook` running the strategy named `strategy`.
    public func cell(hook: String, strategy: String) throws(InputError) -> Cell {
        cell(hook: try scenario.hookIndex(named: hook), strategy: try scenario.strategyIndex(named: strategy))
    }

    /// One cell's outcome under the kill procedure named `procedure`.
    public func outcome(hook: String, strategy: String, procedure: String) throws(InputError) -> RunOutcome {
        try cell(hook: hook, strategy: strategy).outcomes[try scenario.procedureIndex(named: procedure)]
    }
}
