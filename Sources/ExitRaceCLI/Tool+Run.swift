import ExitRace

extension Tool {
    static func runCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(
                raw, command: "run", values: ["--format", "--set", "--output", "-o", "--shard"] + SamplingOptions.names + ExplorationOptions.values,
                flags: [ExplorationOptions.flag])
            let sampling = try SamplingOptions(arguments, command: "run")
            let limits = try ExplorationOptions(arguments, command: "run").limits
            if let shard = arguments.value("--shard") {
                if limits != nil { throw usageError("exitrace run: --shard runs a sampled scenario, which --explore does not explore") }
                return try runShard(arguments, shard, sampling)
            }
            let format = try outputFormat(arguments, command: "run")
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
            let output = arguments.value("--output") ?? arguments.value("-o")
            var results = try ResultStream(output: output, environment, protecting: output == nil ? .none : source.inputs)
            try results.write(format.opening(count: source.count))
            let count = source.count
            let chosen = format
            for window in stride(from: 0, to: count, by: Self.runWindow) {
                let pieces = source.map(window..<min(window + Self.runWindow, count)) { index, scenario in
                    if let settings = sampling.sampling(for: scenario) {
                        return chosen.piece(SampledExperiment(scenario: scenario, sampling: settings).run(), index: index, count: count)
                    }
                    let simulator = Simulator(scenario: scenario)
                    let table = simulator.table()
                    let exploration = limits.map { ScenarioExploration(simulator: simulator, limits: $0) }
                    return chosen.piece(table, exploration: exploration, index: index, count: count)
                }
                for piece in pieces {
                    switch piece {
                    case .success(let text): try results.write(text)
                    case .failure(let error): throw inputError(error)
                    }
                }
            }
            try results.write(format.closing(count: source.count))
            return try results.finish()
        }
    }

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
        guard let output = arguments.value("--output") ?? arguments.value("-o") else {
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
            return try ShardFile.run(resolved, sampling: chosen, shard: shard)
        }
        try write(file.serialized(), to: output, inputsOf: arguments)
        return ToolOutput()
    }

    /// `--format text|md|json` (text when absent).
    static func outputFormat(_ arguments: Arguments, command: String) throws(Stop) -> OutputFormat {
        guard let name = arguments.value("--format") else { return .text }
        guard let format = OutputFormat(rawValue: name) else {
            let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw usageError("exitrace \(command): --format expects one of \(formats), found '\(name)'")
        }
        return format
    }

    /// Scenarios simulated together before their results are written.
    static let runWindow = 32

    static let runHelp = """
        USAGE: exitrace run [DIR|FILE…] [--format text|md|json] [--set PATH=VALUE]… [--runs N] [--seed S]
                            [--explore [--bound K] [--max-schedules N]]
                            [--output FILE] [--shard i/n --output SHARD.json]

        Simulates every (hook, strategy) cell of each scenario file under every kill procedure and
        prints the result tables. A directory stands for its *.json files (sorted). With no FILE,
        the built-in default scenario.

        OPTIONS
          --format text        aligned for a terminal (default)
          --format md          GitHub-flavoured Markdown
          --format json        canonical JSON with every per-procedure outcome (times in nanoseconds)
          --set PATH=VALUE     override one setting for this run, validated like the file; repeatable
                               e.g. --set timing.exitDurationMs=8
                                    --set 'procedures.background.steps[1].ms=20'
                                    --set timing.mainThreadQoS=userInitiated
                               a number may be a distribution: uniform(1,20), logUniform(0.1,50),
                               normal(mean,sd,min[,max]), triangular(min,mode,max),
                               choice(v1,v2,…) or choice(v1:w1,v2:w2,…)
        \(SamplingOptions.help)
        \(ExplorationOptions.help)
          -o, --output FILE    write the result to FILE (whole or not at all) instead of stdout:
                               a regular file or a new path, never an input of the run; a
                               symbolic link is written through (its target is replaced)
          --shard i/n          run only shard i of n (1-based) of one sampled FILE's replications
                               (i-1)·N/n ..< i·N/n, and write a shard file to --output (needs
                               --output, and --runs or a scenario with distributions); put the
                               shards together with exitrace merge. See docs/sharding.md

        If any input is invalid, every problem in every file is printed to stderr, nothing is
        written, and the exit code is 2.

        """
}
