import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceExperiment
@testable import ExitRaceParameters
@testable import ExitRaceReport
@testable import ExitRaceScenario

/// A newcomer's walk: a phase map of a list sweep (`--vary X=1,10,100`) was ticked on a linear
/// scale while its cells were evenly spaced, so a boundary between 10 and 100 read as 65 ms, and
/// hairline seams showed between cells; a strip picture's row names took half its width.
@Suite("Sweep pictures: list axes, seamless maps, row names")
struct SweepListAxisTests {
    static func map(across: String, up: String) throws -> String {
        let scenario = DefaultScenario.load()
        let space = ParameterSpace(scenario: scenario)
        let grid = SweepGrid(axes: [
            try SweepAxis.parse(across, steps: 5, logarithmic: false, space: space),
            try SweepAxis.parse(up, steps: 5, logarithmic: false, space: space),
        ])
        return SweepSVG.render(
            try FlipAnalysis(scenario: scenario, grid: grid).run(parallel: false),
            points: SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false))
    }

    static func matches(_ pattern: String, _ text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    @Test("a list axis is ticked at each of its values, in the middle of its cell: 1, 10, 100 ms at 25, 75, 125 of 150")
    func listTicks() throws {
        let svg = try Self.map(across: "timing.exitDurationMs=1,10,100", up: "timing.startLatencyMs.default=2,5,10,20,40")
        // The first panel starts at x 60: its across labels sit under its three cells' middles.
        #expect(svg.contains("<text x=\"85\" y=\"") && svg.contains("font-size=\"8\">1</text>"), "\(svg.prefix(3000))")
        let across = Self.matches(#"<text x="([0-9.]+)" y="[0-9.]+" text-anchor="middle" font-size="8">([^<]*)</text>"#, svg)
        expectEqual(Array(across.prefix(3)), [["85", "1"], ["135", "10"], ["185", "100 ms"]])
        expectNotContains(svg, "font-size=\"8\">50</text>", "no value that was not run is a tick of a list axis")
        let up = Self.matches(#"<text x="56" y="([0-9.]+)" text-anchor="end" font-size="8">([^<]*)</text>"#, svg)
        expectEqual(up.prefix(5).map { $0[1] }, ["2", "5", "10", "20", "40 ms"])
    }

    @Test("a range axis keeps round ticks, placed where the cells of its values put them")
    func rangeTicks() throws {
        let svg = try Self.map(across: "timing.exitDurationMs=1...9", up: "timing.startLatencyMs.default=1...5")
        // 1, 3, 5, 7, 9 ms in five cells of 30, middles at 15 … 135 (+ 60): the round 2, 4, 6, 8 ms halfway between.
        let across = Self.matches(#"<text x="([0-9.]+)" y="[0-9.]+" text-anchor="middle" font-size="8">([^<]*)</text>"#, svg)
        expectEqual(Array(across.prefix(4)), [["90", "2"], ["120", "4"], ["150", "6"], ["180", "8 ms"]])
    }

    @Test("a phase map's cells leave no seam: each reaches into the next drawn, none past its panel")
    func noSeams() throws {
        let svg = try Self.map(across: "timing.exitDurationMs=1,10,100", up: "timing.startLatencyMs.default=2,5,10,20,40")
        let rects: [[String]] = Self.matches(##"<rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)" fill="#"##, svg)
        let numbers: [[Double]] = rects.map { rect in rect.map { Double($0) ?? 0 } }
        // The first panel's cells: left of the second panel, below the legend, smaller than the frame.
        let inFirstColumn = numbers.filter { $0[0] >= 60 && $0[0] < 210 && $0[1] >= 100 && $0[2] < 100 }
        let firstTop = inFirstColumn.map { $0[1] }.min() ?? 0
        let cells = inFirstColumn.filter { $0[1] < firstTop + 150 }
        expectEqual(cells.count, 15)
        let top = cells.map { $0[1] }.min()!, left = cells.map { $0[0] }.min()!
        for cell in cells {
            let right: Double = cell[0] + cell[2], bottom: Double = cell[1] + cell[3]
            #expect(right <= left + 150 + 0.01 && bottom <= top + 150 + 0.01, "inside the panel: \(cell)")
            let last = right > left + 149
            let reach: Double = (right - left).truncatingRemainder(dividingBy: 50)
            #expect(last || reach == 1, "overlaps its right neighbour: \(cell)")
        }
    }

    @Test("a strip picture's row names take at most 35% of its width; a cut name is whole in its tooltip")
    func rowNames() throws {
        let scenario = try ScenarioLoader.load(
            path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("scenarios/recipes-in-the-wild.json").path)
        let space = ParameterSpace(scenario: scenario)
        let grid = SweepGrid(axes: [try SweepAxis.parse("timing.exitDurationMs=1,10,100", steps: 2, logarithmic: false, space: space)])
        let svg = SweepSVG.render(
            try FlipAnalysis(scenario: scenario, grid: grid).run(parallel: false),
            points: SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false))
        let width = Double(Self.matches(#"<svg [^>]* width="([0-9.]+)""#, svg)[0][0])!
        let strip = Double(Self.matches(#"<rect x="([0-9.]+)" y="[0-9.]+" width="460""#, svg)[0][0])!
        #expect(strip <= 0.35 * width + 0.5, "the strips start at \(strip) of \(width)")
        let cut = Self.matches(#"<g><title>([^<]*)</title><text x="[0-9.]+" y="[0-9.]+" text-anchor="end" font-size="11">([^<]*)</text>"#, svg)
        #expect(!cut.isEmpty)
        for label in cut {
            #expect(label[1].hasSuffix("…") || label[1].contains("… · "), "\(label)")
            expectContains(label[1], " · ", "hook and strategy both shown: \(label)")
            #expect(Double(label[1].count) * 6.6 <= strip - 8, "\(label)")
        }
        expectEqual(SweepSVG.cutLabel("applicationWillTerminate · Task.detached + wait(2 s)", characters: 41),
            "applicationW… · Task.detached + wait(2 s)")
        expectEqual(SweepSVG.cutLabel("applicationWillTerminate · Task.detached + wait(2 s)", characters: 30),
            "applicati… · Task.detached +…")
    }

    @Test("imported row names, which share their types, are cut at their start and stay apart (a newcomer's walk: 10 of 16 alike)")
    func qualifiedNamesKeepTheirMembers() {
        let names = [
            "SceneDelegate.sceneDidDisconnect · your code: SceneDelegate.sceneDidEnterBackground",
            "SceneDelegate.sceneDidEnterBackground · your code: SceneDelegate.sceneDidEnterBackground",
            "SceneDelegate.sceneDidDisconnect · your code: SceneDelegate.sceneDidDisconnect",
            "your app · your code: SceneDelegate.sceneDidDisconnect",
            "your app · your code: SceneDelegate.sceneDidEnterBackground",
        ]
        let cut = names.map { SweepSVG.cutLabel($0, characters: 44) }
        expectEqual(Set(cut).count, names.count, "\(cut)")
        expectEqual(cut[0], "…DidDisconnect · …te.sceneDidEnterBackground", "\(cut[0])")
        #expect(cut.allSatisfy { $0.count <= 44 })
        expectEqual(SweepSVG.cutLabel("AppDelegate · Task.detached(priority: .high) + wait(2 s)", characters: 30),
            "AppDelega… · Task.detached(pr…", "a dot inside a call is not a qualified name")
    }

    @Test("a strip of a geometric list (1, 10, 100 ms) is drawn on a log scale, ticked at its powers of ten")
    func geometricListStrip() throws {
        let scenario = DefaultScenario.load()
        let space = ParameterSpace(scenario: scenario)
        func axis(_ text: String) throws -> SweepAxis { try SweepAxis.parse(text, steps: 5, logarithmic: false, space: space) }
        #expect(SweepSVG.isGeometric(try axis("timing.exitDurationMs=1,10,100")))
        #expect(SweepSVG.isGeometric(try axis("timing.startLatencyMs.default=2,5,10,20,40")))
        #expect(!SweepSVG.isGeometric(try axis("timing.exitDurationMs=1,2,100")))
        #expect(!SweepSVG.isGeometric(try axis("timing.exitDurationMs=1,10")))
        #expect(!SweepSVG.isGeometric(try axis("timing.exitDurationMs=1...100")))
        let grid = SweepGrid(axes: [try axis("timing.exitDurationMs=1,10,100")])
        let svg = SweepSVG.render(
            try FlipAnalysis(scenario: scenario, grid: grid).run(parallel: false),
            points: SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false))
        let ticks = Self.matches(#"<text x="([0-9.]+)" y="[0-9.]+" text-anchor="middle" font-size="11">([0-9.]+ ms)</text>"#, svg)
        expectEqual(Array(ticks.prefix(3)).map { $0[1] }, ["1 ms", "10 ms", "100 ms"], "\(ticks)")
        let x = ticks.prefix(3).map { Double($0[0])! }
        #expect(abs((x[1] - x[0]) - (x[2] - x[1])) < 0.2, "evenly apart: \(x)")
    }
}
