/// Runs replications of a scenario whose settings are drawn from distributions, across the
/// cores, and counts them into a ``RateTable``.
///
/// Replications are cut into fixed chunks whose tables merge in chunk order, so the result is the
/// same on any number of threads; a range of replications (a shard) gives exactly its part.
package struct SampledExperiment: Sendable {
    /// The scenario; its uncertain settings are drawn, the rest keep their values.
    package let scenario: Scenario
    /// Replications and seed.
    package let sampling: SamplingSettings

    /// Replications per chunk: large enough that a chunk outweighs its bookkeeping.
    package static let chunkSize = 64

    /// An experiment of `sampling.runs` replications from `sampling.seed`.
    package init(scenario: Scenario, sampling: SamplingSettings) {
        self.scenario = scenario
        self.sampling = sampling
    }

    /// The table of the replications in `replications` (all by default); `parallel: false`
    /// runs them on this thread; `progress` counts replications as they finish.
    package func run(replications: Range<Int>? = nil, parallel: Bool = true, progress: WorkProgress? = nil) -> RateTable {
        let range = replications ?? 0..<sampling.runs
        precondition(range.lowerBound >= 0 && range.upperBound <= sampling.runs, "replications outside the experiment")
        let chunks = (range.count + Self.chunkSize - 1) / Self.chunkSize
        var table = RateTable(scenario: scenario, seed: sampling.seed, replications: range.lowerBound..<range.lowerBound)
        let experiment = self
        ChunkedWork.run(
            chunks: chunks, scenario: scenario, parallel: parallel,
            body: { chunk, simulator in
                let start = range.lowerBound + chunk * Self.chunkSize
                return experiment.runChunk(start..<Swift.min(range.upperBound, start + Self.chunkSize), simulator: simulator, progress: progress)
            },
            merge: { table.merge($0) })
        return table
    }

    /// The replications `range` on `simulator`, each counted in `progress` as it finishes.
    package func runChunk(_ range: Range<Int>, simulator: Simulator, progress: WorkProgress? = nil) -> RateTable {
        let plan = ReplicationPlan(scenario: scenario, space: simulator.parameters, runs: sampling.runs, seed: sampling.seed)
        var collector = RateTable.Collector(scenario: scenario, seed: sampling.seed, replications: range)
        let experiment = Experiment(simulator: simulator, plan: plan)
        guard let progress else {
            experiment.run(into: &collector, points: range)
            return collector.table
        }
        for replication in range {
            experiment.run(into: &collector, points: replication..<(replication + 1))
            progress.add()
        }
        return collector.table
    }
}
