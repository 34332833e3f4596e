/// Puts the shards of one sampled experiment back together: the table of every replication,
/// equal to the table of the unsharded run.
///
/// Shards must come from the same tool and format version, the same scenario (fingerprint), seed
/// and number of replications, and must cover every replication exactly once; anything else is
/// refused with a diagnostic naming the file.
public enum ShardMerge {
    /// The merged table of `shards` (each with the file it was read from), given in any order.
    public static func merge(_ shards: [(file: String, shard: ShardFile)]) throws(InputError) -> RateTable {
        guard let first = shards.first else {
            throw InputError([Diagnostic(file: "merge", path: "", message: "expected at least one shard file, found none")])
        }
        var diagnostics: [Diagnostic] = []
        func refuse(_ file: String, _ path: String, _ message: String) {
            diagnostics.append(Diagnostic(file: file, path: path, message: message))
        }
        for (file, shard) in shards where shard.toolVersion != ExitRaceVersion.current {
            refuse(
                file, "toolVersion",
                "expected shards of exitrace \(ExitRaceVersion.current) (this tool: results may differ between versions), found one of exitrace \(shard.toolVersion)"
            )
        }
        let reference = first.shard
        for (file, shard) in shards.dropFirst() {
            if shard.scenario.fingerprint != reference.scenario.fingerprint {
                refuse(
                    file, "scenario",
                    "expected the scenario of \(first.file) (\(reference.scenario.file), fingerprint \(reference.scenario.fingerprint)), found another (\(shard.scenario.file), fingerprint \(shard.scenario.fingerprint))"
                )
            }
            if shard.sampling.seed != reference.sampling.seed {
                refuse(file, "seed", "expected seed \(reference.sampling.seed) (as in \(first.file)), found \(shard.sampling.seed)")
            }
            if shard.sampling.runs != reference.sampling.runs {
                refuse(file, "runs", "expected \(reference.sampling.runs) replications (as in \(first.file)), found \(shard.sampling.runs)")
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        diagnostics = coverage(shards)
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        let ordered = shards.sorted { ($0.shard.table.replications.lowerBound, $0.shard.table.replications.upperBound) < ($1.shard.table.replications.lowerBound, $1.shard.table.replications.upperBound) }
        var table = ordered[0].shard.table
        // Empty shards (more shards than replications) add nothing.
        for part in ordered.dropFirst() where !part.shard.table.replications.isEmpty { table.merge(part.shard.table) }
        return table
    }

    /// Problems with which replications the shards cover: missing, given twice or overlapping.
    private static func coverage(_ shards: [(file: String, shard: ShardFile)]) -> [Diagnostic] {
        let runs = shards[0].shard.sampling.runs
        let counts = Set(shards.map(\.shard.shard.count))
        var diagnostics: [Diagnostic] = []
        if counts.count == 1, let count = counts.first {
            // One way of cutting: say which shards are missing or given twice.
            var seen: [Int: String] = [:]
            for (file, shard) in shards {
                let index = shard.shard.index
                if let earlier = seen[index] {
                    diagnostics.append(
                        Diagnostic(file: file, path: "shard", message: "expected each shard once, found shard \(shard.shard) again (also in \(earlier))"))
                } else {
                    seen[index] = file
                }
            }
            // Counted, not listed: a count may be 100,000,000 while one shard is given.
            let missingCount = count - seen.count
            if missingCount > 0 {
                let shown = (1...count).lazy.filter { seen[$0] == nil }.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
                let more = missingCount > 10 ? " and \(missingCount - 10) more" : ""
                diagnostics.append(
                    Diagnostic(
                        file: "merge", path: "",
                        message: "expected all \(count) shards, found \(seen.count): missing \(shown)\(more)"))
            }
            return diagnostics
        }
        // Shards cut different ways: they must still tile the replications.
        let ordered = shards.sorted { $0.shard.table.replications.lowerBound < $1.shard.table.replications.lowerBound }
        var covered = 0, coveredBy = "the start"
        for (file, shard) in ordered {
            let range = shard.table.replications
            if range.isEmpty { continue }
            if range.lowerBound > covered {
                diagnostics.append(
                    Diagnostic(
                        file: "merge", path: "",
                        message: "expected every replication, found replications \(covered)..<\(range.lowerBound) in no shard (between \(coveredBy) and \(file))"))
            } else if range.lowerBound < covered {
                diagnostics.append(
                    Diagnostic(
                        file: file, path: "shard",
                        message: "expected shards that do not overlap, found shard \(shard.shard) (replications \(range.lowerBound)..<\(range.upperBound)) overlapping \(coveredBy) (up to \(covered))"))
            }
            if range.upperBound > covered {
                covered = range.upperBound
                coveredBy = file
            }
        }
        if covered < runs {
            diagnostics.append(
                Diagnostic(
                    file: "merge", path: "",
                    message: "expected every replication, found replications \(covered)..<\(runs) in no shard (after \(coveredBy))"))
        }
        return diagnostics
    }
}
