import Dispatch

/// Runs a sweep's grid and works out its ``FlipReport``: the grid in parallel across the cores
/// (each worker with its own simulator; the result does not depend on how points are split),
/// then every change between neighbouring grid points refined by bisection.
public struct FlipAnalysis {
    /// The scenario swept.
    public let scenario: Scenario
    /// The grid of values.
    public let grid: SweepGrid
    /// The bisection stops when the change is pinned to within this (stored units) per axis:
    /// 1 µs for durations unless given, exactly for whole numbers.
    public let tolerances: [Int64]

    /// The largest number of procedures a state can name (a bit each).
    public static let maxProcedures = 64

    /// A sweep of `scenario` over `grid`, changes of durations pinned to `durationToleranceNs`;
    /// throws when the scenario has more than ``maxProcedures`` kill procedures.
    public init(scenario: Scenario, grid: SweepGrid, durationToleranceNs: Int64 = 1_000) throws(InputError) {
        guard scenario.procedures.count <= Self.maxProcedures else {
            throw InputError([
                Diagnostic(
                    file: scenario.name, path: "procedures",
                    message: "expected at most \(Self.maxProcedures) kill procedures to sweep, "
                        + "found \(scenario.procedures.count)")
            ])
        }
        self.init(checkedScenario: scenario, grid: grid, durationToleranceNs: durationToleranceNs)
    }

    /// A sweep of a scenario whose kill procedures were counted already (at most ``maxProcedures``).
    package init(checkedScenario scenario: Scenario, grid: SweepGrid, durationToleranceNs: Int64 = 1_000) {
        precondition(scenario.procedures.count <= Self.maxProcedures)
        self.scenario = scenario
        self.grid = grid
        tolerances = grid.axes.map { $0.isDuration ? Swift.max(1, durationToleranceNs) : 1 }
    }

    /// The report; `parallel: false` runs the grid on this thread only.
    public func run(parallel: Bool = true) -> FlipReport {
        run(parallel: parallel, progress: nil)
    }

    /// The report, counting in `progress` each grid point simulated, then each line refined
    /// (``progressUnits`` in all).
    package func run(parallel: Bool, progress: WorkProgress?) -> FlipReport {
        report(states: gridStates(parallel: parallel, progress: progress), progress: progress)
    }

    /// The units ``run(parallel:progress:)`` counts: every grid point, then every line.
    package var progressUnits: Int {
        grid.pointCount + grid.axes.reduce(0) { $0 + grid.pointCount / Swift.max(1, $1.values.count) }
    }

    /// The report from every grid point's state of every cell, `states[point * cells + cell]`
    /// (as ``states(of:procedures:)`` gives them): only the bisection is simulated.
    package func report(states: [UInt64], progress: WorkProgress? = nil) -> FlipReport {
        let cellCount = scenario.hooks.count * scenario.strategies.count
        precondition(states.count == grid.pointCount * cellCount, "a state per grid point and cell")
        var probe = Probe(scenario: scenario, grid: grid)
        var lines: [FlipReport.Line] = []
        for axis in grid.axes.indices {
            for fixed in lineStarts(along: axis) {
                var cells: [FlipReport.CellSegments] = []
                for cell in 0..<cellCount {
                    let segments = segmentsAlong(axis, fixed: fixed, cell: cell, cellCount: cellCount, states, &probe)
                    cells.append(FlipReport.CellSegments(cell: probe.cellIndex(cell), segments: segments))
                }
                lines.append(FlipReport.Line(axis: axis, fixed: fixed, cells: cells))
                progress?.add()
            }
        }
        let gridRuns = grid.pointCount * cellCount * scenario.procedures.count
        return FlipReport(
            scenario: scenario, axes: grid.axes, tolerances: tolerances, lines: lines, runs: gridRuns + probe.runs)
    }

    /// The states of `points` (every grid point, in order), `states[point * cells + cell]`: bit `p`
    /// of a cell's state set when its cleanup finished under procedure `p`.
    package static func states(of points: [SweepPoint], procedures: Int) -> [UInt64] {
        var states: [UInt64] = []
        for point in points {
            for start in stride(from: 0, to: point.outcomes.count, by: Swift.max(1, procedures)) {
                var finished: UInt64 = 0
                for procedure in 0..<procedures where point.outcomes[start + procedure].finished { finished |= 1 << UInt64(procedure) }
                states.append(finished)
            }
        }
        return states
    }

    /// Every grid point's state of every cell: `states[point * cells + cell]`.
    func gridStates(parallel: Bool, progress: WorkProgress? = nil) -> [UInt64] {
        let cellCount = scenario.hooks.count * scenario.strategies.count
        let points = grid.pointCount
        let chunk = Swift.max(1, Swift.min(4_096, points / 64))
        let chunks = (points + chunk - 1) / chunk
        let scenario = scenario, grid = grid
        return FanOut.map(chunks, parallel: parallel) { index in
            var probe = Probe(scenario: scenario, grid: grid)
            var states: [UInt64] = []
            states.reserveCapacity(chunk * cellCount)
            for point in (index * chunk)..<Swift.min(points, (index + 1) * chunk) {
                probe.move(to: point)
                for cell in 0..<cellCount { states.append(probe.state(of: cell)) }
                progress?.add()
            }
            return states
        }.flatMap { $0 }
    }

