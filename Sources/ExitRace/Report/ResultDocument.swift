/// A result file (`exitrace run --format json`, `results/<name>.json`) read back for comparison.
/// Only what comparisons need is read; unknown members are ignored so that older tools can read
/// newer files.
public struct ResultDocument: Equatable, Sendable {
    /// A hook, strategy or kill procedure as the file lists it.
    public struct Entry: Equatable, Sendable {
        /// The name scenarios and lookups use, e.g. `applicationWillTerminate`.
        public var name: String
        /// What tables show, e.g. `AppDelegate`; the name when the file gives no label.
        public var label: String
    }

    /// One kill procedure's run of a cell.
    public struct Outcome: Equatable, Sendable {
        /// The procedure's name, e.g. `foreground`.
        public var procedure: String
        /// Whether the cleanup finished (the file's `cleanupFinished`).
        public var finished: Bool
        /// By how much the cleanup beat the process's death, in nanoseconds; negative when it lost;
        /// `nil` when the file has none (the process did not die, or the goal is not the cleanup).
        public var marginNs: Int64?
        /// `events` or `time` when the run stopped at a ``Limits`` bound; `nil` when it ended by itself.
        public var boundReached: String?
    }

    /// A (hook, strategy) cell with its outcome under every procedure.
    public struct Cell: Equatable, Sendable {
        /// The hook's name (not its label), e.g. `applicationWillTerminate`.
        public var hook: String
        /// The strategy's name, e.g. `Task.detached + semaphore`.
        public var strategy: String
        /// ○, △ or ×.
        public var verdict: String
        /// Whether a run of the cell had a priority inversion (`[i]` in tables).
        public var priorityInversion: Bool
        /// Whether a run of the cell deadlocked (`[d]` in tables).
        public var deadlock: Bool
        /// One per procedure, in the file's order.
        public var outcomes: [Outcome]
        /// Whether, under some procedure, the cleanup finished and the run then ended in a
        /// watchdog kill (`[w]` in tables); `false` when the file leaves the member out, as it
        /// does for unmarked cells.
        public var watchdogKill = false
        /// The procedures under which that happened (`watchdogKillIn`); empty when the file does
        /// not name them (a sampled table, or a file written before they were named).
        public var watchdogKillIn: [String] = []
        /// The procedures under which the cleanup won by less than the scenario's `thinWinMs`
        /// (`[t]` in tables, `thinWinIn`); empty when the file has none.
        public var thinWinIn: [String] = []
        /// The share that finished under each procedure, in the file's order, when the file is a
        /// sampled table (``RateJSONRenderer``); `nil` for a table of single runs, whose
        /// `outcomes` say what happened instead (a sampled cell has no `outcomes`).
        public var rates: [Rate]?
    }

    /// One kill procedure's replications of a cell in a sampled table.
    public struct Rate: Equatable, Sendable {
        /// The procedure's name, e.g. `foreground`.
        public var procedure: String
        /// Replications run.
        public var runs: Int
        /// Replications in which the cleanup finished.
        public var finished: Int
        /// The share that finished, 0…1, as the file gives it (to six decimal places).
        public var rate: Double
        /// The lower end of the 95% interval, 0…1.
        public var low: Double
        /// The upper end of the 95% interval, 0…1.
        public var high: Double
    }

    /// One cell along one line of a sweep, in the words of the flip report.
    public struct SweepCell: Equatable, Sendable {
        /// The sweep's name in the scenario, e.g. `exit`.
        public var sweep: String
        /// The line, e.g. `along timing.exitDurationMs`.
        public var line: String
        /// The hook's name and the strategy's.
        public var hook: String
        /// The strategy's name.
        public var strategy: String
        /// E.g. `× up to 11 ms, ○ from 11.001 ms`.
        public var text: String
    }

