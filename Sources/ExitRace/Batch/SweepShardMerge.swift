/// Puts the shards of one sweep back together: every grid point, in order, from which the merge
/// renders exactly what the unsharded `sweep` prints in any format.
///
/// Shards must come from the same tool and format version, the same scenario (fingerprint) and
/// sweep settings (`--vary`, `--steps`, `--log`, `--tolerance`) and must cover every grid point
/// exactly once; anything else is refused with a diagnostic naming the file.
package enum SweepShardMerge {
    /// The whole sweep, put together.
    package struct Merged: Sendable {
        /// The scenario swept (decoded from the shards' document).
        package var scenario: Scenario
        /// The grid.
        package var grid: SweepGrid
        /// The sweep's settings.
        package var settings: SweepShardFile.Settings
        /// Every grid point, in order.
        package var points: [SweepPoint]

        /// The flip report, the grid's states taken from the points and every change pinned by bisection.
        package func report() -> FlipReport {
            let analysis = FlipAnalysis(checkedScenario: scenario, grid: grid, durationToleranceNs: settings.toleranceNs)
            return analysis.report(states: FlipAnalysis.states(of: points, procedures: scenario.procedures.count))
        }
    }

    /// The merged sweep of `shards` (each with the file it was read from), given in any order.
    package static func merge(_ shards: [(file: String, shard: SweepShardFile)]) throws(InputError) -> Merged {
        let reference = try SweepShardFile.checkedReference(shards) { part, first in
            guard part.shard.settings != first.shard.settings else { return [] }
            return [
                Diagnostic(
                    file: part.file, path: "sweep",
                    message: "expected the sweep of \(first.file) (\(describe(first.shard.settings))), found another (\(describe(part.shard.settings)))")
            ]
        }
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

extension SweepShardFile: MergeableShard {
    static var items: String { "points" }
    package var total: Int { pointCount }
}
