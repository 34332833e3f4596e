import ExitRace

/// The `exitrace` command line: parses arguments, calls the library, and says what to print and
/// which exit code to return. The executable target only performs the returned ``ToolOutput``.
/// Each command lives in its own `Tool+Command.swift` file with its ``CommandSpec``: its options
/// declared once (``OptionSpec``: parsing, range checks, usage errors, help lines and defaults
/// come from them) and its help around them. A new command is that file and one line in
/// ``registry``.
public enum Tool {
    public static let version = ExitRaceVersion.current

    public static func main(_ arguments: [String], environment: ToolEnvironment = ToolEnvironment()) -> ToolOutput {
        var arguments = arguments
        switch arguments.first {
        case "--help", "-h", "--version":
            guard arguments.count == 1 else {
                return usageError("exitrace: \(arguments[0]) takes nothing after it, found '\(arguments[1])'").output
            }
            return ToolOutput(stdout: arguments[0] == "--version" ? "exitrace \(version)\n" : usage)
        default: break
        }
        if let first = arguments.first, first.hasPrefix("--"), !runSpec.declares(first),
            let near = closestMatch(to: first, in: ["--help", "--version"])
        {
            // `--verison` is a misspelt option of the tool, not of `run`.
            return usageError("exitrace: unknown option \(first); did you mean \(near)?").output
        }
        // Options with no command apply to `run`, the default command.
        let command = arguments.first.map { $0.hasPrefix("-") ? "run" : arguments.removeFirst() } ?? "run"
        if command == "help" { return helpCommand(arguments) }
        if let spec = registry.first(where: { $0.name == command }) { return spec.run(arguments, environment) }
        var message = "exitrace: unknown command '\(command)'"
        if command.hasSuffix(".json") || command.contains("/") {
            message += "; to simulate a scenario file: exitrace run \(command)"
        } else if command.hasSuffix(".swift") {
            message += "; to read your Swift: exitrace import \(command) --output my-app.json"
        } else if let suggestion = closestMatch(to: command, in: commands) {
            message += "; did you mean '\(suggestion)'?"
        }
        return usageError(message).output
    }

