import ExitRace

extension Tool {
    static func diffCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, diffSpec)
            guard arguments.positional.count == 2 else {
                throw usageError("exitrace diff: expected OLD and NEW (two result files or two directories)")
            }
            let markdown = arguments.format(reportFormatOption) == .md
            let tolerance = try marginTolerance(arguments, command: "diff")
            let rateTolerance = try rateTolerance(arguments, command: "diff")
            let diff = try reporting { () throws(InputError) in
                ResultDiff(
                    old: try ResultDocument.load(arguments.positional[0]), new: try ResultDocument.load(arguments.positional[1]),
                    marginToleranceNs: tolerance, rateTolerance: rateTolerance)
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

    /// `--rate-tolerance SHARE`: sampled rates that moved by more than this share (0…1) count
    /// as changes; ``ResultDiff/defaultRateTolerance`` without it.
    static func rateTolerance(_ arguments: Arguments, command: String) throws(Stop) -> Double {
        guard let text = arguments.value("--rate-tolerance") else { return ResultDiff.defaultRateTolerance }
        guard let share = Double(text), share >= 0, share <= 1 else {
            throw usageError(
                "exitrace \(command): --rate-tolerance expects a share from 0 to 1 (0.02 is 2 percentage points), found '\(text)'")
        }
        return share
    }

    /// `--format text|md` of diff and check.
    static let reportFormatOption = OptionSpec.format([(.text, "aligned for a terminal"), (.md, "Markdown, for a CI job summary")])

    /// `--margins MS` of diff and check.
    static let marginsOption = OptionSpec.text(
        "--margins", "MS",
        "also report margins that moved by more than MS milliseconds (without it, margins are shown only where an outcome "
            + "changed)")

    /// `--rate-tolerance SHARE` of diff and check, comparing with `before` (the old one, the committed one).
    static func rateToleranceOption(_ before: String) -> OptionSpec {
        .text(
            "--rate-tolerance", "SHARE", default: .value("\(ResultDiff.defaultRateTolerance)"),
            "in sampled tables (run --runs, or a scenario with distributions), report a procedure's rate that moved by more "
                + "than SHARE (a share of 1: 0.02 is 2 percentage points) or whose 95% interval no longer overlaps \(before); a cell that "
                + "became sampled or stopped being sampled is a change too")
    }

    static let diffSpec = CommandSpec(
        name: "diff",
        summary: """
              exitrace diff OLD NEW [--format text|md] [--margins MS]
                                            compare two result files or directories, cell by cell
            """,
        about: """
            USAGE: exitrace diff OLD NEW [--format text|md] [--margins MS] [--rate-tolerance SHARE]

            Compares two result files (exitrace run --format json, or results/<name>.json), or two
            directories of them, and prints what changed cell by cell, e.g.
              live-activity · AppDelegate · Task.detached: × → ○ (foreground: failed → finished, margin -8 ms → +1 ms)
            plus scenarios, hooks, strategies or procedures added or removed. A sampled rate that moved
            beyond --rate-tolerance reads, e.g.
              live-activity · AppDelegate · Task.detached: △ as before (foreground: finished in 45.2%
              (42.1–48.3%), was 51.0% (47.9–54.1%): moved 5.8 points, beyond --rate-tolerance 0.02 (2 points))

            """,
        options: [reportFormatOption, marginsOption, rateToleranceOption("the old one")],
        epilogue: """
            Exit code 0 when the results agree, 1 when they differ, 2 on bad input.

            """,
        run: { raw, _ in diffCommand(raw) })
}
