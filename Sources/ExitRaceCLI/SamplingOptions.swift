import ExitRace

/// `--runs N` and `--seed S`, shared by the commands that run scenarios.
struct SamplingOptions {
    var runs: Int?
    var seed: UInt64?

    /// The options of `command`; a value out of range is a usage error.
    init(_ arguments: Arguments, command: String) throws(Tool.Stop) {
        if arguments.value("--runs") != nil {
            runs = try Tool.wholeNumber(arguments, "--runs", default: 1, in: 1...SamplingSettings.maxRuns, command: command)
        }
        if arguments.value("--seed") != nil {
            seed = UInt64(try Tool.wholeNumber(arguments, "--seed", default: 0, in: 0...SamplingSettings.maxSeed, command: command))
        }
    }

    /// How `scenario` is sampled: `nil` (one run per cell, as always) unless `--runs` is given
    /// or the scenario draws a setting from a distribution. The options override the file's
    /// `sampling` section.
    func sampling(for scenario: Scenario) -> SamplingSettings? {
        guard runs != nil || scenario.isUncertain else { return nil }
        var sampling = scenario.sampling
        if let runs { sampling.runs = runs }
        if let seed { sampling.seed = seed }
        return sampling
    }

    /// The value options the commands that take these options accept.
    static let names = ["--runs", "--seed"]

    /// Their lines in a command's help.
    static let help = """
          --runs N             sample: N replications per cell and procedure, each drawing the
                               scenario's uncertain settings (distributions) anew; cells show the
                               share that finished, with 95% intervals. A scenario with
                               distributions is sampled even without --runs (its "sampling"
                               section, else 1,000 replications)
          --seed S             the seed of every draw (default: the file's, else 1); replication
                               r of seed S draws the same values on any machine, thread or shard
        """
}
