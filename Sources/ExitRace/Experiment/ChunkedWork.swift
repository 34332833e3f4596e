import Foundation

/// Runs numbered chunks of work across the cores, one simulator per worker, and hands their
/// results back in chunk order a wave at a time: the merged result is the same on any number of
/// threads, and memory holds one wave however many chunks there are.
package enum ChunkedWork {
    /// Chunks each worker runs per wave.
    static let chunksPerWorkerAndWave = 16

    /// Runs `chunks` chunks (`body(chunk, simulator)`) and calls `merge` with each result in
    /// chunk order; `parallel: false` runs them all on this thread.
    package static func run<Part: Sendable>(
        chunks: Int, scenario: Scenario, parallel: Bool,
        body: @escaping @Sendable (Int, Simulator) -> Part, merge: (Part) -> Void
    ) {
        let workers = parallel ? Swift.max(1, Swift.min(chunks, ProcessInfo.processInfo.activeProcessorCount)) : 1
        let box = Simulators((0..<workers).map { _ in Simulator(scenario: scenario) })
        let wave = workers * chunksPerWorkerAndWave
        for first in stride(from: 0, to: chunks, by: wave) {
            let count = Swift.min(wave, chunks - first)
            let slots = ResultSlots<Part>(count: count)
            let next = Claims()
            // One piece per worker, each with its own simulator, claiming chunks until none is left.
            _ = FanOut.map(workers, parallel: workers > 1) { worker in
                while let index = next.claim(below: count) {
                    _ = slots.store(body(first + index, box.simulators[worker]), at: index)
                }
            }
            for part in slots.values() { merge(part) }
        }
    }
}

/// One simulator per worker (a simulator is not thread-safe; worker `i` uses only the `i`th).
private final class Simulators: @unchecked Sendable {
    let simulators: [Simulator]
    init(_ simulators: [Simulator]) { self.simulators = simulators }
}

/// Hands out chunk numbers to worker threads, each once.
private final class Claims: @unchecked Sendable {
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
