import ExitRace

extension Tool {
    /// `merge SHARD.json… [--output FILE] [--format text|md|json]`: the shards of one sampled
    /// experiment put back together, printed exactly as the unsharded `run` prints it.
    static func mergeCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, mergeSpec)
            switch try shardKind(of: arguments.positional) {
            case SweepShardFile.kind: return try mergeSweepShards(arguments, environment)
            case CalibrationShardFile.kind: return try mergeCalibrationShards(arguments, environment)
            case SensitivityShardFile.kind: return try mergeSensitivityShards(arguments, environment)
            default: break
            }
            let format = try format(arguments, in: [.text, .md, .json], command: "merge", for: "for run shards").tableFormat ?? .text
            guard !arguments.positional.isEmpty else {
                throw usageError("exitrace merge: expected the shard files to merge (SHARD.json…), found none")
            }
            // Every file is read before any is judged, so every broken file is reported at once.
            var shards: [(file: String, shard: ShardFile)] = []
            var diagnostics: [Diagnostic] = []
            for path in arguments.positional {
                do throws(InputError) {
                    shards.append((path, try ShardFile.read(path: path)))
                } catch {
                    diagnostics += error.diagnostics
                }
            }
            guard diagnostics.isEmpty else { throw inputError(InputError(diagnostics)) }
            let table = try reporting { () throws(InputError) in try ShardMerge.merge(shards) }
            let output = arguments.value("--output")
            var results = try ResultStream(output: output, environment, protecting: ProtectedFiles(arguments.positional))
            try results.write(format.opening(count: 1) + format.piece(table, index: 0, count: 1) + format.closing(count: 1))
            return try results.finish()
        }
    }

    static let mergeSpec = CommandSpec(
        name: "merge",
        summary: """
              exitrace merge SHARD.json… [--format text|md|json|jsonl|html] [--output FILE]
                                            put together the shards of run, sweep, calibrate or
                                            sensitivity --shard i/n
            """,
        about: """
            USAGE: exitrace merge SHARD.json… [--format text|md|json|jsonl|html] [--output FILE]

            Puts together the shard files that `exitrace run FILE --runs N --seed S --shard i/n
            --output SHARD.json` wrote (on one machine or many) and prints the table of the whole
            experiment: byte for byte what `exitrace run FILE --runs N --seed S` prints. The shards
            may be given in any order. The shards of `exitrace sweep`, `calibrate` and `sensitivity`
            (… --shard i/n --output SHARD.json) are merged the same way into what the unsharded command
            prints, in any of its formats (--format jsonl for sweeps, html for calibrate and sensitivity).

            Refused, with exit code 2: shards of another exitrace or shard file version, of different
            scenarios (each shard carries its scenario, extend and --set applied, and a fingerprint),
            seeds or numbers of replications (the sweep's, calibration's or analysis's settings for
            theirs), shards of different kinds (e.g. run and sweep), a missing shard, and a shard given
            twice or overlapping another.

            """,
        options: [
            .format([
                (.text, "aligned for a terminal"), (.md, "GitHub-flavoured Markdown (e.g. for $GITHUB_STEP_SUMMARY)"),
                (.json, "canonical JSON with every count"), (.jsonl, "(sweep shards) one line per grid point"),
                (.html, "(calibration and sensitivity shards) the HTML report"),
            ]),
            .output("write the result to FILE (whole or not at all) instead of stdout; never one of the shard files"),
        ],
        epilogue: """
            See docs/sharding.md for filling --shard from a CI matrix, a Kubernetes Indexed Job or a
            Slurm array.

            """,
        run: mergeCommand)
}
