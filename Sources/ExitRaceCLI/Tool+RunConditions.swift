import ExitRace

extension Tool {
    /// `run FILE --run-conditions`: the scenario under `runCondition` debug and release, as one table
    /// (``RunConditionComparison``).
    static func runConditions(_ arguments: Arguments, _ format: OutputFormat, _ environment: ToolEnvironment) throws(Stop) -> ToolOutput {
        guard arguments.positional.count == 1 else {
            throw usageError("exitrace run: --run-conditions compares one scenario FILE, found \(arguments.positional.count)")
        }
        guard format != .json else { throw usageError("exitrace run: --run-conditions writes text or md, not json") }
        for other in ["--runs", "--explore", "--shard"] where arguments.value(other) != nil || arguments.flag(other) {
            throw usageError("exitrace run: --run-conditions runs each condition once, without \(other)")
        }
        if let given = arguments.values("--set").first(where: { $0.hasPrefix("runCondition=") }) {
            throw usageError("exitrace run: --run-conditions runs both conditions; --set \(given) would pick one")
        }
        let path = arguments.positional[0]
        func table(_ condition: String) throws(Stop) -> ResultTable {
            try reporting { () throws(InputError) in
                let overrides = try arguments.values("--set").map(SettingOverride.parse) + [SettingOverride.parse("runCondition=\(condition)")]
                let resolved = try ScenarioLoader.resolve(path: path, overrides: overrides)
                guard resolved.hasRunConditions else {
                    throw InputError([Diagnostic(
                        file: path, path: "runConditions",
                        message: "expected a scenario with runConditions (debug and release) to compare, found none")])
                }
                return Simulator(scenario: try resolved.decode()).table()
            }
        }
        let (debug, release) = (try table("debug"), try table("release"))
        let text = RunConditionComparison.render(debug: debug, release: release, markdown: format == .md)
        let output = arguments.value("--output")
        let inputs = ProtectedFiles(ScenarioLoader.files(path: path))
        var results = try ResultStream(output: output, environment, protecting: output == nil ? .none : inputs)
        try results.write(text)
        return try results.finish()
    }
}
