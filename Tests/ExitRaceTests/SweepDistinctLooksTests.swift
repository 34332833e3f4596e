import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceExperiment
@testable import ExitRaceParameters
@testable import ExitRaceReport
@testable import ExitRaceScenario

/// #26 (a newcomer's 2-D sweep with four procedures): two △ outcomes were drawn in the same colour,
/// as only five △ colours cycle over up to 2^k − 2 outcomes. Only the outcomes drawn take looks, in
/// a stable order, and past five △ a hatch (defined in `<defs>`, shown in the legend) tells them
/// apart.
@Suite("Sweep pictures: no two outcomes drawn look the same")
struct SweepDistinctLooksTests {
    /// The reference scenario with four procedures, swept along the exit duration, whose first
    /// cell goes through `states` in turn (a stretch each): no simulation, just the picture.
    static func picture(_ states: [UInt64]) throws -> String {
        var scenario = DefaultScenario.load()
        let first = scenario.procedures[0]
        scenario.procedures = ["alpha", "beta", "gamma", "delta"].map { name in
            var procedure = first
            procedure.name = name
            return procedure
        }
        let axis = try SweepAxis.parse(
            "timing.exitDurationMs=1...40", steps: states.count, logarithmic: false, space: ParameterSpace(scenario: scenario))
        let segments = states.enumerated().map { index, state in
            FlipReport.Segment(finished: state, from: axis.values[index], to: axis.values[index])
        }
        let line = FlipReport.Line(
            axis: 0, fixed: [0], cells: [FlipReport.CellSegments(cell: CellIndex(hook: 0, strategy: 0), segments: segments)])
        let report = FlipReport(scenario: scenario, axes: [axis], tolerances: [0], lines: [line], runs: 0)
        return SweepSVG.render(report, points: [])
    }

    /// A look: a colour and the hatch over it (`""` for none).
    struct Look: Hashable { let colour: String, hatch: String }

    static func matches(_ pattern: String, _ svg: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            (1..<match.numberOfRanges).map { i in
                Range(match.range(at: i), in: svg).map { String(svg[$0]) } ?? ""
            }
        }
    }

    /// Each stretch drawn: its state (the tooltip) and its look.
    static func drawn(_ svg: String) -> [(state: String, look: Look)] {
        matches(#"height="16" fill="(#[0-9A-F]+)"><title>([^<]*)</title></rect>(?:<rect [^>]*fill="url\(#([a-z0-9-]+)\)")?"#, svg)
            .map { ($0[1], Look(colour: $0[0], hatch: $0[2])) }
    }

    /// Each legend entry: its label and its swatch's look.
    static func legend(_ svg: String) -> [(label: String, look: Look)] {
        matches(#"height="12" fill="(#[0-9A-F]+)"/>(?:<rect [^>]*fill="url\(#([a-z0-9-]+)\)"[^>]*/>)?<text[^>]*>([^<]*)</text>"#, svg)
            .map { ($0[2], Look(colour: $0[0], hatch: $0[1])) }
    }

    @Test("all 14 △ outcomes of four procedures, ○ and ×: every state drawn and every legend entry has its own look")
    func fourteenPartials() throws {
        let states = Array((0...UInt64(15)).reversed())
        let svg = try Self.picture(states)
        let drawn = Self.drawn(svg)
        expectEqual(drawn.count, 16)
        expectEqual(Set(drawn.map(\.state)).count, 16)
        expectEqual(Set(drawn.map(\.look)).count, 16, "\(drawn)")
        let legend = Self.legend(svg)
        expectEqual(legend.count, 16)
        expectEqual(Set(legend.map(\.look)).count, 16, "\(legend)")
        expectEqual(Set(legend.map(\.look)), Set(drawn.map(\.look)), "the legend shows the looks drawn")
        let hatches = Set(drawn.map(\.look.hatch)).subtracting([""])
        #expect(hatches.count >= 2, "past five △ colours, hatches")
        for hatch in hatches { expectContains(svg, "<pattern id=\"\(hatch)\"", "\(hatch) is defined") }
        let legendLabel = try #require(legend.first { $0.label == "△ finished under alpha and gamma only" })
        expectEqual(legendLabel.look, drawn.first { $0.state == "△ alpha+gamma" }?.look, "legend and strip agree")
    }

    @Test("a phase map whose first cell goes through all 16 states: 16 looks drawn, the same 16 in the legend")
    func phaseMap() throws {
        var scenario = DefaultScenario.load()
        let first = scenario.procedures[0]
        scenario.procedures = ["alpha", "beta", "gamma", "delta"].map { name in
            var procedure = first
            procedure.name = name
            return procedure
        }
        let space = ParameterSpace(scenario: scenario)
        let axes = [
            try SweepAxis.parse("timing.exitDurationMs=1...40", steps: 4, logarithmic: false, space: space),
            try SweepAxis.parse("timing.startLatencyMs.default=1...40", steps: 4, logarithmic: false, space: space),
        ]
        let cells = scenario.hooks.count * scenario.strategies.count
        let points = (0..<16).map { index in
            SweepPoint(index: index, outcomes: (0..<cells).flatMap { cell in
                (0..<4).map { p in SweepPoint.Outcome(finished: cell > 0 || index >> p & 1 == 1, marginNs: nil) }
            })
        }
        let report = FlipReport(scenario: scenario, axes: axes, tolerances: [0, 0], lines: [], runs: 0)
        let svg = SweepSVG.render(report, points: points)
        let drawn = Self.matches(
            #"<rect x="[0-9.]+" y="[0-9.]+" width="3[78].5" height="3[78].5" fill="(#[0-9A-F]+)"/>(?:<rect [^>]*fill="url\(#([a-z0-9-]+)\)")?"#, svg
        ).map { Look(colour: $0[0], hatch: $0[1]) }
        expectEqual(drawn.count, 16 * cells)
        let legend = Self.legend(svg)
        expectEqual(legend.count, 16)
        expectEqual(Set(legend.map(\.look)).count, 16, "\(legend)")
        expectEqual(Set(drawn), Set(legend.map(\.look)))
    }

    @Test("only the outcomes drawn take △ looks: three △ use the first three colours, unhatched, and no <defs>")
    func fewPartialsPlain() throws {
        let svg = try Self.picture([15, 0b1000, 0b0110, 0b0001, 0])
        let looks = Self.drawn(svg).map(\.look)
        let colours: [String] = ["#009E73"] + Array(SweepSVG.partials.prefix(3)) + ["#A32000"]
        expectEqual(looks.map(\.colour), colours)
        #expect(looks.allSatisfy { $0.hatch.isEmpty })
        expectNotContains(svg, "<defs>")
    }
}
