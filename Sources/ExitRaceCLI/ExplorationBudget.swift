import ExitRace

/// The default budget of `explore` and `run --explore`, counted in simulated events so that it is
/// the same on every machine: without `--max-schedules`, a cell run's search stops after
/// `--max-events` ÷ (the events of the longest default run) schedules, at most
/// ``ExplorationLimits/defaultMaxSchedules``. A scenario of short runs explores as before; one
/// whose runs take 10 ms each (`scenarios/dynamic-island-animation.json`) no longer runs for
/// 17 minutes per cell run. When the budget lowered `--max-schedules`, ``note`` says so.
struct ExplorationBudget {
    /// Simulated events a cell run's search may take without `--max-schedules`.
    static let defaultMaxEvents = 100_000_000

    static let option = OptionSpec.whole(
        "--max-events", "N", 1...1_000_000_000_000, default: .number(defaultMaxEvents),
        "without --max-schedules, a budget: a cell run's search runs at most N ÷ (events of the longest default run) "
            + "schedules (at most the --max-schedules default); the output says when it cut the search")

    /// The limits to explore with.
    var limits: ExplorationLimits
    /// The events of the longest default run among the cell runs explored.
    var longestRun: Int
    /// The budget, when it lowered `--max-schedules` below its default.
    var loweredBy: Int?
    /// Wall-clock seconds the default runs took: for an estimate on stderr, never for results.
    var sampleSeconds: Double
    /// The cell runs measured.
    var cellRuns: Int

    /// Runs the default schedule of every cell run in `cells` × `procedures` once, and lowers
    /// `limits.maxSchedules` to the budget unless `--max-schedules` was given (`scheduleCountGiven`).
    init(
        _ limits: ExplorationLimits, maxEvents: Int, scheduleCountGiven: Bool, simulator: Simulator, cells: [CellIndex],
        procedures: [Int]
    ) {
        self.limits = limits
        let clock = ContinuousClock()
        let start = clock.now
        var longest = 1
        for cell in cells {
            for procedure in procedures {
                longest = max(longest, simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure).events)
            }
        }
        let elapsed = clock.now - start
        sampleSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        cellRuns = cells.count * procedures.count
        longestRun = longest
        let affordable = max(1, maxEvents / longest)
        guard !scheduleCountGiven, limits.randomSchedules == nil, affordable < limits.maxSchedules else { return }
        self.limits.maxSchedules = affordable
        loweredBy = maxEvents
    }

    /// What the budget did, when it lowered `--max-schedules` and a search was cut by it; nil otherwise.
    func note(cutSearches: Int, command: String) -> String? {
        guard let loweredBy, cutSearches > 0 else { return nil }
        return "\(command): the budget --max-events \(TimeFormatting.grouped(loweredBy)) (the default unless given) allows "
            + "\(TimeFormatting.grouped(limits.maxSchedules)) schedule\(limits.maxSchedules == 1 ? "" : "s") per cell run (the longest default run takes "
            + "\(TimeFormatting.grouped(longestRun)) events); \(TimeFormatting.grouped(cutSearches)) cell run\(cutSearches == 1 ? " was" : "s were") "
            + "cut there: raise --max-events or give --max-schedules to search further"
    }

    /// The estimate printed before a search that may take over a minute: the measured seconds of
    /// one default run times the most schedules. Wall clock: stderr only.
    func estimate(command: String) -> String? {
        guard cellRuns > 0, limits.randomSchedules == nil else { return nil }
        let perRun = sampleSeconds / Double(cellRuns)
        let seconds = perRun * Double(cellRuns) * Double(limits.maxSchedules)
        guard seconds > 60 else { return nil }
        return "\(command): this may take up to \(Self.duration(seconds)) (\(TimeFormatting.grouped(cellRuns)) cell run"
            + "\(cellRuns == 1 ? "" : "s") × at most \(TimeFormatting.grouped(limits.maxSchedules)) schedules × about "
            + "\(Self.duration(perRun)) each); --max-schedules or --max-events bound it\n"
    }

    /// `45 ms`, `12 s`, `17 min`, `3.2 h`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 120 { return "\(Int(seconds.rounded())) s" }
        if seconds < 7200 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(Double(Int(seconds / 360)) / 10) h"
    }
}
