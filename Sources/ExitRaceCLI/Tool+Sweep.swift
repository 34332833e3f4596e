import ExitRace
import Foundation

extension Tool {
    static func sweepCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, sweepSpec)
            if let shard = arguments.value("--shard") { return try sweepShard(arguments, shard) }
            let scenario = try oneScenario(arguments, command: "sweep")
            let grid = try sweepGrid(arguments, scenario)
            let parallel = !arguments.flag("--serial")
            let output = arguments.value("--output")
            let inputs = ProtectedFiles(arguments.positional.flatMap { ScenarioLoader.files(path: $0) })
            var results = try ResultStream(output: output, environment, protecting: output == nil ? .none : inputs)
            if let directory = arguments.value("--svg") {
                // Refused before the work: a grid too large to draw, or a picture that cannot be written.
                guard grid.pointCount <= maxPicturePoints else {
                    throw usageError("exitrace sweep: --svg draws grids of at most \(maxPicturePoints) points, found \(grid.pointCount)")
                }
                try reporting { () throws(InputError) in
                    try Directory.create(directory, for: "--svg")
                    try AtomicFile.checkWritable(picturePath(directory, scenario), protecting: inputs)
                }
            }
            switch arguments.format(sweepFormatOption) {
            case .jsonl:
                // Simulated and rendered on every core while the finished chunks are written, in order.
                let progress = ProgressLine(environment, noun: "grid points written")
                let counter = sweepEstimate(progress, scenario, grid, parallel: parallel)
                try SweepLinesRenderer.stream(scenario: scenario, grid: grid, parallel: parallel, progress: counter) { (text) throws(Stop) in
                    try results.write(text)
                }
                progress.finish()
            case let format:
                try checkReportSize(grid, scenario)
                let tolerance = try sweepTolerance(arguments)
                let analysis = try reporting { () throws(InputError) in
                    try FlipAnalysis(scenario: scenario, grid: grid, durationToleranceNs: tolerance)
                }
                let progress = ProgressLine(environment, noun: "grid points simulated, then lines refined")
                let counter = sweepEstimate(progress, scenario, grid, parallel: parallel, counted: analysis.progressUnits)
                let report = analysis.run(parallel: parallel, progress: counter)
                progress.finish()
                // The picture and an --output file are put in place together, once both are written.
                let files = AtomicFileSet(protecting: inputs)
                var wrote = ""
                if let directory = arguments.value("--svg") {
                    try addPicture(report, grid, parallel, in: directory, to: files)
                    wrote = "wrote \(picturePath(directory, scenario))\n"
                }
                switch format {
                case .md: try results.write(FlipReportRenderer.markdown(report))
                case .json: try results.write(FlipReportRenderer.json(report))
                default: try results.write(FlipReportRenderer.text(report))
                }
                var output = try results.finish(with: files)
                output.stderr += wrote
                return output
            }
            return try results.finish()
        }
    }

    /// The estimate of a sweep's grid on a terminal, when it may take over a minute, and its progress count.
    static func sweepEstimate(
        _ progress: ProgressLine, _ scenario: Scenario, _ grid: SweepGrid, parallel: Bool, counted: Int? = nil
    ) -> WorkProgress? {
        WorkEstimate.start(
            progress, scenario: scenario, command: "exitrace sweep", units: grid.pointCount, unit: "grid point",
            cellRunsPerUnit: scenario.cellRuns, parallel: parallel, bound: "--steps bounds it", counted: counted)
    }

    /// Writes the sweep's picture for `directory/<scenario>-sweep.svg` into `files`.
    static func addPicture(
        _ report: FlipReport, _ grid: SweepGrid, _ parallel: Bool, in directory: String, to files: AtomicFileSet
    ) throws(Stop) {
        guard grid.pointCount <= maxPicturePoints else {
            throw usageError("exitrace sweep: --svg draws grids of at most \(maxPicturePoints) points, found \(grid.pointCount)")
        }
        let points = SweepPoint.run(scenario: report.scenario, grid: grid, points: 0..<grid.pointCount, parallel: parallel)
        try reporting { () throws(InputError) in try Directory.create(directory, for: "--svg") }
        let path = picturePath(directory, report.scenario)
        try reporting { () throws(InputError) in try files.add(SweepSVG.render(report, points: points), for: path) }
    }

    /// Refuses, before the work, a flip report too large to hold in memory: it has a line per
    /// setting and combination of the other settings' values, each with every cell (8 settings of
    /// 4 values: 131,072 lines × 18 cells, gigabytes). `--format jsonl` streams the points instead.
    static func checkReportSize(_ grid: SweepGrid, _ scenario: Scenario) throws(Stop) {
        let cells = scenario.hooks.count * scenario.strategies.count
        let lines = grid.axes.reduce(0) { $0 + grid.pointCount / max(1, $1.values.count) }
        let (lineCells, overflow) = lines.multipliedReportingOverflow(by: cells)
        guard overflow || lineCells > maxReportLineCells else { return }
        throw usageError(
            "exitrace sweep: the flip report would hold \(TimeFormatting.grouped(lines)) lines × \(TimeFormatting.grouped(cells)) cells, "
                + "more than \(TimeFormatting.grouped(maxReportLineCells)) "
                + "(about two kilobytes each in memory); vary fewer settings or use fewer --steps, or stream the points with --format jsonl")
    }

    /// The most line × cell entries a flip report may hold: about 500 MB (measured: 86,400 take 178 MB).
    static let maxReportLineCells = 250_000

    /// `DIR/<scenario>-sweep.svg`.
    static func picturePath(_ directory: String, _ scenario: Scenario) -> String {
        (directory as NSString).appendingPathComponent("\(scenario.name)-sweep.svg")
    }

    /// The largest grid `--svg` draws: every point is a shape.
    static let maxPicturePoints = 100_000

    /// Grid points rendered together when merged sweep shards are written as JSON lines.
    static let sweepWindow = 4_096
    static let defaultSweepSteps = SweepSpec.defaultSteps
    /// How closely a change is pinned without `--tolerance`, in nanoseconds.
    static let defaultSweepTolerance = SweepSpec.defaultTolerance.nanoseconds
    static let defaultMaxPoints = 1_000_000

    /// The one scenario a command works on: a file, or the built-in default.
    static func oneScenario(_ arguments: Arguments, command: String) throws(Stop) -> Scenario {
        let set = try loadScenarios(arguments.positional, arguments)
        guard set.scenarios.count == 1 else {
            throw usageError("exitrace \(command): expected one scenario file, found \(set.scenarios.count)")
        }
        return set.scenarios[0]
    }

    static func sweepGrid(_ arguments: Arguments, _ scenario: Scenario) throws(Stop) -> SweepGrid {
        let specs = arguments.values("--vary")
        guard !specs.isEmpty else {
            throw usageError("exitrace sweep: expected at least one --vary PATH=FROM...TO (e.g. --vary timing.exitDurationMs=0.1...100)")
        }
        let steps = arguments.number(orDefault: stepsOption)
        let maxPoints = arguments.number(orDefault: maxPointsOption)
        let space = ParameterSpace(scenario: scenario)
        var axes: [SweepAxis] = []
        var diagnostics: [Diagnostic] = []
        for spec in specs {
            do {
                axes.append(try SweepAxis.parse(spec, steps: steps, logarithmic: arguments.flag("--log"), space: space))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw inputError(InputError(diagnostics)) }
        if let twice = axes.indices.first(where: { index in axes[..<index].contains { $0.path == axes[index].path } }) {
            throw usageError("exitrace sweep: \(axes[twice].path) is varied twice; give one --vary per setting")
        }
        guard SweepGrid.checkedPointCount(axes, max: maxPoints) != nil else {
            throw usageError(
                "exitrace sweep: the grid has more than --max-points \(maxPoints) points (\(axes.map { "\($0.values.count)" }.joined(separator: " × "))); "
                    + "use fewer --steps or values, or raise --max-points")
        }
        return SweepGrid(axes: axes)
    }

    static func sweepTolerance(_ arguments: Arguments) throws(Stop) -> Int64 {
        guard let text = arguments.value("--tolerance") else { return defaultSweepTolerance }
        guard let ms = Double(text), ms > 0, ms <= 1_000_000, let duration = VirtualDuration.milliseconds(ms),
            duration.nanoseconds >= 1
        else {
            throw usageError("exitrace sweep: --tolerance expects milliseconds from 0.000001 to 1000000, found '\(text)'")
        }
        return duration.nanoseconds
    }

    static let stepsOption = OptionSpec.whole(
        "--steps", "N", 2...1_000_000, default: .number(defaultSweepSteps), "values per range; counts step by whole numbers")
    static let maxPointsOption = OptionSpec.whole(
        "--max-points", "N", 1...100_000_000, default: .number(defaultMaxPoints), "refuse a grid larger than N points")
    static let sweepFormatOption = OptionSpec.format([
        (.text, "the flip report"), (.md, "the flip report in Markdown"), (.json, "the flip report in JSON, in nanoseconds"),
        (.jsonl, "one line per grid point instead: the settings and every cell's outcome and margin under every procedure, "
            + "written as computed"),
    ])

    static let sweepSpec = CommandSpec(
        name: "sweep",
        summary: """
              exitrace sweep [FILE] --vary PATH=FROM...TO [--vary …]… [--steps N] [--log] [--svg DIR]
                                            where each cell flips as timing settings vary
            """,
        about: """
            USAGE: exitrace sweep [FILE] --vary PATH=FROM...TO [--vary …]… [--steps N] [--log] [--svg DIR]
                                  [--tolerance MS] [--format text|md|json|jsonl] [--max-points N]
                                  [--set PATH=VALUE]… [--serial] [-o FILE] [--shard i/n --output SHARD.json]

            Varies timing settings over a range and reports, for every cell, where it flips: the
            stretches of each setting over which the cell is ○, △ (which procedures) or ×, each change
            pinned by bisection between the last value of one state and the first of the next. Answers
            "how far is this cell from flipping, and on which setting?". With no FILE, the built-in
            default scenario.

            """,
        options: [
            .text(
                "--vary", "PATH=FROM...TO", repeatable: true,
                """
                a numeric setting (any path --set takes: timing.exitDurationMs, \
                'systemCalls["Activity.end"].costMs', timing.cooperativePoolWidth) from FROM to TO, in the file's unit \
                (milliseconds or a count); or PATH=v1,v2,…: the setting at these values. Several --vary make a full grid; \
                changes are reported along each setting at every value of the others
                """),
            stepsOption,
            .flag("--log", "space range values logarithmically (FROM above 0)"),
            .text(
                "--tolerance", "MS", default: .value("\(Double(defaultSweepTolerance) / 1e6) ms = \(defaultSweepTolerance / 1000) µs"),
                "pin each change to within MS; whole-number settings are pinned exactly"),
            sweepFormatOption, maxPointsOption,
            .text(
                "--svg", "DIR",
                "also draw DIR/<scenario>-sweep.svg: for one setting a strip per cell that flips, coloured ○/△/× along it, "
                    + "with each procedure's margin as a curve (symmetric log scale, ticks in ms), in panels of 4 with their "
                    + "own scale, then a thin row per cell that never flips; for two, a phase map per cell"),
            .set("change a setting of the scenario first; repeatable"),
            .flag("--serial", "run on one core (the output is the same)"),
            .output("write to FILE (whole or not at all) instead of stdout"),
            .shard(
                "simulate only shard i of n (1-based) of one FILE's grid points (i-1)·P/n ..< i·P/n and write a shard file to "
                    + "--output (no --format, no --svg); exitrace merge puts the shards together into exactly what the "
                    + "unsharded sweep prints, in any --format. See docs/sharding.md"),
        ],
        epilogue: """
            Ties: when the cleanup would take effect at the very nanosecond the process dies, the event
            scheduled first happens first, as for every pair of events at one instant: the cleanup
            wins if its request was on its way before the process began to die (exit began, the
            watchdog was armed), else it loses. The report shows which side each boundary value fell
            on. Between two grid points the bisection follows one change; a state that comes and goes
            within one step may be missed: use more --steps.

            EXAMPLES
              exitrace sweep --vary timing.exitDurationMs=0.1...100 --log --steps 200
              exitrace sweep scenarios/live-activity.json --vary timing.startLatencyMs.default=1,5,10,20 \\
                             --vary timing.exitDurationMs=1...20 --steps 20

            """,
        run: sweepCommand)
}
