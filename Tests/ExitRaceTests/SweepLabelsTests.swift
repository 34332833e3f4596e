import Testing

@testable import ExitRace
@testable import ExitRaceExperiment
@testable import ExitRaceParameters
@testable import ExitRaceReport
@testable import ExitRaceScenario

/// #26 (a newcomer's walk): a margin band's edge was labelled `+9238.195338 ms`, phase-map panel
/// titles were cut mid-word (`applicationWillTermina` / `te`) and a panel's axes had no unit.
@Suite("Sweep pictures: readable labels")
struct SweepLabelsTests {
    /// Until 2026-12-02 an edge was rounded up to three significant digits (`±98.9 ms`, `9240 ms`): exact
    /// but odd numbers to read a scale by. See also `MarginBandEdgeTests`.
    @Test("a margin band's edge is rounded up to 1, 2, 2.5 or 5 times a power of ten")
    func edgesRounded() {
        expectEqual(SweepSVG.roundedUp(9_238_195_338), 10_000_000_000)
        expectEqual(TimeFormatting.exactMilliseconds(SweepSVG.roundedUp(9_238_195_338)), "10000")
        expectEqual(SweepSVG.roundedUp(98_900_000), 100_000_000)
        expectEqual(SweepSVG.roundedUp(2_100_000), 2_500_000)
        expectEqual(SweepSVG.roundedUp(12_100_000), 20_000_000)
        expectEqual(SweepSVG.roundedUp(40_000_000), 50_000_000)
        expectEqual(SweepSVG.roundedUp(50_000_000), 50_000_000, "a round value is its own edge")
        expectEqual(SweepSVG.roundedUp(1_001), 2_000)
        expectEqual(SweepSVG.roundedUp(999), 1_000)
        expectEqual(SweepSVG.roundedUp(3), 5, "no 2.5 ns: an edge is a whole number of nanoseconds")
        expectEqual(SweepSVG.roundedUp(1), 1)
        expectEqual(SweepSVG.roundedUp(.max), .max, "no overflow")
        expectEqual(SweepSVG.roundedUp(6_000_000_000_000_000_000), 6_000_000_000_000_000_000, "no round value above fits")
    }

    @Test("the margin caption says the linear range the scale uses")
    func captionFromConstant() {
        let linear = TimeFormatting.exactMilliseconds(Int64(SweepSVG.linearMarginNs))
        expectContains(SweepSVG.marginCaption, "linear within ±\(linear) ms")
    }

    @Test("panel titles wrap at spaces, dots and camel-case humps, never mid-word")
    func titlesWrapAtHumps() {
        expectEqual(SweepSVG.wrap("applicationWillTerminate", characters: 22, lines: 2), ["applicationWill", "Terminate"])
        expectEqual(SweepSVG.wrap("AppDelegate.applicationWillTerminate(_:) on the main thread", characters: 34, lines: 2),
            ["AppDelegate.", "applicationWillTerminate(_:) on…"])
        expectEqual(SweepSVG.wrap("sceneDidEnterBackground", characters: 12, lines: 3), ["sceneDid", "Enter", "Background"])
    }

    @Test("a phase map's panel axes end in their unit")
    func panelUnits() throws {
        let scenario = DefaultScenario.load()
        let space = ParameterSpace(scenario: scenario)
        let exit = try SweepAxis.parse("timing.exitDurationMs=1...20", steps: 3, logarithmic: false, space: space)
        let latency = try SweepAxis.parse("timing.startLatencyMs.default=1...5", steps: 3, logarithmic: false, space: space)
        let grid = SweepGrid(axes: [latency, exit])
        let map = SweepSVG.render(
            try FlipAnalysis(scenario: scenario, grid: grid).run(parallel: false),
            points: SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false))
        let cells = scenario.hooks.count * scenario.strategies.count
        expectEqual(map.components(separatedBy: "font-size=\"8\">5 ms</text>").count - 1, cells, "across: the last tick")
        expectEqual(map.components(separatedBy: "font-size=\"8\">20 ms</text>").count - 1, cells, "up: the last tick")
    }
}

/// The axis ticks stay round where the first round step leaves a single tick.
@Suite("Sweep pictures: round axis ticks")
struct SweepAxisTickTests {
    @Test("1…9.8 ms: the 5 ms step gives one tick, so 2 ms gives 2, 4, 6, 8 ms, not the ends")
    func smallerStep() throws {
        let space = ParameterSpace(scenario: DefaultScenario.load())
        let axis = try SweepAxis.parse("timing.exitDurationMs=1...9.8", steps: 5, logarithmic: false, space: space)
        let ticks = SweepSVG.tickValues(SweepSVG.AxisScale(axis, width: 100), axis)
        expectEqual(ticks, [2_000_000, 4_000_000, 6_000_000, 8_000_000])
        expectEqual(SweepSVG.smallerRoundStep(5_000_000), 2_000_000)
        expectEqual(SweepSVG.smallerRoundStep(2_000_000), 1_000_000)
        expectEqual(SweepSVG.smallerRoundStep(1_000_000), 500_000)
        expectEqual(SweepSVG.smallerRoundStep(1), 1)
    }
}
