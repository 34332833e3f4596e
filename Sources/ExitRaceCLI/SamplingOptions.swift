import ExitRace

/// `--runs N` and `--seed S`, shared by the commands that run scenarios.
struct SamplingOptions {
    var runs: Int?
    var seed: UInt64?

    /// The options as given (each already checked against its declaration).
    init(_ arguments: Arguments) {
        runs = arguments.number(Self.runsOption)
        seed = arguments.number(Self.seedOption).map { UInt64($0) }
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

    /// The options besides `--seed` (which a rate table shows) that change a sampled run, as
    /// `explain` must be given them to replay one replication: every `--set`, in order.
    static func replayOptions(_ arguments: Arguments) -> [String] {
        arguments.values("--set").flatMap { ["--set", $0] }
    }

    static let runsOption = OptionSpec.whole(
        "--runs", "N", 1...SamplingSettings.maxRuns,
        default: .words("one run per cell; a scenario with distributions: its \"sampling\" section, else \(TimeFormatting.grouped(SamplingSettings.default.runs)) replications"),
        "sample: N replications per cell and procedure, each drawing the scenario's uncertain settings (distributions) "
            + "anew; cells show the share that finished, with 95% intervals")

    static let seedOption = OptionSpec.whole(
        "--seed", "S", 0...SamplingSettings.maxSeed, default: .words("the file's, else \(SamplingSettings.default.seed)"),
        "the seed of every draw; replication r of seed S draws the same values on any machine, thread or shard")

    /// The declarations of the commands that take these options.
    static let options = [runsOption, seedOption]
}
