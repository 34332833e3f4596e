import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// #26: a sweep picture's legend names a margin curve only for the procedures whose margin is
/// drawn somewhere in it (a procedure that never kills the process, or a goal other than the
/// cleanup, has no margin), and has no curve row when none is drawn.
@Suite("Sweep legend shows what is drawn")
struct SweepLegendTests {
    /// The procedures named in the legend's curve row, and those with a curve drawn.
    static func curves(_ svg: String) -> (legend: Set<String>, drawn: Set<String>) {
        func names(_ pattern: String) -> Set<String> {
            let expression = try! NSRegularExpression(pattern: pattern)
            return Set(expression.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).compactMap { match in
                Range(match.range(at: 1), in: svg).map { String(svg[$0]) }
            })
        }
        return (names(#">margin, ([^<(]+) \(\+ won by"#), names(#"<title>margin, ([^<]+)</title></polyline>"#))
    }

    @Test("a procedure that never kills the process has no curve, and no legend entry")
    func onlyDrawnCurvesInLegend() throws {
        let path = try LongWorkTests.file("legend-lives", """
            {"extend": "builtin:live-activity", "name": "lives",
             "procedures": {"lives": {"label": "the app is never killed",
               "steps": [{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]}]}}}
            """)
        let svg = try SweepPictureLayoutTests.picture([path, "--vary", "timing.exitDurationMs=1...40", "--steps", "4"])
        let (legend, drawn) = Self.curves(svg)
        expectEqual(drawn, ["foreground", "background"])
        expectEqual(legend, drawn)
    }

    @Test("no margin anywhere (a goal other than the cleanup): no curve row, and the strips start right under the states")
    func noCurveRow() throws {
        let file = Repository.root.appendingPathComponent("scenarios/live-activity-lifetime.json").path
        let svg = try SweepPictureLayoutTests.picture([file, "--vary", "timing.exitDurationMs=1...40", "--steps", "4"])
        let (legend, drawn) = Self.curves(svg)
        #expect(drawn.isEmpty && legend.isEmpty)
        expectNotContains(svg, "won by")
        // One legend row: the first row starts at 40 + 18 (the states' row only); no cell flips, so it
        // is the heading of the cells that never flip, its text's baseline 12 lower.
        expectContains(svg, #"<text x="10" y="70" text-anchor="start" font-size="11">8 of 8 cells never flip"#)
    }

    @Test("every procedure with a curve is in the legend (the reference sweep)")
    func everyDrawnCurveNamed() throws {
        let svg = try SweepPictureLayoutTests.picture(["--vary", "timing.exitDurationMs=1...40", "--steps", "4"])
        let (legend, drawn) = Self.curves(svg)
        #expect(legend == drawn && drawn == ["foreground", "background"])
    }
}
