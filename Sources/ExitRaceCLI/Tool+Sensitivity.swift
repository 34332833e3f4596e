import ExitRace

extension Tool {
    /// `sensitivity [FILE]`: which uncertain settings decide each cell, as Sobol indices with
    /// bootstrap intervals.
    static func sensitivityCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, sensitivitySpec)
            let format = arguments.format(analysisFormatOption)
            let samples = arguments.number(orDefault: sensitivitySamples)
            let seed = UInt64(arguments.number(orDefault: sensitivitySeed))
            let resamples = arguments.number(orDefault: bootstrapOption)
            let scenario = try oneScenario(arguments, command: "sensitivity", limit: SobolSequence.maxDimensions / 2).scenario
            let analysis = Sensitivity(scenario: scenario, samples: samples, seed: seed)
            if let shard = arguments.value("--shard") { return try sensitivityShard(arguments, shard, analysis, resamples: resamples) }
            let output = arguments.value("--output")
            let inputs = ProtectedFiles(arguments.positional.flatMap { ScenarioLoader.files(path: $0) })
            var results = try ResultStream(output: output, environment, protecting: output == nil ? .none : inputs)
            let parallel = !arguments.flag("--serial")
            let progress = ProgressLine(environment, noun: "base samples simulated")
            let counter = WorkEstimate.start(
                progress, scenario: scenario, command: "exitrace sensitivity", units: samples, unit: "base sample",
                cellRunsPerUnit: scenario.cellRuns * (analysis.settings + 2), parallel: parallel, bound: "--samples bounds it")
            let sums = analysis.run(parallel: parallel, keepRows: true, progress: counter)
            progress.finish()
            let bootstrap = SensitivityBootstrap(sums: sums, resamples: resamples, seed: seed, parallel: parallel)
            switch format {
            case .md: try results.write(SensitivityRenderer.markdown(bootstrap, analysis: analysis))
            case .json: try results.write(SensitivityRenderer.json(bootstrap, analysis: analysis))
            case .html: try results.write(SensitivityHTML.render(bootstrap, analysis: analysis))
            default: try results.write(SensitivityRenderer.text(bootstrap, analysis: analysis))
            }
            return try results.finish()
        }
    }

    /// Base samples without `--samples`.
    static let defaultSensitivitySamples = 1024
    /// Bootstrap resamples without `--bootstrap`.
    static let defaultBootstrapResamples = 100

    static let sensitivitySamples = OptionSpec.whole(
        "--samples", "N", 1...Sensitivity.maxSamples, default: .number(defaultSensitivitySamples), "base samples")
    static let sensitivitySeed = analysisSeedOption("the seed of the sequence's digital shift and of the resampling")
    static let bootstrapOption = OptionSpec.whole(
        "--bootstrap", "B", SensitivityBootstrap.resampleRange, default: .number(defaultBootstrapResamples), "bootstrap resamples")

    static let sensitivitySpec = CommandSpec(
        name: "sensitivity",
        summary: """
              exitrace sensitivity [FILE] [--samples N] [--seed S] [--bootstrap B] [--format text|md|json|html]
                                            which uncertain settings decide each cell (Sobol indices
                                            with bootstrap intervals; html: a heat map)
            """,
        about: """
            USAGE: exitrace sensitivity [FILE] [--set PATH=VALUE]… [--samples N] [--seed S] [--bootstrap B]
                                        [--format text|md|json|html] [--output F] [--serial]
                                        [--shard i/n --output SHARD.json]

            Which settings decide each cell? Variance-based sensitivity analysis over the scenario's
            distributions (its prior): for each cell and kill procedure, the first-order (S1) and total
            (ST) Sobol indices of its outcome (finished = 1, else 0) for every uncertain setting.
            S1 is the share of the outcome's variance the setting explains alone, ST the share it takes
            part in (with interactions); ST near 0 means the setting does not matter for that cell.
            Saltelli's sampling (N·(D+2) parameter sets for D settings, from a digitally shifted Sobol
            sequence) and estimators (Saltelli 2010 for S1, Jansen for ST), as SALib's sobol.analyze,
            each with a 95% bootstrap interval: B resamples of the N base samples with replacement
            (seeded by S; the outcomes are kept as bits, nothing is simulated again), the estimate ±
            1.96 standard deviations. Estimates are noisy at small N and may stray outside 0…1;
            nothing is clamped: read the interval. When fewer than 30 of the 2N base parameter sets
            have a cell's rarer outcome (finished or failed), even a narrow interval may be wrong: the
            cell's block says so ("only k of 2N base parameter sets …; raise --samples"). Cells whose
            outcome never changes are listed apart. The html page is a heat map of the total indices,
            rows cell · procedure, columns settings, then the table.

            """,
        options: [
            .set("override a setting, or give it a prior: --set 'timing.exitDurationMs=uniform(1,20)'"),
            sensitivitySamples, sensitivitySeed, bootstrapOption, analysisFormatOption,
            .output("write to FILE (whole, once done) instead of standard output"),
            .flag("--serial", "run on one thread (the output is byte-identical)"),
            .shard(
                "run only shard i of n (1-based) of one FILE's base samples (i-1)·N/n ..< i·N/n and write a shard file to "
                    + "--output (no --format); exitrace merge puts the shards together into exactly the unsharded report, in "
                    + "any --format. See docs/sharding.md"),
        ],
        epilogue: """
            EXAMPLE
              exitrace sensitivity scenarios/live-activity-prior.json --samples 512
              exitrace sensitivity scenarios/live-activity-prior.json --format html --output sensitivity.html

            """,
        run: sensitivityCommand)
}
