/// What the HTML report shows: for each scenario its result table and, for every cell under every
/// kill procedure, the traced run.
///
/// The one place of the report that runs the simulator: ``HTMLReport`` only formats these values,
/// so a page can be rendered (and tested) without simulating anything. Every trace is held at once;
/// the shipped scenarios need a few megabytes.
public struct ReportContent: Sendable {
    /// One scenario of the report.
    public struct Section: Sendable {
        /// The scenario's result table, as `exitrace run` computes it.
        public var table: ResultTable
        /// Row-major like the table's cells; each cell's traces indexed like the scenario's procedures.
        public var traces: [[CellTrace]]

        /// The scenario's sweeps: each one's name, flip report and picture (SVG).
        public var sweeps: [(name: String, report: FlipReport, picture: String)] = []

        /// The scenario the table was computed from.
        public var scenario: Scenario { table.scenario }

        /// The traces of one cell, one per kill procedure.
        public func traces(hook: Int, strategy: Int) -> [CellTrace] {
            traces[hook * scenario.strategies.count + strategy]
        }
    }

    /// In the order the scenarios were given.
    public var sections: [Section]

    init(sections: [Section]) {
        self.sections = sections
    }

    /// Simulates every scenario: its table, then each cell's runs again with tracing on.
    public static func compute(_ scenarios: [Scenario]) -> ReportContent {
        ReportContent(sections: scenarios.map(section))
    }

    private static func section(_ scenario: Scenario) -> Section {
        let simulator = Simulator(scenario: scenario)
        let table = simulator.table()
        let traces = table.cells.map { cell in
            scenario.procedures.indices.map { simulator.trace(hook: cell.hook, strategy: cell.strategy, procedure: $0) }
        }
        var section = Section(table: table, traces: traces)
        section.sweeps = scenario.sweeps.map { sweep in
            let report = FlipAnalysis.report(of: sweep, in: scenario)
            let grid = SweepGrid(axes: report.axes)
            let points = SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false)
            return (sweep.name, report, SweepSVG.render(report, points: points))
        }
        return section
    }
}
