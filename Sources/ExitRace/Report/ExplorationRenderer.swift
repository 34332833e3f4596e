/// Renders a schedule exploration: per cell and procedure, order-robust or order-sensitive,
/// with a replayable witness schedule per distinct result, as text or canonical JSON.
package enum ExplorationRenderer {
    /// One line per cell and procedure; under an order-sensitive one, its witnesses. Prose wraps
    /// at ``TextRenderer/maximumLineWidth`` columns; a schedule stays whole on its line.
    /// `replay` is the `explain` command that replays a witness (with the scenario file and `--set`
    /// options the exploration was given, `SCHEDULE` standing for the witness); a template when nil.
    package static func renderText(_ exploration: ScenarioExploration, replay: String? = nil) -> String {
        var lines = ProseWrapping.lines(header(exploration)) + [""]
        for cell in exploration.cells {
            lines += ProseWrapping.lines(summary(cell, in: exploration))
            guard cell.isOrderSensitive else { continue }
            if let race = cell.race { lines += ProseWrapping.lines("race: \(ScenarioExploration.words(race))", indent: "    ") }
            for witness in cell.witnesses {
                let note = witness.deviations.isEmpty ? "  (the default order)" : ""
                lines.append("    \(witness.result.text): \(exploration.scheduleText(witness, of: cell))\(note)")
            }
        }
        lines.append("")
        var total = "\(TimeFormatting.grouped(exploration.sensitiveCount)) of \(TimeFormatting.counted(exploration.cells.count, "cell run")) order-sensitive"
        if exploration.undecidedCount > 0 {
            total += ", \(TimeFormatting.grouped(exploration.undecidedCount)) undecided (\(exploration.cutWords): "
                + "no other result found, not shown order-robust)"
        }
        lines += ProseWrapping.lines(total)
        if exploration.sensitiveCount > 0 {
            // The command stays on one line, so that it can be copied.
            lines.append("replay a witness:")
            lines.append(
                "    " + (replay ?? "exitrace explain [FILE] --hook H --strategy S --procedure P --schedule SCHEDULE"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func header(_ exploration: ScenarioExploration) -> String {
        let limits = exploration.limits
        let perCell = "per cell run"
        let how =
            limits.randomSchedules.map { "\(TimeFormatting.grouped($0)) random schedules \(perCell) (seed \(limits.seed))" }
            ?? "depth-first, at most \(limits.bound) deviation\(limits.bound == 1 ? "" : "s") from the default order, "
            + "at most \(TimeFormatting.counted(limits.maxSchedules, "schedule")) \(perCell)"
        let nominal =
            exploration.scenario.isUncertain
            ? "; at the nominal values (each distribution's median), as explain replays without --replication" : ""
        return "\(exploration.scenario.name): schedule exploration of same-instant races, \(how)\(budgetWords(exploration))\(nominal)"
    }

    /// `, fewer where the --max-events budget allows fewer (…)`, when it did for some cell run.
    static func budgetWords(_ exploration: ScenarioExploration) -> String {
        guard let maxEvents = exploration.limits.maxEvents, exploration.cells.contains(where: { $0.budgetSchedules != nil }) else { return "" }
        return ", fewer where the --max-events budget allows fewer (\(TimeFormatting.grouped(maxEvents)) events ÷ the events of the "
            + "cell run's default schedule)"
    }

    private static func summary(_ cell: CellExploration, in exploration: ScenarioExploration) -> String {
        let name = cellName(cell, exploration.scenario)
        let points = TimeFormatting.counted(cell.defaultChoicePoints, "choice point")
        if cell.isUndecided {
            return "\(name): undecided: no other result found in \(TimeFormatting.counted(cell.schedules, "schedule")) "
                + "(\(cell.witnesses[0].result.text)), \(exploration.cutWords(cell)): not shown order-robust; \(points)"
        }
        let verdict =
            cell.isOrderSensitive
            ? "order-sensitive (\(cell.witnesses.count) results)" : "order-robust (\(cell.witnesses[0].result.text))"
        let counts = "\(TimeFormatting.counted(cell.schedules, "schedule")), \(points)"
        return "\(name): \(verdict); \(counts), \(extent(cell, exploration))"
    }


    static func cellName(_ cell: CellExploration, _ scenario: Scenario) -> String {
        "\(scenario.hooks[cell.cell.hook].label) · \(scenario.strategies[cell.cell.strategy].name) · \(scenario.procedures[cell.procedure].name)"
    }

    private static func extent(_ cell: CellExploration, _ exploration: ScenarioExploration) -> String {
        let limits = exploration.limits
        if limits.randomSchedules != nil { return cell.exhaustive ? "random (no choice point: every one is the default)" : "random" }
        if cell.exhaustive { return "exhaustive within bound \(limits.bound)" }
        guard cell.budgetSchedules != nil else { return "stopped at --max-schedules \(limits.maxSchedules)" }
        return String(exploration.cutWords(cell).dropFirst("search ".count))
    }

    /// The exploration as one canonical JSON document.
    package static func renderJSON(_ exploration: ScenarioExploration) -> String {
        let limits = exploration.limits
        var members: CanonicalJSON.Members = [
            "scenario": .string(exploration.scenario.name),
            "toolVersion": .string(ExitRaceVersion.current),
            "bound": .integer(Int64(limits.bound)),
            "maxSchedules": .integer(Int64(limits.maxSchedules)),
            "randomSchedules": limits.randomSchedules.map { .integer(Int64($0)) } ?? .null,
            "seed": .integer(Int64(bitPattern: limits.seed)),
            "cells": .array(exploration.cells.map { cellJSON($0, exploration) }),
        ]
        // The events budget of each cell run's search, when one applied.
        if let maxEvents = limits.maxEvents { members.pairs.append((key: "maxEvents", value: .integer(Int64(maxEvents)))) }
        return CanonicalJSON.object(members).serialized()
    }

    static func cellJSON(_ cell: CellExploration, _ exploration: ScenarioExploration) -> CanonicalJSON {
        let scenario = exploration.scenario
        var members: CanonicalJSON.Members = [
            "hook": .string(scenario.hooks[cell.cell.hook].name),
            "strategy": .string(scenario.strategies[cell.cell.strategy].name),
            "procedure": .string(scenario.procedures[cell.procedure].name),
            "orderSensitive": .bool(cell.isOrderSensitive),
            "robustness": .string(cell.robustness),
            "schedules": .integer(Int64(cell.schedules)),
            "choicePoints": .integer(Int64(cell.defaultChoicePoints)),
            "exhaustive": .bool(cell.exhaustive),
            "witnesses": .array(
                cell.witnesses.map {
                    .object(["result": .string($0.result.text), "schedule": .string(exploration.scheduleText($0, of: cell))])
                }),
        ]
        if let race = cell.race { members.pairs.append((key: "race", value: raceJSON(race))) }
        if let budget = cell.budgetSchedules { members.pairs.append((key: "budgetSchedules", value: .integer(Int64(budget)))) }
        return .object(members)
    }

    /// The race behind an order-sensitive cell: the instant and the two events in words.
    static func raceJSON(_ race: ScheduleRace) -> CanonicalJSON {
        .object([
            "atNs": .integer(race.at.nanoseconds), "defaultEvent": .string(race.defaultEvent),
            "otherEvent": .string(race.otherEvent),
        ])
    }
}
