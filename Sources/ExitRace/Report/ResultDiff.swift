/// What changed between two sets of results, cell by cell, in words a reviewer reads at a glance.
package struct ResultDiff: Equatable, Sendable {
    /// One difference between the old and the new results.
    package enum Change: Equatable, Sendable {
        /// A scenario only the new results have, by name.
        case scenarioAdded(String)
        /// A scenario only the old results have, by name.
        case scenarioRemoved(String)
        /// A hook only the new results of this scenario have, by its label (`AppDelegate`).
        case hookAdded(scenario: String, hook: String)
        /// A hook only the old results of this scenario have, by its label (`AppDelegate`).
        case hookRemoved(scenario: String, hook: String)
        /// A strategy only the new results of this scenario have.
        case strategyAdded(scenario: String, strategy: String)
        /// A strategy only the old results of this scenario have.
        case strategyRemoved(scenario: String, strategy: String)
        /// A kill procedure only the new results of this scenario have.
        case procedureAdded(scenario: String, procedure: String)
        /// A kill procedure only the old results of this scenario have.
        case procedureRemoved(scenario: String, procedure: String)
        /// A cell whose verdict, marks, per-procedure outcome or (with a tolerance) margin changed.
        case cell(CellChange)
        /// A sweep only the new results of this scenario have.
        case sweepAdded(scenario: String, sweep: String)
        /// A sweep only the old results of this scenario have.
        case sweepRemoved(scenario: String, sweep: String)
        /// A sweep's cell whose stretches or boundaries along a line changed (or that one side lacks).
        case sweep(SweepChange)
        /// A cell run that became order-sensitive or order-robust (both results explored).
        case robustness(RobustnessChange)
        /// The results were explored differently, or only one of them was (`old`, `new`: each
        /// side's limits in words); robustness is compared only between equal limits.
        case exploration(scenario: String, old: String, new: String)
    }

    /// How one cell along one line of a sweep changed, in the flip report's words.
    package struct SweepChange: Equatable, Sendable {
        /// The scenario, e.g. `live-activity`.
        package var scenario: String
        /// The sweep's name, e.g. `exit`.
        package var sweep: String
        /// The line, e.g. `along timing.exitDurationMs`.
        package var line: String
        /// The row by the new results' label, and the column.
        package var hookLabel: String
        /// The column, e.g. `Task.detached`.
        package var strategy: String
        /// The stretches before and after, e.g. `× up to 11 ms, ○ from 11.001 ms`; `nil` when
        /// that side has no such sweep, line or cell.
        package var old: String?
        /// See `old`.
        package var new: String?
    }

    /// How one cell present in both results changed.
    package struct CellChange: Equatable, Sendable {
        /// The scenario the cell belongs to, e.g. `live-activity`.
        package var scenario: String
        /// The row, by the new results' label, e.g. `AppDelegate`.
        package var hookLabel: String
        /// The column, e.g. `Task.detached`.
        package var strategy: String
        /// ○, △ or × in the old results; a △ names its procedures (`△ background`) when the new
        /// results' △ names others.
        package var oldVerdict: String
        /// ○, △ or × in the new results (see `oldVerdict`); equal to it when only marks, outcomes or
        /// margins changed.
        package var newVerdict: String
        /// Mark changes, e.g. "priority inversion appeared".
        package var marks: [String]
        /// Per procedure, e.g. "foreground: failed → finished, margin -8 ms → +1 ms".
        package var procedures: [String]
    }

    /// Every change: removed scenarios first, then each new scenario in order with its added and
    /// removed entries and changed cells.
    package var changes: [Change]

    /// Whether the two results agree (margins within the tolerance the diff was made with).
    package var isEmpty: Bool { changes.isEmpty }

    package init(changes: [Change]) { self.changes = changes }

    /// How far a sampled cell's rate may move (a share: 0.02 is 2 percentage points) before it
    /// counts as a change, unless its 95% intervals stop overlapping: `--rate-tolerance`.
    package static let defaultRateTolerance = 0.02

    /// Compares scenarios by name. `marginToleranceNs`: report margins that moved by more than
    /// this; `nil` ignores margins unless the outcome itself changed. `rateTolerance`: in
    /// sampled tables, report a procedure's rate that moved by more than this share, or whose
    /// 95% interval no longer overlaps the old one.
    package init(
        old: [ResultDocument], new: [ResultDocument], marginToleranceNs: Int64? = nil, rateTolerance: Double = defaultRateTolerance
    ) {
        var changes: [Change] = []
        for document in old where !new.contains(where: { $0.scenario == document.scenario }) {
            changes.append(.scenarioRemoved(document.scenario))
        }
        for document in new {
            guard let before = old.first(where: { $0.scenario == document.scenario }) else {
                changes.append(.scenarioAdded(document.scenario))
                continue
            }
            changes += Self.compare(before, document, marginToleranceNs, rateTolerance)
        }
        self.changes = changes
    }

    private static func compare(
        _ old: ResultDocument, _ new: ResultDocument, _ tolerance: Int64?, _ rateTolerance: Double
    ) -> [Change] {
        let scenario = new.scenario
        var changes: [Change] = []
        func compareMembers(
            _ old: [ResultDocument.Entry], _ new: [ResultDocument.Entry], display: (ResultDocument.Entry) -> String,
            removed: (String) -> Change, added: (String) -> Change
        ) {
            for entry in old where !new.contains(where: { $0.name == entry.name }) { changes.append(removed(display(entry))) }
            for entry in new where !old.contains(where: { $0.name == entry.name }) { changes.append(added(display(entry))) }
        }
        compareMembers(
            old.hooks, new.hooks, display: \.label, removed: { .hookRemoved(scenario: scenario, hook: $0) },
            added: { .hookAdded(scenario: scenario, hook: $0) })
        compareMembers(
            old.strategies, new.strategies, display: \.name, removed: { .strategyRemoved(scenario: scenario, strategy: $0) },
            added: { .strategyAdded(scenario: scenario, strategy: $0) })
        compareMembers(
            old.procedures, new.procedures, display: \.name, removed: { .procedureRemoved(scenario: scenario, procedure: $0) },
            added: { .procedureAdded(scenario: scenario, procedure: $0) })
        if old.exploration?.limitsText != new.exploration?.limitsText {
            let words = { (document: ResultDocument) in document.exploration?.limitsText ?? "not explored" }
            changes.append(.exploration(scenario: scenario, old: words(old), new: words(new)))
        } else {
            changes += RobustnessChange.changes(old, new).map(Change.robustness)
        }
        for cell in new.cells {
            guard let before = old.cell(hook: cell.hook, strategy: cell.strategy) else { continue }
            if let change = compare(
                before, cell, scenario: scenario, hookLabel: new.hookLabel(cell.hook), tolerance, rateTolerance: rateTolerance)
            {
                changes.append(.cell(change))
            }
        }
        return changes + compareSweeps(old, new)
    }

    /// Sweep cells matched by (sweep, line, hook, strategy): any change of words is a change.
    /// Results that hold no sweeps at all (from `run`) are not compared on them.
    private static func compareSweeps(_ old: ResultDocument, _ new: ResultDocument) -> [Change] {
        guard let oldNames = old.sweepNames, let newNames = new.sweepNames else { return [] }
        var changes: [Change] = oldNames.filter { !newNames.contains($0) }.map { .sweepRemoved(scenario: new.scenario, sweep: $0) }
        changes += newNames.filter { !oldNames.contains($0) }.map { .sweepAdded(scenario: new.scenario, sweep: $0) }
        let common = Set(oldNames).intersection(newNames)
        let old = old.sweeps.filter { common.contains($0.sweep) }, newCells = new.sweeps.filter { common.contains($0.sweep) }
        func key(_ cell: ResultDocument.SweepCell) -> [String] { [cell.sweep, cell.line, cell.hook, cell.strategy] }
        func change(_ cell: ResultDocument.SweepCell, old: String?, new text: String?) -> Change {
            .sweep(
                SweepChange(
                    scenario: new.scenario, sweep: cell.sweep, line: cell.line, hookLabel: new.hookLabel(cell.hook),
                    strategy: cell.strategy, old: old, new: text))
        }
        for cell in old where !newCells.contains(where: { key($0) == key(cell) }) {
            changes.append(change(cell, old: cell.text, new: nil))
        }
        for cell in newCells {
            let before = old.first { key($0) == key(cell) }
            if before?.text != cell.text { changes.append(change(cell, old: before?.text, new: cell.text)) }
        }
        return changes
    }

    private static func compare(
        _ old: ResultDocument.Cell, _ new: ResultDocument.Cell, scenario: String, hookLabel: String, _ tolerance: Int64?,
        rateTolerance: Double
    ) -> CellChange? {
        var marks: [String] = []
        if old.priorityInversion != new.priorityInversion {
            marks.append(new.priorityInversion ? "priority inversion appeared" : "priority inversion gone")
        }
        if old.deadlock != new.deadlock { marks.append(new.deadlock ? "deadlock appeared" : "deadlock gone") }
        if old.watchdogKill != new.watchdogKill {
            let named = new.watchdogKill ? new.watchdogKillIn : old.watchdogKillIn
            let under = named.isEmpty ? "" : " (\(named.joined(separator: ", ")))"
            marks.append((new.watchdogKill ? "watchdog kill appeared" : "watchdog kill gone") + under)
        } else if old.watchdogKillIn != new.watchdogKillIn && !old.watchdogKillIn.isEmpty && !new.watchdogKillIn.isEmpty {
            marks.append(
                "watchdog kill now under \(CellText.procedureProse(new.watchdogKillIn)) "
                    + "(was \(CellText.procedureProse(old.watchdogKillIn)))")
        }
        // Said per procedure below, with its margin; as a mark only for a procedure one cell lacks.
        let thin = ThinWinChange(old, new)
        marks += thin.marks
        var procedures: [String] = []
        var changed = old.verdict != new.verdict || !marks.isEmpty
        for outcome in new.outcomes {
            guard let before = old.outcomes.first(where: { $0.procedure == outcome.procedure }) else { continue }
            var parts: [String] = []
            if before.finished != outcome.finished {
                parts.append("\(before.finished ? "finished" : "failed") → \(outcome.finished ? "finished" : "failed")")
            }
            if before.boundReached != outcome.boundReached {
                parts.append("bound \(before.boundReached ?? "none") → \(outcome.boundReached ?? "none")")
            }
            let marginMoved: Bool
            switch (before.marginNs, outcome.marginNs, tolerance) {
            case (let a?, let b?, let tolerance?): marginMoved = abs(b - a) > tolerance
            case (nil, nil, _), (_, _, nil): marginMoved = false
            default: marginMoved = true
            }
            let thinWin = thin.words(for: outcome.procedure)
            if !parts.isEmpty || marginMoved || thinWin != nil {
                if before.marginNs != outcome.marginNs {
                    parts.append(marginChange(before, outcome))
                } else if thinWin != nil {
                    parts.append("margin still \(margin(outcome.marginNs))")  // thinWinMs moved instead
                }
                if let thinWin { parts.append(thinWin) }
                procedures.append("\(CellText.procedureName(outcome.procedure)): " + parts.joined(separator: ", "))
                changed = true
            }
        }
        switch (old.rates, new.rates) {
        case (nil, _?):
            procedures.append("sampled now, was one run per procedure")
            changed = true
        case (_?, nil):
            procedures.append("one run per procedure now, was sampled")
            changed = true
        case (let before?, let after?):
            let moved = rateChanges(before, after, tolerance: rateTolerance)
            procedures += moved
            changed = changed || !moved.isEmpty
        case (nil, nil):
            break
        }
        guard changed else { return nil }
        var oldVerdict = old.verdict, newVerdict = new.verdict
        // △ under other procedures is another cell: `△ background → △ foreground`, never "△ as before".
        if old.verdict == new.verdict, let before = finishedUnder(old), let after = finishedUnder(new), before != after {
            oldVerdict += " " + CellText.procedureList(before)
            newVerdict += " " + CellText.procedureList(after)
        }
        return CellChange(
            scenario: scenario, hookLabel: hookLabel, strategy: new.strategy, oldVerdict: oldVerdict,
            newVerdict: newVerdict, marks: marks, procedures: procedures)
    }

    /// The procedures a △ cell of single runs finished under, in the file's order; `nil` for any
    /// other cell (○ and × name none; a sampled cell has no outcomes).
    private static func finishedUnder(_ cell: ResultDocument.Cell) -> [String]? {
        guard cell.verdict == "△", !cell.outcomes.isEmpty else { return nil }
        return cell.outcomes.filter(\.finished).map(\.procedure)
    }

    /// Per procedure of a sampled cell whose rate moved beyond `tolerance` or whose 95% interval
    /// no longer overlaps the old one, e.g. `foreground: finished in 45.2% (42.1–48.3%), was
    /// 51.0% (47.9–54.1%): moved 5.8 points, beyond --rate-tolerance 0.02 (2 points)`: the option as
    /// given, a share, and in the points the move is counted in.
    static func rateChanges(_ old: [ResultDocument.Rate], _ new: [ResultDocument.Rate], tolerance: Double) -> [String] {
        var lines: [String] = []
        for rate in new {
            guard let before = old.first(where: { $0.procedure == rate.procedure }) else { continue }
            // Compared in millionths, as files store them, so that 0.02 is exactly 2 points.
            let movedMillionths = abs(millionths(rate.rate) - millionths(before.rate))
            let beyond = movedMillionths > millionths(tolerance)
            let apart = millionths(rate.low) > millionths(before.high) || millionths(rate.high) < millionths(before.low)
            guard beyond || apart else { continue }
            var reasons: [String] = []
            if beyond { reasons.append("beyond --rate-tolerance \(shareText(tolerance)) (\(shareText(tolerance * 100)) points)") }
            if apart { reasons.append("the 95% intervals no longer overlap") }
            lines.append(
                "\(rate.procedure): finished in \(percent(rate.rate)) (\(interval(rate.low, rate.high))), "
                    + "was \(percent(before.rate)) (\(interval(before.low, before.high))): "
                    + "moved \(tenths(Double(movedMillionths) / 10_000)) points, " + reasons.joined(separator: " and "))
        }
        return lines
    }

    private static func millionths(_ share: Double) -> Int64 { Int64((share * 1_000_000).rounded()) }

    /// `45.2%`: a share to a tenth of a percent.
    private static func percent(_ share: Double) -> String { tenths(share * 100, forceDecimal: true) + "%" }

    /// `42.1–48.3%`, rounded outwards like the tables' intervals.
    private static func interval(_ low: Double, _ high: Double) -> String {
        tenths((low * 1000).rounded(.down) / 10, forceDecimal: true) + "–" + tenths((high * 1000).rounded(.up) / 10, forceDecimal: true) + "%"
    }

    /// `0.02`: a tolerance as the option spells it (up to six decimal places, no trailing zeros);
    /// `2` for the same tolerance in percentage points (`shareText(0.02 * 100)`).
    private static func shareText(_ share: Double) -> String {
        var text = String(millionths(share))
        while text.count < 7 { text = "0" + text }
        let whole = text.dropLast(6), fraction = String(text.suffix(6)).replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }

    /// A value to one decimal place; `5.0` as `5` unless `forceDecimal`.
    private static func tenths(_ value: Double, forceDecimal: Bool = false) -> String {
        let tenths = Int((value * 10).rounded())
        if tenths % 10 == 0 && !forceDecimal { return "\(tenths / 10)" }
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// `margin +1.9 ms → +3 ms`; a run that failed with margin 0 lost a tie with the process's death,
    /// and is said so: `lost a tie (margin 0; was +1.9 ms)`.
    private static func marginChange(_ old: ResultDocument.Outcome, _ new: ResultDocument.Outcome) -> String {
        func lostTie(_ outcome: ResultDocument.Outcome) -> Bool { !outcome.finished && outcome.marginNs == 0 }
        if lostTie(new) { return "lost a tie (margin 0; was \(margin(old.marginNs)))" }
        if lostTie(old) { return "margin 0 (a lost tie) → \(margin(new.marginNs))" }
        return "margin \(margin(old.marginNs)) → \(margin(new.marginNs))"
    }

    private static func margin(_ ns: Int64?) -> String {
        ns.map { TimeFormatting.signedMilliseconds(VirtualDuration(nanoseconds: $0)) } ?? "none"
    }
}

extension ResultDiff.Change {
    /// One line, e.g. `live-activity · AppDelegate · Task.detached: × → ○ (foreground: failed → finished, …)`.
    package var description: String {
        switch self {
        case .scenarioAdded(let s): "\(s): scenario added"
        case .scenarioRemoved(let s): "\(s): scenario removed"
        case .hookAdded(let s, let h): "\(s): hook added: \(h)"
        case .hookRemoved(let s, let h): "\(s): hook removed: \(h)"
        case .strategyAdded(let s, let name): "\(s): strategy added: \(name)"
        case .strategyRemoved(let s, let name): "\(s): strategy removed: \(name)"
        case .procedureAdded(let s, let p): "\(s): procedure added: \(p)"
        case .procedureRemoved(let s, let p): "\(s): procedure removed: \(p)"
        case .cell(let c):
            "\(c.scenario) · \(c.hookLabel) · \(c.strategy): "
                + (c.oldVerdict == c.newVerdict ? "\(c.newVerdict) as before" : "\(c.oldVerdict) → \(c.newVerdict)")
                + ((c.marks + c.procedures).isEmpty ? "" : " (\((c.marks + c.procedures).joined(separator: "; ")))")
        case .sweepAdded(let s, let name): "\(s): sweep added: \(name)"
        case .sweepRemoved(let s, let name): "\(s): sweep removed: \(name)"
        case .sweep(let c):
            "\(c.scenario) · sweep \(c.sweep) · \(c.line) · \(c.hookLabel) · \(c.strategy): "
                + "\(c.old ?? "(none)") → \(c.new ?? "(none)")"
        case .robustness(let c): c.description
        case .exploration(let s, let old, let new): "\(s): schedule exploration changed: \(old) → \(new)"
        }
    }
}

extension ResultDiff {
    /// The changes, one per line, and a closing count.
    package func renderText() -> String {
        guard !isEmpty else { return "no differences\n" }
        return changes.map { $0.description + "\n" }.joined() + summary + "\n"
    }

    /// The same for a CI job summary.
    package func renderMarkdown() -> String {
        guard !isEmpty else { return "### ExitRace results\n\nNo differences.\n" }
        var out = "### ExitRace results changed\n\n"
        for change in changes { out += "- \(MarkdownRenderer.escape(change.description))\n" }
        return out + "\n\(summary)\n"
    }

    /// "2 cells flipped, 3 cells changed within their symbol, 1 strategy added".
    package var summary: String {
        var counts: [(String, Int)] = []
        func count(_ label: String, _ matches: (Change) -> Bool) {
            let n = changes.filter(matches).count
            if n > 0 { counts.append((label, n)) }
        }
        count("cell flipped") { if case .cell(let c) = $0 { c.oldVerdict != c.newVerdict } else { false } }
        count("cell changed within its symbol") { if case .cell(let c) = $0 { c.oldVerdict == c.newVerdict } else { false } }
        count("cell of a sweep changed") { if case .sweep = $0 { true } else { false } }
        count("change of order-sensitivity") { if case .robustness = $0 { true } else { false } }
        count("change of exploration") { if case .exploration = $0 { true } else { false } }
        count("sweep added") { if case .sweepAdded = $0 { true } else { false } }
        count("sweep removed") { if case .sweepRemoved = $0 { true } else { false } }
        count("scenario added") { if case .scenarioAdded = $0 { true } else { false } }
        count("scenario removed") { if case .scenarioRemoved = $0 { true } else { false } }
        count("hook added") { if case .hookAdded = $0 { true } else { false } }
        count("hook removed") { if case .hookRemoved = $0 { true } else { false } }
        count("strategy added") { if case .strategyAdded = $0 { true } else { false } }
        count("strategy removed") { if case .strategyRemoved = $0 { true } else { false } }
        count("procedure added") { if case .procedureAdded = $0 { true } else { false } }
        count("procedure removed") { if case .procedureRemoved = $0 { true } else { false } }
        return counts.map { label, n in n == 1 ? "1 \(label)" : "\(n) \(Self.plural(label))" }.joined(separator: ", ")
    }

    /// "cell flipped" → "cells flipped", "strategy added" → "strategies added", "cell changed
    /// within its symbol" → "cells changed within their symbol".
    private static func plural(_ label: String) -> String {
        var words = label.split(separator: " ").map(String.init)
        words[0] = words[0].hasSuffix("y") ? String(words[0].dropLast()) + "ies" : words[0] + "s"
        return words.map { $0 == "its" ? "their" : $0 }.joined(separator: " ")
    }
}
