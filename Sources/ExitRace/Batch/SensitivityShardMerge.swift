/// Puts the shards of one sensitivity analysis back together: every base sample's outcomes in
/// order, summed exactly as the unsharded analysis sums them.
///
/// Shards must come from the same tool, scenario (fingerprint), `--samples`, `--seed` and
/// `--bootstrap`, and must cover every base sample exactly once; anything else is refused with a
/// diagnostic naming the file.
public enum SensitivityShardMerge {
    /// The analysis, its sums (every row kept) and the bootstrap resamples asked for.
    public static func merge(
        _ shards: [(file: String, shard: SensitivityShardFile)]
    ) throws(InputError) -> (analysis: Sensitivity, sums: SensitivitySums, resamples: Int) {
        guard let first = shards.first else {
            throw InputError([Diagnostic(file: "merge", path: "", message: "expected at least one shard file, found none")])
        }
        var diagnostics: [Diagnostic] = []
        for (file, shard) in shards where shard.toolVersion != ExitRaceVersion.current {
            diagnostics.append(
                Diagnostic(
                    file: file, path: "toolVersion",
                    message: "expected shards of exitrace \(ExitRaceVersion.current) (this tool: results may differ between versions), found one of exitrace \(shard.toolVersion)"))
        }
        let reference = first.shard
        for (file, shard) in shards.dropFirst() {
            if shard.scenario.fingerprint != reference.scenario.fingerprint {
                diagnostics.append(
                    Diagnostic(
                        file: file, path: "scenario",
                        message: "expected the scenario of \(first.file) (\(reference.scenario.file), fingerprint \(reference.scenario.fingerprint)), found another (\(shard.scenario.file), fingerprint \(shard.scenario.fingerprint))"))
            }
            let mine = (shard.samples, shard.seed, shard.resamples), theirs = (reference.samples, reference.seed, reference.resamples)
            if mine != theirs {
                diagnostics.append(
                    Diagnostic(
                        file: file, path: "samples",
                        message: "expected --samples \(theirs.0) --seed \(theirs.1) --bootstrap \(theirs.2) (as in \(first.file)), found --samples \(mine.0) --seed \(mine.1) --bootstrap \(mine.2)"))
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        let parts = shards.map { ShardCoverage.Part(file: $0.file, shard: $0.shard.shard, range: $0.shard.range) }
        diagnostics = ShardCoverage.problems(parts, total: reference.samples, items: "base samples")
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        let analysis = try SensitivityShardFile.analysis(scenario: reference.scenario, samples: reference.samples, seed: reference.seed)
        let rows = shards.map(\.shard).sorted { $0.range.lowerBound < $1.range.lowerBound }.flatMap(\.rows)
        return (analysis, analysis.sums(ofRows: rows), reference.resamples)
    }
}
