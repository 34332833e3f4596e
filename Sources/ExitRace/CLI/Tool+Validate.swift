extension Tool {
    static func validateCommand(_ raw: [String]) -> ToolOutput {
        let arguments: Arguments
        switch parse(raw, command: "validate", values: ["--set"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let done): return done.output
        }
        guard !arguments.positional.isEmpty else {
            return usageError("exitrace validate: expected at least one scenario file")
        }
        var output = ToolOutput()
        for path in arguments.positional {
            switch loadScenarios([path], arguments) {
            case .success(let scenarios):
                let s = scenarios[0]
                output.stdout +=
                    "\(path): valid: \(s.hooks.count) hooks × \(s.strategies.count) strategies × \(s.procedures.count) procedures\n"
            case .failure(let error):
                output.stderr += error.diagnostics.map { $0.description + "\n" }.joined()
                output.exitCode = ExitCode.badInput
            }
        }
        return output
    }

    static let validateHelp = """
        USAGE: exitrace validate FILE… [--set PATH=VALUE]…

        Checks scenario files (following "extend", applying --set) without simulating them. Prints
        one line per valid file to stdout and every problem to stderr as
        FILE:LINE:COLUMN: error: JSON.PATH: expected …, found …
        Exit code 0 when every file is valid, 2 otherwise.

        """
}
