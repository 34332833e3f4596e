import ExitRace

extension Tool {
    static func runCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, runSpec)
            let sampling = SamplingOptions(arguments)
            let limits = try ExplorationOptions(arguments, command: "run").limits
            if let shard = arguments.value("--shard") {
                if limits != nil { throw usageError("exitrace run: --shard runs a sampled scenario, which --explore does not explore") }
                return try runShard(arguments, shard, sampling)
            }
            let format = tableFormat(arguments)
            if let swift = arguments.positional.first(where: { $0.hasSuffix(".swift") }) {
                throw usageError("exitrace run: \(swift) is Swift source, not a scenario; import it first: exitrace import \(swift) --output my-app.json")
            }
            if arguments.flag("--run-conditions") { return try runConditions(arguments, format, environment) }
            // Every file is checked before anything is written; then the scenarios are loaded
            // again, simulated and written a window at a time (in parallel within a window), so
            // memory holds one window however many files there are.
            let source = try reporting { () throws(InputError) in
                try ScenarioSource.check(arguments.positional, settings: arguments.values("--set"))
            }
            if limits != nil {
                let sampled = source.names.indices.filter { source.uncertain[$0] }.map { source.names[$0] }
                if !sampled.isEmpty { throw ExplorationOptions.sampledError(sampled, command: "run") }
            }
            let output = arguments.value("--output")
            var results = try ResultStream(output: output, environment, protecting: output == nil ? .none : source.inputs)
            try results.write(format.opening(count: source.count))
            let count = source.count
            let chosen = format
            let replayOptions = SamplingOptions.replayOptions(arguments)
            let terminal = environment.stderrIsTerminal ? environment.progress : nil
            var notes = ""
            for window in stride(from: 0, to: count, by: Self.runWindow) {
                let pieces = source.map(window..<min(window + Self.runWindow, count)) { index, scenario -> (String, String?) in
                    if let settings = sampling.sampling(for: scenario) {
                        let progress = ProgressLine(environment, noun: "replications of \(scenario.name) simulated")
                        let counter = WorkEstimate.start(
                            progress, scenario: scenario, command: "exitrace run: \(scenario.name)", units: settings.runs,
                            unit: "replication", cellRunsPerUnit: scenario.cellRuns, parallel: true, bound: "--runs bounds it")
                        var table = SampledExperiment(scenario: scenario, sampling: settings).run(progress: counter)
                        progress.finish()
                        table.replayOptions = replayOptions
                        table.replayScenario = source.file(at: index).map { [replayPath($0)] } ?? []
                        return (chosen.piece(table, index: index, count: count), nil)
                    }
                    let simulator = Simulator(scenario: scenario)
                    let table = simulator.table()
                    guard let limits else { return (chosen.piece(table, index: index, count: count), nil) }
                    let (exploration, note) = exploreWithBudget(simulator, limits, terminal: terminal)
                    return (chosen.piece(table, exploration: exploration, index: index, count: count), note)
                }
                for piece in pieces {
                    switch piece {
                    case .success(let (text, note)):
                        try results.write(text)
                        if let note { notes += ProseWrapping.text(note) }
                    case .failure(let error): throw inputError(error)
                    }
                }
            }
            try results.write(format.closing(count: source.count))
            var finished = try results.finish()
            finished.stderr += sampling.unusedSeedNote(names: source.names, uncertain: source.uncertain, command: "run") ?? ""
            finished.stderr += notes
            return finished
        }
    }

    /// A scenario file as a replay hint gives it to `explain`: as it was given, unless it would
    /// read as an option (`-x.json` becomes `./-x.json`).
    static func replayPath(_ path: String) -> String { path.hasPrefix("-") ? "./" + path : path }

    /// `run FILE --shard i/n --output SHARD.json`: runs shard i of n of one sampled scenario and
    /// writes its shard file, for `exitrace merge`.
    static func runShard(_ arguments: Arguments, _ text: String, _ sampling: SamplingOptions) throws(Stop) -> ToolOutput {
        let shard: ShardSpec
        switch ShardSpec.parse(text) {
        case .success(let parsed): shard = parsed
        case .failure(let error): throw usageError("exitrace run: --shard \(error.message)")
        }
        guard arguments.value("--format") == nil else {
            throw usageError(
                "exitrace run: --shard writes a shard file (JSON) and takes no --format; choose the format when merging (exitrace merge SHARD.json… --format md)")
        }
        guard let output = arguments.value("--output") else {
            throw usageError("exitrace run: --shard needs --output SHARD.json, the shard file exitrace merge reads")
        }
        guard arguments.positional.count == 1 else {
            throw usageError(
                "exitrace run: --shard runs exactly one scenario FILE, found \(arguments.positional.isEmpty ? "none" : "\(arguments.positional.count)")")
        }
        let settings = arguments.values("--set")
        let source = try reporting { () throws(InputError) in try ScenarioSource.check(arguments.positional, settings: settings) }
        guard source.files.count == 1 else {
            throw usageError("exitrace run: --shard runs exactly one scenario FILE, found \(source.files.count) in \(arguments.positional[0])")
        }
        let file = try reporting { () throws(InputError) -> ShardFile in
            var overrides: [SettingOverride] = []
            for setting in settings { overrides.append(try SettingOverride.parse(setting)) }
            let resolved = try ScenarioLoader.resolve(path: source.files[0], overrides: overrides)
            guard let chosen = sampling.sampling(for: try resolved.decode()) else {
                throw InputError([
                    Diagnostic(
                        file: source.files[0], path: "",
                        message: "expected a sampled experiment to shard (--runs N, or a setting drawn from a distribution), found a scenario that runs once")
                ])
            }
            var file = try ShardFile.run(resolved, sampling: chosen, shard: shard)
            file.table.replayOptions = SamplingOptions.replayOptions(arguments)
            // As the unsharded run names it, so the merged table is that run's, byte for byte.
            file.table.replayScenario = source.file(at: 0).map { [replayPath($0)] } ?? []
            return file
        }
        try write(file.serialized(), to: output, inputsOf: arguments)
        return ToolOutput(stderr: "wrote shard \(shard.index) of \(shard.count) to \(output); put the shards together with exitrace merge\n")
    }

    /// `scenario`'s every cell explored within `limits` (with the `--max-events` budget per cell
    /// run unless `--max-schedules` was given: ``ExplorationOptions``), with the note saying when the
    /// budget cut a search. On a terminal (`terminal`, stderr's writer), an estimate first when it
    /// may take over a minute, and a progress line.
    static func exploreWithBudget(
        _ simulator: Simulator, _ limits: ExplorationLimits, terminal: (@Sendable (String) -> Void)? = nil
    ) -> (ScenarioExploration, String?) {
        let scenario = simulator.scenario
        let cells = scenario.hooks.indices.flatMap { hook in scenario.strategies.indices.map { CellIndex(hook: hook, strategy: $0) } }
        let name = scenario.name
        if let terminal, let estimate = ExplorationBudget.estimate(
            limits, simulator: simulator, cells: cells, procedures: Array(scenario.procedures.indices), command: "exitrace run: \(name)")
        {
            terminal(estimate)
        }
        let progress = terminal.map { write in { (done: Int, total: Int) in write("\r[\(done)/\(total)] cell runs of \(name) explored") } }
        let exploration = ScenarioExploration(simulator: simulator, limits: limits, progress: progress)
        if progress != nil { terminal?("\r\u{1B}[K") }
        return (exploration, ExplorationBudget.note(exploration, command: "exitrace run: \(scenario.name)"))
    }

    /// `--format text|md|json` of `run` and `merge` (text when absent).
    static func tableFormat(_ arguments: Arguments) -> OutputFormat {
        arguments.format(tableFormatOption).tableFormat ?? .text
    }

    /// The table formats.
    static let tableFormatOption = OptionSpec.format([
        (.text, "aligned, 120 columns whatever the terminal; wider only to keep words whole"), (.md, "GitHub-flavoured Markdown"),
        (.json, "canonical JSON with every per-procedure outcome (times in nanoseconds)"),
    ])

    /// Scenarios simulated together before their results are written.
    static let runWindow = 32

    static let runSpec = CommandSpec(
        name: "run",
        summary: """
              exitrace run [DIR|FILE…] [--format text|md|json] [--set PATH=VALUE]… [--runs N] [--seed S]
                           [--shard i/n] [--output FILE] [--explore [--bound K] [--max-schedules N]]
                                            simulate scenario files (the default scenario if none)
              exitrace run FILE --run-conditions [--format text|md]
                                            one table under the file's debug and release run conditions
            """,
        about: """
            USAGE: exitrace run [DIR|FILE…] [--format text|md|json] [--set PATH=VALUE]… [--runs N] [--seed S]
                                [--explore [--bound K] [--max-schedules N] [--max-events N]]
                                [--output FILE] [--shard i/n --output SHARD.json]
                   exitrace run FILE --run-conditions [--format text|md] [--set PATH=VALUE]… [--output FILE]

            Simulates every (hook, strategy) cell of each scenario file under every kill procedure and
            prints the result tables. A directory stands for its *.json files (sorted). With no FILE,
            the built-in default scenario.

            """,
        options: [
            tableFormatOption,
            .set(
                """
                override one setting for this run, validated like the file; repeatable
                e.g. --set timing.exitDurationMs=8
                     --set 'procedures.background.steps[2].ms=20'
                     --set timing.mainThreadQoS=userInitiated
                a number may be a distribution: uniform(1,20), logUniform(0.1,50), normal(mean,sd,min[,max]), \
                triangular(min,mode,max), choice(v1,v2,…) or choice(v1:w1,v2:w2,…)
                """),
        ] + SamplingOptions.options + ExplorationOptions.options + [
            .flag(
                "--run-conditions",
                "one FILE with runConditions, run under debug and under release, as one table: a cell shows "
                    + "debug → release where they differ (text or md; no --runs, --explore or --shard)"),
            .output(
                "write the result to FILE (whole or not at all) instead of stdout: a regular file or a new path, never an input "
                    + "of the run; a symbolic link is written through (its target is replaced)"),
            .shard(
                "run only shard i of n (1-based) of one sampled FILE's replications (i-1)·N/n ..< i·N/n, and write a shard file "
                    + "to --output (needs --output, and --runs or a scenario with distributions); put the shards together with "
                    + "exitrace merge. See docs/sharding.md"),
        ],
        epilogue: """
            If any input is invalid, every problem in every file is printed to stderr, nothing is
            written, and the exit code is 2.

            """,
        run: runCommand)
}
