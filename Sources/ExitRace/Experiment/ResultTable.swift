/// The ○/△/× table of a scenario: one cell per (hook, strategy), each with the outcome of every
/// kill procedure, in the scenario's order (rows: hooks, columns: strategies).
public struct ResultTable: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        public var hook: Int
        public var strategy: Int
        /// Indexed like the scenario's procedures.
        public var outcomes: [RunOutcome]

        public var verdict: Verdict {
            let finished = outcomes.indices.filter { outcomes[$0].cleanupFinished }
            if finished.count == outcomes.count && !outcomes.isEmpty { return .always }
            if finished.isEmpty { return .never }
            return .some(finished)
        }

        public var hasInversion: Bool { outcomes.contains { $0.inversion != nil } }
        public var hasDeadlock: Bool { outcomes.contains { $0.deadlock != nil } }
        public var hitBound: Bool { outcomes.contains { $0.boundReached != nil } }
    }

    /// ○, △ or ×.
    public enum Verdict: Equatable, Sendable {
        /// ○: the cleanup finished under every procedure.
        case always
        /// △: it finished under these procedures (indices) only.
        case some([Int])
        /// ×: it finished under none.
        case never

        public var symbol: String {
            switch self {
            case .always: "○"
            case .some: "△"
            case .never: "×"
            }
        }
    }

    public var scenario: Scenario
    /// Row-major: `cells[hook * strategies.count + strategy]`.
    public var cells: [Cell]

    public func cell(hook: Int, strategy: Int) -> Cell {
        cells[hook * scenario.strategies.count + strategy]
    }
}
