import ExitRace

/// The default budget of `explore`, `run --explore`, `batch --explore` and `check --explore`,
/// counted in simulated events so that it is the same on every machine: unless only
/// `--max-schedules` is given, each cell run's search stops after `--max-events` ÷ (the events of that cell
/// run's default schedule) schedules, at most `--max-schedules` (default ``ExplorationLimits/defaultMaxSchedules``)
/// (``ExplorationLimits/maxEvents``). Per cell run: a cell's search does not depend on which other
/// cells a command explores with it. A scenario of short runs explores as before; one whose runs
/// take 10 ms each (`scenarios/dynamic-island-animation.json`) no longer runs for 17 minutes per
/// cell run. When the budget cut a search, ``note(_:command:)`` says so.
struct ExplorationBudget {
    /// Simulated events a cell run's search may take without `--max-schedules`.
    static let defaultMaxEvents = ExplorationLimits.defaultMaxEvents

    static let option = OptionSpec.whole(
        "--max-events", "N", 1...ExplorationLimits.maxEventCount, default: .number(defaultMaxEvents),
        "a budget per cell run: its search runs at most N ÷ (the events of its default run) schedules, and at most "
            + "--max-schedules; applied unless only --max-schedules is given; the output says when it cut a search")

    /// `limits` with the budget the options give: `--max-events` when given (the search then runs
    /// at most the fewer of its share and `--max-schedules`), its default when neither is given;
    /// none when only `--max-schedules` is given, which then alone bounds each search.
    static func applied(to limits: ExplorationLimits, _ arguments: Arguments) -> ExplorationLimits {
        var limits = limits
        guard limits.randomSchedules == nil else { return limits }
        guard arguments.value(option.name) != nil || arguments.value("--max-schedules") == nil else { return limits }
        limits.maxEvents = arguments.number(orDefault: option)
        return limits
    }

    /// What the budget did, when it cut some search; nil otherwise.
    static func note(_ exploration: ScenarioExploration, command: String) -> String? {
        guard let maxEvents = exploration.limits.maxEvents else { return nil }
        let cut = exploration.cells.filter { !$0.exhaustive && $0.budgetSchedules != nil }
        guard !cut.isEmpty else { return nil }
        let fewest = cut.compactMap(\.budgetSchedules).min() ?? 1
        let which = maxEvents == defaultMaxEvents ? " (the default)" : ""
        return "\(command): the budget --max-events \(TimeFormatting.grouped(maxEvents))\(which) cut the search of "
            + "\(TimeFormatting.counted(cut.count, "cell run")) short: each cell run may take "
            + "\(TimeFormatting.grouped(maxEvents)) events ÷ the events of its default run in schedules (here as few as "
            + "\(TimeFormatting.counted(fewest, "schedule"))); raise --max-events or give --max-schedules to search further"
    }

    /// The estimate printed before a search that may take over a minute: each cell run's measured
    /// default run times the schedules its search may run. Wall clock: stderr only.
    static func estimate(
        _ limits: ExplorationLimits, simulator: Simulator, cells: [CellIndex], procedures: [Int], command: String
    ) -> String? {
        guard limits.randomSchedules == nil else { return nil }
        let clock = ContinuousClock()
        var samples: [(seconds: Double, events: Int)] = []
        for cell in cells {
            for procedure in procedures {
                let start = clock.now
                let events = simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure).events
                let elapsed = clock.now - start
                samples.append((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, events))
            }
        }
        return estimate(limits, samples: samples, command: command)
    }

    /// The estimate from each cell run's default run: its seconds and its events (which give the
    /// schedules its search may run); nil under a minute.
    static func estimate(_ limits: ExplorationLimits, samples: [(seconds: Double, events: Int)], command: String) -> String? {
        guard limits.randomSchedules == nil, !samples.isEmpty else { return nil }
        var seconds = 0.0, sampled = 0.0, most = 0
        for sample in samples {
            let schedules = limits.scheduleLimit(defaultRunEvents: sample.events).limit
            sampled += sample.seconds
            seconds += sample.seconds * Double(schedules)
            most = max(most, schedules)
        }
        guard seconds > 60 else { return nil }
        return "\(command): this may take up to \(duration(seconds)) (\(TimeFormatting.counted(samples.count, "cell run")) × at most "
            + "\(TimeFormatting.grouped(most)) schedules × about \(duration(sampled / Double(samples.count))) each); "
            + "--max-schedules or --max-events bound it\n"
    }

    /// `45 ms`, `12 s`, `17 min`, `3.2 h`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 120 { return "\(Int(seconds.rounded())) s" }
        if seconds < 7200 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(Double(Int(seconds / 360)) / 10) h"
    }
}
