import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceExperiment
@testable import ExitRaceParameters
@testable import ExitRaceReport
@testable import ExitRaceScenario

/// A newcomer's nit: the margin bands of a 1-D sweep picture were labelled at odd values (`±98.9 ms`,
/// the largest margin to three digits). Every label of a band is now a round value, 1, 2, 2.5 or 5
/// times a power of ten, and the edges still cover every margin the band draws.
@Suite("Sweep pictures: margin bands with round edges")
struct MarginBandEdgeTests {
    /// Whether `ms` (a label's number) is 1, 2, 2.5 or 5 times a power of ten.
    static func isRound(_ ms: Double) -> Bool {
        let decade = pow(10, log10(ms).rounded(.down))
        return [1, 2, 2.5, 5, 10].contains { abs(ms - $0 * decade) < 1e-9 * decade }
    }

    static func sweep(_ spec: String, steps: Int, logarithmic: Bool) throws -> (svg: String, points: [SweepPoint], report: FlipReport) {
        let scenario = DefaultScenario.load()
        let axis = try SweepAxis.parse(spec, steps: steps, logarithmic: logarithmic, space: ParameterSpace(scenario: scenario))
        let grid = SweepGrid(axes: [axis])
        let report = try FlipAnalysis(scenario: scenario, grid: grid).run(parallel: false)
        let points = SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false)
        return (SweepSVG.render(report, points: points), points, report)
    }

    @Test("every band label of two exit sweeps is round", .heavy, arguments: [
        ("timing.exitDurationMs=0.1...100", 20, true), ("timing.exitDurationMs=1...60", 60, false),
    ])
    func labelsRound(_ spec: String, _ steps: Int, _ logarithmic: Bool) throws {
        let svg = try Self.sweep(spec, steps: steps, logarithmic: logarithmic).svg
        let regex = try NSRegularExpression(pattern: #"font-size="8">[+−]([0-9.]+) ms</text>"#)
        let labels = regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map {
            Double(svg[Range($0.range(at: 1), in: svg)!])!
        }
        #expect(!labels.isEmpty)
        #expect(labels.allSatisfy(Self.isRound), "\(labels)")
    }

    @Test("each band's edge is at least its cell's largest margin, and round", .heavy)
    func edgesCoverTheData() throws {
        let (_, points, report) = try Self.sweep("timing.exitDurationMs=1...60", steps: 60, logarithmic: false)
        let procedures = report.scenario.procedures.count
        for cell in report.lines[0].cells.indices {
            let largest = points.flatMap { point in
                point.outcomes[(cell * procedures)..<((cell + 1) * procedures)].compactMap { $0.marginNs.map { abs($0) } }
            }.max() ?? 1
            let edge = SweepSVG.marginRange(points, cell: cell, procedures: procedures)
            #expect(edge >= Double(largest))
            #expect(Self.isRound(edge / 1_000_000), "cell \(cell): \(edge) ns")
        }
    }
}
