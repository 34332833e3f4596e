import ExitRace

extension Tool {
    static func validateCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, validateSpec)
            guard !arguments.positional.isEmpty else { throw usageError("exitrace validate: expected at least one scenario file") }
            var output = ToolOutput()
            let (files, problems) = ScenarioDiscovery.discover(arguments.positional)
            if !problems.isEmpty {
                output.stderr += problems.map { $0.description + "\n" }.joined()
                output.exitCode = .badInput
            }
            for path in files {
                do throws(Stop) {
                    let s = try loadScenarios([path], arguments).scenarios[0]
                    output.stdout +=
                        "\(path): valid: \(counted(s.hooks.count, "hook", "hooks")) × "
                            + "\(counted(s.strategies.count, "strategy", "strategies")) × \(counted(s.procedures.count, "procedure", "procedures"))"
                            + (s.isUncertain ? ", \(counted(s.uncertainties.count, "setting", "settings")) drawn from distributions" : "") + "\n"
                    // Valid, but a row that no procedure calls is × throughout: say so now, not only under the table.
                    output.stderr += s.uncalledHooks.map { "\(path): note: \($0.why)\n" }.joined()
                    // A procedure that calls no hook, or never ends the process, is valid but cannot kill anything.
                    output.stderr += s.procedureNotes.map { "\(path): note: \($0)\n" }.joined()
                } catch {
                    output.stderr += error.output.stderr
                    output.exitCode = .badInput
                }
            }
            return output
        }
    }

    /// `1 strategy`, `3 strategies`.
    private static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    static let validateSpec = CommandSpec(
        name: "validate",
        summary: """
              exitrace validate DIR|FILE… [--set PATH=VALUE]…
                                            check scenario files without running them
            """,
        about: """
            USAGE: exitrace validate DIR|FILE… [--set PATH=VALUE]…

            Checks scenario files (following "extend", applying --set) without simulating them, each on
            its own. Prints one line per valid file to stdout, even when other files are invalid, and
            every problem to stderr as
            FILE:LINE:COLUMN: error: JSON.PATH: expected …, found …
            A valid file may get notes on stderr (FILE: note: …): a hook no kill procedure calls, a
            procedure that delivers none of the hooks' callbacks, or one that neither ends the process
            nor changes the app's state.
            Exit code 0 when every file is valid, 2 otherwise.

            """,
        options: [.set("override one setting of every file before checking it; repeatable")],
        run: { raw, _ in validateCommand(raw) })
}
