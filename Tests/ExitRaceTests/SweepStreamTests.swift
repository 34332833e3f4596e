import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// `sweep --format jsonl`'s pipeline (``SweepLinesRenderer/stream``): workers simulate and render
/// chunks while the caller writes them, and the bytes are the whole grid's lines, in order.
@Suite("Sweep stream")
struct SweepStreamTests {
    static let scenario = DefaultScenario.load()

    /// 60 points over two axes: chunks of one or two points on any number of cores, so the
    /// workers run far ahead of the writer and deliver out of order.
    static func grid() throws -> SweepGrid {
        let space = ParameterSpace(scenario: scenario)
        return SweepGrid(axes: [
            try SweepAxis.parse("timing.exitDurationMs=1...20", steps: 20, logarithmic: false, space: space),
            try SweepAxis.parse("timing.cooperativePoolWidth=1...3", steps: 3, logarithmic: false, space: space),
        ])
    }

    @Test("streamed in parallel or on one thread, the lines are the whole grid's, byte for byte, in point order")
    func sameBytes() throws {
        let grid = try Self.grid()
        let whole = SweepLinesRenderer.render(
            SweepPoint.run(scenario: Self.scenario, grid: grid, points: 0..<grid.pointCount, parallel: false),
            grid: grid, scenario: Self.scenario)
        for parallel in [true, false] {
            var chunks: [String] = []
            SweepLinesRenderer.stream(scenario: Self.scenario, grid: grid, parallel: parallel) { chunks.append($0) }
            expectEqual(chunks.joined(), whole)
            #expect(chunks.count > 1)
        }
    }

    struct WriteFailed: Error, Equatable {}

    @Test("a write that fails stops the stream: the error comes back and nothing more is written")
    func failedWrite() throws {
        let grid = try Self.grid()
        var writes = 0
        #expect(throws: WriteFailed()) {
            try SweepLinesRenderer.stream(scenario: Self.scenario, grid: grid, parallel: true) { (_: String) throws(WriteFailed) in
                writes += 1
                if writes == 2 { throw WriteFailed() }
            }
        }
        expectEqual(writes, 2)
    }
}
