/// The parts of `exitrace bench`, each measured side by side with its yardstick.
extension Benchmark {
    /// The synthetic load's events per second against a bare heap holding as many entries as the
    /// engine's queue does on average during a run, in thread CPU time and interleaved pairs
    /// (``PairedTiming``), as the cost per event is: a ratio per pair, their median reported.
    static func engineAgainstBareHeap(seconds: Double) -> Part {
        let simulator = Simulator(scenario: SyntheticLoad.scenario(tasks: 200))
        let eventsPerRun = simulator.run(hook: 0, strategy: 0, procedure: 0).events
        let pending = simulator.meanPendingEvents(hook: 0, strategy: 0, procedure: 0)
        var heap = BareHeap(pending: pending)
        var checksum: Int64 = 0
        let timing = PairedTiming()
        let (pairs, units) = timing.pairs(
            seconds: seconds,
            { for _ in 0..<5 { _ = simulator.run(hook: 0, strategy: 0, procedure: 0) } },
            { checksum &+= heap.run(events: 5 * eventsPerRun) })
        blackHole(checksum)
        let events = Double(units * 5 * eventsPerRun)
        let label =
            "engine against a bare binary heap (synthetic load: 200 tasks, \(TimeFormatting.grouped(eventsPerRun)) events a run,"
            + " \(pending) pending on average)"
        // The engine's rate over the heap's is the heap's time over the engine's, pair by pair.
        guard let ratio = RatioSummary(pairs.map { $0.b / $0.a }), let engine = RatioSummary(pairs.map { events / $0.a }),
            let bare = RatioSummary(pairs.map { events / $0.b })
        else { return Part(label: label, lines: ["no pair measured"]) }
        return Part(
            label: label,
            lines: [
                "engine \(fixed(engine.median / 1e6, 2)) M events/s, bare heap \(fixed(bare.median / 1e6, 2)) M events/s"
                    + ": the engine runs at \(fixed(ratio.median, 2))× the heap's rate"
                    + " (\(fixed(ratio.lowest, 2))–\(fixed(ratio.highest, 2))× over \(pairs.count) pairs)"
                    + " (target ≥ 0.75×; higher is better)",
                "measured in \(timing.method)",
            ])
    }

    /// Nanoseconds per event as the load grows, against the bare heap at the same pending count, in
    /// thread CPU time and interleaved pairs (``PairedTiming``): at 10 tasks a heap block of a few
    /// runs is a fraction of a millisecond, which a shared machine's wall clock cannot time; and how
    /// much of a 10-task run is the fixed cost of a run (set-up, the end-of-run checks and the
    /// outcome), measured as a run of the load with no task (its few events included).
    static func costPerEvent(seconds: Double) -> Part {
        let timing = PairedTiming()
        var lines: [String] = []
        for tasks in [10, 100, 1_000, 10_000] {
            let simulator = Simulator(scenario: SyntheticLoad.scenario(tasks: tasks))
            let eventsPerRun = simulator.run(hook: 0, strategy: 0, procedure: 0).events
            let runs = max(1, 20_000 / eventsPerRun)
            var heap = BareHeap(pending: simulator.meanPendingEvents(hook: 0, strategy: 0, procedure: 0))
            var checksum: Int64 = 0
            let (pairs, units) = timing.pairs(
                seconds: seconds / 4,
                { for _ in 0..<runs { _ = simulator.run(hook: 0, strategy: 0, procedure: 0) } },
                { checksum &+= heap.run(events: runs * eventsPerRun) })
            blackHole(checksum)
            lines.append(costLine(tasks: tasks, pairs: pairs, eventsPerBlock: units * runs * eventsPerRun))
        }
        lines.append("per-event figures measured in \(timing.method)")
        lines.append(fixedCostOfARun(seconds: seconds / 4))
        return Part(label: "cost per event as the pending count grows", lines: lines)
    }

    /// A line of ``costPerEvent(seconds:)``: the median nanoseconds per event of each and the median
    /// of the pairs' ratios, with the lowest and highest pair's.
    private static func costLine(tasks: Int, pairs: [TimedPair], eventsPerBlock: Int) -> String {
        let perEvent = 1e9 / Double(eventsPerBlock)
        guard let ratio = RatioSummary(ratiosOf: pairs), let engine = RatioSummary(pairs.map { $0.a * perEvent }),
            let bare = RatioSummary(pairs.map { $0.b * perEvent })
        else { return "\(TimeFormatting.grouped(tasks)) tasks: no pair measured" }
        return "\(TimeFormatting.grouped(tasks)) tasks: engine \(fixed(engine.median, 1)) ns/event,"
            + " bare heap \(fixed(bare.median, 1)) ns/event: an event costs \(fixed(ratio.median, 2))× the heap's"
            + " (\(fixed(ratio.lowest, 2))–\(fixed(ratio.highest, 2))× over \(pairs.count) pairs)"
            + (tasks == 10 ? " (target ≤ 2.5×; lower is better)" : " (lower is better)")
    }

