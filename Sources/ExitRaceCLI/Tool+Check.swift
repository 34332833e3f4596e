import ExitRace

extension Tool {
    static func checkCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, checkSpec)
            guard let against = arguments.value("--against") else {
                throw usageError("exitrace check: --against DIR is required (the committed results)")
            }
            guard !arguments.positional.isEmpty else {
                throw usageError("exitrace check: expected scenario files or directories (e.g. scenarios)")
            }
            let markdown = arguments.format(reportFormatOption) == .md
            let tolerance = try marginTolerance(arguments, command: "check")
            let rateTolerance = try rateTolerance(arguments, command: "check")
            let sampling = SamplingOptions(arguments)
            let update = arguments.flag("--update")
            // Before anything runs: under CI, --update is refused whatever the results, so that
            // nothing printed can pass for an accepted change.
            if update && environment.isCI && !arguments.flag("--force") {
                throw Stop(output: ToolOutput(stderr: ciUpdateRefusal(arguments, against: against), exitCode: .badInput))
            }
            guard update || Directory.exists(against) else {
                // A mistyped --against is not drift: it would only tell the user to start a new baseline.
                let expected = "a directory of committed results"
                let message: String
                switch FileKind.of(against) {
                case .missing: message = "expected \(expected), found none (to start one, give --update)"
                case .regular: message = "expected \(expected), found a file (--against takes the directory batch and check --update write)"
                case let other: message = other.problem(expected: expected) ?? "expected \(expected)"
                }
                throw inputError(InputError([Diagnostic(file: against, path: "", message: message)]))
            }
            let explore = try ExplorationOptions(arguments, command: "check").limits
            let exploration = checkExploration(explore, against: against)
            let shard = try arguments.value("--shard").map { text throws(Stop) in try shardSpec(text, command: "check") }
            let (results, elsewhere) = try runBatch(
                arguments, environment, sampling: sampling, exploration: exploration,
                refusingSampledExploration: explore == nil ? nil : "check", shard: shard)
            // Orphans can be told only when every scenario of the directories was simulated;
            // of the shards of `--shard`, the first reports them.
            let allDirectories = arguments.positional.allSatisfy(Directory.exists) && (shard?.index ?? 1) == 1
            let drift = ResultsDrift(results: results, against: against, includeOrphans: allDirectories, marginToleranceNs: tolerance,
                rateTolerance: rateTolerance, simulatedElsewhere: elsewhere)
            guard !drift.isEmpty else {
                let count = "\(results.count) scenario\(results.count == 1 ? "" : "s")"
                let part = shard.map { " (shard \($0) of \(results.count + elsewhere.count))" } ?? ""
                return ToolOutput(stdout: "results match: \(count) checked against \(against)\(part)\n")
            }
            if update {
                try reporting { () throws(InputError) in
                    try Directory.create(against, for: "--against")
                    try drift.update(results: results, against: against)
                }
                return ToolOutput(stdout: drift.render(markdown: markdown) + "updated \(against)\n")
            }
            let accept = checkCommandLine(arguments, against: against, update: true)
            // The result files do not record --set: accepted, they hold what it gives, which a check
            // without it then calls drift.
            let settings = arguments.values("--set").isEmpty ? ""
                : "--set is not recorded in result files: accepted, they hold the tables as --set makes them (check them with the same --set)\n"
            return ToolOutput(
                stdout: drift.render(markdown: markdown) + settings
                    + "results in \(against) differ from what the scenarios give now; if the change is intended, run: \(accept)\n",
                exitCode: .difference)
        }
    }

    /// How check explores a scenario: as `--explore` says when given, else as its committed
    /// result records (not at all when it has no `"exploration"` member), so that a cell that
    /// became order-sensitive or order-robust is drift.
    static func checkExploration(_ limits: ExplorationLimits?, against: String) -> BatchRunner.ExplorationChoice {
        if let limits { return { _ in limits } }
        return { scenario in ResultFiles.recordedExploration(name: scenario.name, directory: against) }
    }

    /// Why `check --update` is refused with `CI=true` (and no `--force`), in one line that says
    /// what to run instead: the same check without `--update`.
    static func ciUpdateRefusal(_ arguments: Arguments, against: String) -> String {
        "exitrace check: refusing --update with CI=true: CI checks results, people accept them; nothing was run or "
            + "written. To check, run: \(checkCommandLine(arguments, against: against, update: false)) "
            + "(or add --force to rewrite the results under CI all the same)\n"
    }

    /// The check command again: the same scenarios, `--set` options, margins, tolerance and
    /// sampling options, with `--update` (the command that accepts the drift) or without it; each
    /// argument quoted for a POSIX shell where it needs to be.
    static func checkCommandLine(_ arguments: Arguments, against: String, update: Bool) -> String {
        // A scenario path that looks like an option goes after `--`, at the end.
        let optionLike = arguments.positional.contains { $0.hasPrefix("-") && $0 != "-" }
        var words = ["exitrace", "check"] + (optionLike ? [] : arguments.positional) + ["--against", against]
        for setting in arguments.values("--set") { words += ["--set", setting] }
        for option in ["--margins", "--rate-tolerance", "--shard"] + SamplingOptions.options.map(\.name) {
            if let value = arguments.value(option) { words += [option, value] }
        }
        words += ExplorationOptions.words(arguments)
        if update { words.append("--update") }
        if optionLike { words += ["--"] + arguments.positional }
        return words.map(ShellQuoting.quoted).joined(separator: " ")
    }


    static let checkSpec = CommandSpec(
        name: "check",
        summary: """
              exitrace check DIR|FILE… --against DIR [--update [--force]] [--set PATH=VALUE]…
                           [--margins MS] [--runs N] [--seed S] [--explore …]
                                            re-run scenarios and compare with committed results
            """,
        about: """
            USAGE: exitrace check DIR|FILE… --against DIR [--update [--force]] [--format text|md]
                                  [--margins MS] [--rate-tolerance SHARE] [--set PATH=VALUE]…
                                  [--runs N] [--seed S] [--explore [--bound K] [--max-schedules N] [--max-events N]]
                                  [--shard i/n] [--serial]

            Re-runs the scenarios and compares with the committed results in the --against directory
            (<name>.md and <name>.json per scenario, as exitrace batch writes them). Any difference
            fails: a flipped cell is reported cell by cell, as exitrace diff does; a result file that
            changed without a cell changing (labels, details) is named; results of scenarios that no
            longer exist are reported when the arguments are directories. A committed result made
            with --explore (it has an "exploration" member) is explored again with the bound,
            --max-schedules and --max-events budget it records, and a cell run that became
            order-sensitive or order-robust is drift, named with the race in words. --explore,
            --bound, --max-schedules and --max-events explore every scenario with these limits
            instead of each result's recorded ones (with --update: start or change recording
            exploration). The budget is per cell run, as in run, batch and explore.

            """,
        options: [
            .text("--against", "DIR", "the committed results (required)"),
            .flag(
                "--update",
                "rewrite the results that differ (and remove those of deleted scenarios); refused when CI=true, before "
                    + "anything runs, unless --force is given"),
            .flag("--force", "with --update: rewrite even when CI=true"),
            reportFormatOption,
            marginsOption,
            rateToleranceOption("the committed one"),
            .set("override one setting of every scenario; repeatable"),
        ] + SamplingOptions.options + ExplorationOptions.options + [
            .shard(
                "check only shard i of n (1-based) of the scenarios, sorted by name ((i-1)·N/n ..< i·N/n of N); exit 1 on "
                    + "drift in that part. Shard 1 also reports results of removed scenarios. No merge is needed: the check "
                    + "passes when every shard passes. See docs/sharding.md"),
            .flag("--serial", "one scenario after another (the same result, slower)"),
        ],
        epilogue: """
            Exit code 0 when everything matches (or --update wrote it), 1 on drift, 2 on bad input (and on
            --update with CI=true without --force).

            """,
        run: checkCommand)
}
