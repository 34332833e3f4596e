/// The words of a sampled table, shared by every renderer through ``TableLayout``: a cell is
/// `○`, `×`, or `△` with the share of replications that finished under each procedure
/// (`△ 45% · 100%`), with the marks of ``ResultTable`` when some replication had them.
extension RateTable {
    func cellText(_ cell: Cell) -> String {
        var text = cell.verdict.symbol
        if case .some = cell.verdict {
            text += " " + cell.procedures.map { Self.percent($0.finished, of: $0.runs) }.joined(separator: " · ")
        }
        if cell.inversions > 0 { text += " [i]" }
        if cell.deadlocks > 0 { text += " [d]" }
        if cell.watchdogKilled { text += " [w]" }
        if cell.boundsReached > 0 { text += " [?]" }
        return text
    }

    /// What was sampled: the replications, the seed and each drawn setting.
    package func summaryLines() -> [String] {
        let runs = replications.count
        var lines = [
            "sampled: \(runs) replication\(runs == 1 ? "" : "s") per cell and procedure, seed \(seed)"
                + (replications.lowerBound == 0 ? "" : " (replications \(replications.lowerBound)–\(replications.upperBound - 1))")
        ]
        if scenario.uncertainties.isEmpty {
            lines.append("  no setting is drawn from a distribution: every replication is the same run")
        }
        for setting in scenario.uncertainties { lines.append("  \(setting.path) ~ \(setting.distribution.description)") }
        return lines
    }

    /// The legend printed under a sampled table; mentions only the marks the table uses.
    func legendLines() -> [String] {
        let procedures = scenario.procedures.map(\.name)
        var lines = [
            "○ finished in every replication under every procedure (\(CellText.procedureProse(procedures)))",
            "△ finished in some: the share of replications that finished, per procedure (\(procedures.joined(separator: " · ")))",
            "× finished in none",
        ]
        if cells.contains(where: { $0.inversions > 0 }) {
            lines.append("[i] priority inversion in one or more replications: a thread waited on a semaphore signaled from a lower QoS class")
        }
        if cells.contains(where: { $0.deadlocks > 0 }) {
            lines.append("[d] deadlock in one or more replications: a thread blocked for good until the process was killed")
        }
        if cells.contains(where: \.watchdogKilled) {
            lines.append("[w] watchdog kill: the cleanup finished, but every replication ended in a watchdog kill (0x8badf00d)")
        }
        if cells.contains(where: { $0.boundsReached > 0 }) {
            lines.append(
                "[?] some replications reached a bound of \"limits\" before the process died: incomplete (explain --replication R "
                    + "names the limit a replication reached and the --set that raises it)")
        }
        if cells.contains(where: { $0.procedures.contains { !$0.failures.isEmpty } }) {
            lines.append(replayHint)
        }
        return lines
    }

    /// How to replay one of the failing replications the rates list, with this table's seed, its
    /// scenario (``replayScenario``) and the options that made its runs (``replayOptions``), quoted
    /// for a POSIX shell. When no rate line lists failing replications, every procedure that fails
    /// fails in every replication, so any `r` replays a failure.
    var replayHint: String {
        let command = (["exitrace", "explain"] + (replayScenario + replayOptions).map(ShellQuoting.quoted)).joined(separator: " ")
        if scenario.uncertainties.isEmpty {
            return "replay it: \(command) --hook HOOK --strategy STRATEGY (with no distribution, every replication is the same run)"
        }
        let choice = cells.contains { failingReplications($0) != nil }
            ? "P and r from \"fails in replications\""
            : "any r: a procedure that fails here fails in every replication"
        return "replay one: \(command) --hook HOOK --strategy STRATEGY --seed \(seed) --procedure P --replication r (\(choice))"
    }

    /// One line per cell: each procedure's finished/replications with its 95% Wilson interval,
    /// and the first failing replications. Without distributions every replication is the same
    /// run: the share is exact (0% or 100%), and no interval is given.
    func rateLines() -> [String] {
        let sampled = !scenario.uncertainties.isEmpty
        return cells.map { cell in
            let rates = cell.procedures.enumerated().map { index, rates in
                "\(scenario.procedures[index].name) \(rates.finished)/\(rates.runs) \(Self.percent(rates.finished, of: rates.runs))"
                    + (sampled ? " (\(Self.interval(rates.interval)))" : "")
            }
            var line = "\(name(of: cell)): " + rates.joined(separator: ", ")
            // Without distributions every replication is the same run, which the summary says once.
            if !scenario.uncertainties.isEmpty, let failures = failingReplications(cell) {
                line += "; fails in replications: " + failures
            }
            return line
        }
    }

    /// The first failing replications of a cell under each procedure where it finished in some
    /// replications but not all: `foreground 0, 1, 2; background 3`; nil when there is none. A
    /// procedure at 0% fails in every replication whatever the draw: listing some says nothing more.
    func failingReplications(_ cell: Cell) -> String? {
        let listed = cell.procedures.indices.filter { index in
            cell.procedures[index].finished > 0 && !cell.procedures[index].failures.isEmpty
        }
        let parts = listed.map { index in
            "\(CellText.procedureName(scenario.procedures[index].name)) " + cell.procedures[index].failures.map(String.init).joined(separator: ", ")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// One line per cell and kind of mark: in how many replications it happened.
    func detailLines() -> [String] {
        var lines: [String] = []
        for cell in cells {
            func add(_ what: String, _ count: (ProcedureRates) -> Int) {
                let counts = cell.procedures.map(count)
                guard counts.contains(where: { $0 > 0 }) else { return }
                let parts = counts.enumerated().filter { $0.element > 0 }.map { "\(scenario.procedures[$0.offset].name) \($0.element)/\(cell.procedures[$0.offset].runs)" }
                lines.append("\(name(of: cell)): \(what) in \(parts.joined(separator: ", ")) replications")
            }
            add("deadlock", \.deadlocks)
            add("priority inversion", \.inversions)
            add("stopped at a bound of limits", \.boundsReached)
            if cell.watchdogKilled { lines.append("\(name(of: cell)): every replication ended in a watchdog kill after the cleanup finished") }
        }
        return lines
    }

    private func name(of cell: Cell) -> String {
        "\(scenario.hooks[cell.hook].label) · \(scenario.strategies[cell.strategy].name)"
    }

    /// `45%`; never `0%` or `100%` unless exactly so (`<1%`, `>99%`).
    package static func percent(_ finished: Int, of runs: Int) -> String {
        guard runs > 0 else { return "–" }
        if finished == 0 { return "0%" }
        if finished == runs { return "100%" }
        let percent = Double(finished) * 100 / Double(runs)
        if percent < 1 { return "<1%" }
        if percent > 99 { return ">99%" }
        return "\(Int(percent.rounded()))%"
    }

    /// The heading of the rate lines: with an interval, or (without distributions) saying why none.
    var rateHeading: String {
        scenario.uncertainties.isEmpty
            ? "finished/replications, share; no interval: every replication is the same run"
            : "finished/replications, share, 95% Wilson interval"
    }

    /// `42.1–48.3%`, to a tenth of a percent (rounded outwards, so it never claims too much).
    package static func interval(_ interval: WilsonInterval) -> String {
        let low = (interval.low * 1000).rounded(.down) / 10, high = (interval.high * 1000).rounded(.up) / 10
        return "\(tenth(low))–\(tenth(high))%"
    }

    private static func tenth(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
