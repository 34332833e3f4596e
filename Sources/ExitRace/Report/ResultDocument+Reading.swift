extension ResultDocument {
    /// Parses a result file; a diagnostic names what is missing or malformed. Members the reader
    /// does not know are ignored, so that older tools read newer files.
    package static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> ResultDocument {
        let root = try JSONDocument.parse(bytes, file: file)
        let log = DiagnosticLog()
        guard let document = document(root, log: log), log.diagnostics.isEmpty else {
            throw InputError(log.diagnostics.isEmpty
                ? [Diagnostic(at: root.position, path: "", message: "expected an ExitRace result file")] : log.diagnostics)
        }
        return document
    }

    private static func document(_ root: JSONNode, log: DiagnosticLog) -> ResultDocument? {
        guard let top = ObjectReader(root, path: "", allowed: nil, log: log, expecting: "an ExitRace result file (a JSON object)")
        else { return nil }
        if let version = top["formatVersion"], case .number(let n, _) = version.value, n != Double(JSONRenderer.formatVersion) {
            log.error("formatVersion", version.position, "expected result format \(JSONRenderer.formatVersion), found \(version.kindDescription)")
            return nil
        }
        guard let scenario = top.string("scenario", required: true) else { return nil }
        let (hooks, strategies, procedures) = (entries(top, "hooks"), entries(top, "strategies"), entries(top, "procedures"))
        let sampled = top["sampling"] != nil
        let cellNodes = top.array("cells", required: true) ?? []
        var cells: [Cell] = []
        var firstIndex: [[String]: Int] = [:]  // by [hook, strategy]: where each cell first stood
        for index in cellNodes.indices {
            guard let reader = ObjectReader(cellNodes[index], path: "cells[\(index)]", allowed: nil, log: log),
                let cell = sampled ? sampledCell(reader) : tableCell(reader)
            else { continue }
            if let first = firstIndex[[cell.hook, cell.strategy]] {
                log.error(
                    reader.path, reader.node.position,
                    "expected each cell once, found \(cell.hook) · \(cell.strategy) again (first at cells[\(first)])")
                continue
            }
            firstIndex[[cell.hook, cell.strategy]] = index
            checkProcedures(of: cell, in: reader, procedures: procedures.map(\.name))
            cells.append(cell)
        }
        var document = ResultDocument(scenario: scenario, hooks: hooks, strategies: strategies, procedures: procedures, cells: cells)
        document.isSampled = sampled
        document.sweeps = sweeps(top)
        document.exploration = ResultDocument.exploration(root)
        if case .object(let members)? = top["sweeps"]?.value { document.sweepNames = members.map(\.key) }
        return document
    }

    private static func entries(_ top: ObjectReader, _ key: String) -> [Entry] {
        let elements = top.array(key, required: true) ?? []
        return elements.indices.compactMap { index in
            guard let entry = ObjectReader(elements[index], path: "\(key)[\(index)]", allowed: nil, log: top.log),
                let name = entry.string("name", required: true)
            else { return nil }
            return Entry(name: name, label: lenientString(entry["label"]) ?? name)
        }
    }

    /// A cell of a table of single runs: its verdict, marks and one outcome per procedure.
    private static func tableCell(_ cell: ObjectReader) -> Cell? {
        guard let hook = cell.string("hook", required: true), let strategy = cell.string("strategy", required: true),
            let verdict = cell.string("verdict", required: true),
            let inversion = cell.bool("priorityInversion", required: true), let deadlock = cell.bool("deadlock", required: true),
            let outcomeNodes = cell.array("outcomes", required: true)
        else { return nil }
        let outcomes = outcomeNodes.indices.compactMap { k -> Outcome? in
            guard let outcome = ObjectReader(outcomeNodes[k], path: cell.childPath("outcomes") + "[\(k)]", allowed: nil, log: cell.log),
                let procedure = outcome.string("procedure", required: true),
                let finished = outcome.bool("cleanupFinished", required: true)
            else { return nil }
            return Outcome(
                procedure: procedure, finished: finished, marginNs: margin(outcome), boundReached: lenientString(outcome["boundReached"]))
        }
        var watchdogKill = false
        if case .bool(let b)? = cell["watchdogKill"]?.value { watchdogKill = b }
        return Cell(
            hook: hook, strategy: strategy, verdict: verdict, priorityInversion: inversion, deadlock: deadlock, outcomes: outcomes,
            watchdogKill: watchdogKill, watchdogKillIn: lenientStrings(cell["watchdogKillIn"]),
            thinWinIn: lenientStrings(cell["thinWinIn"]))
    }

    /// A cell's outcomes (or sampled rates) name each of the file's procedures at most once, and no other.
    private static func checkProcedures(of cell: Cell, in reader: ObjectReader, procedures: [String]) {
        let named = cell.outcomes.map(\.procedure) + (cell.rates ?? []).map(\.procedure)
        let key = cell.rates == nil ? "outcomes" : "procedures"
        /// Where the `index`th element's `procedure` stands (the list's start if it cannot be found).
        func position(_ index: Int) -> SourcePosition {
            guard case .array(let items)? = reader[key]?.value, index < items.count, case .object(let members) = items[index].value,
                let member = members.first(where: { $0.key == "procedure" })
            else { return reader.position(key) }
            return member.value.position
        }
        for (index, name) in named.enumerated() {
            let path = reader.childPath(key) + "[\(index)].procedure"
            if !procedures.contains(name) {
                let known = procedures.map { "\"\($0)\"" }.joined(separator: ", ")
                reader.log.error(path, position(index), "expected one of the file's procedures (\(known)), found \"\(name)\"")
            } else if named[..<index].contains(name) {
                reader.log.error(path, position(index), "expected each procedure once in a cell, found \"\(name)\" again")
            }
        }
    }

    /// The largest margin a result file may hold, either way: 2^53 ns (104 days), far past any run
    /// the limits allow, and small enough that `diff` and `check` can subtract and print any two.
    static let maxMarginNs: Int64 = 1 << 53

    /// An outcome's `marginNs`: absent or `null` for none, else whole nanoseconds within
    /// ±``maxMarginNs`` (`diff --margins` subtracted an edited `-9223372036854775808` and trapped).
    private static func margin(_ outcome: ObjectReader) -> Int64? {
        guard let node = outcome["marginNs"], node.value != .null else { return nil }
        // From the text when it is an integer: a Double rounds 2^53 + 1 to 2^53.
        guard case .number(let n, let text) = node.value, let whole = Int64(text) ?? Int64(exactly: n),
            whole.magnitude <= maxMarginNs.magnitude
        else {
            outcome.log.error(
                outcome.childPath("marginNs"), node.position,
                "expected a margin in whole nanoseconds within ±\(TimeFormatting.grouped(Int(maxMarginNs))) (or null), found \(node.kindDescription)")
            return nil
        }
        return whole
    }

    /// A sampled procedure's share (`rate`, `interval95.low`, `.high`): a number from 0 to 1.
    private static func share(_ reader: ObjectReader, _ key: String) -> Double? {
        guard let value = reader.number(key, required: true) else { return nil }
        guard value >= 0 && value <= 1 else {
            let found = reader[key]?.kindDescription ?? "\(value)"
            reader.log.error(reader.childPath(key), reader.position(key), "expected a share from 0 to 1, found \(found)")
            return nil
        }
        return value
    }

    /// A cell of a sampled table: its verdict and, per procedure, the counts and interval.
    private static func sampledCell(_ cell: ObjectReader) -> Cell? {
        guard let hook = cell.string("hook", required: true), let strategy = cell.string("strategy", required: true),
            let verdict = cell.string("verdict", required: true), let procedureNodes = cell.array("procedures", required: true)
        else { return nil }
        var rates: [Rate] = []
        var (deadlock, inversion, watchdog) = (false, false, !procedureNodes.isEmpty)
        for (k, node) in procedureNodes.enumerated() {
            guard let procedure = ObjectReader(node, path: cell.childPath("procedures") + "[\(k)]", allowed: nil, log: cell.log),
                let name = procedure.string("procedure", required: true), let runs = count(procedure, "runs"),
                let finished = count(procedure, "finished"), let rate = share(procedure, "rate"),
                let interval = procedure.object("interval95", allowed: nil, required: true),
                let low = share(interval, "low"), let high = share(interval, "high")
            else { continue }
            guard finished <= runs, low <= rate, rate <= high else {
                let problem = finished > runs ? "more runs finished (\(finished)) than ran (\(runs))"
                    : "a rate (\(rate)) outside its interval95 (\(low) to \(high))"
                procedure.log.error(procedure.path, procedure.node.position, "expected a procedure's tally, found \(problem)")
                continue
            }
            func tally(_ key: String) -> Int {
                if case .number(let n, _)? = procedure[key]?.value { Int(exactly: n) ?? 0 } else { 0 }
            }
            deadlock = deadlock || tally("deadlocks") > 0
            inversion = inversion || tally("inversions") > 0
            watchdog = watchdog && runs > 0 && finished == runs && tally("watchdogKills") == runs
            rates.append(Rate(procedure: name, runs: runs, finished: finished, rate: rate, low: low, high: high))
        }
        return Cell(
            hook: hook, strategy: strategy, verdict: verdict, priorityInversion: inversion, deadlock: deadlock, outcomes: [],
            watchdogKill: watchdog, rates: rates)
    }

    /// A required count (0 or more).
    private static func count(_ reader: ObjectReader, _ key: String) -> Int? {
        guard let value = reader.number(key, required: true) else { return nil }
        guard let whole = Int(exactly: value), whole >= 0 else {
            reader.log.error(reader.childPath(key), reader.position(key), "expected a count (0 or more), found \(value)")
            return nil
        }
        return whole
    }

    /// The `"sweeps"` member: each sweep's lines and their cells' words.
    private static func sweeps(_ top: ObjectReader) -> [SweepCell] {
        guard let node = top["sweeps"] else { return [] }
        guard case .object(let sweeps) = node.value else {
            top.log.expected("an object of sweeps by name", at: node, "sweeps")
            return []
        }
        var found: [SweepCell] = []
        for member in sweeps {
            guard let sweep = ObjectReader(member.value, path: join("sweeps", member.key), allowed: nil, log: top.log) else { continue }
            let lines = sweep.array("lines", required: true) ?? []
            for (index, node) in lines.enumerated() {
                guard let line = ObjectReader(node, path: sweep.childPath("lines") + "[\(index)]", allowed: nil, log: top.log),
                    let title = line.string("title", required: true)
                else { continue }
                let cells = line.array("cells", required: true) ?? []
                for (k, node) in cells.enumerated() {
                    guard let cell = ObjectReader(node, path: line.childPath("cells") + "[\(k)]", allowed: nil, log: top.log),
                        let hook = cell.string("hook", required: true), let strategy = cell.string("strategy", required: true),
                        let text = cell.string("text", required: true)
                    else { continue }
                    found.append(SweepCell(sweep: member.key, line: title, hook: hook, strategy: strategy, text: text))
                }
            }
        }
        return found
    }

    private static func lenientString(_ node: JSONNode?) -> String? {
        if case .string(let s)? = node?.value { s } else { nil }
    }

    private static func lenientStrings(_ node: JSONNode?) -> [String] {
        guard case .array(let items)? = node?.value else { return [] }
        return items.compactMap(lenientString)
    }
}
