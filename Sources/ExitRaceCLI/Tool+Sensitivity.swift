import ExitRace

extension Tool {
    /// `sensitivity [FILE]`: which uncertain settings decide each cell, as Sobol indices.
    static func sensitivityCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, command: "sensitivity", values: ["--samples", "--seed", "--set"], flags: ["--serial"])
            let samples = try wholeNumber(arguments, "--samples", default: 1024, in: 1...Sensitivity.maxSamples, command: "sensitivity")
            let seed = UInt64(try wholeNumber(arguments, "--seed", default: 1, in: 0...SamplingSettings.maxSeed, command: "sensitivity"))
            let scenario = try oneScenario(arguments, command: "sensitivity", limit: SobolSequence.maxDimensions / 2).scenario
            let analysis = Sensitivity(scenario: scenario, samples: samples, seed: seed)
            let sums = analysis.run(parallel: !arguments.flag("--serial"))
            return ToolOutput(stdout: SensitivityRenderer.text(sums, analysis: analysis))
        }
    }

    static let sensitivityHelp = """
        USAGE: exitrace sensitivity [FILE] [--set PATH=VALUE]… [--samples N] [--seed S] [--serial]

        Which settings decide each cell? Variance-based sensitivity analysis over the scenario's
        distributions (its prior): for each cell and kill procedure, the first-order (S1) and total
        (ST) Sobol indices of its outcome (finished = 1, else 0) for every uncertain setting.
        S1 is the share of the outcome's variance the setting explains alone, ST the share it takes
        part in (with interactions); ST near 0 means the setting does not matter for that cell.
        Saltelli's sampling (N·(D+2) parameter sets for D settings, from a digitally shifted Sobol
        sequence) and estimators (Saltelli 2010 for S1, Jansen for ST), as SALib's sobol.analyze;
        no bootstrap intervals. Cells whose outcome never changes over the prior are listed apart.

        OPTIONS
          --set PATH=VALUE   override a setting, or give it a prior: --set 'timing.exitDurationMs=uniform(1,20)'
          --samples N        base samples (default 1024; 1 to \(Sensitivity.maxSamples))
          --seed S           the seed of the sequence's digital shift (default 1)
          --serial           run on one thread (the output is byte-identical)

        EXAMPLE
          exitrace sensitivity scenarios/live-activity-prior.json --samples 512

        """
}
