import Foundation

extension Tool {
    static func batchCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        let arguments: Arguments
        switch parse(raw, command: "batch", values: ["--out", "--set"], flags: ["--serial"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let done): return done.output
        }
        guard let out = arguments.value("--out") else {
            return usageError("exitrace batch: --out DIR is required (where the result files go)")
        }
        guard !arguments.positional.isEmpty else {
            return usageError("exitrace batch: expected scenario files or directories")
        }
        let results: [BatchRunner.Result]
        switch runBatch(arguments, environment) {
        case .success(let computed): results = computed.results
        case .failure(let error): return inputError(error)
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            return inputError(InputError([Diagnostic(file: out, path: "", message: "cannot be created: \(error.localizedDescription)")]))
        }
        var output = ToolOutput()
        for result in results {
            let markdown = (out as NSString).appendingPathComponent(result.name + ".md")
            let json = (out as NSString).appendingPathComponent(result.name + ".json")
            do {
                try AtomicFile.write(result.markdown, to: markdown)
                try AtomicFile.write(result.json, to: json)
            } catch {
                return inputError(error)
            }
            output.stdout += "\(result.name): \(markdown), \(json)\n"
        }
        return output
    }

    /// Discovers, loads and simulates the scenarios named by the positional arguments.
    static func runBatch(
        _ arguments: Arguments, _ environment: ToolEnvironment
    ) -> Result<(files: [String], results: [BatchRunner.Result]), InputError> {
        let files: [String]
        do {
            files = try ScenarioDiscovery.files(arguments.positional)
        } catch {
            return .failure(error)
        }
        let scenarios: [Scenario]
        switch loadScenarios(files, arguments) {
        case .success(let loaded): scenarios = loaded
        case .failure(let error): return .failure(error)
        }
        do {
            try BatchRunner.checkUniqueNames(files.indices.map { (files[$0], scenarios[$0]) })
        } catch {
            return .failure(error)
        }
        var progress: (@Sendable (Int, Int) -> Void)?
        let showProgress = environment.stderrIsTerminal && scenarios.count > 1
        if showProgress {
            let write = environment.progress
            progress = { done, total in write("\r[\(done)/\(total)] scenarios simulated") }
        }
        let results = BatchRunner.run(scenarios, parallel: !arguments.flag("--serial"), progress: progress)
        if showProgress { environment.progress("\r\u{1B}[K") }
        return .success((files, results))
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
