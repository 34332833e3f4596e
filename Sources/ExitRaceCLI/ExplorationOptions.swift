import ExitRace

/// `--explore [--bound K] [--max-schedules N]`, shared by run, batch and check: explore every
/// cell's same-instant races as well, and mark the order-sensitive ones `[o]`.
struct ExplorationOptions {
    /// How far to explore; nil without `--explore`.
    var limits: ExplorationLimits?

    /// The options of `command`; `--bound` or `--max-schedules` without `--explore`, a value out of
    /// range, or `--explore` with `--runs` is a usage error.
    init(_ arguments: Arguments, command: String) throws(Tool.Stop) {
        guard arguments.flag("--explore") else {
            if let option = Self.values.first(where: { arguments.value($0) != nil }) {
                throw Tool.usageError("exitrace \(command): \(option) says how far --explore goes: add --explore")
            }
            return
        }
        if arguments.value("--runs") != nil {
            throw Tool.usageError(
                "exitrace \(command): --explore explores tables of single runs; a sampled table (--runs) already varies its timings")
        }
        let bound = try Tool.wholeNumber(arguments, "--bound", default: ExplorationLimits.defaultBound, in: 0...ExplorationLimits.maxBound, command: command)
        let most = try Tool.wholeNumber(
            arguments, "--max-schedules", default: ExplorationLimits.defaultMaxSchedules, in: 1...ExplorationLimits.maxScheduleCount, command: command)
        limits = ExplorationLimits(bound: bound, maxSchedules: most)
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

    /// The value options.
    static let values = ["--bound", "--max-schedules"]
    /// The flag.
    static let flag = "--explore"

    /// The options as a command line repeats them (for `check`'s suggested `--update`).
    static func words(_ arguments: Arguments) -> [String] {
        guard arguments.flag(flag) else { return [] }
        return [flag] + values.flatMap { option in arguments.value(option).map { [option, $0] } ?? [] }
    }

    /// Their lines in a command's help.
    static let help = """
          --explore            also explore each cell's races between events due at one instant
                               (as exitrace explore does): cells whose result hangs on such an
                               order get [o], and a details line names the two events; JSON gets
                               an "exploration" member. Tables of single runs only: not with
                               --runs, nor (run, check) a scenario with distributions; batch
                               writes those unexplored and names them on stderr
          --bound K            with --explore: at most K departures from the default order
                               (default 2; 0 to 8)
          --max-schedules N    with --explore: at most N schedules per cell run (default 100000)
        """
}
