import ExitRace

extension Tool {
    static func batchCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, batchSpec)
            let sampling = SamplingOptions(arguments)
            let limits = try ExplorationOptions(arguments, command: "batch").limits
            guard let out = arguments.value("--out") else {
                throw usageError("exitrace batch: --out DIR is required (where the result files go)")
            }
            guard !arguments.positional.isEmpty else { throw usageError("exitrace batch: expected scenario files or directories") }
            // Every file is checked first; then a window of scenarios at a time is simulated (in
            // parallel) and written, so memory does not grow with the number of scenarios.
            let shard = try arguments.value("--shard").map { text throws(Stop) in try shardSpec(text, command: "batch") }
            let everyScenario = try reporting { () throws(InputError) in
                try ScenarioSource.check(arguments.positional, settings: arguments.values("--set"))
            }
            try reporting { () throws(InputError) in
                try BatchRunner.checkUniqueNames(everyScenario.files.indices.map { (everyScenario.files[$0], everyScenario.names[$0]) })
                try Directory.create(out, for: "--out")
            }
            // A shard writes the result files of its part of the scenarios (by sorted name) only.
            let source = shard.map { everyScenario.selecting($0.positions(of: everyScenario.names)) } ?? everyScenario
            let inputs = source.inputs
            try reporting { () throws(InputError) in
                try ResultFiles.checkWritable(names: source.names, directory: out, protecting: inputs)
            }
            let progress = BatchProgress(environment, total: source.count)
            var output = ToolOutput()
            if let shard, source.count == 0 {
                // More shards than scenarios: a shard may hold none, which is no error (the union is still whole).
                output.stderr += "exitrace batch: shard \(shard) of \(everyScenario.count) scenario\(everyScenario.count == 1 ? "" : "s") holds none: "
                    + "no result file written\n"
            }
            output.stderr += sampling.unusedSeedNote(names: source.names, uncertain: source.uncertain, command: "batch") ?? ""
            // A sampled scenario's table is a rate table: it is written, not explored.
            let sampled = source.names.indices.filter { source.uncertain[$0] }
            if limits != nil && !sampled.isEmpty {
                output.stderr += "exitrace batch: --explore explores tables of single runs; not explored (settings drawn from "
                    + "distributions): \(sampled.map { source.names[$0] }.joined(separator: ", "))\n"
            }
            // Every result file is written to its temporary file as its window ends, and renamed into
            // place only once all are: a batch that stops (bad input, a full disk) leaves --out as it was.
            let files = AtomicFileSet(protecting: inputs)
            var written = ""
            for window in stride(from: 0, to: source.count, by: runWindow) {
                let range = window..<min(window + runWindow, source.count)
                let results = source.map(
                    range, parallel: !arguments.flag("--serial"), progress: progress.reporter(after: window)
                ) { _, scenario in
                    BatchRunner.result(
                        for: scenario, sampling: sampling.sampling(for: scenario), exploration: limits,
                        replayOptions: SamplingOptions.replayOptions(arguments))
                }
                for outcome in results {
                    do throws(InputError) {
                        let result = try outcome.get()
                        let paths = try ResultFiles.add(result, to: files, directory: out)
                        written += "\(result.name): \(paths.markdown), \(paths.json)\n"
                    } catch {
                        progress.finish()
                        throw unwritten(error, of: source.count)
                    }
                }
            }
            progress.finish()
            try reporting { () throws(InputError) in try files.commit() }
            output.stdout += written
            return output
        }
    }

    /// A batch that stopped before renaming any result file (a scenario's bad input, a file that
    /// could not be written): stderr gives the error and says that --out is as it was.
    static func unwritten(_ error: InputError, of total: Int) -> Stop {
        var output = inputError(error).output
        let count = total == 1 ? "the scenario's" : "the \(total) scenarios'"
        output.stderr += "exitrace batch: stopped; no result file was replaced (\(count) files are as they were)\n"
        return Stop(output: output)
    }

    /// Discovers, loads and simulates the scenarios named by the positional arguments, sampling
    /// those `sampling` says to.
    /// With `shard`, only the shard's part of the scenarios (by sorted name) is simulated, and
    /// `elsewhere` names the others.
    static func runBatch(
        _ arguments: Arguments, _ environment: ToolEnvironment, sampling: SamplingOptions,
        exploration: @escaping BatchRunner.ExplorationChoice = { _ in nil }, refusingSampledExploration command: String? = nil,
        shard: ShardSpec? = nil
    ) throws(Stop) -> (results: [BatchRunner.Result], elsewhere: [String]) {
        var set = try loadScenarios(arguments.positional, arguments)
        try reporting { () throws(InputError) in
            try BatchRunner.checkUniqueNames(set.files.indices.map { (set.files[$0], set.scenarios[$0].name) })
        }
        var elsewhere: [String] = []
        if let shard, !set.files.isEmpty {
            let positions = shard.positions(of: set.scenarios.map(\.name))
            let taken = Set(positions)
            elsewhere = set.scenarios.indices.filter { !taken.contains($0) }.map { set.scenarios[$0].name }
            (set.files, set.scenarios) = (positions.map { set.files[$0] }, positions.map { set.scenarios[$0] })
        }
        if let command {
            let sampled = set.scenarios.filter { sampling.sampling(for: $0) != nil }.map(\.name)
            if !sampled.isEmpty { throw ExplorationOptions.sampledError(sampled, command: command) }
        }
        var progress: (@Sendable (Int, Int) -> Void)?
        let showProgress = environment.stderrIsTerminal && set.scenarios.count > 1
        if showProgress {
            let write = environment.progress
            progress = { done, total in write("\r[\(done)/\(total)] scenarios simulated") }
        }
        let results = BatchRunner.run(
            set.scenarios, parallel: !arguments.flag("--serial"), sampling: { sampling.sampling(for: $0) }, exploration: exploration,
            replayOptions: SamplingOptions.replayOptions(arguments), progress: progress)
        if showProgress { environment.progress("\r\u{1B}[K") }
        return (results, elsewhere)
    }

    static let batchSpec = CommandSpec(
        name: "batch",
        summary: """
              exitrace batch DIR|FILE… --out DIR [--set PATH=VALUE]… [--runs N] [--seed S] [--serial]
                           [--explore …]
                                            write results/<name>.md and .json for many scenarios
            """,
        about: """
            USAGE: exitrace batch DIR|FILE… --out DIR [--set PATH=VALUE]… [--runs N] [--seed S] [--serial]
                                  [--explore [--bound K] [--max-schedules N] [--max-events N]] [--shard i/n]

            Simulates every scenario (a directory contributes its *.json files, sorted) and writes, per
            scenario, DIR/<name>.md (the table a person reads on GitHub) and DIR/<name>.json (canonical:
            sorted keys, integer nanoseconds, every per-procedure outcome). Scenarios run in parallel
            across the cores; the files are byte-identical to a serial run (--serial). Every file is
            written whole before any is put in place (a batch that stops leaves DIR as it was), never
            over a scenario file of the run. On a terminal, a
            progress line goes to stderr. A sampled scenario's files hold its rate table (the share of
            replications that finished, per cell and procedure, with 95% intervals) instead.

            """,
        options: [
            .text("--out", "DIR", "the directory the result files go to (required)"),
            .set("override one setting of every scenario; repeatable"),
        ] + SamplingOptions.options + ExplorationOptions.options + [
            .flag("--serial", "one scenario after another (the same files, slower)"),
            .shard(
                "simulate only shard i of n (1-based) of the scenarios, sorted by name ((i-1)·N/n ..< i·N/n of N) and write "
                    + "their files: the shards' --out directories together hold exactly the unsharded batch's files, so no "
                    + "merge is needed (copy them into one directory). See docs/sharding.md"),
        ],
        run: batchCommand)
}

/// The batch's progress line on a terminal: `[12/40] scenarios simulated`, erased at the end.
struct BatchProgress {
    private let write: (@Sendable (String) -> Void)?
    private let total: Int

    init(_ environment: ToolEnvironment, total: Int) {
        write = environment.stderrIsTerminal && total > 1 ? environment.progress : nil
        self.total = total
    }

    /// What to call after each scenario of a window whose first scenario is number `start`.
    func reporter(after start: Int) -> (@Sendable (Int) -> Void)? {
        guard let write else { return nil }
        let total = total
        return { done in write("\r[\(start + done)/\(total)] scenarios simulated") }
    }

    func finish() { write?("\r\u{1B}[K") }
}
