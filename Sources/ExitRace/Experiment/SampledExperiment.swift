import Foundation

/// Runs replications of a scenario whose settings are drawn from distributions, across the
/// cores, and counts them into a ``RateTable``.
///
/// Replications are cut into fixed chunks whose tables merge in chunk order, so the result is the
/// same on any number of threads; a range of replications (a shard) gives exactly its part.
public struct SampledExperiment: Sendable {
    /// The scenario; its uncertain settings are drawn, the rest keep their values.
    public let scenario: Scenario
    /// Replications and seed.
    public let sampling: SamplingSettings

    /// Replications per chunk: large enough that a chunk outweighs its bookkeeping.
    static let chunkSize = 64

    /// An experiment of `sampling.runs` replications from `sampling.seed`.
    public init(scenario: Scenario, sampling: SamplingSettings) {
        self.scenario = scenario
        self.sampling = sampling
    }

    /// The table of the replications in `replications` (all by default); `parallel: false`
    /// runs them on this thread.
    public func run(replications: Range<Int>? = nil, parallel: Bool = true) -> RateTable {
        let range = replications ?? 0..<sampling.runs
        precondition(range.lowerBound >= 0 && range.upperBound <= sampling.runs, "replications outside the experiment")
        let chunks = (range.count + Self.chunkSize - 1) / Self.chunkSize
        guard chunks > 1 else { return runChunk(range, simulator: Simulator(scenario: scenario)) }
        let slots = ResultSlots<RateTable>(count: chunks)
        let next = ChunkCounter()
        let workers = parallel ? Swift.min(chunks, ProcessInfo.processInfo.activeProcessorCount) : 1
        let experiment = self
        @Sendable func work(_: Int) {
            let simulator = Simulator(scenario: experiment.scenario)
            while let chunk = next.claim(below: chunks) {
                let start = range.lowerBound + chunk * Self.chunkSize
                slots.store(experiment.runChunk(start..<Swift.min(range.upperBound, start + Self.chunkSize), simulator: simulator), at: chunk)
            }
        }
        if workers > 1 { DispatchQueue.concurrentPerform(iterations: workers, execute: work) } else { work(0) }
        let tables = slots.values()
        var table = tables[0]
        for part in tables.dropFirst() { table.merge(part) }
        return table
    }

    /// The replications `range` on `simulator`.
    func runChunk(_ range: Range<Int>, simulator: Simulator) -> RateTable {
        let plan = ReplicationPlan(scenario: scenario, space: simulator.parameters, runs: sampling.runs, seed: sampling.seed)
        var collector = RateTable.Collector(scenario: scenario, seed: sampling.seed, replications: range)
        Experiment(simulator: simulator, plan: plan).run(into: &collector, points: range)
        return collector.table
    }
}

/// Hands out chunk numbers to worker threads, each once.
private final class ChunkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func claim(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}
