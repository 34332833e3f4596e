import ExitRace

extension Tool {
    static func batchCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, command: "batch", values: ["--out", "--set"], flags: ["--serial"])
            guard let out = arguments.value("--out") else {
                throw usageError("exitrace batch: --out DIR is required (where the result files go)")
            }
            guard !arguments.positional.isEmpty else { throw usageError("exitrace batch: expected scenario files or directories") }
            let results = try runBatch(arguments, environment)
            try reporting { () throws(InputError) in try Directory.create(out) }
            var output = ToolOutput()
            for result in results {
                let files = try reporting { () throws(InputError) in try ResultFiles.write(result, to: out) }
                output.stdout += "\(result.name): \(files.markdown), \(files.json)\n"
            }
            return output
        }
    }

    /// Discovers, loads and simulates the scenarios named by the positional arguments.
    static func runBatch(_ arguments: Arguments, _ environment: ToolEnvironment) throws(Stop) -> [BatchRunner.Result] {
        let set = try loadScenarios(arguments.positional, arguments)
        try reporting { () throws(InputError) in
            try BatchRunner.checkUniqueNames(set.files.indices.map { (set.files[$0], set.scenarios[$0]) })
        }
        var progress: (@Sendable (Int, Int) -> Void)?
        let showProgress = environment.stderrIsTerminal && set.scenarios.count > 1
        if showProgress {
            let write = environment.progress
            progress = { done, total in write("\r[\(done)/\(total)] scenarios simulated") }
        }
        let results = BatchRunner.run(set.scenarios, parallel: !arguments.flag("--serial"), progress: progress)
        if showProgress { environment.progress("\r\u{1B}[K") }
        return results
    }

    static let batchHelp = """
        USAGE: exitrace batch DIR|FILE… --out DIR [--set PATH=VALUE]… [--serial]

        Simulates every scenario (a directory contributes its *.json files, sorted) and writes, per
        scenario, DIR/<name>.md (the table a person reads on GitHub) and DIR/<name>.json (canonical:
        sorted keys, integer nanoseconds, every per-procedure outcome). Scenarios run in parallel
        across the cores; the files are byte-identical to a serial run (--serial). Each file is
        written whole or not at all. On a terminal, a progress line goes to stderr.

        """
}
