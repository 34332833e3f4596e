import ExitRace

extension Tool {
    /// `sweep FILE --vary … --shard i/n --output SHARD.json`: simulates shard i of n of the sweep's
    /// grid points and writes its shard file, for `exitrace merge`.
    static func sweepShard(_ arguments: Arguments, _ text: String) throws(Stop) -> ToolOutput {
        let shard = try shardSpec(text, command: "sweep")
        guard arguments.value("--format") == nil else {
            throw usageError(
                "exitrace sweep: --shard writes a shard file (JSON) and takes no --format; choose the format when merging (exitrace merge SHARD.json… --format jsonl)")
        }
        guard arguments.value("--svg") == nil else {
            throw usageError("exitrace sweep: --shard takes no --svg; draw the picture with an unsharded sweep")
        }
        guard let output = arguments.value("--output") else {
            throw usageError("exitrace sweep: --shard needs --output SHARD.json, the shard file exitrace merge reads")
        }
        let resolved = try oneResolvedScenario(arguments, command: "sweep")
        let scenario = try reporting { () throws(InputError) in try resolved.decode() }
        let grid = try sweepGrid(arguments, scenario)
        let settings = SweepShardFile.Settings(
            vary: arguments.values("--vary"), steps: arguments.number(orDefault: stepsOption),
            logarithmic: arguments.flag("--log"), toleranceNs: try sweepTolerance(arguments))
        let file = try reporting { () throws(InputError) in
            try SweepShardFile.run(resolved, grid: grid, settings: settings, shard: shard, parallel: !arguments.flag("--serial"))
        }
        try write(file.serialized(), to: output, inputsOf: arguments)
        return ToolOutput()
    }

    /// `--shard i/n`, or a usage error naming the command.
    static func shardSpec(_ text: String, command: String) throws(Stop) -> ShardSpec {
        switch ShardSpec.parse(text) {
        case .success(let parsed): return parsed
        case .failure(let error): throw usageError("exitrace \(command): --shard \(error.message)")
        }
    }

    /// The one scenario FILE a shard runs, `extend` and `--set` applied, as the shard file carries it.
    static func oneResolvedScenario(_ arguments: Arguments, command: String) throws(Stop) -> ResolvedScenario {
        guard arguments.positional.count == 1 else {
            throw usageError(
                "exitrace \(command): --shard runs exactly one scenario FILE, found \(arguments.positional.isEmpty ? "none" : "\(arguments.positional.count)")")
        }
        let settings = arguments.values("--set")
        let source = try reporting { () throws(InputError) in try ScenarioSource.check(arguments.positional, settings: settings) }
        guard source.files.count == 1 else {
            throw usageError("exitrace \(command): --shard runs exactly one scenario FILE, found \(source.files.count) in \(arguments.positional[0])")
        }
        return try reporting { () throws(InputError) in
            var overrides: [SettingOverride] = []
            for setting in settings { overrides.append(try SettingOverride.parse(setting)) }
            return try ScenarioLoader.resolve(path: source.files[0], overrides: overrides)
        }
    }

    /// `merge` of sweep shards: the sweep printed exactly as the unsharded `sweep` prints it.
    static func mergeSweepShards(_ arguments: Arguments, _ environment: ToolEnvironment) throws(Stop) -> ToolOutput {
        var shards: [(file: String, shard: SweepShardFile)] = []
        var diagnostics: [Diagnostic] = []
        for path in arguments.positional {
            do throws(InputError) {
                shards.append((path, try SweepShardFile.read(path: path)))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw inputError(InputError(diagnostics)) }
        let merged = try reporting { () throws(InputError) in try SweepShardMerge.merge(shards) }
        let format = try format(arguments, in: [.text, .md, .json, .jsonl], command: "merge", for: "for sweep shards")
        let output = arguments.value("--output")
        var results = try ResultStream(output: output, environment, protecting: ProtectedFiles(arguments.positional))
        switch format {
        case .jsonl:
            // A window of lines at a time, as the unsharded sweep writes them.
            for window in stride(from: 0, to: merged.points.count, by: sweepWindow) {
                let points = Array(merged.points[window..<min(window + sweepWindow, merged.points.count)])
                try results.write(SweepLinesRenderer.render(points, grid: merged.grid, scenario: merged.scenario))
            }
        case .md: try results.write(FlipReportRenderer.markdown(merged.report()))
        case .json: try results.write(FlipReportRenderer.json(merged.report()))
        default: try results.write(FlipReportRenderer.text(merged.report()))
        }
        return try results.finish()
    }

    /// The kind of every shard file: `run` unless its top-level `kind` names another; one with no
    /// `kind` counts as a `run` shard, whose reader says what else it lacks. Mixed kinds are
    /// refused. Every file is read before any is judged: the files that cannot be read or are not
    /// JSON are reported together (by the run shards' reader, when every other file is one).
    static func shardKind(of paths: [String]) throws(Stop) -> String {
        var unreadable: [Diagnostic] = []
        var kinds: [(file: String, named: String?)] = []
        for path in paths {
            do throws(InputError) { kinds.append((path, try ShardKind.of(path: path))) } catch { unreadable += error.diagnostics }
        }
        guard let first = kinds.first else {
            if unreadable.isEmpty { return "run" }
            throw inputError(InputError(unreadable))
        }
        let kind = first.named ?? "run"
        if let other = kinds.first(where: { ($0.named ?? "run") != kind }) {
            let found = other.named.map { "a \($0) shard" } ?? "no \"kind\" member (a run shard has none)"
            throw inputError(
                InputError(unreadable + [
                    Diagnostic(
                        file: other.file, path: "kind",
                        message: "expected shards of one kind (\(kind) shards, as \(first.file) is), found \(found)")
                ]))
        }
        if !unreadable.isEmpty && kind != "run" { throw inputError(InputError(unreadable)) }
        return kind
    }
}
