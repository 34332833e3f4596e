import ExitRace

extension Tool {
    /// `sensitivity [FILE]`: which uncertain settings decide each cell, as Sobol indices with
    /// bootstrap intervals.
    static func sensitivityCommand(_ raw: [String], _ environment: ToolEnvironment) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(
                raw, command: "sensitivity", values: ["--samples", "--seed", "--bootstrap", "--format", "--output", "-o", "--set", "--shard"],
                flags: ["--serial"])
            let format = arguments.value("--format") ?? "text"
            guard ["text", "md", "json", "html"].contains(format) else {
                throw usageError("exitrace sensitivity: --format expects text, md, json or html, found '\(format)'")
            }
            let samples = try wholeNumber(arguments, "--samples", default: 1024, in: 1...Sensitivity.maxSamples, command: "sensitivity")
            let seed = UInt64(try wholeNumber(arguments, "--seed", default: 1, in: 0...SamplingSettings.maxSeed, command: "sensitivity"))
            let resamples = try wholeNumber(
                arguments, "--bootstrap", default: 100, in: SensitivityBootstrap.resampleRange, command: "sensitivity")
            let scenario = try oneScenario(arguments, command: "sensitivity", limit: SobolSequence.maxDimensions / 2).scenario
            let analysis = Sensitivity(scenario: scenario, samples: samples, seed: seed)
            if let shard = arguments.value("--shard") { return try sensitivityShard(arguments, shard, analysis, resamples: resamples) }
            let output = arguments.value("--output") ?? arguments.value("-o")
            let inputs = ProtectedFiles(arguments.positional.flatMap { ScenarioLoader.files(path: $0) })
            var results = try ResultStream(output: output, environment, protecting: output == nil ? .none : inputs)
            let parallel = !arguments.flag("--serial")
            let bootstrap = SensitivityBootstrap(
                sums: analysis.run(parallel: parallel, keepRows: true), resamples: resamples, seed: seed, parallel: parallel)
            switch format {
            case "md": try results.write(SensitivityRenderer.markdown(bootstrap, analysis: analysis))
            case "json": try results.write(SensitivityRenderer.json(bootstrap, analysis: analysis))
            case "html": try results.write(SensitivityHTML.render(bootstrap, analysis: analysis))
            default: try results.write(SensitivityRenderer.text(bootstrap, analysis: analysis))
            }
            return try results.finish()
        }
    }

    static let sensitivityHelp = """
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
        outcome never changes are listed apart.

        OPTIONS
          --set PATH=VALUE   override a setting, or give it a prior: --set 'timing.exitDurationMs=uniform(1,20)'
          --samples N        base samples (default 1024; 1 to \(Sensitivity.maxSamples))
          --seed S           the seed of the sequence's digital shift and of the resampling (default 1)
          --bootstrap B      bootstrap resamples (default 100; \(SensitivityBootstrap.resampleRange.lowerBound) to \(SensitivityBootstrap.resampleRange.upperBound))
          --format F         text (default), md (Markdown), json (canonical JSON) or html (a
                             self-contained page: a heat map of the total indices, rows cell ·
                             procedure, columns settings, then the table)
          --output F, -o F   write to F (whole, once done) instead of standard output
          --serial           run on one thread (the output is byte-identical)
          --shard i/n        run only shard i of n (1-based) of one FILE's base samples
                             (i-1)·N/n ..< i·N/n and write a shard file to --output (no --format);
                             exitrace merge puts the shards together into exactly the unsharded
                             report, in any --format. See docs/sharding.md

        EXAMPLE
          exitrace sensitivity scenarios/live-activity-prior.json --samples 512
          exitrace sensitivity scenarios/live-activity-prior.json --format html --output sensitivity.html

        """
}
