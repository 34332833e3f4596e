import ExitRace

extension Tool {
    /// `calibrate [FILE] --measured FILE`: which of the scenario's uncertain timings reproduce
    /// a measured table, and what the consistent timings predict for the cells not measured.
    static func calibrateCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, calibrateSpec)
            let format = arguments.format(analysisFormatOption)
            guard let measuredPath = arguments.value("--measured") else {
                throw usageError("exitrace calibrate: --measured FILE is required (a measured table, e.g. measurements/live-activity-ios18.4.json)")
            }
            let committed = arguments.value("--check")
            let update = arguments.flag("--update")
            if update && committed == nil {
                throw usageError("exitrace calibrate: --update rewrites the file given with --check FILE; give --check")
            }
            if committed != nil, let option = ["--output", "--format"].compactMap(arguments.spelling).first {
                throw usageError("exitrace calibrate: --check compares with the committed file and writes no report; leave out \(option) (or --check to write a report)")
            }
            if update && environment.isCI && !arguments.flag("--force") {
                throw Stop(output: ToolOutput(
                    stderr: "exitrace calibrate: refusing to --update a committed calibration with CI=true: CI checks results, people accept them "
                        + "(add --force if you really mean it)\n",
                    exitCode: .badInput))
            }
            // With --check, the options not given are the committed calibration's own. A file that
            // cannot be read or parsed is one --update may write afresh; a file that is something
            // else (a run's result) is refused before any work, --update or not.
            var recorded: CalibrationDrift.Options?
            if let committed {
                var root: JSONNode?
                do throws(InputError) { root = try CalibrationDrift.committedRoot(file: committed) } catch {
                    if !update { throw inputError(error) }
                }
                if let root {
                    try reporting { () throws(InputError) in try CalibrationDrift.expectCalibration(root, file: committed) }
                    recorded = CalibrationDrift.options(of: root)
                }
            }
            let samples = arguments.number(calibrateSamples, default: recorded?.samples ?? defaultCalibrationSamples)
            let seed = UInt64(arguments.number(calibrateSeed, default: Int(recorded?.seed ?? defaultAnalysisSeed)))
            let tolerance = arguments.number(calibrateTolerance, default: recorded?.tolerance ?? 0)
            // Every problem at once: a measured table that cannot be read is reported with the scenario's,
            // and its problems of layout with the names the scenario does not know.
            let measuredLoad = Result { () throws(InputError) in try MeasurementsDecoder.read(path: measuredPath) }
            let (scenario, file) = try withMeasuredProblems(measuredLoad) { () throws(Stop) in
                try oneScenario(arguments, command: "calibrate")
            }
            guard scenario.procedures.count <= Calibration.maxProcedures else {
                throw inputError(InputError([Diagnostic(
                    file: file, path: "procedures",
                    message: "expected at most \(Calibration.maxProcedures) kill procedures to calibrate against, found \(scenario.procedures.count)")]))
            }
            let measured = try reporting { () throws(InputError) in try measuredLoad.get() }
            let targets = try reporting { () throws(InputError) in try measured.resolve(against: scenario) }
            guard tolerance < targets.count else {
                throw usageError("exitrace calibrate: --tolerance \(tolerance) would accept every set: \(measuredPath) measures \(targets.count) cell\(targets.count == 1 ? "" : "s"); give at most \(targets.count - 1)")
            }
            if let committed, let recorded, !update,
                let mismatch = CalibrationDrift.optionsMismatch(committed: recorded, current: .init(samples: samples, seed: seed, tolerance: tolerance)) {
                return ToolOutput(
                    stdout: ProseWrapping.text(mismatch)
                        + ProseWrapping.text("so this run cannot check \(committed); leave out --samples, --seed and --tolerance to check it with its own", indent: "  "),
                    exitCode: .difference)
            }
            // Outputs are checked (and an --output opened) before the work, which may take hours.
            let inputs = ProtectedFiles(arguments.positional.flatMap { ScenarioLoader.files(path: $0) } + [measuredPath])
            if let committed, update { try checkCalibrationWritable(committed, protecting: inputs) }
            let output = arguments.value("--output")
            var results = try ResultStream(
                output: committed == nil ? output : nil, environment, protecting: output == nil ? .none : inputs)
            // The checks above give the command's own messages; the library's are a backstop.
            let calibration = try reporting { () throws(InputError) in
                try Calibration(scenario: scenario, targets: targets, samples: samples, seed: seed, tolerance: tolerance)
            }
            if let shard = arguments.value("--shard") { return try calibrateShard(arguments, shard, calibration, measured: measuredPath) }
            let parallel = !arguments.flag("--serial")
            let progress = ProgressLine(environment, noun: "samples simulated")
            let counter = WorkEstimate.start(
                progress, scenario: scenario, command: "exitrace calibrate", units: samples, unit: "sample",
                cellRunsPerUnit: scenario.cellRuns, parallel: parallel, bound: "--samples bounds it")
            let result = calibration.run(parallel: parallel, progress: counter)
            progress.finish()
            let words = CalibrationText(result: result, measured: measured, simulator: Simulator(scenario: scenario))
            if let committed {
                return try checkCalibration(words, against: committed, update: update, protecting: inputs)
            }
            switch format {
            case .md: try results.write(CalibrationRenderer.markdown(words))
            case .json: try results.write(CalibrationRenderer.json(words))
            case .html: try results.write(CalibrationHTML.render(words))
            default: try results.write(CalibrationRenderer.text(words))
            }
            return try results.finish()
        }
    }

    /// `body`'s result; when it stops on bad input and the measured table could not be read either,
    /// the table's problems are added to the stop's, so that one run reports both.
    static func withMeasuredProblems<T>(
        _ measured: Result<MeasuredTable, InputError>, _ body: () throws(Stop) -> T
    ) throws(Stop) -> T {
        do {
            return try body()
        } catch {
            let problems: InputError
            switch measured {
            case .failure(let unreadable): problems = unreadable
            case .success(let table) where !table.problems.isEmpty: problems = InputError(table.problems)
            default: throw error
            }
            guard error.output.exitCode == .badInput else { throw error }
            var output = error.output
            output.stderr += inputError(problems).output.stderr
            throw Stop(output: output)
        }
    }

    /// The one scenario a calibration or sensitivity analysis varies, with its file's name; it
    /// must draw at least one setting from a distribution, and at most as many as the sequence
    /// has dimensions (`limit`).
    static func oneScenario(_ arguments: Arguments, command: String, limit: Int = SobolSequence.maxDimensions) throws(Stop) -> (scenario: Scenario, file: String) {
        guard arguments.positional.count <= 1 else {
            throw usageError("exitrace \(command): expected at most one scenario FILE, found \(arguments.positional.count)")
        }
        let set = try loadScenarios(arguments.positional, arguments)
        guard set.scenarios.count == 1 else {
            throw usageError("exitrace \(command): expected one scenario, found \(set.scenarios.count) in \(arguments.positional[0])")
        }
        let scenario = set.scenarios[0], file = set.files.first ?? "the default scenario"
        guard scenario.isUncertain else {
            throw inputError(InputError([Diagnostic(
                file: file, path: "",
                message: "expected settings drawn from distributions (the prior to vary), found none; give one in the file or with --set, e.g. --set 'timing.exitDurationMs=uniform(1,20)'")]))
        }
        guard scenario.uncertainties.count <= limit else {
            throw inputError(InputError([Diagnostic(
                file: file, path: "", message: "expected at most \(limit) settings drawn from distributions, found \(scenario.uncertainties.count)")]))
        }
        return (scenario, file)
    }

    /// The parameter sets a calibration draws without `--samples`.
    static let defaultCalibrationSamples = 4096
    /// The seed of calibrate's and sensitivity's Sobol sequence without `--seed`.
    static let defaultAnalysisSeed: UInt64 = 1

    static let calibrateSamples = OptionSpec.whole(
        "--samples", "N", 1...Calibration.maxSamples, default: .number(defaultCalibrationSamples), "parameter sets to draw")
    static let calibrateTolerance = OptionSpec.whole(
        "--tolerance", "K", 0...1000, default: .number(0),
        "accept sets missing at most K measured cells (fewer than the measured cells)")
    /// `--seed S` of calibrate and sensitivity, with the command's help line.
    static func analysisSeedOption(_ help: String) -> OptionSpec {
        .whole("--seed", "S", 0...SamplingSettings.maxSeed, default: .number(Int(defaultAnalysisSeed)), help)
    }
    static let calibrateSeed = analysisSeedOption("the seed of the sequence's digital shift")
    /// `--format` of calibrate and sensitivity.
    static let analysisFormatOption = OptionSpec.format([
        (.text, "for a terminal"), (.md, "Markdown"), (.json, "canonical JSON"),
        (.html, "a self-contained page (calibrate: a histogram per varied setting; sensitivity: a heat map), then the report"),
    ])

    static let calibrateSpec = CommandSpec(
        name: "calibrate",
        summary: """
              exitrace calibrate [FILE] --measured MEASURED.json [--samples N] [--seed S] [--tolerance K]
                      [--format text|md|json|html] [--output F] [--check COMMITTED.json [--update]]
                                            which timings reproduce a table measured on a device, and
                                            how sure each prediction is given them (html: histograms)
            """,
        about: """
            USAGE: exitrace calibrate [FILE] --measured MEASURED.json [--set PATH=VALUE]… [--samples N]
                                      [--seed S] [--tolerance K] [--format text|md|json|html]
                                      [--output F] [--check COMMITTED.json [--update [--force]]] [--serial]
                                      [--shard i/n --output SHARD.json]

            Which timings are consistent with what you measured on a device, and how sure is each
            prediction given that? Approximate Bayesian computation by rejection: the scenario's
            distributions are the prior (a setting without one stays fixed); N parameter sets are
            drawn with a Sobol sequence (digitally shifted by S) through each distribution's quantile,
            every set is simulated in every cell, and the sets whose table matches every measured cell
            (all but K) are accepted.

            The report gives how many sets were accepted; each varied setting's accepted range and a
            histogram (accepted sets per twentieth of the prior); a representative accepted set as a
            ready --set line; and, for every cell not measured, the share of accepted sets predicting
            ○, △ (which procedures) and ×, with 95% Wilson intervals. When nothing is accepted, the
            closest sets and the measured cells each misses. The html page shows one histogram per
            varied setting of the accepted sets over its prior, the prior's median marked, then the
            report.

            """,
        options: [
            .text(
                "--measured", "FILE",
                """
                the measured table: {"device", "os", "notes", "cells": [{"hook", "strategy", "observed": "○"|"△"|"×", \
                "procedures": [..] for △}]}; unmeasured cells are left out (see measurements/); or, in a file ending in .md, \
                the table in its own Markdown layout: | hook | Task | … |, cells ○, × or △ background, empty = not measured; \
                after △, the procedures' names or labels as the scenario writes them (spaces and + allowed; "quote" to be exact)
                """),
            .set("override a setting, or give it a prior: --set 'timing.exitDurationMs=uniform(1,20)'"),
            calibrateSamples, calibrateSeed, calibrateTolerance, analysisFormatOption,
            .output("write to FILE (whole, once done) instead of standard output"),
            .text(
                "--check", "FILE",
                "compare with a committed calibration (a --format json file): exit 0 when it is what this run computes, else "
                    + "1 with each change in words (accepted count, accepted ranges, histograms, prediction counts). "
                    + "--samples, --seed and --tolerance default to FILE's; given and different, exit 1 saying so. The "
                    + "measured file's path is not compared (only its content matters). No --output or --format"),
            .flag(
                "--update",
                "with --check: rewrite FILE, and FILE's .md sibling (the Markdown report), with this run's calibration; refused "
                    + "when CI=true unless --force is given too"),
            .flag("--force", "with --update: rewrite even when CI=true"),
            .flag("--serial", "run on one thread (the output is byte-identical)"),
            .shard(
                "run only shard i of n (1-based) of one FILE's sets, in whole words of 64 sets, and write a shard file to "
                    + "--output (no --format, no --check); exitrace merge puts the shards together into exactly the unsharded "
                    + "report, in any --format. See docs/sharding.md"),
        ],
        epilogue: """
            EXAMPLE
              exitrace calibrate scenarios/live-activity-prior.json --measured measurements/live-activity-ios18.4.json
              exitrace calibrate scenarios/live-activity-prior.json --measured measurements/live-activity-ios18.4.json \\
                --format html --output calibration.html

            Bad input (a measured file naming unknown hooks, strategies or procedures, a symbol that is
            not ○, △ or ×, a Markdown row with more or fewer cells than the header has columns, a
            scenario with no distributions, --samples out of range) exits 2 with the file, line and
            column on stderr: every problem of the measured file at once, its layout and its names.

            """,
        run: calibrateCommand)
}
