import Foundation

extension Tool {
    static func checkCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        let arguments: Arguments
        switch parse(
            raw, command: "check", values: ["--against", "--set", "--format", "--margins"],
            flags: ["--update", "--force", "--serial"])
        {
        case .success(let parsed): arguments = parsed
        case .failure(let done): return done.output
        }
        guard let against = arguments.value("--against") else {
            return usageError("exitrace check: --against DIR is required (the committed results)")
        }
        guard !arguments.positional.isEmpty else {
            return usageError("exitrace check: expected scenario files or directories (e.g. scenarios)")
        }
        let markdown: Bool
        switch textOrMarkdown(arguments, command: "check") {
        case .success(let value): markdown = value
        case .failure(let done): return done.output
        }
        let tolerance: Int64?
        switch marginTolerance(arguments, command: "check") {
        case .success(let value): tolerance = value
        case .failure(let done): return done.output
        }
        let update = arguments.flag("--update")
        if update && environment.isCI && !arguments.flag("--force") {
            return ToolOutput(
                stderr: "exitrace check: refusing to --update results with CI=true: CI checks results, people accept them "
                    + "(add --force if you really mean it)\n",
                exitCode: ExitCode.badInput)
        }
        let results: [BatchRunner.Result]
        switch runBatch(arguments, environment) {
        case .success(let computed): results = computed.results
        case .failure(let error): return inputError(error)
        }
        let allDirectories = arguments.positional.allSatisfy { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        let drift = ResultsDrift(results: results, against: against, includeOrphans: allDirectories, marginToleranceNs: tolerance)

        guard !drift.isEmpty else {
            return ToolOutput(stdout: "results match: \(results.count) scenario\(results.count == 1 ? "" : "s") checked against \(against)\n")
        }
        if update {
            do {
                try drift.update(results: results, against: against)
            } catch {
                return inputError(error)
            }
            return ToolOutput(stdout: drift.render(markdown: markdown) + "updated \(against)\n")
        }
        let command = (["exitrace", "check"] + arguments.positional + ["--against", against, "--update"])
            .joined(separator: " ")
        return ToolOutput(
            stdout: drift.render(markdown: markdown)
                + "results in \(against) differ from what the scenarios give now; if the change is intended, run: \(command)\n",
            exitCode: ExitCode.difference)
    }

    static let checkHelp = """
        USAGE: exitrace check DIR|FILE… --against DIR [--update [--force]] [--format text|md]
                              [--margins MS] [--set PATH=VALUE]…

        Re-runs the scenarios and compares with the committed results in the --against directory
        (<name>.md and <name>.json per scenario, as exitrace batch writes them). Any difference
        fails: a flipped cell is reported cell by cell, as exitrace diff does; a result file that
        changed without a cell changing (labels, details) is named; results of scenarios that no
        longer exist are reported when the arguments are directories.

        OPTIONS
          --update        rewrite the results that differ (and remove those of deleted scenarios);
                          refused when CI=true unless --force is given too
          --format md     Markdown, for a CI job summary
          --margins MS    also report margins that moved by more than MS milliseconds

        Exit code 0 when everything matches (or --update wrote it), 1 on drift, 2 on bad input.

        """
}
