/// The table of a sampled experiment: for each cell and kill procedure, in how many of the
/// replications the cleanup finished, with the marks' counts and the first failing replications.
///
/// Counts add up: the tables of disjoint ranges of replications merge into the table of their
/// union, whatever machine or thread ran them. Everything shown is derived from the counts.
package struct RateTable: Equatable, Sendable {
    /// One cell's counts under one kill procedure.
    package struct ProcedureRates: Equatable, Sendable {
        /// Replications run.
        package var runs = 0
        /// Replications in which the cleanup finished.
        package var finished = 0
        /// Replications with a deadlock.
        package var deadlocks = 0
        /// Replications with a priority inversion.
        package var inversions = 0
        /// Replications that ended in a watchdog kill (a crash report on a device).
        package var watchdogKills = 0
        /// Replications stopped by a bound of `limits`.
        package var boundsReached = 0
        /// The first replications (ascending, at most ``RateTable/failuresKept``) in which the
        /// cleanup did not finish: replay one with `explain --replication`.
        package var failures: [Int] = []
        /// Each replication's margin.
        package var margins = MarginHistogram()

        package init() {}

        /// The share of replications in which the cleanup finished, 0…1.
        package var rate: Double { runs == 0 ? 0 : Double(finished) / Double(runs) }
        /// The 95% Wilson interval of ``rate``.
        package var interval: WilsonInterval { WilsonInterval(successes: finished, trials: Swift.max(runs, 1)) }

        /// Counts one replication's outcome.
        mutating func record(_ outcome: RunOutcome, replication: Int) {
            runs += 1
            if outcome.cleanupFinished {
                finished += 1
            } else if failures.count < RateTable.failuresKept {
                failures.append(replication)
            }
            if outcome.deadlockChain != nil { deadlocks += 1 }
            if outcome.inversion != nil { inversions += 1 }
            if outcome.death?.cause.isWatchdogKill == true { watchdogKills += 1 }
            if outcome.boundReached != nil { boundsReached += 1 }
            margins.record(outcome.margin)
        }

        /// Adds the counts of `other`, whose replications all come after this one's.
        package mutating func merge(_ other: ProcedureRates) {
            runs += other.runs
            finished += other.finished
            deadlocks += other.deadlocks
            inversions += other.inversions
            watchdogKills += other.watchdogKills
            boundsReached += other.boundsReached
            failures = Array((failures + other.failures).sorted().prefix(RateTable.failuresKept))
            margins.merge(other.margins)
        }
    }

    /// One hook running one strategy, under every kill procedure.
    package struct Cell: Equatable, Sendable {
        /// The row: an index into `scenario.hooks`.
        package var hook: Int
        /// The column: an index into `scenario.strategies`.
        package var strategy: Int
        /// Indexed like the scenario's procedures.
        package var procedures: [ProcedureRates]

        /// ○ when the cleanup finished in every replication of every procedure, × in none, △
        /// otherwise (the procedures listed are those where it finished in every replication).
        package var verdict: ResultTable.Verdict {
            if procedures.allSatisfy({ $0.finished == $0.runs }) { return .always }
            if procedures.allSatisfy({ $0.finished == 0 }) { return .never }
            return .some(procedures.indices.filter { procedures[$0].finished == procedures[$0].runs })
        }

        /// Replications with a deadlock, over every procedure.
        package var deadlocks: Int { procedures.reduce(0) { $0 + $1.deadlocks } }
        /// Replications with a priority inversion, over every procedure.
        package var inversions: Int { procedures.reduce(0) { $0 + $1.inversions } }
        /// Replications stopped by a bound, over every procedure.
        package var boundsReached: Int { procedures.reduce(0) { $0 + $1.boundsReached } }
        /// Whether every replication finished the cleanup and then ended in a watchdog kill.
        package var watchdogKilled: Bool {
            procedures.allSatisfy { $0.runs > 0 && $0.finished == $0.runs && $0.watchdogKills == $0.runs }
        }
    }

    /// How many failing replications each cell keeps per procedure.
    package static let failuresKept = 5

    /// The scenario the table is of (its distributions say what was drawn).
    package var scenario: Scenario
    /// The seed the replications' draws derive from.
    package var seed: UInt64
    /// The replications the counts cover: `0..<runs` for a whole experiment, a part for a shard.
    package var replications: Range<Int>
    /// Row-major: `cells[hook * strategies.count + strategy]`.
    package var cells: [Cell]
    /// The options, as command-line words, that made these runs and that `explain` must be given
    /// too to replay one of them (`["--set", "timing.exitDurationMs=5"]`): the replay hint under
    /// the table repeats them, quoted for a POSIX shell. Empty by default; the counts never read it.
    package var replayOptions: [String] = []
    /// How the replay hint names the scenario to `explain`, as command-line words: `FILE`, a
    /// placeholder, by default (a committed result must not depend on where the command ran);
    /// `run` gives the path it was given, or no word for the built-in scenario. The counts never read it.
    package var replayScenario: [String] = placeholderScenario

    /// The replay hint's scenario where no path is known: the word `FILE`.
    package static let placeholderScenario = ["FILE"]

    /// An empty table of `scenario` for the replications `replications`.
    package init(scenario: Scenario, seed: UInt64, replications: Range<Int>) {
        self.scenario = scenario
        self.seed = seed
        self.replications = replications
        cells = scenario.hooks.indices.flatMap { hook in
            scenario.strategies.indices.map { strategy in
                Cell(hook: hook, strategy: strategy, procedures: Array(repeating: ProcedureRates(), count: scenario.procedures.count))
            }
        }
    }

    /// The cell of hook `hook` and strategy `strategy` (indices).
    package func cell(hook: Int, strategy: Int) -> Cell {
        cells[hook * scenario.strategies.count + strategy]
    }

    /// Adds the counts of `other`, whose replications follow this table's directly.
    package mutating func merge(_ other: RateTable) {
        precondition(other.replications.lowerBound == replications.upperBound, "merged out of order")
        precondition(other.cells.count == cells.count)
        for index in cells.indices {
            for procedure in cells[index].procedures.indices {
                cells[index].procedures[procedure].merge(other.cells[index].procedures[procedure])
            }
        }
        replications = replications.lowerBound..<other.replications.upperBound
    }
}

extension RateTable {
    /// Counts a sampled experiment's outcomes into a rate table.
    package struct Collector: OutcomeAggregator {
        /// The table so far.
        package private(set) var table: RateTable
        private let strategies: Int

        /// An empty collector for the replications `replications`.
        package init(scenario: Scenario, seed: UInt64, replications: Range<Int>) {
            table = RateTable(scenario: scenario, seed: seed, replications: replications)
            strategies = scenario.strategies.count
        }

        /// Counts the outcome (`point` is the replication).
        package mutating func record(_ outcome: RunOutcome, point: Int, cell: CellIndex, procedure: Int) {
            table.cells[cell.hook * strategies + cell.strategy].procedures[procedure].record(outcome, replication: point)
        }
    }
}