    /// `help`, `help COMMAND`; an unknown topic is a usage error with a suggestion.
    static func helpCommand(_ arguments: [String]) -> ToolOutput {
        guard let topic = arguments.first else { return ToolOutput(stdout: usage) }
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] { return ToolOutput(stdout: helpHelp) }
        guard arguments.count == 1 else {
            return usageError("exitrace help: expected one command to explain, found \(arguments.count): \(arguments.joined(separator: " "))").output
        }
        if let text = help(for: topic) { return ToolOutput(stdout: text) }
        var message = "exitrace help: unknown command '\(topic)'"
        if let suggestion = closestMatch(to: topic, in: commands) { message += "; did you mean '\(suggestion)'?" }
        return usageError(message).output
    }

    /// `exitrace help --help`, `exitrace help help`.
    static var helpHelp: String {
        """
        usage: exitrace help [COMMAND]

        Prints the tool's help; with a COMMAND, that command's help (the same as exitrace COMMAND --help).
        commands: \(registry.map(\.name).joined(separator: ", "))

        """
    }

    /// Every command, in the order of the tool's help (made from their summaries); `help` is the tool's own.
    static let registry: [CommandSpec] = [
        runSpec, sweepSpec, validateSpec, batchSpec, diffSpec, checkSpec, mergeSpec, explainSpec, exploreSpec, reportSpec,
        calibrateSpec, sensitivitySpec, agreeSpec, importSpec, benchSpec,
    ]

    /// The command names, `help` included.
    static let commands = registry.map(\.name) + ["help"]

    static func help(for command: String) -> String? {
        registry.first { $0.name == command }?.help
    }

    // MARK: - Shared by the commands

    /// A command's early end, carrying what to print and the exit code. Command bodies throw it
    /// from anywhere; ``command(_:)`` turns it into the output.
    struct Stop: Error {
        var output: ToolOutput
    }

    /// Runs a command body, whose `throw Stop(…)` ends it early.
    static func command(_ body: () throws(Stop) -> ToolOutput) -> ToolOutput {
        do {
            return try body()
        } catch {
            return error.output
        }
    }

    static func usageError(_ message: String) -> Stop {
        Stop(output: ToolOutput(stderr: "\(message)\nrun '\(helpCommand(for: message))' for usage\n", exitCode: .badInput))
    }

    /// Where a usage error's reader finds help: `exitrace run --help` for a message of
    /// `exitrace run: …`, `exitrace --help` for the tool's own (`exitrace: …`, `exitrace help: …`).
    static func helpCommand(for message: String) -> String {
        let words = message.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, words[0] == "exitrace", words[1].hasSuffix(":") else { return "exitrace --help" }
        let command = String(words[1].dropLast())
        return commands.contains(command) && command != "help" ? "exitrace \(command) --help" : "exitrace --help"
    }

    /// Every diagnostic on stderr, nothing on stdout: no half-written results.
    static func inputError(_ error: InputError) -> Stop {
        Stop(output: ToolOutput(stderr: error.diagnostics.map { $0.description + "\n" }.joined(), exitCode: .badInput))
    }

    /// Parses a command's arguments by its declared options; `--help` ends the command with its help.
    static func parse(_ raw: [String], _ spec: CommandSpec) throws(Stop) -> Arguments {
        let arguments: Arguments
        do {
            arguments = try Arguments(raw, options: spec.options + [.flag("--help", ""), .flag("-h", "")])
        } catch {
            throw usageError("exitrace \(spec.name): \(error.message)")
        }
        if arguments.flag("--help") || arguments.flag("-h") {
            throw Stop(output: ToolOutput(stdout: spec.help))
        }
        return arguments
    }

    /// The scenarios named by the positional arguments, with every `--set` applied; see ``ScenarioSet``.
    static func loadScenarios(_ paths: [String], _ arguments: Arguments) throws(Stop) -> ScenarioSet {
        try reporting { () throws(InputError) in try ScenarioSet.load(paths, settings: arguments.values("--set")) }
    }

    /// The `--format` given (or `text`) where this input (`what`: "for sweep shards") allows only
    /// `allowed` of the formats the command declares; another is a usage error.
    static func format(
        _ arguments: Arguments, in allowed: [OutputChoice], command: String, for what: String
    ) throws(Stop) -> OutputChoice {
        let format = arguments.value("--format").flatMap(OutputChoice.init(spelling:)) ?? .text
        guard allowed.contains(format) else {
            let given = arguments.value("--format") ?? format.rawValue
            let expected = OutputChoice.list(allowed)
            throw usageError("exitrace \(command): --format expects \(expected) \(what), found '\(given)'")
        }
        return format
    }

    /// Runs a library call whose input errors end the command with every diagnostic.
    static func reporting<T>(_ body: () throws(InputError) -> T) throws(Stop) -> T {
        do {
            return try body()
        } catch {
            throw inputError(error)
        }
    }

    /// Writes a file whole or not at all, never over a scenario file named by `arguments`.
    static func write(_ text: String, to path: String, inputsOf arguments: Arguments) throws(Stop) {
        let inputs = ProtectedFiles(arguments.positional.flatMap { ScenarioLoader.files(path: $0) })
        try reporting { () throws(InputError) in try AtomicFile.write(text, to: path, protecting: inputs) }
    }

    /// The tool's help: what it is, each command's summary from the registry (after the default
    /// command's own line), the cells and exit codes.
    static let defaultRunSummary = """
          exitrace [--set PATH=VALUE]…  simulate the built-in default scenario (the Live Activity
                                        reference experiment) and print its table; takes every
                                        option of run (--format, --runs, --explore, …)

        """

    static let closingSummary = """
          exitrace help [COMMAND]       this text, or a command's (also: exitrace COMMAND --help)
          exitrace --version            the version

          These lines show each command's main options; its --help lists every one. Every
          experiment splits across machines with --shard i/n (run, sweep, batch, check,
          calibrate, sensitivity), put together again by merge.

        """

    static let usage = """
        exitrace — does cleanup started while an iOS app is being killed finish?

        A deterministic simulation of iOS termination races: termination hooks (rows) run cleanup
        strategies (columns) against kill procedures; each cell says whether the cleanup finished.

        USAGE
        \(defaultRunSummary)\(registry.map { $0.summary + "\n" }.joined())\(closingSummary)
        CELLS
          ○ finished under every kill procedure   △ under the ones named   × under none
          [i] priority inversion   [d] deadlock   [w] finished, but a watchdog killed the process
          [t] thin win: by less than thinWinMs (3 ms by default)   [?] a run stopped at a bound of "limits"
          [o] order-sensitive: another order of same-instant events gives another result (--explore)
          [n] not all of the code ran: a callback holding cleanup calls was not delivered under some
              procedure (e.g. applicationWillTerminate of a suspended app); code run as the app goes
              away (resigning active, background, disconnect, terminate) owes its calls all the same
          sampled (--runs, or a setting drawn from a distribution such as uniform(1,20)):
          △ shows the share of replications that finished per procedure, e.g. △ 45% · 100%

        EXIT CODES
          0  success (for diff and the checks: no difference)
          1  a difference: diff found one; check, calibrate --check or agree --check found results
             that drifted
          2  bad input or usage; errors go to stderr, results to stdout

        Scenario files: see docs/scenario-format.md; the default is scenarios/live-activity.json.

        """
}