    /// A run of the synthetic load with no task (the script, the hook and `exit`: 3 events) against
    /// a 10-task run, in thread CPU time and interleaved pairs (``PairedTiming``): the part of the
    /// 10-task figure that is per run, not per event.
    static func fixedCostOfARun(seconds: Double) -> String {
        let empty = Simulator(scenario: SyntheticLoad.scenario(tasks: 0))
        let ten = Simulator(scenario: SyntheticLoad.scenario(tasks: 10))
        let emptyEvents = empty.run(hook: 0, strategy: 0, procedure: 0).events
        let tenEvents = ten.run(hook: 0, strategy: 0, procedure: 0).events
        let (pairs, units) = PairedTiming().pairs(
            seconds: seconds,
            { for _ in 0..<100 { _ = empty.run(hook: 0, strategy: 0, procedure: 0) } },
            { for _ in 0..<100 { _ = ten.run(hook: 0, strategy: 0, procedure: 0) } })
        let perRun = 1e9 / Double(units * 100)
        guard let share = RatioSummary(ratiosOf: pairs), let emptyNs = RatioSummary(pairs.map { $0.a * perRun }),
            let tenNs = RatioSummary(pairs.map { $0.b * perRun })
        else { return "a run with no task: no pair measured" }
        return "a run with no task (\(emptyEvents) events): \(fixed(emptyNs.median, 0)) ns = \(fixed(100 * share.median, 0))%"
            + " (\(fixed(100 * share.lowest, 0))–\(fixed(100 * share.highest, 0))%)"
            + " of a 10-task run (\(tenEvents) events, \(fixed(tenNs.median, 0)) ns), in the same CPU-time pairs:"
            + " the rest is per event"
    }

    /// The default table (18 cells × 2 procedures).
    static func defaultTable(seconds: Double) -> Part {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let table = simulator.table()
        let events = table.cells.reduce(0) { $0 + $1.outcomes.reduce(0) { $0 + $1.events } }
        let (elapsed, blocks) = Stopwatch().repeatedly(seconds: seconds) { for _ in 0..<100 { _ = simulator.table() } }
        let microseconds = elapsed / Double(blocks * 100) * 1e6
        return Part(
            label: "the default table (\(table.cells.count) cells × \(simulator.scenario.procedures.count) procedures, \(TimeFormatting.grouped(events)) events)",
            lines: ["\(fixed(microseconds, 1)) µs per table"])
    }

    /// Tables with a new exit duration each, against warm tables; and, for scale, the old way.
    static func reparameterizedTable(seconds: Double) -> Part {
        let simulator = Simulator(scenario: DefaultScenario.load())
        var values = simulator.defaults
        let exit = simulator.parameters.index(of: "timing.exitDurationMs")!
        var point = 0
        let (changed, warm, blocks) = Stopwatch().alternate(
            seconds: seconds,
            {
                for _ in 0..<50 {
                    point += 1
                    values[exit] = Int64(1 + point % 50) * 1_000_000
                    _ = simulator.table(checkedValues: values)
                }
            },
            { for _ in 0..<50 { _ = simulator.table() } })
        let (reloaded, reloads) = Stopwatch().repeatedly(seconds: seconds / 4) {
            let override = try? SettingOverride.parse("timing.exitDurationMs=\(1 + point % 50)")
            point += 1
            if let scenario = try? ScenarioLoader.loadDefault(overrides: override.map { [$0] } ?? []) {
                _ = Simulator(scenario: scenario).table()
            }
        }
        let perPoint = changed / Double(blocks * 50) * 1e6, perWarm = warm / Double(blocks * 50) * 1e6
        let perReload = reloaded / Double(reloads) * 1e6
        return Part(
            label: "the default table with a new exit duration each time",
            lines: [
                "as parameter values: \(fixed(perPoint, 1)) µs = \(fixed(perPoint / perWarm, 2))× a warm table"
                    + " (\(fixed(perWarm, 1)) µs, measured alternately)",
                "decoding --set and compiling again: \(fixed(perReload, 1)) µs = \(fixed(perReload / perWarm, 1))× a warm table",
            ])
    }

    /// What `run DIR --format json` does per file, in memory: decode, simulate, render.
    static func scenarioFiles(seconds: Double) -> Part {
        let bytes = Array(DefaultScenario.json.utf8)
        var rendered = 0
        let (elapsed, files) = Stopwatch().repeatedly(seconds: seconds) {
            guard let scenario = try? ScenarioDecoder.decode(bytes, file: "bench.json") else { return }
            rendered += OutputFormat.json.render([Simulator(scenario: scenario).table()]).utf8.count
        }
        let perFile = elapsed / Double(files) * 1e6
        return Part(
            label: "scenario files as `run --format json` handles them (decode, simulate, render; no disk)",
            lines: ["\(fixed(perFile, 1)) µs per file = \(fixed(1e6 / perFile, 0)) files/s (\(TimeFormatting.grouped(rendered / max(files, 1))) bytes each)"])
    }

