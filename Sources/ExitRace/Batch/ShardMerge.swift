/// Puts the shards of one sampled experiment back together: the table of every replication,
/// equal to the table of the unsharded run.
///
/// Shards must come from the same tool and format version, the same scenario (fingerprint), seed
/// and number of replications, made with the same `--set` options in the same order
/// (``RateTable/replayOptions``), and must cover every replication exactly once; anything else is
/// refused with a diagnostic naming the file.
package enum ShardMerge {
    /// The merged table of `shards` (each with the file it was read from), given in any order.
    package static func merge(_ shards: [(file: String, shard: ShardFile)]) throws(InputError) -> RateTable {
        _ = try ShardFile.checkedReference(shards) { part, first in
            let (file, shard) = part, reference = first.shard
            var diagnostics: [Diagnostic] = []
            if shard.sampling.seed != reference.sampling.seed {
                diagnostics.append(
                    Diagnostic(file: file, path: "seed", message: "expected seed \(reference.sampling.seed) (as in \(first.file)), found \(shard.sampling.seed)"))
            }
            if shard.sampling.runs != reference.sampling.runs {
                diagnostics.append(
                    Diagnostic(
                        file: file, path: "runs", message: "expected \(reference.sampling.runs) replications (as in \(first.file)), found \(shard.sampling.runs)"))
            }
            if shard.table.replayOptions != reference.table.replayOptions {
                // The merged table's replay lines repeat one shard's options: all must agree.
                diagnostics.append(
                    Diagnostic(
                        file: file, path: "replayOptions",
                        message: "expected the options \(words(reference.table.replayOptions)) (as in \(first.file)), found "
                            + "\(words(shard.table.replayOptions)): make every shard with the same --set options in the same order"))
            }
            return diagnostics
        }
        let ordered = shards.sorted { ($0.shard.table.replications.lowerBound, $0.shard.table.replications.upperBound) < ($1.shard.table.replications.lowerBound, $1.shard.table.replications.upperBound) }
        var table = ordered[0].shard.table
        // Empty shards (more shards than replications) add nothing.
        for part in ordered.dropFirst() where !part.shard.table.replications.isEmpty { table.merge(part.shard.table) }
        return table
    }

    /// `replayOptions` in a message: the words, each quoted, or `none`.
    private static func words(_ options: [String]) -> String {
        options.isEmpty ? "none" : options.map { "'\($0)'" }.joined(separator: " ")
    }
}

extension ShardFile: MergeableShard {
    static var items: String { "replications" }
    package var range: Range<Int> { table.replications }
    package var total: Int { sampling.runs }
}
