/// The `exitrace` command line: parses arguments, calls the library, and says what to print and
/// which exit code to return. The executable target only performs the returned ``ToolOutput``.
public enum Tool {
    public static let version = "0.1.0"

    public static func main(_ arguments: [String]) -> ToolOutput {
        var arguments = arguments
        switch arguments.first {
        case "--help", "-h": return ToolOutput(stdout: usage)
        case "--version": return ToolOutput(stdout: "exitrace \(version)\n")
        default: break
        }
        // Options with no command apply to `run`, the default command.
        let command = arguments.first.map { $0.hasPrefix("-") ? "run" : arguments.removeFirst() } ?? "run"
        switch command {
        case "run": return runCommand(arguments)
        case "validate": return validateCommand(arguments)
        case "bench": return benchCommand(arguments)
        case "help":
            if let topic = arguments.first, let text = help(for: topic) { return ToolOutput(stdout: text) }
            return ToolOutput(stdout: usage)
        default:
            var message = "exitrace: unknown command '\(command)'"
            if let suggestion = closestMatch(to: command, in: commands) { message += "; did you mean '\(suggestion)'?" }
            return usageError(message)
        }
    }

    static let commands = ["run", "validate", "bench", "help"]

    private static func usageError(_ message: String) -> ToolOutput {
        ToolOutput(stderr: "\(message)\nrun 'exitrace --help' for usage\n", exitCode: ExitCode.badInput)
    }

    private static func parse(_ arguments: [String], values: [String] = [], flags: [String] = []) -> Result<
        Arguments, Arguments.UsageError
    > {
        Result { () throws(Arguments.UsageError) in
            try Arguments(arguments, valueOptions: values, flags: flags + ["--help", "-h", "--version"])
        }
    }

    // MARK: - run

    static func runCommand(_ raw: [String]) -> ToolOutput {
        let arguments: Arguments
        switch parse(raw, values: ["--format", "--set", "--output", "-o"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let error): return usageError("exitrace run: \(error.message)")
        }
        if arguments.flag("--help") || arguments.flag("-h") { return ToolOutput(stdout: runHelp) }
        if arguments.flag("--version") { return ToolOutput(stdout: "exitrace \(version)\n") }
        var format = OutputFormat.text
        if let name = arguments.value("--format") {
            guard let parsed = OutputFormat(rawValue: name) else {
                return usageError(
                    "exitrace run: --format expects one of \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")), found '\(name)'")
            }
            format = parsed
        }
        let scenarios: [Scenario]
        switch loadScenarios(arguments) {
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

    /// The scenario files named (the built-in default when none), with every `--set` applied;
    /// every problem in every file when any is bad.
    static func loadScenarios(_ arguments: Arguments) -> Result<[Scenario], InputError> {
        var diagnostics: [Diagnostic] = []
        var overrides: [SettingOverride] = []
        for text in arguments.values("--set") {
            do {
                overrides.append(try SettingOverride.parse(text))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { return .failure(InputError(diagnostics)) }
        var scenarios: [Scenario] = []
        if arguments.positional.isEmpty {
            do {
                scenarios.append(try ScenarioLoader.loadDefault(overrides: overrides))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        for path in arguments.positional {
            do {
                scenarios.append(try ScenarioLoader.load(path: path, overrides: overrides))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        return diagnostics.isEmpty ? .success(scenarios) : .failure(InputError(diagnostics))
    }

    /// Nothing goes to stdout when an input is bad: no half-written results.
    private static func inputError(_ error: InputError) -> ToolOutput {
        ToolOutput(stderr: error.diagnostics.map { $0.description + "\n" }.joined(), exitCode: ExitCode.badInput)
    }

    // MARK: - validate

    static func validateCommand(_ raw: [String]) -> ToolOutput {
        let arguments: Arguments
        switch parse(raw, values: ["--set"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let error): return usageError("exitrace validate: \(error.message)")
        }
        if arguments.flag("--help") || arguments.flag("-h") { return ToolOutput(stdout: validateHelp) }
        guard !arguments.positional.isEmpty else {
            return usageError("exitrace validate: expected at least one scenario file")
        }
        var output = ToolOutput()
        for path in arguments.positional {
            var single = arguments
            single.keepOnlyPositional(path)
            switch loadScenarios(single) {
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

    // MARK: - bench

    static func benchCommand(_ raw: [String]) -> ToolOutput {
        let arguments: Arguments
        switch parse(raw, values: ["--seconds"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let error): return usageError("exitrace bench: \(error.message)")
        }
        if arguments.flag("--help") || arguments.flag("-h") { return ToolOutput(stdout: benchHelp) }
        guard arguments.positional.isEmpty else {
            return usageError("exitrace bench: unexpected argument '\(arguments.positional[0])'")
        }
        var seconds = 1.0
        if let text = arguments.value("--seconds") {
            guard let value = Double(text), value > 0, value <= 600 else {
                return usageError("exitrace bench: --seconds expects a number from 0 to 600, found '\(text)'")
            }
            seconds = value
        }
        return ToolOutput(stdout: Benchmark.run(seconds: seconds).text)
    }

    // MARK: - Help

    static func help(for topic: String) -> String? {
        switch topic {
        case "run": runHelp
        case "validate": validateHelp
        case "bench": benchHelp
        default: nil
        }
    }

    static let usage = """
        exitrace — does cleanup started while an iOS app is being killed finish?

        A deterministic simulation of iOS termination races: termination hooks (rows) run cleanup
        strategies (columns) against kill procedures; each cell says whether the cleanup finished.

        USAGE
          exitrace                      simulate the built-in default scenario (the Live Activity
                                        reference experiment) and print its table
          exitrace run [FILE…] [--format text|md|json] [--set PATH=VALUE]… [--output FILE]
                                        simulate scenario files (the default scenario if none)
          exitrace validate FILE… [--set PATH=VALUE]…
                                        check scenario files without running them
          exitrace bench [--seconds N]  measure the engine (use a release build)
          exitrace help [COMMAND]       this text, or a command's

        CELLS
          ○ finished under every kill procedure   △ under the ones named   × under none
          [i] priority inversion   [d] deadlock   [?] a run stopped at a bound of "limits"

        EXIT CODES
          0  success
          1  a comparison found a difference (commands that compare)
          2  bad input or usage; errors go to stderr, results to stdout

        Scenario files: see docs/scenario-format.md; the default is scenarios/live-activity.json.

        """

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

    static let validateHelp = """
        USAGE: exitrace validate FILE… [--set PATH=VALUE]…

        Checks scenario files (following "extend", applying --set) without simulating them. Prints
        one line per valid file to stdout and every problem to stderr as
        FILE:LINE:COLUMN: error: JSON.PATH: expected …, found …
        Exit code 0 when every file is valid, 2 otherwise.

        """

    static let benchHelp = """
        USAGE: exitrace bench [--seconds N]

        Reports simulated events per second on a synthetic load (200 tasks that work, sleep, call
        the system and signal a semaphore the hook waits on) and the time to compute the default
        table. Each part runs for about N seconds (default 1). Build with -c release to measure.

        """
}
