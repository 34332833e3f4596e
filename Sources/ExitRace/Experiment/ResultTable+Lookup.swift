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

    /// One cell's ○/△/× with its procedures by name, to compare with what a test expects:
    /// `try table.verdict(hook: "AppDelegate", strategy: "Task") == .some(["background"])`.
    /// (A ``Cell``'s own `verdict` holds the procedures' indices.)
    public func verdict(hook: String, strategy: String) throws(InputError) -> CellVerdict<String> {
        let cell = try cell(hook: hook, strategy: strategy)
        switch cell.verdict {
        case .always: return .always
        case .never: return .never
        case .some: return .some(procedures(finishedIn: cell))
        }
    }

    /// The names of the kill procedures under which `cell`'s cleanup finished, in the scenario's
    /// order: every procedure for ○, none for ×, those of a △.
    public func procedures(finishedIn cell: Cell) -> [String] {
        cell.outcomes.indices.filter { cell.outcomes[$0].cleanupFinished }.map { scenario.procedures[$0].name }
    }
}
