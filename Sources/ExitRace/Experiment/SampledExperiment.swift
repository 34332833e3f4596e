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
        let workers = parallel ? Swift.min(chunks, ProcessInfo.processInfo.activeProcessorCount) : 1
        let simulators = (0..<Swift.max(workers, 1)).map { _ in Simulator(scenario: scenario) }
        var table = RateTable(scenario: scenario, seed: sampling.seed, replications: range.lowerBound..<range.lowerBound)
        // A wave of chunks at a time, merged in order, so memory holds one wave's tables however
        // many replications there are.
        let wave = Swift.max(1, workers) * Self.chunksPerWorkerAndWave
        for first in stride(from: 0, to: chunks, by: wave) {
            let count = Swift.min(wave, chunks - first)
            let slots = ResultSlots<RateTable>(count: count)
            let next = ChunkCounter()
            let experiment = self
            let box = SimulatorBox(simulators)
            @Sendable func work(_ worker: Int) {
                while let index = next.claim(below: count) {
                    let start = range.lowerBound + (first + index) * Self.chunkSize
                    let chunk = start..<Swift.min(range.upperBound, start + Self.chunkSize)
                    slots.store(experiment.runChunk(chunk, simulator: box.simulators[worker]), at: index)
                }
            }
            if workers > 1 { DispatchQueue.concurrentPerform(iterations: workers, execute: work) } else { work(0) }
            for part in slots.values() { table.merge(part) }
        }
        return table
    }

    /// Chunks each worker runs per wave: enough to keep the cores busy between merges.
    static let chunksPerWorkerAndWave = 16

    /// The replications `range` on `simulator`.
    func runChunk(_ range: Range<Int>, simulator: Simulator) -> RateTable {
        let plan = ReplicationPlan(scenario: scenario, space: simulator.parameters, runs: sampling.runs, seed: sampling.seed)
        var collector = RateTable.Collector(scenario: scenario, seed: sampling.seed, replications: range)
        Experiment(simulator: simulator, plan: plan).run(into: &collector, points: range)
        return collector.table
    }
}

/// One simulator per worker (a simulator is not thread-safe; worker `i` uses only the `i`th).
private final class SimulatorBox: @unchecked Sendable {
    let simulators: [Simulator]
    init(_ simulators: [Simulator]) { self.simulators = simulators }
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
