import ExitRace

extension Tool {
    static func exploreCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, exploreSpec)
            guard arguments.positional.count <= 1 else {
                throw usageError(
                    "exitrace explore: expected at most one scenario file, found \(arguments.positional.count)"
                        + " (the cell is named with --hook HOOK --strategy STRATEGY)")
            }
            let loaded = try loadScenarios(arguments.positional, arguments).scenarios
            guard loaded.count == 1 else {
                throw usageError("exitrace explore: expected one scenario file, found a directory of \(loaded.count)")
            }
            let json = arguments.format(exploreFormatOption) == .json
            let limits = ExplorationBudget.applied(to: try explorationLimits(arguments), arguments)
            let simulator = Simulator(scenario: loaded[0])
            let (cells, procedures) = try exploredCells(arguments, in: loaded[0])
            let progress = ProgressLine(environment, noun: "cell runs explored")
            if environment.stderrIsTerminal, let estimate = ExplorationBudget.estimate(
                limits, simulator: simulator, cells: cells, procedures: procedures ?? Array(loaded[0].procedures.indices),
                command: "exitrace explore")
            {
                progress.say(estimate)
            }
            let exploration = ScenarioExploration(
                simulator: simulator, limits: limits, cells: cells, procedures: procedures, progress: progress.reporter)
            progress.finish()
            let note = ExplorationBudget.note(exploration, command: "exitrace explore")
            if json { return ToolOutput(stdout: ExplorationRenderer.renderJSON(exploration), stderr: note.map { ProseWrapping.text($0) } ?? "") }
            let text = ExplorationRenderer.renderText(exploration, replay: replayCommand(arguments))
            return ToolOutput(stdout: text + (note.map { "\n" + ProseWrapping.text($0) } ?? ""))
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

    /// `--bound`, `--max-schedules`, `--random` and `--seed` (each checked against its range while parsing).
    private static func explorationLimits(_ arguments: Arguments) throws(Stop) -> ExplorationLimits {
        let random = arguments.number(randomOption)
        let seed = arguments.number(exploreSeedOption)
        if seed != nil && random == nil { throw usageError("exitrace explore: --seed chooses random schedules: add --random N") }
        if random != nil, let option = ["--bound", "--max-schedules", "--max-events"].first(where: { arguments.value($0) != nil }) {
            throw usageError("exitrace explore: --random N runs N random schedules; it takes no \(option)")
        }
        return ExplorationLimits(
            bound: arguments.number(orDefault: boundOption), maxSchedules: arguments.number(orDefault: maxSchedulesOption),
            randomSchedules: random, seed: seed.map { UInt64($0) } ?? ExplorationLimits.defaultSeed)
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

    static let boundOption = OptionSpec.whole(
        "--bound", "K", 0...ExplorationLimits.maxBound, default: .number(ExplorationLimits.defaultBound),
        "schedules with at most K departures from the default order, searched depth-first")
    static let maxSchedulesOption = OptionSpec.whole(
        "--max-schedules", "N", 1...ExplorationLimits.maxScheduleCount, default: .number(ExplorationLimits.defaultMaxSchedules),
        "stop a cell run's search after N schedules")
    static let randomOption = OptionSpec.whole(
        "--random", "N", 1...ExplorationLimits.maxScheduleCount, default: .none, "N random schedules per cell run instead")
    static let exploreSeedOption = OptionSpec.whole(
        "--seed", "S", 0...SamplingSettings.maxSeed, default: .number(Int(ExplorationLimits.defaultSeed)),
        "with --random: the seed of the random schedules")
    static let exploreFormatOption = OptionSpec.format([(.text, "in words"), (.json, "one JSON document instead of text")])

    static let exploreSpec = CommandSpec(
        name: "explore",
        summary: """
              exitrace explore [FILE] [--hook H --strategy S --procedure P] [--set PATH=VALUE]…
                           [--bound K] [--max-schedules N] [--max-events N] [--random N [--seed S]]
                           [--format text|json]
                                            does a cell's result hang on the order of same-instant
                                            events? (schedule exploration)
            """,
        about: """
            USAGE: exitrace explore [FILE] [--hook HOOK] [--strategy STRATEGY] [--procedure PROCEDURE]
                                    [--bound K] [--max-schedules N] [--max-events N] [--random N [--seed S]]
                                    [--format text|json] [--set PATH=VALUE]…

            Does a cell's result hang on the order of events that fall on the same virtual instant?
            The engine breaks such ties by scheduling order; some are real races on a device (a block
            queued on the main queue against the system's next callback, a request against the
            process's death). explore runs each cell (the default scenario when no FILE) under other
            orders of those races (docs/schedules.md) and says, per cell and kill procedure,
            order-robust (every schedule within the bound gives the same result), order-sensitive, or
            undecided (--max-schedules, the --max-events budget or --random cut the search before it
            found another result),
            with one witness schedule per result, which `exitrace explain … --schedule SCHEDULE`
            replays given the same FILE and --set options (explore prints that command). A scenario
            with distributions is explored at its nominal values (each distribution's median).
            --max-schedules and --max-events together: each search runs at most the fewer schedules
            of the two; --random N runs exactly N schedules and takes neither.

            """,
        options: [
            boundOption, maxSchedulesOption, ExplorationBudget.option, randomOption, exploreSeedOption,
            .text("--hook", "HOOK", default: .words("every hook"), "only this hook's cells (names as in explain)"),
            .text("--strategy", "STRATEGY", default: .words("every strategy"), "only this strategy's cells"),
            .text("--procedure", "PROCEDURE", default: .words("every kill procedure"), "only this kill procedure"),
            exploreFormatOption,
            .set("override one setting of the scenario; repeatable"),
        ],
        run: exploreCommand)
}
