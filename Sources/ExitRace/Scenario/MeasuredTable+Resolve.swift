/// Matching a measured table to a scenario's hooks, strategies and kill procedures.
extension MeasuredTable {
    /// Each measured cell as indices into `scenario`, or every problem at once: those met reading
    /// the file (``problems``), every name that matches nothing (with a did-you-mean), every cell
    /// measured twice and every △ that names all procedures, located in the measurements file.
    package func resolve(against scenario: Scenario) throws(InputError) -> [MeasuredTarget] {
        var diagnostics = problems
        var targets: [MeasuredTarget] = []
        // Hash sets, not searches: a table of 100,000 cells is checked in linear time. Order stays
        // the file's (the sets are only asked, never listed).
        var said = Set<String>()
        var measured: [Int: Int] = [:]  // hook × strategies + strategy → index in targets
        // The same message at the same place is said once (a misspelled column header in a
        // Markdown table heads every cell of its column).
        func fail(_ position: SourcePosition, _ path: String, _ message: String) {
            let diagnostic = Diagnostic(at: position, path: path, message: message)
            let key = "\(diagnostic.file)\u{0}\(diagnostic.line)\u{0}\(diagnostic.column)\u{0}\(diagnostic.message)"
            let repeated = diagnostic.line > 0 && !said.insert(key).inserted
            if !repeated { diagnostics.append(diagnostic) }
        }
        let hookNames = scenario.hooks.map(\.label) + scenario.hooks.map(\.name)
        let strategyNames = scenario.strategies.map(\.name)
        let procedureNames = scenario.procedures.map(\.name)
        let procedureLabels = scenario.procedures.map(\.label)
        for cell in cells {
            let places = cell.places
            let hook = scenario.hooks.firstIndex { $0.label == cell.hook || $0.name == cell.hook }
            let strategy = scenario.strategies.firstIndex { $0.name == cell.strategy }
            if hook == nil { fail(places.hook, places.hookPath, unknown("hook", cell.hook, hookNames, scenario)) }
            if strategy == nil { fail(places.strategy, places.strategyPath, unknown("strategy", cell.strategy, strategyNames, scenario)) }
            var mask: UInt32 = 0
            switch cell.observed {
            case .always: mask = MeasuredTarget.everyProcedure(procedureNames.count)
            case .never: mask = 0
            case .some(let written):
                // A Markdown cell's names are read again knowing the scenario's, which may hold spaces.
                let names = cell.procedureText.map { MeasuredProcedureList.names(in: $0, known: procedureNames + procedureLabels) } ?? written
                // Each name is looked for after the one before; a long cell (past any real one) is
                // placed at its △, so that a hostile table is still read in linear time.
                var searched = 0
                let text = cell.procedureText.map { Array($0.unicodeScalars) } ?? []
                let located = text.count <= 4_096
                for (index, name) in names.enumerated() {
                    var position = places.cell
                    if index < places.procedures.count {
                        position = places.procedures[index]
                    } else if located {
                        (position, searched) = places.place(ofProcedure: name, in: text, from: searched)
                    }
                    if let procedure = procedureNames.firstIndex(of: name) ?? procedureLabels.firstIndex(of: name) {
                        let bit: UInt32 = 1 << UInt32(procedure)
                        if mask & bit != 0 {
                            fail(position, places.procedurePath(index), "expected each procedure named once in a △ cell, found \"\(name)\" again")
                        }
                        mask |= bit
                    } else {
                        fail(position, places.procedurePath(index), unknown("procedure", name, procedureNames, scenario))
                    }
                }
                if mask == MeasuredTarget.everyProcedure(procedureNames.count) {
                    fail(places.cell, places.path, "expected ○ for a cleanup that finished under every procedure "
                        + "(\(procedureNames.joined(separator: ", "))), found △ naming them all")
                }
            }
            guard let hook, let strategy else { continue }
            let key = hook * scenario.strategies.count + strategy
            if let earlier = measured[key] {
                fail(places.cell, places.path, "\(cell.hook) · \(cell.strategy) is measured twice (first at \(targets[earlier].cell.places.name))")
                continue
            }
            measured[key] = targets.count
            targets.append(MeasuredTarget(hook: hook, strategy: strategy, finishedMask: mask, cell: cell))
        }
        guard diagnostics.isEmpty else { throw InputError(Self.capped(diagnostics.inReadingOrder())) }
        return targets
    }

    /// Problems listed before the rest are counted.
    package static let maxListedProblems = 20

    /// The first ``maxListedProblems`` problems and, when there are more, one that counts the rest
    /// (`… and 99,979 more problems in this table`), as `merge` counts missing shards: a table of
    /// 100,000 duplicate cells is 21 lines, not 100,000.
    static func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard diagnostics.count > maxListedProblems else { return diagnostics }
        let shown = Array(diagnostics.prefix(maxListedProblems))
        let rest = diagnostics.count - shown.count
        let more = Diagnostic(
            file: shown[shown.count - 1].file, path: "",
            message: "… and \(TimeFormatting.grouped(rest)) more problem\(rest == 1 ? "" : "s") in this table (the first \(maxListedProblems) are listed)")
        return shown + [more]
    }

    /// `no strategy "Task.detach" in scenario live-activity; did you mean "Task.detached"? (expected one of: …)`,
    /// the accepted names nearest to the one written first.
    private func unknown(_ kind: String, _ name: String, _ names: [String], _ scenario: Scenario) -> String {
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return "no \(kind) \"\(name)\" in scenario \(scenario.name)" + suggestion(name, unique)
            + " (expected one of: \(nearestFirst(name, unique).joined(separator: ", ")))"
    }
}
