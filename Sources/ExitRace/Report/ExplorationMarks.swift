/// What `run --explore` adds to a table: the `[o]` mark on cells that are order-sensitive under
/// some procedure, its key line, and a details line per order-sensitive cell run naming the race.
/// A table with no order-sensitive cell reads exactly as without exploration.
extension ScenarioExploration {
    /// Whether the cell is order-sensitive under some procedure explored.
    package func isOrderSensitive(hook: Int, strategy: Int) -> Bool {
        cells.contains { $0.cell.hook == hook && $0.cell.strategy == strategy && $0.isOrderSensitive }
    }

    /// The key line of `[o]`; none when no cell is marked.
    func legendLines() -> [String] {
        guard sensitiveCount > 0 else { return [] }
        return [
            "[o] order-sensitive: another order of events due at one instant gives another result "
                + "(explored: at most \(limits.bound) deviation\(limits.bound == 1 ? "" : "s") from the default order, "
                + "\(TimeFormatting.counted(limits.maxSchedules, "schedule")) per cell run"
                + "\(ExplorationRenderer.budgetWords(self)))"
        ]
    }

    /// One line per order-sensitive cell run: the race in words, the two results, the witness;
    /// then, when some searches were cut, a line saying that their cells' missing `[o]` shows
    /// nothing.
    func detailLines() -> [String] {
        sensitiveLines() + undecidedLines()
    }

    private func undecidedLines() -> [String] {
        guard undecidedCount > 0 else { return [] }
        let runs = TimeFormatting.counted(undecidedCount, "cell run")
        return [
            "not explored exhaustively: \(runs) (\(cutWords)) found no other result, which does not show them "
                + "order-robust; their cells carry no [o] (exitrace explore lists them)"
        ]
    }

    private func sensitiveLines() -> [String] {
        cells.filter(\.isOrderSensitive).map { cell in
            let other = cell.witnesses[1]
            let race = cell.race.map { " — \(Self.words($0))" } ?? ""
            let more = cell.witnesses.count > 2 ? " (and \(cell.witnesses.count - 2) more results: exitrace explore lists them)" : ""
            return "\(ExplorationRenderer.cellName(cell, scenario)): order-sensitive\(race); default order: "
                + "\(cell.witnesses[0].result.text), other order: \(other.result.text)\(more) (schedule \(scheduleText(other, of: cell)))"
        }
    }

    /// `A vs. B, both due at 1 ms`.
    package static func words(_ race: ScheduleRace) -> String {
        "\(race.defaultEvent) vs. \(race.otherEvent), both due at \(TimeFormatting.human(race.at))"
    }
}

extension ScheduleRace {
    /// `at 1 ms, B went first; the default order takes A first`: what a replayed deviation changed.
    package var replayed: String {
        "at \(TimeFormatting.human(at)), \(otherEvent) went first; the default order takes \(defaultEvent) first"
    }
}

/// Why searches were cut, in words.
extension ScenarioExploration {
    /// `search stopped at --max-schedules 1`, `search stopped by the --max-events budget`, or
    /// `random schedules`: why the searches that were not exhaustive were not.
    package var cutWords: String {
        if limits.randomSchedules != nil { return "random schedules, not an exhaustive search" }
        let cut = cells.filter(\.isUndecided)
        let byBudget = cut.filter { $0.budgetSchedules != nil }.count
        let atLimit = "search stopped at --max-schedules \(limits.maxSchedules)"
        if byBudget == 0 { return atLimit }
        let budget = "by the --max-events budget (\(TimeFormatting.grouped(limits.maxEvents ?? 0)) events a cell run)"
        return byBudget == cut.count ? "search stopped \(budget)" : "\(atLimit) or \(budget)"
    }

    /// Why one cell run's search was cut: `search stopped at --max-schedules 1`, `search stopped
    /// by the --max-events budget at 2 schedules (630 events ÷ 315 a run)`, or random schedules.
    package func cutWords(_ cell: CellExploration) -> String {
        if limits.randomSchedules != nil { return "random schedules, not an exhaustive search" }
        guard let budget = cell.budgetSchedules else { return "search stopped at --max-schedules \(limits.maxSchedules)" }
        return "search stopped by the --max-events budget at \(TimeFormatting.counted(budget, "schedule")) "
            + "(\(TimeFormatting.grouped(limits.maxEvents ?? 0)) events ÷ \(TimeFormatting.grouped(cell.defaultRunEvents)) a run)"
    }
}
