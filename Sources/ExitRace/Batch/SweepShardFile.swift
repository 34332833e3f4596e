/// The result of one shard of a sweep, as `exitrace sweep FILE --vary … --shard i/n --output FILE`
/// writes it and `exitrace merge` reads it: versioned canonical JSON holding the tool version, the
/// scenario (its resolved document and fingerprint), the sweep's settings (every `--vary`,
/// `--steps`, `--log`, `--tolerance`), the shard and the outcome of every cell under every
/// procedure at each of the shard's grid points.
///
/// Shard `i` of `n` holds the grid points `(i-1)·P/n ..< i·P/n` of a grid of `P` points, the
/// points numbered as `--format jsonl` numbers them. Each point is simulated once, in its shard;
/// the merge renders the lines of `--format jsonl` from them, and for the flip report pins each
/// change between neighbouring points by bisection, as the unsharded sweep does.
package struct SweepShardFile: Sendable {
    /// The version of the sweep shard file format this tool writes and reads.
    package static let formatVersion = 1
    /// The value of the file's `kind` member.
    package static let kind = "sweep"

    /// The settings of a sweep that decide its grid and its report.
    package struct Settings: Equatable, Sendable {
        /// Every `--vary`, as given, in order.
        package var vary: [String]
        /// `--steps`.
        package var steps: Int
        /// `--log`.
        package var logarithmic: Bool
        /// `--tolerance`, in nanoseconds.
        package var toleranceNs: Int64

        /// The settings of a sweep.
        package init(vary: [String], steps: Int, logarithmic: Bool, toleranceNs: Int64) {
            self.vary = vary
            self.steps = steps
            self.logarithmic = logarithmic
            self.toleranceNs = toleranceNs
        }
    }

    /// The version of the tool that ran the shard (``ExitRaceVersion/current`` when written).
    package var toolVersion: String
    /// The scenario as it was swept.
    package var scenario: ResolvedScenario
    /// The sweep's settings.
    package var settings: Settings
    /// How many points the whole grid has.
    package var pointCount: Int
    /// Which part of the grid this file holds.
    package var shard: ShardSpec
    /// The shard's points, in order: `shard.replications(of: pointCount)`.
    package var points: [SweepPoint]

    /// A shard file of `points`, shard `shard` of a grid of `pointCount` points.
    package init(scenario: ResolvedScenario, settings: Settings, pointCount: Int, shard: ShardSpec, points: [SweepPoint]) {
        precondition(points.map(\.index) == Array(shard.replications(of: pointCount)), "the points are not the shard's")
        toolVersion = ExitRaceVersion.current
        self.scenario = scenario
        self.settings = settings
        self.pointCount = pointCount
        self.shard = shard
        self.points = points
    }

    /// The shard's grid points: `(i-1)·P/n ..< i·P/n`.
    package var range: Range<Int> { shard.replications(of: pointCount) }

    /// Runs shard `shard` of the sweep of `scenario` over `grid` (on every core unless `parallel` is false).
    package static func run(
        _ scenario: ResolvedScenario, grid: SweepGrid, settings: Settings, shard: ShardSpec, parallel: Bool = true
    ) throws(InputError) -> SweepShardFile {
        let decoded = try scenario.decode()
        let range = shard.replications(of: grid.pointCount)
        let points = range.isEmpty ? [] : SweepPoint.run(scenario: decoded, grid: grid, points: range, parallel: parallel)
        return SweepShardFile(scenario: scenario, settings: settings, pointCount: grid.pointCount, shard: shard, points: points)
    }

    /// The grid of `settings` over `scenario`, or the diagnostics of an axis that does not parse.
    package static func grid(_ settings: Settings, of scenario: Scenario) throws(InputError) -> SweepGrid {
        let space = ParameterSpace(scenario: scenario)
        var axes: [SweepAxis] = []
        for spec in settings.vary {
            axes.append(try SweepAxis.parse(spec, steps: settings.steps, logarithmic: settings.logarithmic, space: space))
        }
        return SweepGrid(axes: axes)
    }

    /// The file's text: canonical JSON, the same bytes for the same shard.
    package func serialized() -> String {
        CanonicalJSON.object([
            "kind": .string(Self.kind),
            "sweepShardFormatVersion": .integer(Int64(Self.formatVersion)),
            "toolVersion": .string(toolVersion),
            "scenario": .object([
                "file": .string(scenario.file),
                "fingerprint": .string(scenario.fingerprint),
                "document": .string(scenario.text),
            ]),
            "sweep": .object([
                "vary": .array(settings.vary.map { .string($0) }),
                "steps": .integer(Int64(settings.steps)),
                "log": .bool(settings.logarithmic),
                "toleranceNs": .integer(settings.toleranceNs),
            ]),
            "points": .integer(Int64(pointCount)),
            "shard": .object([
                "index": .integer(Int64(shard.index)),
                "count": .integer(Int64(shard.count)),
                "firstPoint": .integer(Int64(range.lowerBound)),
                "endPoint": .integer(Int64(range.upperBound)),
            ]),
            // Each point: every cell under every procedure, [finished 0|1, margin ns or null].
            "outcomes": .array(points.map { point in .array(point.outcomes.map(Self.outcome)) }),
        ]).serialized()
    }

    private static func outcome(_ outcome: SweepPoint.Outcome) -> CanonicalJSON {
        .array([.integer(outcome.finished ? 1 : 0), outcome.marginNs.map { .integer($0) } ?? .null])
    }
}
