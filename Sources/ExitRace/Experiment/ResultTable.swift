/// The ○/△/× table of a scenario: one cell per (hook, strategy), each with the outcome of every
/// kill procedure, in the scenario's order (rows: hooks, columns: strategies).
public struct ResultTable: Equatable, Sendable {
    /// One hook running one strategy, under every kill procedure.
    public struct Cell: Equatable, Sendable {
        /// The row: an index into `scenario.hooks`.
        public package(set) var hook: Int
        /// The column: an index into `scenario.strategies`.
        public package(set) var strategy: Int
        /// Indexed like the scenario's procedures.
        public package(set) var outcomes: [RunOutcome]

        /// ○ when the cleanup finished under every procedure, △ under some, × under none.
        public var verdict: Verdict {
            let finished = outcomes.indices.filter { outcomes[$0].cleanupFinished }
            if finished.count == outcomes.count && !outcomes.isEmpty { return .always }
            if finished.isEmpty { return .never }
            return .some(finished)
        }

        /// Whether a priority inversion happened under any procedure (`[i]`).
        public var hasInversion: Bool { outcomes.contains { $0.inversion != nil } }
        /// Whether a deadlock was found under any procedure (`[d]`).
        public var hasDeadlock: Bool { outcomes.contains { $0.deadlock != nil } }
        /// Whether a run stopped at a bound of `limits` (`[?]`).
        public var hitBound: Bool { outcomes.contains { $0.boundReached != nil } }
        /// Whether, under some procedure, the cleanup finished and the run then ended in a watchdog
        /// kill (`[w]`): a success that leaves a crash report (0x8badf00d) on a device.
        public var watchdogKilled: Bool { !watchdogKillProcedures.isEmpty }
        /// The procedures (indices) under which the cleanup finished and the run then ended in a
        /// watchdog kill, in the scenario's order.
        public var watchdogKillProcedures: [Int] {
            outcomes.indices.filter { outcomes[$0].cleanupFinished && outcomes[$0].death?.cause.isWatchdogKill == true }
        }
    }

    /// ○, △ or ×, with the procedures (indices) a △ finished under.
    public typealias Verdict = CellVerdict<Int>

    /// The scenario the table is of.
    public package(set) var scenario: Scenario
    /// Row-major: `cells[hook * strategies.count + strategy]`.
    public package(set) var cells: [Cell]

    /// The procedures (indices) under which the cell's cleanup won by less than
    /// `scenario.thinWin` (a tie included): thin wins, `[t]`.
    public func thinWinProcedures(_ cell: Cell) -> [Int] {
        cell.outcomes.indices.filter { index in
            let outcome = cell.outcomes[index]
            guard outcome.cleanupFinished, let margin = outcome.margin else { return false }
            return margin.nanoseconds >= 0 && margin < scenario.thinWin
        }
    }

    /// The cell of hook `hook` and strategy `strategy` (indices).
    package func cell(hook: Int, strategy: Int) -> Cell {
        cells[hook * scenario.strategies.count + strategy]
    }
}
