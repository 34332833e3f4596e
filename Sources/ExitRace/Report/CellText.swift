/// The short text of one table cell, shared by every renderer through ``TableLayout``:
/// `○`, `×`, `△ background`, with the marks `[i]` (priority inversion), `[d]` (deadlock), `[w]`
/// (under some procedure the cleanup finished, then the run ended in a watchdog kill; the details
/// lines name the procedures), `[?]` (a run stopped at a bound of `limits`) and `[n]` (a callback
/// whose code holds cleanup calls was not delivered under a procedure, so its cleanup is not counted).
extension ResultTable {
    func cellText(_ cell: Cell) -> String {
        var text = cell.verdict.symbol
        if case .some(let finished) = cell.verdict {
            text += " " + CellText.procedureList(finished.map { scenario.procedures[$0].name })
        }
        if cell.hasInversion { text += " [i]" }
        if cell.hasDeadlock { text += " [d]" }
        if cell.watchdogKilled { text += " [w]" }
        if !thinWinProcedures(cell).isEmpty { text += " [t]" }
        if cell.hitBound { text += " [?]" }
        if VerdictSentence.leftCleanupUndelivered(cell) { text += " [n]" }
        return text
    }

    /// The legend printed under a table; mentions only the marks the table uses.
    func legendLines() -> [String] {
        let procedures = CellText.procedureProse(scenario.procedures.map(\.name))
        var lines: [String]
        switch scenario.goal {
        case .cleanup:
            lines = [
                "○ cleanup finished under every procedure (\(procedures))",
                "△ finished under the procedures named only",
                "× finished under none",
            ]
        case .keepsCalling(let call, let at, let within):
            lines = [
                "○ \(call) was still being delivered at \(TimeFormatting.human(at.nanoseconds)) "
                    + "(within \(TimeFormatting.human(within.nanoseconds))) under every procedure",
                "△ the goal met under the procedures named only",
                "× met under none",
            ]
        case .activityGone(let at):
            lines = [
                "○ the Live Activity was gone by \(TimeFormatting.human(at.nanoseconds)) under every procedure",
                "△ the goal met under the procedures named only",
                "× met under none",
            ]
        }
        if cells.contains(where: \.hasInversion) {
            lines.append("[i] priority inversion: a thread waited on a semaphore signaled from a lower QoS class")
        }
        if cells.contains(where: \.hasDeadlock) {
            lines.append("[d] deadlock: a thread blocked for good until the process was killed")
        }
        if cells.contains(where: \.watchdogKilled) {
            lines.append(
                "[w] watchdog kill: the cleanup finished, then a watchdog killed the app (0x8badf00d) under a procedure "
                    + "(see details)")
        }
        if cells.contains(where: { !thinWinProcedures($0).isEmpty }) {
            lines.append(
                "[t] thin win: the cleanup won by less than thinWinMs (\(TimeFormatting.human(scenario.thinWin.nanoseconds))) "
                    + "under a procedure (see details)")
        }
        if cells.contains(where: \.hitBound) {
            lines.append(
                "[?] a run reached a bound of \"limits\" before the process died (or before the system's work it left finished): "
                    + "the result is incomplete; " + boundHints.map(\.words).joined(separator: "; "))
        }
        if cells.contains(where: VerdictSentence.leftCleanupUndelivered) {
            lines.append(VerdictSentence.undeliveredLegend)
        }
        return lines
    }

    /// One line per cell and kind of mark, saying what happened; procedures with the same story
    /// share a line.
    func detailLines() -> [String] {
        var lines: [String] = []
        for cell in cells {
            let name = "\(scenario.hooks[cell.hook].label) · \(scenario.strategies[cell.strategy].name)"
            var stories: [(text: String, procedures: [String])] = []
            func add(_ text: String, _ procedure: String) {
                if let index = stories.firstIndex(where: { $0.text == text }) {
                    stories[index].procedures.append(procedure)
                } else {
                    stories.append((text, [procedure]))
                }
            }
            for (index, outcome) in cell.outcomes.enumerated() {
                let procedure = scenario.procedures[index].name
                if let chain = outcome.deadlock {
                    var text = "deadlock: \(chain.chainDescription)"
                    if let death = outcome.death { text += "; \(death.cause.phrase)" }
                    add(text, procedure)
                }
                if let inversion = outcome.inversion { add("priority inversion: \(inversion.checkerMessage)", procedure) }
                if let story = scenario.goalStory(outcome) { add(story, procedure) }
                if let story = Self.watchdogStory(outcome) { add(story, procedure) }
                if thinWinProcedures(cell).contains(index), let margin = outcome.margin {
                    add("thin win: by \(TimeFormatting.human(margin.nanoseconds)), below thinWinMs", procedure)
                }
                if let bound = outcome.boundReached {
                    let when = outcome.death == nil ? "while the process was alive" : "while the system's work the cleanup waited on was pending"
                    if bound == .memory, let use = outcome.memoryRanShortAt {
                        add("stopped: memory ran short at \(TimeFormatting.grouped(use.contexts)) contexts and "
                            + "\(TimeFormatting.grouped(use.pendingEvents)) pending events \(when)", procedure)
                    } else {
                        add("stopped at \(bound.settingPath) \(when)", procedure)
                    }
                }
            }
            for story in stories {
                lines.append("\(name) (\(CellText.procedureProse(story.procedures))): \(story.text)")
            }
        }
        return lines
    }

    /// For a run that marks its cell `[w]`: when the cleanup finished and when the watchdog
    /// killed the process; `nil` for any other run.
    static func watchdogStory(_ outcome: RunOutcome) -> String? {
        guard outcome.cleanupFinished, let finished = outcome.cleanupAt, let death = outcome.death,
            death.cause.isWatchdogKill
        else { return nil }
        if outcome.finishedBySystemAfterDeath {
            return "\(death.cause.phrase) at \(TimeFormatting.human(death.at)) (0x8badf00d); the cleanup finished under "
                + "the system afterwards, at \(TimeFormatting.human(finished))"
        }
        return "the cleanup finished at \(TimeFormatting.human(finished)), then \(death.cause.phrase) "
            + "at \(TimeFormatting.human(death.at)) (0x8badf00d)"
    }
}
