import ExitRace

extension Tool {
    static func diffCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, command: "diff", values: ["--format", "--margins"])
            guard arguments.positional.count == 2 else {
                throw usageError("exitrace diff: expected OLD and NEW (two result files or two directories)")
            }
            let markdown = try markdownFormat(arguments, command: "diff")
            let tolerance = try marginTolerance(arguments, command: "diff")
            let diff = try reporting { () throws(InputError) in
                ResultDiff(
                    old: try ResultDocument.load(arguments.positional[0]), new: try ResultDocument.load(arguments.positional[1]),
                    marginToleranceNs: tolerance)
            }
            return ToolOutput(
                stdout: markdown ? diff.renderMarkdown() : diff.renderText(),
                exitCode: diff.isEmpty ? .success : .difference)
        }
    }

    /// `--margins MS`: margins that moved by more than this many milliseconds count as changes.
    static func marginTolerance(_ arguments: Arguments, command: String) throws(Stop) -> Int64? {
        guard let text = arguments.value("--margins") else { return nil }
        guard let ms = Double(text), ms >= 0, let duration = VirtualDuration.milliseconds(ms) else {
            throw usageError("exitrace \(command): --margins expects milliseconds (0 or more), found '\(text)'")
        }
        return duration.nanoseconds
    }

    static let diffHelp = """
        USAGE: exitrace diff OLD NEW [--format text|md] [--margins MS]

        Compares two result files (exitrace run --format json, or results/<name>.json), or two
        directories of them, and prints what changed cell by cell, e.g.
          live-activity · AppDelegate · Task.detached: × → ○ (foreground: failed → finished, margin -8 ms → +1 ms)
        plus scenarios, hooks, strategies or procedures added or removed.

        OPTIONS
          --format md     Markdown, for a CI job summary
          --margins MS    also report margins that moved by more than MS milliseconds
                          (without it, margins are shown only where an outcome changed)

        Exit code 0 when the results agree, 1 when they differ, 2 on bad input.

        """
}
