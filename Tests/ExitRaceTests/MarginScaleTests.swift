import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// #26 (a later newcomer walk): a 1-D sweep's margin curves were drawn on a linear scale up to the
/// cell's largest margin, so a thin margin (the 1.9 ms wins of the reference table beside 100 ms
/// ones) lay on the zero line and a flip could not be seen. They are drawn on a symmetric log scale
/// (linear within ±0.01 ms), with labelled ticks in ms.
@Suite("Margin curves on a symmetric log scale")
struct MarginScaleTests {
    static let ms = 1_000_000.0

    @Test("a 1.9 ms margin in a band of ±98.9 ms stands more than half-way off zero, on its own side")
    func thinMarginShows() {
        let range = 98.9 * Self.ms
        let thin = SweepSVG.marginFraction(1.9 * Self.ms, range: range)
        #expect(thin > 0.5, "a linear scale put it at \(1.9 / 98.9)")
        expectEqual(SweepSVG.marginFraction(-1.9 * Self.ms, range: range), -thin)
        expectEqual(SweepSVG.marginFraction(0, range: range), 0)
        expectEqual(SweepSVG.marginFraction(range, range: range), 1)
        expectEqual(SweepSVG.marginFraction(-2 * range, range: range), -1, "clamped to the band")
        // Monotonic: a wider margin is never drawn nearer zero.
        let values = [0.001, 0.01, 0.1, 1, 3, 10, 50, 98.9].map { SweepSVG.marginFraction($0 * Self.ms, range: range) }
        #expect(values == values.sorted() && Set(values).count == values.count)
    }

    @Test("ticks: a mark per power of ten below the edge; labels only where they stand clear")
    func ticks() {
        let ticks = SweepSVG.marginTicks(range: 98.9 * Self.ms, halfHeight: 24, gap: 8)
        expectEqual(ticks.marks, [0.01, 0.1, 1, 10].map { $0 * Self.ms })
        expectEqual(ticks.labelled, [1 * Self.ms], "1 ms, half-way; 10 ms is too near the edge, 0.1 ms too near zero")
        #expect(SweepSVG.marginTicks(range: 0.005 * Self.ms, halfHeight: 24, gap: 8).marks.isEmpty)
    }

    @Test("the reference table's exit sweep: labelled ±1 ms ticks, the edges (±100 ms: 98.9 ms rounded up), and a caption saying the scale")
    func picture() throws {
        let scenario = DefaultScenario.load()
        let exit = try SweepAxis.parse(
            "timing.exitDurationMs=0.1...100", steps: 20, logarithmic: true, space: ParameterSpace(scenario: scenario))
        let grid = SweepGrid(axes: [exit])
        let report = try FlipAnalysis(scenario: scenario, grid: grid).run(parallel: false)
        let svg = SweepSVG.render(report, points: SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false))
        #expect(svg.contains("font-size=\"8\">+1 ms</text>") && svg.contains("font-size=\"8\">−1 ms</text>"))
        #expect(svg.contains("font-size=\"8\">+100 ms</text>") && svg.contains("font-size=\"8\">−100 ms</text>"))
        expectNotContains(svg, "98.9 ms")
        expectContains(svg, "margins (ms) on a symmetric log scale: linear within ±0.01 ms")
    }
}