    /// The coordinates of the first point of every line along `axis`.
    private func lineStarts(along axis: Int) -> [[Int]] {
        var starts: [[Int]] = []
        for point in 0..<grid.pointCount {
            let coordinates = grid.coordinates(of: point)
            if coordinates[axis] == 0 { starts.append(coordinates) }
        }
        return starts
    }

    private func segmentsAlong(
        _ axis: Int, fixed: [Int], cell: Int, cellCount: Int, _ states: [UInt64], _ probe: inout Probe
    ) -> [FlipReport.Segment] {
        let values = grid.axes[axis].values
        var coordinates = fixed
        func state(at index: Int) -> UInt64 {
            coordinates[axis] = index
            return states[grid.point(at: coordinates) * cellCount + cell]
        }
        var segments = [FlipReport.Segment(finished: state(at: 0), from: values[0], to: values[0])]
        for index in 1..<values.count {
            let next = state(at: index)
            if next != segments[segments.count - 1].finished {
                probe.fix(fixed)
                refine(
                    from: values[index - 1], values[index], to: next, axis: axis, cell: cell, &segments, &probe)
                // Bisection may end the new segment below this value; it holds at least up to here.
                segments[segments.count - 1].to = values[index]
            } else {
                segments[segments.count - 1].to = values[index]
            }
        }
        return segments
    }

    /// Pins the change(s) between `low` (the last segment's state) and `high` (state `next`).
    private func refine(
        from low: Int64, _ high: Int64, to next: UInt64, axis: Int, cell: Int, _ segments: inout [FlipReport.Segment],
        _ probe: inout Probe
    ) {
        let current = segments[segments.count - 1].finished
        guard let middle = Self.middle(low, high, step: tolerances[axis]) else {
            segments[segments.count - 1].to = low
            segments.append(FlipReport.Segment(finished: next, from: high, to: high))
            return
        }
        let state = probe.state(of: cell, axis: axis, value: middle)
        if state == current {
            refine(from: middle, high, to: next, axis: axis, cell: cell, &segments, &probe)
        } else if state == next {
            refine(from: low, middle, to: next, axis: axis, cell: cell, &segments, &probe)
        } else {
            refine(from: low, middle, to: state, axis: axis, cell: cell, &segments, &probe)
            refine(from: middle, high, to: next, axis: axis, cell: cell, &segments, &probe)
        }
    }
}

extension FlipAnalysis {
    /// The flip report of a scenario's own sweep (the decoder checked its settings), on this thread.
    package static func report(of sweep: SweepSpec, in scenario: Scenario) -> FlipReport {
        let space = ParameterSpace(scenario: scenario)
        let axes = sweep.vary.compactMap {
            try? SweepAxis.parse($0, steps: sweep.steps, logarithmic: sweep.logarithmic, space: space)
        }
        precondition(axes.count == sweep.vary.count, "a sweep the decoder accepted does not parse")
        let analysis = FlipAnalysis(
            checkedScenario: scenario, grid: SweepGrid(axes: axes), durationToleranceNs: sweep.tolerance.nanoseconds)
        return analysis.run(parallel: false)
    }

    /// The middle multiple of `step` strictly between `low` and `high`, or `nil` when there is
    /// none: bisection on multiples of the tolerance ends on round values (× up to 11 ms, ○ from
    /// 11.001 ms), and with a step of 1 it is exact.
    static func middle(_ low: Int64, _ high: Int64, step: Int64) -> Int64? {
        let first = low / step + 1  // the first multiple above low (values are never negative)
        let last = (high - 1) / step  // the last multiple below high
        guard first <= last else { return nil }
        return (first + (last - first) / 2) * step
    }
}

/// A simulator and a parameter vector positioned at a grid point or a bisection value.
struct Probe {
    let simulator: Simulator
    let grid: SweepGrid
    var values: ParameterValues
    /// Cell-runs done outside the grid (bisection).
    var runs = 0

    init(scenario: Scenario, grid: SweepGrid) {
        simulator = Simulator(scenario: scenario)
        self.grid = grid
        values = simulator.defaults
    }

    func cellIndex(_ cell: Int) -> CellIndex {
        let strategies = simulator.scenario.strategies.count
        return CellIndex(hook: cell / strategies, strategy: cell % strategies)
    }

    mutating func move(to point: Int) { grid.fill(&values, point: point) }

    /// Every axis at its value index in `coordinates`.
    mutating func fix(_ coordinates: [Int]) { move(to: grid.point(at: coordinates)) }

    /// The cell's state at the current values.
    func state(of cell: Int) -> UInt64 {
        let index = cellIndex(cell)
        var finished: UInt64 = 0
        for procedure in simulator.scenario.procedures.indices
        where simulator.run(hook: index.hook, strategy: index.strategy, procedure: procedure, values: values).cleanupFinished {
            finished |= 1 << UInt64(procedure)
        }
        return finished
    }

    /// The cell's state with one axis moved to `value`.
    mutating func state(of cell: Int, axis: Int, value: Int64) -> UInt64 {
        values[grid.axes[axis].slot] = value
        runs += simulator.scenario.procedures.count
        return state(of: cell)
    }
}
