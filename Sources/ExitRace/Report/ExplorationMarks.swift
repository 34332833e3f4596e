/// What `run --explore` adds to a table: the `[o]` mark on cells that are order-sensitive under
/// some procedure, its key line, and a details line per order-sensitive cell run naming the race.
/// A table with no order-sensitive cell reads exactly as without exploration.
extension ScenarioExploration {
    /// Whether the cell is order-sensitive under some procedure explored.
    func isOrderSensitive(hook: Int, strategy: Int) -> Bool {
        cells.contains { $0.cell.hook == hook && $0.cell.strategy == strategy && $0.isOrderSensitive }
    }

    /// The key line of `[o]`; none when no cell is marked.
    func legendLines() -> [String] {
        guard sensitiveCount > 0 else { return [] }
        return [
            "[o] order-sensitive: another order of events due at one instant gives another result "
                + "(explored: at most \(limits.bound) deviation\(limits.bound == 1 ? "" : "s") from the default order, "
                + "\(TimeFormatting.grouped(limits.maxSchedules)) schedules per cell run)"
        ]
    }

    /// One line per order-sensitive cell run: the race in words, the two results, the witness.
    func detailLines() -> [String] {
        cells.filter(\.isOrderSensitive).map { cell in
            let other = cell.witnesses[1]
            let race = cell.race.map { " — \(Self.words($0))" } ?? ""
            let more = cell.witnesses.count > 2 ? " (and \(cell.witnesses.count - 2) more results: exitrace explore lists them)" : ""
            return "\(ExplorationRenderer.cellName(cell, scenario)): order-sensitive\(race); default order: "
                + "\(cell.witnesses[0].result.text), other order: \(other.result.text)\(more) (schedule \(scheduleText(other, of: cell)))"
        }
    }

    /// `A vs. B, both due at 1 ms`.
    static func words(_ race: ScheduleRace) -> String {
        "\(race.defaultEvent) vs. \(race.otherEvent), both due at \(TimeFormatting.human(race.at))"
    }
}

extension ScheduleRace {
    /// `at 1 ms, B went first; the default order takes A first`: what a replayed deviation changed.
    public var replayed: String {
        "at \(TimeFormatting.human(at)), \(otherEvent) went first; the default order takes \(defaultEvent) first"
    }
}
