/// Puts the shards of one sensitivity analysis back together: every base sample's outcomes in
/// order, summed exactly as the unsharded analysis sums them.
///
/// Shards must come from the same tool, scenario (fingerprint), `--samples`, `--seed` and
/// `--bootstrap`, and must cover every base sample exactly once; anything else is refused with a
/// diagnostic naming the file.
package enum SensitivityShardMerge {
    /// The analysis, its sums (every row kept) and the bootstrap resamples asked for.
    package static func merge(
        _ shards: [(file: String, shard: SensitivityShardFile)]
    ) throws(InputError) -> (analysis: Sensitivity, sums: SensitivitySums, resamples: Int) {
        let reference = try SensitivityShardFile.checkedReference(shards) { part, first in
            let (file, shard) = part, reference = first.shard
            let mine = (shard.samples, shard.seed, shard.resamples), theirs = (reference.samples, reference.seed, reference.resamples)
            guard mine != theirs else { return [] }
            return [
                Diagnostic(
                    file: file, path: "samples",
                    message: "expected --samples \(theirs.0) --seed \(theirs.1) --bootstrap \(theirs.2) (as in \(first.file)), found --samples \(mine.0) --seed \(mine.1) --bootstrap \(mine.2)")
            ]
        }
        let analysis = try SensitivityShardFile.analysis(scenario: reference.scenario, samples: reference.samples, seed: reference.seed)
        let rows = shards.map(\.shard).sorted { $0.range.lowerBound < $1.range.lowerBound }.flatMap(\.rows)
        return (analysis, analysis.sums(ofRows: rows), reference.resamples)
    }
}

extension SensitivityShardFile: MergeableShard {
    static var items: String { "base samples" }
    package var total: Int { samples }
}