    /// The scenario's name: diffs pair old and new documents by it.
    public var scenario: String
    /// The rows, in table order.
    public var hooks: [Entry]
    /// The columns, in table order.
    public var strategies: [Entry]
    /// The kill procedures, in table order.
    public var procedures: [Entry]
    /// The cells as the file lists them: row by row.
    public var cells: [Cell]
    /// Every cell of every line of every sweep the file holds.
    public var sweeps: [SweepCell] = []
    /// The names of the file's sweeps; `nil` when it has no `"sweeps"` member at all (a file
    /// written by `run`, which computes no sweeps), so that diffs leave sweeps out.
    public var sweepNames: [String]?
    /// Whether the file is a sampled table (it has a `"sampling"` member): its cells then carry
    /// ``Cell/rates``.
    public var isSampled = false
    /// What exploring the cells' schedules found, when the file was made with `--explore`.
    public var exploration: Exploration?

    /// The cell of the hook and strategy with these names (not labels), or `nil`.
    public func cell(hook: String, strategy: String) -> Cell? {
        cells.first { $0.hook == hook && $0.strategy == strategy }
    }

    /// The label of the hook called `name`, or `name` itself when the file has no such hook.
    public func hookLabel(_ name: String) -> String { hooks.first { $0.name == name }?.label ?? name }

