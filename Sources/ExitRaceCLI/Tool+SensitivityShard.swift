import ExitRace

extension Tool {
    /// `sensitivity FILE --shard i/n --output SHARD.json`: runs shard i of n of the analysis's
    /// base samples and writes its shard file, for `exitrace merge`.
    static func sensitivityShard(_ arguments: Arguments, _ text: String, _ analysis: Sensitivity, resamples: Int) throws(Stop) -> ToolOutput {
        let shard = try shardSpec(text, command: "sensitivity")
        guard arguments.value("--format") == nil else {
            throw usageError(
                "exitrace sensitivity: --shard writes a shard file (JSON) and takes no --format; choose the format when merging (exitrace merge SHARD.json… --format md)")
        }
        guard let output = arguments.value("--output") else {
            throw usageError("exitrace sensitivity: --shard needs --output SHARD.json, the shard file exitrace merge reads")
        }
        let resolved = try oneResolvedScenario(arguments, command: "sensitivity")
        let file = SensitivityShardFile.run(analysis, scenario: resolved, resamples: resamples, shard: shard, parallel: !arguments.flag("--serial"))
        try write(file.serialized(), to: output, inputsOf: arguments)
        return ToolOutput()
    }

    /// `merge` of sensitivity shards: the report printed exactly as the unsharded `sensitivity` prints it.
    static func mergeSensitivityShards(_ arguments: Arguments, _ environment: ToolEnvironment) throws(Stop) -> ToolOutput {
        var shards: [(file: String, shard: SensitivityShardFile)] = []
        var diagnostics: [Diagnostic] = []
        for path in arguments.positional {
            do throws(InputError) {
                shards.append((path, try SensitivityShardFile.read(path: path)))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw inputError(InputError(diagnostics)) }
        let (analysis, sums, resamples) = try reporting { () throws(InputError) in try SensitivityShardMerge.merge(shards) }
        let format = try format(arguments, in: [.text, .md, .json, .html], command: "merge", for: "for sensitivity shards")
        let bootstrap = SensitivityBootstrap(sums: sums, resamples: resamples, seed: analysis.seed, parallel: true)
        let rendered: String
        switch format {
        case .md: rendered = SensitivityRenderer.markdown(bootstrap, analysis: analysis)
        case .json: rendered = SensitivityRenderer.json(bootstrap, analysis: analysis)
        case .html: rendered = SensitivityHTML.render(bootstrap, analysis: analysis)
        default: rendered = SensitivityRenderer.text(bootstrap, analysis: analysis)
        }
        let output = arguments.value("--output")
        var results = try ResultStream(output: output, environment, protecting: ProtectedFiles(arguments.positional))
        try results.write(rendered)
        return try results.finish()
    }
}
