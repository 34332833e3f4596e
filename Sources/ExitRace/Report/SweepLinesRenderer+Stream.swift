import Dispatch
import Foundation

/// `sweep --format jsonl` from start to end: every grid point simulated, rendered and handed on
/// in point order, the three overlapping.
extension SweepLinesRenderer {
    /// Simulates and renders every point of `grid`, a chunk of points at a time, and calls `write`
    /// with each chunk's lines in point order; the bytes are those of ``render(_:grid:scenario:)``
    /// over the whole grid.
    ///
    /// With `parallel`, one worker per core simulates and renders chunks (each on a simulator of its
    /// own, compiled once) while this thread writes the finished ones: writing overlaps simulating,
    /// and no core waits for the slowest at the end of a window. Workers run at most
    /// ``chunksAheadPerWorker`` chunks per worker ahead of the one being written, so memory holds a
    /// few chunks' lines however large the grid. When `write` throws, the workers stop after their
    /// current chunk and the error is rethrown.
    /// `progress` counts the points as their lines are written.
    package static func stream<Failure: Error>(
        scenario: Scenario, grid: SweepGrid, parallel: Bool, progress: WorkProgress? = nil, to write: (String) throws(Failure) -> Void
    ) throws(Failure) {
        let workers = parallel ? Swift.max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        let points = grid.pointCount
        let chunk = Swift.max(1, Swift.min(maximumChunk, points / (workers * 16)))
        let chunks = (points + chunk - 1) / chunk
        let keys = Keys(scenario: scenario, grid: grid)
        @Sendable func range(_ index: Int) -> Range<Int> { (index * chunk)..<Swift.min(points, (index + 1) * chunk) }
        guard workers > 1 && chunks > 1 else {
            var runner = SweepPointRunner(scenario: scenario, grid: grid)
            for index in 0..<chunks {
                try write(lines(runner.run(range(index))[...], grid, scenario, keys))
                progress?.add(range(index).count)
            }
            return
        }
        let line = ChunkLine(chunks: chunks, ahead: workers * chunksAheadPerWorker)
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                var runner = SweepPointRunner(scenario: scenario, grid: grid)
                while let index = line.claim() {
                    line.deliver(lines(runner.run(range(index))[...], grid, scenario, keys), at: index)
                }
            }
        }
        for index in 0..<chunks {
            let text = line.take(index)
            do throws(Failure) {
                try write(text)
                progress?.add(range(index).count)
            } catch {
                line.stop()
                group.wait()
                throw error
            }
        }
        group.wait()
    }

    /// The most points in a chunk (a chunk of the default scenario's lines is about 3 KB a point).
    static let maximumChunk = 256

    /// How many chunks each worker may be ahead of the one being written.
    static let chunksAheadPerWorker = 4
}

/// The chunks of a stream between its workers and its writer: workers claim chunk numbers in
/// order (never more than `ahead` past the one being written) and deliver their lines; the writer
/// takes them in order.
private final class ChunkLine: @unchecked Sendable {
    private let condition = NSCondition()
    private let chunks: Int
    private let ahead: Int
    private var next = 0
    private var taken = 0
    private var stopped = false
    private var done: [Int: String] = [:]

    init(chunks: Int, ahead: Int) {
        self.chunks = chunks
        self.ahead = ahead
    }

    /// The next chunk to simulate, once it is within `ahead` of the writer; nil when there is none
    /// left or the stream stopped.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && next < chunks && next >= taken + ahead { condition.wait() }
        guard !stopped && next < chunks else { return nil }
        next += 1
        return next - 1
    }

    func deliver(_ text: String, at index: Int) {
        condition.lock()
        done[index] = text
        condition.broadcast()
        condition.unlock()
    }

    /// Chunk `index`'s lines, once delivered (the writer takes them in order).
    func take(_ index: Int) -> String {
        condition.lock()
        defer { condition.unlock() }
        while done[index] == nil { condition.wait() }
        taken = index + 1
        condition.broadcast()
        return done.removeValue(forKey: index)!
    }

    /// Stops the workers after their current chunk.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
