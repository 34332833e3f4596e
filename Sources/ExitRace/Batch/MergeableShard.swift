/// A shard file that `exitrace merge` puts back together with the others of its experiment: it
/// names the tool and scenario it was run with, which shard it is and which items (replications,
/// grid points, sets, base samples) it holds.
protocol MergeableShard: Sendable {
    /// What the experiment's items are called in diagnostics, plural ("points").
    static var items: String { get }
    /// The version of the tool that ran the shard.
    var toolVersion: String { get }
    /// The scenario as it was run.
    var scenario: ResolvedScenario { get }
    /// Which shard it is.
    var shard: ShardSpec { get }
    /// The items it holds.
    var range: Range<Int> { get }
    /// How many items the whole experiment has.
    var total: Int { get }
}

extension MergeableShard {
    /// The first of `shards` after checking what every merge checks: at least one shard, all of
    /// this tool's version and the first one's scenario, the same settings (`sameSettings(shard,
    /// first)` gives the problems of one shard, with its file, against the first's settings), and
    /// every item covered exactly once (``ShardCoverage``). Every problem found is thrown.
    static func checkedReference(
        _ shards: [(file: String, shard: Self)],
        sameSettings: (_ shard: (file: String, shard: Self), _ first: (file: String, shard: Self)) -> [Diagnostic]
    ) throws(InputError) -> Self {
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
            diagnostics += sameSettings((file, shard), first)
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        let parts = shards.map { ShardCoverage.Part(file: $0.file, shard: $0.shard.shard, range: $0.shard.range) }
        diagnostics = ShardCoverage.problems(parts, total: reference.total, items: items)
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        return reference
    }
}