    /// The grid of `exitrace sweep --vary timing.exitDurationMs=0.1...100 --steps 27778` (the
    /// default scenario: a million cell-runs), which `bench --part sweep-command` measures.
    package static let sweepSpec = "timing.exitDurationMs=0.1...100"
    package static let sweepSteps = 27_778

    /// The default scenario and ``sweepSpec``'s grid of `points` points, or nil if it cannot be built.
    package static func sweepGrid(points: Int = sweepSteps) -> (Scenario, SweepGrid)? {
        let scenario = DefaultScenario.load()
        let space = ParameterSpace(scenario: scenario)
        guard let axis = try? SweepAxis.parse(sweepSpec, steps: points, logarithmic: false, space: space) else { return nil }
        return (scenario, SweepGrid(axes: [axis]))
    }

    /// A sweep's grid as `sweep --format jsonl` runs it (``SweepLinesRenderer/stream``: simulated and
    /// rendered on every core, the lines counted instead of written), in cell-runs per second.
    package static func sweep(seconds: Double, points: Int = BenchWorkload.reference.sweepPoints) -> Part {
        guard let (scenario, grid) = sweepGrid(points: points) else { return Part(label: "sweep", lines: ["could not build the grid"]) }
        var bytes = 0
        let (elapsed, blocks) = Stopwatch().repeatedly(seconds: seconds) {
            SweepLinesRenderer.stream(scenario: scenario, grid: grid, parallel: true) { bytes += $0.utf8.count }
        }
        let runs = Double(blocks * grid.pointCount * scenario.hooks.count * scenario.strategies.count * scenario.procedures.count)
        return Part(
            label: "a sweep of the default scenario in this process (\(TimeFormatting.grouped(grid.pointCount)) points × 36 cell-runs,"
                + " JSON lines counted, not written; all cores)",
            lines: [
                "\(fixed(runs / elapsed / 1e6, 2)) M cell-runs/s: a million cell-runs in \(fixed(1e6 / (runs / elapsed), 2)) s"
                    + " (\(TimeFormatting.grouped(bytes / Swift.max(blocks, 1))) bytes of lines a sweep)"
            ])
    }

    /// A sampled experiment: 10,000 replications of the default scenario with two settings drawn
    /// (360,000 runs, all cores; the goal is under 3 s), and on one thread, a replication
    /// against a warm table measured alternately: the cost of drawing and counting.
    static func sampled(seconds: Double, replications: Int = BenchWorkload.reference.replications) -> Part {
        guard let scenario = try? ScenarioLoader.loadDefault(overrides: [
            SettingOverride.parse("timing.exitDurationMs=uniform(1,20)"),
            SettingOverride.parse("timing.startLatencyMs.default=logUniform(0.5,30)"),
        ]) else { return Part(label: "sampled", lines: ["could not load the scenario"]) }
        let whole = SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: replications, seed: 1))
        let (elapsed, blocks) = Stopwatch().repeatedly(seconds: seconds) { _ = whole.run() }
        let perExperiment = elapsed / Double(blocks)
        let runs = Double(replications * 36)
        let serial = SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: 64, seed: 1))
        let simulator = Simulator(scenario: scenario)
        let (sampledTime, warmTime, rounds) = Stopwatch().alternate(
            seconds: seconds, { _ = serial.run(parallel: false) }, { for _ in 0..<64 { _ = simulator.table() } })
        let perReplication = sampledTime / Double(rounds * 64) * 1e6, perTable = warmTime / Double(rounds * 64) * 1e6
        return Part(
            label: "\(TimeFormatting.grouped(replications)) replications of the default scenario, exit and default-QoS latency drawn "
                + "(\(TimeFormatting.grouped(replications * 36)) runs, all cores)",
            lines: [
                "\(fixed(perExperiment, 2)) s per experiment = \(fixed(runs / perExperiment / 1e6, 2)) M runs/s; memory: one table of counts",
                "one thread: \(fixed(perReplication, 1)) µs per replication = \(fixed(perReplication / perTable, 2))× a warm table"
                    + " (\(fixed(perTable, 1)) µs, measured alternately)",
            ])
    }

    /// Exploring the order of same-instant events in every cell of the default scenario at
    /// bound 2 with its default events budget, as `exitrace explore` does (the goal: under
    /// 1 s), against warm tables.
    package static func exploration(seconds: Double) -> Part {
        let simulator = Simulator(scenario: DefaultScenario.load())
        var schedules = 0
        let (explored, tables, blocks) = Stopwatch().alternate(
            seconds: seconds,
            {
                let exploration = ScenarioExploration(
                    simulator: simulator, limits: ExplorationLimits(bound: 2, maxEvents: ExplorationLimits.defaultMaxEvents))
                schedules = exploration.cells.reduce(0) { $0 + $1.schedules }
            },
            { _ = simulator.table() })
        let perExploration = explored / Double(blocks)
        return Part(
            label: "exploring every cell of the default scenario at bound 2 (\(schedules) schedules)",
            lines: [
                "\(fixed(perExploration * 1e3, 1)) ms per exploration = \(fixed(explored / tables, 0))× a warm table"
                    + " (measured alternately)"
            ])
    }
}

