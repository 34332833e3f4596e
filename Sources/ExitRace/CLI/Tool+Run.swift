extension Tool {
    static func runCommand(_ raw: [String]) -> ToolOutput {
        let arguments: Arguments
        switch parse(raw, command: "run", values: ["--format", "--set", "--output", "-o"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let done): return done.output
        }
        var format = OutputFormat.text
        if let name = arguments.value("--format") {
            guard let parsed = OutputFormat(rawValue: name) else {
                return usageError(
                    "exitrace run: --format expects one of \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")), found '\(name)'")
            }
            format = parsed
        }
        let scenarios: [Scenario]
        switch loadScenarios(arguments.positional, arguments) {
        case .success(let loaded): scenarios = loaded
        case .failure(let error): return inputError(error)
        }
        let text = format.render(scenarios.map { Simulator(scenario: $0).table() })
        if let output = arguments.value("--output") ?? arguments.value("-o") {
            do {
                try AtomicFile.write(text, to: output)
            } catch {
                return inputError(error)
            }
            return ToolOutput()
        }
        return ToolOutput(stdout: text)
    }

    static let runHelp = """
        USAGE: exitrace run [FILE…] [--format text|md|json] [--set PATH=VALUE]… [--output FILE]

        Simulates every (hook, strategy) cell of each scenario file under every kill procedure and
        prints the result tables. With no FILE, the built-in default scenario.

        OPTIONS
          --format text        aligned for a terminal (default)
          --format md          GitHub-flavoured Markdown
          --format json        canonical JSON with every per-procedure outcome (times in nanoseconds)
          --set PATH=VALUE     override one setting for this run, validated like the file; repeatable
                               e.g. --set timing.exitDurationMs=8
                                    --set 'procedures.background.steps[1].ms=20'
                                    --set timing.mainThreadQoS=userInitiated
          -o, --output FILE    write the result to FILE (whole or not at all) instead of stdout

        If any input is invalid, every problem in every file is printed to stderr, nothing is
        written, and the exit code is 2.

        """
}