    /// Parses a result file; a diagnostic names what is missing or malformed.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> ResultDocument {
        let root = try JSONDocument.parse(bytes, file: file)
        var reader = Reader(file: file)
        guard let document = reader.document(root), reader.problems.isEmpty else {
            throw InputError(reader.problems.isEmpty
                ? [Diagnostic(at: root.position, path: "", message: "expected an ExitRace result file")] : reader.problems)
        }
        return document
    }

    /// The document of a freshly computed table (the same as parsing its JSON rendering).
    public init(table: ResultTable) {
        // Reading our own canonical JSON back keeps one definition of what a result file holds.
        let json = JSONRenderer.render([table])
        do {
            self = try ResultDocument.parse(Array(json.utf8), file: table.scenario.name)
        } catch {
            preconditionFailure("a rendered result does not parse: \(error)")
        }
    }

    /// The document of a freshly computed sampled table (the same as parsing its JSON rendering).
    public init(rateTable table: RateTable) {
        let json = RateJSONRenderer.render(table)
        do {
            self = try ResultDocument.parse(Array(json.utf8), file: table.scenario.name)
        } catch {
            preconditionFailure("a rendered rate table does not parse: \(error)")
        }
    }

    package init(scenario: String, hooks: [Entry], strategies: [Entry], procedures: [Entry], cells: [Cell]) {
        self.scenario = scenario
        self.hooks = hooks
        self.strategies = strategies
        self.procedures = procedures
        self.cells = cells
    }

    private struct Reader {
        let file: String
        var problems: [Diagnostic] = []

        mutating func fail(_ node: JSONNode, _ path: String, _ expected: String) {
            problems.append(Diagnostic(at: node.position, path: path, message: "expected \(expected), found \(node.kindDescription)"))
        }

        mutating func string(_ node: JSONNode, _ key: String, _ path: String) -> String? {
            guard let value = node[key] else {
                problems.append(Diagnostic(at: node.position, path: path, message: "missing member \"\(key)\" (a string)"))
                return nil
            }
            guard case .string(let s) = value.value else {
                fail(value, join(path, key), "a string")
                return nil
            }
            return s
        }

        mutating func bool(_ node: JSONNode, _ key: String, _ path: String) -> Bool? {
            guard let value = node[key], case .bool(let b) = value.value else {
                if let value = node[key] { fail(value, join(path, key), "true or false") } else {
                    problems.append(Diagnostic(at: node.position, path: path, message: "missing member \"\(key)\" (true or false)"))
                }
                return nil
            }
            return b
        }

        mutating func array(_ node: JSONNode, _ key: String, _ path: String) -> [JSONNode]? {
            guard let value = node[key], case .array(let elements) = value.value else {
                if let value = node[key] { fail(value, join(path, key), "an array") } else {
                    problems.append(Diagnostic(at: node.position, path: path, message: "missing member \"\(key)\" (an array)"))
                }
                return nil
            }
            return elements
        }

        mutating func entries(_ node: JSONNode, _ key: String) -> [Entry] {
            guard let elements = array(node, key, "") else { return [] }
            return elements.enumerated().compactMap { index, element in
                let path = "\(key)[\(index)]"
                guard let name = string(element, "name", path) else { return nil }
                let label = element["label"].flatMap { if case .string(let s) = $0.value { s } else { nil } } ?? name
                return Entry(name: name, label: label)
            }
        }

        mutating func document(_ root: JSONNode) -> ResultDocument? {
            guard case .object = root.value else {
                fail(root, "", "an ExitRace result file (a JSON object)")
                return nil
            }
            if let version = root["formatVersion"], case .number(let n, _) = version.value, n != Double(JSONRenderer.formatVersion) {
                problems.append(
                    Diagnostic(
                        at: version.position, path: "formatVersion",
                        message: "expected result format \(JSONRenderer.formatVersion), found \(version.kindDescription)"))
                return nil
            }
            guard let scenario = string(root, "scenario", "") else { return nil }
            let hooks = entries(root, "hooks")
            let strategies = entries(root, "strategies")
            let procedures = entries(root, "procedures")
            let sampled = root["sampling"] != nil
            var cells: [Cell] = []
            for (index, node) in (array(root, "cells", "") ?? []).enumerated() where sampled {
                if let cell = sampledCell(node, path: "cells[\(index)]") { cells.append(cell) }
            }
            for (index, node) in (array(root, "cells", "") ?? []).enumerated() where !sampled {
                let path = "cells[\(index)]"
                guard let hook = string(node, "hook", path), let strategy = string(node, "strategy", path),
                    let verdict = string(node, "verdict", path), let inversion = bool(node, "priorityInversion", path),
                    let deadlock = bool(node, "deadlock", path), let outcomeNodes = array(node, "outcomes", path)
                else { continue }
                var outcomes: [Outcome] = []
                for (k, outcome) in outcomeNodes.enumerated() {
                    let outcomePath = "\(path).outcomes[\(k)]"
                    guard let procedure = string(outcome, "procedure", outcomePath),
                        let finished = bool(outcome, "cleanupFinished", outcomePath)
                    else { continue }
                    var margin: Int64?
                    if let node = outcome["marginNs"], case .number(let n, _) = node.value { margin = Int64(exactly: n) }
                    var bound: String?
                    if let node = outcome["boundReached"], case .string(let s) = node.value { bound = s }
                    outcomes.append(Outcome(procedure: procedure, finished: finished, marginNs: margin, boundReached: bound))
                }
                var watchdogKill = false
                if let node = node["watchdogKill"], case .bool(let b) = node.value { watchdogKill = b }
                var watchdogKillIn: [String] = []
                if let node = node["watchdogKillIn"], case .array(let items) = node.value {
                    watchdogKillIn = items.compactMap { if case .string(let s) = $0.value { s } else { nil } }
                }
                var thinWinIn: [String] = []
                if let node = node["thinWinIn"], case .array(let items) = node.value {
                    thinWinIn = items.compactMap { if case .string(let s) = $0.value { s } else { nil } }
                }
                cells.append(
                    Cell(hook: hook, strategy: strategy, verdict: verdict, priorityInversion: inversion, deadlock: deadlock,
                         outcomes: outcomes, watchdogKill: watchdogKill, watchdogKillIn: watchdogKillIn, thinWinIn: thinWinIn))
            }
            var document = ResultDocument(
                scenario: scenario, hooks: hooks, strategies: strategies, procedures: procedures, cells: cells)
            document.isSampled = sampled
            document.sweeps = sweeps(root)
            document.exploration = ResultDocument.exploration(root)
            if case .object(let members)? = root["sweeps"]?.value { document.sweepNames = members.map(\.key) }
            return document
        }

        mutating func integer(_ node: JSONNode, _ key: String, _ path: String) -> Int? {
            guard let value = number(node, key, path) else { return nil }
            guard let whole = Int(exactly: value), whole >= 0 else {
                problems.append(Diagnostic(at: node[key]!.position, path: join(path, key), message: "expected a count (0 or more), found \(value)"))
                return nil
            }
            return whole
        }

        mutating func number(_ node: JSONNode, _ key: String, _ path: String) -> Double? {
            guard let value = node[key], case .number(let n, _) = value.value else {
                if let value = node[key] { fail(value, join(path, key), "a number") } else {
                    problems.append(Diagnostic(at: node.position, path: path, message: "missing member \"\(key)\" (a number)"))
                }
                return nil
            }
            return n
        }

        /// A cell of a sampled table: its verdict and, per procedure, the counts and interval.
        mutating func sampledCell(_ node: JSONNode, path: String) -> Cell? {
            guard let hook = string(node, "hook", path), let strategy = string(node, "strategy", path),
                let verdict = string(node, "verdict", path), let procedureNodes = array(node, "procedures", path)
            else { return nil }
            var rates: [Rate] = []
            var (deadlock, inversion, watchdog) = (false, false, !procedureNodes.isEmpty)
            for (k, procedure) in procedureNodes.enumerated() {
                let procedurePath = "\(path).procedures[\(k)]"
                guard let name = string(procedure, "procedure", procedurePath), let runs = integer(procedure, "runs", procedurePath),
                    let finished = integer(procedure, "finished", procedurePath), let rate = number(procedure, "rate", procedurePath)
                else { continue }
                let intervalPath = join(procedurePath, "interval95")
                guard let intervalNode = procedure["interval95"] else {
                    problems.append(Diagnostic(at: procedure.position, path: procedurePath, message: "missing member \"interval95\" (an object)"))
                    continue
                }
                guard let low = number(intervalNode, "low", intervalPath), let high = number(intervalNode, "high", intervalPath) else { continue }
                func count(_ key: String) -> Int {
                    if let node = procedure[key], case .number(let n, _) = node.value { return Int(exactly: n) ?? 0 }
                    return 0
                }
                deadlock = deadlock || count("deadlocks") > 0
                inversion = inversion || count("inversions") > 0
                watchdog = watchdog && runs > 0 && finished == runs && count("watchdogKills") == runs
                rates.append(Rate(procedure: name, runs: runs, finished: finished, rate: rate, low: low, high: high))
            }
            return Cell(
                hook: hook, strategy: strategy, verdict: verdict, priorityInversion: inversion, deadlock: deadlock, outcomes: [],
                watchdogKill: watchdog, rates: rates)
        }

        /// The `"sweeps"` member: each sweep's lines and their cells' words.
        mutating func sweeps(_ root: JSONNode) -> [SweepCell] {
            guard let node = root["sweeps"] else { return [] }
            guard case .object(let members) = node.value else {
                fail(node, "sweeps", "an object of sweeps by name")
                return []
            }
            var found: [SweepCell] = []
            for member in members {
                let path = join("sweeps", member.key)
                for (index, line) in (array(member.value, "lines", path) ?? []).enumerated() {
                    let linePath = "\(path).lines[\(index)]"
                    guard let title = string(line, "title", linePath) else { continue }
                    for (k, cell) in (array(line, "cells", linePath) ?? []).enumerated() {
                        let cellPath = "\(linePath).cells[\(k)]"
                        guard let hook = string(cell, "hook", cellPath), let strategy = string(cell, "strategy", cellPath),
                            let text = string(cell, "text", cellPath)
                        else { continue }
                        found.append(SweepCell(sweep: member.key, line: title, hook: hook, strategy: strategy, text: text))
                    }
                }
            }
            return found
        }
    }
}
