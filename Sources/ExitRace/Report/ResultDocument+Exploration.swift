/// The `"exploration"` member of a result file made with `--explore`, read back: the limits it
/// was explored with and each cell run's robustness, so `check` can explore again the same way
/// and report a cell that became order-sensitive or order-robust.
extension ResultDocument {
    /// One cell under one procedure, as exploration found it.
    package struct ExploredRun: Equatable, Sendable {
        /// The hook's name, the strategy's and the procedure's.
        package var hook: String
        /// See `hook`.
        package var strategy: String
        /// See `hook`.
        package var procedure: String
        /// Whether some explored order gives another result than the default one.
        package var orderSensitive: Bool
        /// The witnesses' results, the default order's first (`finished`, `not finished [d]`).
        package var results: [String]
        /// Whether every schedule within the bound was run (`false`: the search was cut, so one
        /// result does not show the run order-robust). True when the file does not say.
        package var exhaustive: Bool = true
        /// For an order-sensitive run: the race in words (`A vs. B, both due at 1 ms`).
        package var race: String?

        /// `sensitive`, `robust` or `undecided` (one result, but the search was cut).
        package var robustness: String { orderSensitive ? "sensitive" : exhaustive ? "robust" : "undecided" }
    }

    /// What a result file says about its exploration.
    package struct Exploration: Equatable, Sendable {
        /// The most deviations from the default order a schedule had.
        package var bound: Int
        /// The most schedules run per cell run.
        package var maxSchedules: Int
        /// Per cell and procedure, in the file's order.
        package var runs: [ExploredRun]
        /// The events budget of each cell run's search, when one applied (``ExplorationLimits/maxEvents``).
        package var maxEvents: Int? = nil

        /// `explored with bound 2, at most 100,000 schedules per cell run`.
        package var limitsText: String {
            "explored with bound \(bound), at most \(TimeFormatting.grouped(maxSchedules)) schedule\(maxSchedules == 1 ? "" : "s") per cell run"
                + (maxEvents.map { " (or as many as --max-events \(TimeFormatting.grouped($0)) allows)" } ?? "")
        }

        /// The limits to explore with again.
        package var limits: ExplorationLimits { ExplorationLimits(bound: bound, maxSchedules: maxSchedules, maxEvents: maxEvents) }
    }

    /// The member read leniently: nil when absent or when its limits are not in range.
    package static func exploration(_ root: JSONNode) -> Exploration? {
        guard let node = root["exploration"], let bound = wholeNumber(node["bound"]),
            let maxSchedules = wholeNumber(node["maxSchedules"]),
            (0...ExplorationLimits.maxBound).contains(bound), (1...ExplorationLimits.maxScheduleCount).contains(maxSchedules)
        else { return nil }
        var runs: [ExploredRun] = []
        if case .array(let cells)? = node["cells"]?.value {
            for cell in cells {
                guard let hook = text(cell["hook"]), let strategy = text(cell["strategy"]), let procedure = text(cell["procedure"]),
                    case .bool(let sensitive)? = cell["orderSensitive"]?.value
                else { continue }
                var exhaustive = true
                if case .bool(let value)? = cell["exhaustive"]?.value { exhaustive = value }
                var results: [String] = []
                if case .array(let witnesses)? = cell["witnesses"]?.value { results = witnesses.compactMap { text($0["result"]) } }
                runs.append(
                    ExploredRun(
                        hook: hook, strategy: strategy, procedure: procedure, orderSensitive: sensitive, results: results,
                        exhaustive: exhaustive, race: raceWords(cell["race"])))
            }
        }
        var exploration = Exploration(bound: bound, maxSchedules: maxSchedules, runs: runs)
        if let maxEvents = wholeNumber(node["maxEvents"]), (1...ExplorationLimits.maxEventCount).contains(maxEvents) {
            exploration.maxEvents = maxEvents
        }
        return exploration
    }

    private static func raceWords(_ node: JSONNode?) -> String? {
        guard let node, let first = text(node["defaultEvent"]), let other = text(node["otherEvent"]),
            let at = wholeNumber(node["atNs"])
        else { return nil }
        return ScenarioExploration.words(
            ScheduleRace(at: VirtualInstant(nanoseconds: Int64(at)), defaultEvent: first, otherEvent: other))
    }

    private static func text(_ node: JSONNode?) -> String? {
        if case .string(let s)? = node?.value { s } else { nil }
    }

    private static func wholeNumber(_ node: JSONNode?) -> Int? {
        if case .number(let n, _)? = node?.value, let whole = Int(exactly: n), whole >= 0 { whole } else { nil }
    }
}
