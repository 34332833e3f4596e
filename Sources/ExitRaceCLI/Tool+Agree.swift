import ExitRace

extension Tool {
    /// `agree DIR [--format text|json] [--check FILE [--update]]`: the model against public reports.
    static func agreeCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, agreeSpec)
            guard arguments.positional.count == 1 else {
                throw usageError("exitrace agree: expected one directory of reports, found \(arguments.positional.count)")
            }
            let json = arguments.format(agreeSpec.options[0]) == .json
            if arguments.flag("--update") && arguments.value("--check") == nil {
                throw usageError("exitrace agree: --update rewrites the file of --check; give --check FILE")
            }
            let agreement = try reporting { () throws(InputError) in try Agreement.evaluate(directory: arguments.positional[0]) }
            var output = ToolOutput(stdout: json ? agreement.json : agreement.text)
            guard let committed = arguments.value("--check") else { return output }
            // With --format json, stdout stays one JSON document; what the check says goes to stderr.
            func say(_ text: String) {
                if json { output.stderr += text } else { output.stdout += text }
            }
            if arguments.flag("--update") {
                try reporting { () throws(InputError) in try AtomicFile.write(agreement.json, to: committed) }
                say("updated \(committed)\n")
                return output
            }
            let regressions = try reporting { () throws(InputError) in try agreement.regressions(committedFile: committed) }
            guard !regressions.isEmpty else {
                say("every report that agreed in \(committed) still agrees\n")
                return output
            }
            say(wrapped(["reports that agreed in \(committed) no longer do:"] + regressions.map { "  " + $0 }))
            output.exitCode = .difference
            return output
        }
    }

    static let agreeSpec = CommandSpec(
        name: "agree",
        summary: """
              exitrace agree DIR [--format text|json] [--check FILE [--update]]
                                            does the model agree with public reports? (validation/)
            """,
        about: """
            USAGE: exitrace agree DIR [--format text|json] [--check FILE [--update]]

            Holds the model against public reports (validation/ in this repository). Each subdirectory of
            DIR is one report: observed.json says what the report saw, in the measured-table format
            (measurements/'s shape) plus its "source" (url, or repository and commit; date; the sentence
            stating the observation, verbatim), and scenario.json is the report's setup. The scenario is
            simulated with its own settings and every observed cell compared with the prediction.

            Prints, per report, agree, disagree (with the cells that differ) or cannot express (with
            the feature the model lacks, from the report's "cannotExpress"), then the total:
            "agrees with N of M public reports".

            """,
        options: [
            .format([(.text, "the verdicts in words"), (.json, "the verdicts as JSON (what --check compares with)")]),
            .text(
                "--check", "FILE",
                "exit 1 when a report that agrees in FILE (agree --format json) no longer agrees; --update rewrites FILE instead"),
            .flag("--update", "with --check: rewrite FILE with this run's verdicts"),
        ],
        epilogue: """
            Exit code 0; 1 when --check finds a report that stopped agreeing; 2 on bad input (a missing
            observation, a cell naming no hook, strategy or procedure of its scenario), with file and place.

            """,
        run: { raw, _ in agreeCommand(raw) })
}
