import ExitRace

extension Tool {
    /// `calibrate FILE --measured M --shard i/n --output SHARD.json`: runs shard i of n of the
    /// calibration's sets (in words of 64) and writes its shard file, for `exitrace merge`.
    static func calibrateShard(_ arguments: Arguments, _ text: String, _ calibration: Calibration, measured: String) throws(Stop) -> ToolOutput {
        let shard = try shardSpec(text, command: "calibrate")
        if let option = ["--format", "--check", "--svg"].first(where: { arguments.value($0) != nil }) ?? (arguments.flag("--update") ? "--update" : nil) {
            throw usageError(
                "exitrace calibrate: --shard writes a shard file (JSON) and takes no \(option); choose the format when merging (exitrace merge SHARD.json… --format md)")
        }
        guard let output = arguments.value("--output") else {
            throw usageError("exitrace calibrate: --shard needs --output SHARD.json, the shard file exitrace merge reads")
        }
        let resolved = try oneResolvedScenario(arguments, command: "calibrate")
        let measuredText = try reporting { () throws(InputError) in try CalibrationShardFile.measuredText(path: measured) }
        let file = CalibrationShardFile.run(
            calibration, scenario: resolved, measuredFile: measured, measuredText: measuredText, shard: shard, parallel: !arguments.flag("--serial"))
        try write(file.serialized(), to: output, inputsOf: arguments)
        return ToolOutput()
    }

    /// `merge` of calibration shards: the report printed exactly as the unsharded `calibrate` prints it.
    static func mergeCalibrationShards(_ arguments: Arguments, _ environment: ToolEnvironment) throws(Stop) -> ToolOutput {
        var shards: [(file: String, shard: CalibrationShardFile)] = []
        var diagnostics: [Diagnostic] = []
        for path in arguments.positional {
            do throws(InputError) {
                shards.append((path, try CalibrationShardFile.read(path: path)))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw inputError(InputError(diagnostics)) }
        let (result, measured) = try reporting { () throws(InputError) in try CalibrationShardMerge.merge(shards) }
        let words = CalibrationText(result: result, measured: measured, simulator: Simulator(scenario: result.calibration.scenario))
        let rendered: String
        switch try format(arguments, in: [.text, .md, .json, .html], command: "merge", for: "for calibration shards") {
        case .md: rendered = CalibrationRenderer.markdown(words)
        case .json: rendered = CalibrationRenderer.json(words)
        case .html: rendered = CalibrationHTML.render(words)
        default: rendered = CalibrationRenderer.text(words)
        }
        let output = arguments.value("--output")
        var results = try ResultStream(output: output, environment, protecting: ProtectedFiles(arguments.positional))
        try results.write(rendered)
        return try results.finish()
    }
}
