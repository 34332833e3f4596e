import ExitRace

extension Tool {
    static func exploreCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(
                raw, command: "explore",
                values: ["--hook", "--strategy", "--procedure", "--bound", "--max-schedules", "--random", "--seed", "--format", "--set"])
            guard arguments.positional.count <= 1 else {
                throw usageError("exitrace explore: expected at most one scenario file, found \(arguments.positional.count)")
            }
            let loaded = try loadScenarios(arguments.positional, arguments).scenarios
            guard loaded.count == 1 else {
                throw usageError("exitrace explore: expected one scenario file, found a directory of \(loaded.count)")
            }
            let json = try exploreFormat(arguments)
            let limits = try explorationLimits(arguments)
            let simulator = Simulator(scenario: loaded[0])
            let (cells, procedures) = try exploredCells(arguments, in: loaded[0])
            let exploration = ScenarioExploration(simulator: simulator, limits: limits, cells: cells, procedures: procedures)
            return ToolOutput(
                stdout: json
                    ? ExplorationRenderer.renderJSON(exploration)
                    : ExplorationRenderer.renderText(exploration, replay: replayCommand(arguments)))
        }
    }

    /// `exitrace explain FILE --set PATH=VALUE… --hook H --strategy S --procedure P --schedule
    /// SCHEDULE`: the command that replays a witness of this exploration (the same scenario and
    /// settings, so that the schedule's fingerprint matches; the hook, strategy and procedure
    /// filled in where explore was given one), each word quoted for a POSIX shell where it needs
    /// to be. No `--replication`: a sampled scenario is explored at its nominal values, which
    /// explain replays without it.
    static func replayCommand(_ arguments: Arguments) -> String {
        let optionLike = arguments.positional.contains { $0.hasPrefix("-") && $0 != "-" }
        var words = ["exitrace", "explain"] + (optionLike ? [] : arguments.positional)
        for setting in arguments.values("--set") { words += ["--set", setting] }
        for (option, placeholder) in [("--hook", "H"), ("--strategy", "S"), ("--procedure", "P")] {
            words += [option, arguments.value(option) ?? placeholder]
        }
        words += ["--schedule", "SCHEDULE"]
        if optionLike { words += ["--"] + arguments.positional }
        return words.map(ShellQuoting.quoted).joined(separator: " ")
    }

    private static func exploreFormat(_ arguments: Arguments) throws(Stop) -> Bool {
        switch arguments.value("--format") {
        case nil, "text": return false
        case "json": return true
        case let other?: throw usageError("exitrace explore: --format expects text or json, found '\(other)'")
        }
    }

    /// `--bound`, `--max-schedules`, `--random` and `--seed`, each checked against its range.
    private static func explorationLimits(_ arguments: Arguments) throws(Stop) -> ExplorationLimits {
        let most = ExplorationLimits.maxScheduleCount
        let bound = try wholeNumber(arguments, "--bound", default: ExplorationLimits.defaultBound, in: 0...ExplorationLimits.maxBound, command: "explore")
        let maxSchedules = try wholeNumber(
            arguments, "--max-schedules", default: ExplorationLimits.defaultMaxSchedules, in: 1...most, command: "explore")
        let random = try optionalWholeNumber(arguments, "--random", in: 1...most)
        let seed = try optionalWholeNumber(arguments, "--seed", in: 0...Int(SamplingSettings.maxSeed))
        if seed != nil && random == nil { throw usageError("exitrace explore: --seed chooses random schedules: add --random N") }
        if random != nil && (arguments.value("--bound") != nil || arguments.value("--max-schedules") != nil) {
            throw usageError("exitrace explore: --random N runs N random schedules; it takes no --bound or --max-schedules")
        }
        return ExplorationLimits(bound: bound, maxSchedules: maxSchedules, randomSchedules: random, seed: UInt64(seed ?? 1))
    }

    /// `--random` and `--seed`: nil when not given.
    private static func optionalWholeNumber(_ arguments: Arguments, _ name: String, in range: ClosedRange<Int>) throws(Stop) -> Int? {
        guard arguments.value(name) != nil else { return nil }
        return try wholeNumber(arguments, name, default: 0, in: range, command: "explore")
    }

    /// The cells and procedures named by `--hook`, `--strategy` and `--procedure` (every one when
    /// an option is absent); an unknown name is a usage error with a suggestion.
    private static func exploredCells(_ arguments: Arguments, in scenario: Scenario) throws(Stop) -> ([CellIndex], [Int]?) {
        do throws(InputError) {
            var hooks = Array(scenario.hooks.indices)
            var strategies = Array(scenario.strategies.indices)
            var procedures: [Int]?
            if let name = arguments.value("--hook") { hooks = [try scenario.hookIndex(named: name)] }
            if let name = arguments.value("--strategy") { strategies = [try scenario.strategyIndex(named: name)] }
            if let name = arguments.value("--procedure") { procedures = [try scenario.procedureIndex(named: name)] }
            return (hooks.flatMap { hook in strategies.map { CellIndex(hook: hook, strategy: $0) } }, procedures)
        } catch {
            throw usageError("exitrace explore: " + error.diagnostics.map(\.message).joined(separator: "; "))
        }
    }

    static let exploreHelp = """
        USAGE: exitrace explore [FILE] [--hook HOOK] [--strategy STRATEGY] [--procedure PROCEDURE]
                                [--bound K] [--max-schedules N] [--random N [--seed S]]
                                [--format text|json] [--set PATH=VALUE]…

        Does a cell's result hang on the order of events that fall on the same virtual instant?
        The engine breaks such ties by scheduling order; some are real races on a device (a block
        queued on the main queue against the system's next callback, a request against the
        process's death). explore runs each cell (the default scenario when no FILE) under other
        orders of those races (docs/schedules.md) and says, per cell and kill procedure,
        order-robust (every schedule within the bound gives the same result), order-sensitive, or
        undecided (--max-schedules or --random cut the search before it found another result),
        with one witness schedule per result, which `exitrace explain … --schedule SCHEDULE`
        replays given the same FILE and --set options (explore prints that command). A scenario
        with distributions is explored at its nominal values (each distribution's median).

        OPTIONS
          --bound K           schedules with at most K departures from the default order,
                              searched depth-first (default 2; 0 to 8)
          --max-schedules N   stop a cell run's search after N schedules (default 100000)
          --random N          N random schedules per cell run instead (--seed S, default 1)
          --hook, --strategy, --procedure
                              only these cells or this procedure (names as in explain)
          --format json       one JSON document instead of text

        """
}
