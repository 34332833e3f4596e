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

    /// A note for stderr when `--seed` was given to scenarios that draw nothing: the seed chooses
    /// the draws, and a scenario with no setting drawn from a distribution has none (each cell
    /// runs once; with `--runs`, every replication is the same run). `nil` when the seed matters
    /// to every scenario, or was not given. `names` and `uncertain` as ``ScenarioSource`` has them.
    func unusedSeedNote(names: [String], uncertain: [Bool], command: String) -> String? {
        guard let seed else { return nil }
        let unused = names.indices.filter { !uncertain[$0] }.map { names[$0] }
        guard !unused.isEmpty else { return nil }
        let which = unused.count == 1 ? "\(unused[0]): none of its settings is" : "\(unused.joined(separator: ", ")): none of their settings is"
        return "exitrace \(command): note: --seed \(seed) has no effect on \(which) drawn from a distribution, so there is nothing to "
            + "draw (each cell runs once; with --runs, every replication is the same run); draw a setting for the seed to choose "
            + "its values, e.g. --set 'timing.exitDurationMs=uniform(1,20)'\n"
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
        "the seed of every draw; replication r of seed S draws the same values on any machine, thread or shard; "
            + "no effect on a scenario with no setting drawn from a distribution (run and batch note it on stderr)")

    /// The declarations of the commands that take these options.
    static let options = [runsOption, seedOption]
}
