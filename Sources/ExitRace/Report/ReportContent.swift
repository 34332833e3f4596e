/// What the HTML report shows: for each scenario its result table and, for every cell under every
/// kill procedure, the traced run.
///
/// The one place of the report that runs the simulator: ``HTMLReport`` only formats these values,
/// so a page can be rendered (and tested) without simulating anything. Every trace is held at once;
/// the shipped scenarios need a few megabytes.
package struct ReportContent: Sendable {
    /// One scenario of the report.
    package struct Section: Sendable {
        /// The scenario's result table, as `exitrace run` computes it.
        package var table: ResultTable
        /// Row-major like the table's cells; each cell's traces indexed like the scenario's procedures.
        package var traces: [[CellTrace]]

        /// The scenario's sweeps: each one's name, flip report and picture (SVG).
        package var sweeps: [(name: String, report: FlipReport, picture: String)] = []

        /// For a sampled scenario (distributions, or `--runs`): the rates of its replications,
        /// shown in place of ``table`` with each cell's intervals and margins; ``traces`` then
        /// hold the nominal runs (each distribution's median).
        package var rates: RateTable? = nil

        /// For a sampled scenario, row-major like the table's cells and indexed by procedure:
        /// the first failing replication of that cell and procedure, replayed (`nil` when none
        /// failed).
        package var failingRuns: [[ReplayedRun?]] = []

        /// The scenario the table was computed from.
        package var scenario: Scenario { table.scenario }

        /// The traces of one cell, one per kill procedure.
        package func traces(hook: Int, strategy: Int) -> [CellTrace] {
            traces[hook * scenario.strategies.count + strategy]
        }
    }

    /// One replication run again with tracing on: the values it drew and its trace.
    package struct ReplayedRun: Sendable {
        /// Which replication, and what it drew.
        package var replay: Replay
        /// The run.
        package var trace: CellTrace
    }

    /// In the order the scenarios were given.
    package var sections: [Section]

    package init(sections: [Section]) {
        self.sections = sections
    }

    /// Simulates every scenario: its table, then each cell's runs again with tracing on.
    /// `sampling` says how to sample a scenario (`nil`: not at all); by default, a scenario
    /// with distributions is sampled as its `sampling` section says. `replayOptions`: as
    /// ``RateTable/replayOptions``, the options every replay line repeats.
    package static func compute(
        _ scenarios: [Scenario], sampling: (Scenario) -> SamplingSettings? = { $0.isUncertain ? $0.sampling : nil },
        replayOptions: [String] = []
    ) -> ReportContent {
        ReportContent(sections: scenarios.map { section($0, sampling: sampling($0), replayOptions: replayOptions) })
    }

    private static func section(_ scenario: Scenario, sampling: SamplingSettings?, replayOptions: [String]) -> Section {
        let simulator = Simulator(scenario: scenario)
        let table = simulator.table()
        let traces = table.cells.map { cell in
            scenario.procedures.indices.map { simulator.trace(hook: cell.hook, strategy: cell.strategy, procedure: $0) }
        }
        var section = Section(table: table, traces: traces)
        if let sampling {
            var rates = SampledExperiment(scenario: scenario, sampling: sampling).run()
            rates.replayOptions = replayOptions
            section.rates = rates
            section.failingRuns = rates.cells.map { cell in
                cell.procedures.enumerated().map { procedure, counts in
                    counts.failures.first.map { replication in
                        let replay = Replay(simulator: simulator, seed: sampling.seed, replication: replication)
                        let trace = simulator.trace(
                            hook: cell.hook, strategy: cell.strategy, procedure: procedure, values: replay.values)
                        return ReplayedRun(replay: replay, trace: trace)
                    }
                }
            }
        }
        section.sweeps = scenario.sweeps.map { sweep in
            let report = FlipAnalysis.report(of: sweep, in: scenario)
            let grid = SweepGrid(axes: report.axes)
            let points = SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false)
            return (sweep.name, report, SweepSVG.render(report, points: points))
        }
        return section
    }
}
