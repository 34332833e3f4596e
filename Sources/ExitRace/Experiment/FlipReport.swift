/// Where each cell of a sweep changes: along each axis, the stretches of the varied setting over
/// which a cell keeps one state, with every boundary refined by bisection.
///
/// A cell's *state* is which kill procedures it finished under (a bit per procedure): the same
/// state is the same ○/△/× and the same procedures named. Each segment's `from` and `to` are
/// values that were simulated and gave that state; the change lies between one segment's `to`
/// and the next one's `from`, which are at most the tolerance apart. Between grid points the
/// bisection follows one change; a state that appears and disappears within one grid step
/// without being hit by the bisection is not seen (use more steps).
public struct FlipReport: Sendable {
    /// One stretch of values with one state.
    public struct Segment: Equatable, Sendable {
        /// Bit `p` set: the cleanup finished under procedure `p`.
        public var finished: UInt64
        /// The first and last values (stored units) simulated with this state.
        public var from: Int64
        /// See `from`.
        public var to: Int64
    }

    /// One cell along one line.
    public struct CellSegments: Equatable, Sendable {
        /// The hook and strategy.
        public var cell: CellIndex
        /// The stretches along the line, in order of the setting's values.
        public var segments: [Segment]

        /// Whether the cell keeps one state along the whole line.
        public var neverFlips: Bool { segments.count == 1 }
    }

    /// The cells along one axis, with the other axes fixed at one of their grid values.
    public struct Line: Equatable, Sendable {
        /// The varied axis.
        public var axis: Int
        /// The value index of every axis (the varied axis's entry is unused).
        public var fixed: [Int]
        /// Every cell of the table, in its order.
        public var cells: [CellSegments]
    }

    /// The scenario swept.
    public let scenario: Scenario
    /// The axes, in the order given.
    public let axes: [SweepAxis]
    /// The largest gap left between a segment's end and the next one's start, per axis (stored units).
    public let tolerances: [Int64]
    /// Along each axis in turn, one line per combination of the other axes' values.
    public let lines: [Line]
    /// How many cell-runs (one cell under one procedure) the sweep simulated, grid and bisection.
    public let runs: Int

    /// `○`, `×`, or `△ background+suspended`: the state as a table cell shows it (``ProcedureListing``).
    public func stateText(_ finished: UInt64) -> String {
        let procedures = scenario.procedures.count
        let all: UInt64 = procedures >= 64 ? ~0 : (1 << UInt64(procedures)) - 1
        if finished == all { return "○" }
        if finished == 0 { return "×" }
        let names = scenario.procedures.indices.filter { finished & (1 << UInt64($0)) != 0 }.map { scenario.procedures[$0].name }
        return "△ " + ProcedureListing.list(names)
    }
}
