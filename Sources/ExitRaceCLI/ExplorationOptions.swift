import ExitRace

/// `--explore [--bound K] [--max-schedules N] [--max-events N]`, shared by run, batch and check:
/// explore every cell's same-instant races as well, and mark the order-sensitive ones `[o]`. Each
/// cell run's search has the `--max-events` budget unless only `--max-schedules` is given, as in explore.
struct ExplorationOptions {
    /// How far to explore; nil without `--explore`.
    var limits: ExplorationLimits?

    /// The options of `command`; `--bound` or `--max-schedules` without `--explore`, or
    /// `--explore` with `--runs`, is a usage error (values out of range are refused while parsing).
    init(_ arguments: Arguments, command: String) throws(Tool.Stop) {
        guard arguments.flag(Self.flag) else {
            if let option = Self.values.first(where: { arguments.value($0) != nil }) {
                throw Tool.usageError("exitrace \(command): \(option) says how far --explore goes: add --explore")
            }
            return
        }
        if arguments.value("--runs") != nil {
            throw Tool.usageError(
                "exitrace \(command): --explore explores tables of single runs; a sampled table (--runs) already varies its timings")
        }
        limits = ExplorationBudget.applied(
            to: ExplorationLimits(
                bound: arguments.number(orDefault: Self.boundOption), maxSchedules: arguments.number(orDefault: Self.maxSchedulesOption)),
            arguments)
    }

    /// The usage error for `--explore` over sampled scenarios (named by `names`): a sampled table
    /// varies its settings run by run; exploration needs one run per cell.
    static func sampledError(_ names: [String], command: String) -> Tool.Stop {
        let list = names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + ", …"
        return Tool.usageError(
            "exitrace \(command): --explore explores tables of single runs; \(list) \(names.count == 1 ? "draws" : "draw") settings "
                + "from distributions (a sampled table already varies its timings): explore it at its nominal values "
                + "with exitrace explore FILE")
    }

    /// `--bound K`: departures from the default order.
    static let boundOption = OptionSpec.whole(
        "--bound", "K", 0...ExplorationLimits.maxBound, default: .number(ExplorationLimits.defaultBound),
        "with --explore: at most K departures from the default order")
    /// `--max-schedules N`: schedules per cell run.
    static let maxSchedulesOption = OptionSpec.whole(
        "--max-schedules", "N", 1...ExplorationLimits.maxScheduleCount, default: .number(ExplorationLimits.defaultMaxSchedules),
        "with --explore: at most N schedules per cell run")

    /// The value options.
    static let values = [boundOption.name, maxSchedulesOption.name, ExplorationBudget.option.name]
    /// The flag.
    static let flag = "--explore"

    /// The declarations, for the commands that take them.
    static let options = [
        OptionSpec.flag(
            flag,
            "also explore each cell's races between events due at one instant (as exitrace explore does): cells whose result "
                + "hangs on such an order get [o], and a details line names the two events; JSON gets an \"exploration\" "
                + "member. Tables of single runs only: not with --runs, nor (run, check) a scenario with distributions; "
                + "batch writes those unexplored and names them on stderr. Each cell run's search has the --max-events "
                + "budget unless only --max-schedules is given (both given: the fewer schedules), the same in run, batch, "
                + "check and explore"),
        boundOption, maxSchedulesOption, ExplorationBudget.option,
    ]

    /// The options as a command line repeats them (for `check`'s suggested `--update`).
    static func words(_ arguments: Arguments) -> [String] {
        guard arguments.flag(flag) else { return [] }
        return [flag] + values.flatMap { option in arguments.value(option).map { [option, $0] } ?? [] }
    }
}
