import ExitRace

extension Tool {
    static func runCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, command: "run", values: ["--format", "--set", "--output", "-o"])
            var format = OutputFormat.text
            if let name = arguments.value("--format") {
                guard let parsed = OutputFormat(rawValue: name) else {
                    let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                    throw usageError("exitrace run: --format expects one of \(formats), found '\(name)'")
                }
                format = parsed
            }
            let scenarios = try loadScenarios(arguments.positional, arguments).scenarios
            let text = format.render(scenarios.map { Simulator(scenario: $0).table() })
            if let output = arguments.value("--output") ?? arguments.value("-o") {
                try write(text, to: output)
                return ToolOutput()
            }
            return ToolOutput(stdout: text)
        }
    }

    static let runHelp = """
        USAGE: exitrace run [DIR|FILE…] [--format text|md|json] [--set PATH=VALUE]… [--output FILE]

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
          -o, --output FILE    write the result to FILE (whole or not at all) instead of stdout

        If any input is invalid, every problem in every file is printed to stderr, nothing is
        written, and the exit code is 2.

        """
}
