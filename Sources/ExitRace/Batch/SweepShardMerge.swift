/// Puts the shards of one sweep back together: every grid point, in order, from which the merge
/// renders exactly what the unsharded `sweep` prints in any format.
///
/// Shards must come from the same tool and format version, the same scenario (fingerprint) and
/// sweep settings (`--vary`, `--steps`, `--log`, `--tolerance`) and must cover every grid point
/// exactly once; anything else is refused with a diagnostic naming the file.
public enum SweepShardMerge {
    /// The whole sweep, put together.
    public struct Merged: Sendable {
        /// The scenario swept (decoded from the shards' document).
        public var scenario: Scenario
        /// The grid.
        public var grid: SweepGrid
        /// The sweep's settings.
        public var settings: SweepShardFile.Settings
        /// Every grid point, in order.
        public var points: [SweepPoint]

        /// The flip report, the grid's states taken from the points and every change pinned by bisection.
        public func report() -> FlipReport {
            let analysis = FlipAnalysis(scenario: scenario, grid: grid, durationToleranceNs: settings.toleranceNs)
            return analysis.report(states: FlipAnalysis.states(of: points, procedures: scenario.procedures.count))
        }
    }

    /// The merged sweep of `shards` (each with the file it was read from), given in any order.
    public static func merge(_ shards: [(file: String, shard: SweepShardFile)]) throws(InputError) -> Merged {
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
            if shard.settings != reference.settings {
                refuse(file, "sweep", "expected the sweep of \(first.file) (\(describe(reference.settings))), found another (\(describe(shard.settings)))")
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        let parts = shards.map { ShardCoverage.Part(file: $0.file, shard: $0.shard.shard, range: $0.shard.range) }
        diagnostics = ShardCoverage.problems(parts, total: reference.pointCount, items: "points")
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        let scenario = try reference.scenario.decode()
        let grid = try SweepShardFile.grid(reference.settings, of: scenario)
        let points = shards.map(\.shard).sorted { $0.range.lowerBound < $1.range.lowerBound }.flatMap(\.points)
        return Merged(scenario: scenario, grid: grid, settings: reference.settings, points: points)
    }

    private static func describe(_ settings: SweepShardFile.Settings) -> String {
        let vary = settings.vary.map { "--vary \($0)" }.joined(separator: " ")
        return "\(vary) --steps \(settings.steps)\(settings.logarithmic ? " --log" : "") --tolerance \(settings.toleranceNs) ns"
    }
}
