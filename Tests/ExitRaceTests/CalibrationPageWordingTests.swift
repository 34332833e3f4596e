import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceScenario
import ExitRaceCLI

/// A newcomer's nits on the calibration page (`calibrate --format html`): the dashed line of each
/// histogram was labelled `nominal`, a word the page never explained, for what is the prior's median
/// (the middle of an axis whose bars are each a twentieth of the prior's probability); and the report's
/// `--set` line, one line so that it copies whole, ran out of a 1,100 px window.
@Suite("Calibration page: the prior's median by its name, the --set line inside the page")
struct CalibrationPageWordingTests {
    static func page() throws -> String {
        let scenario = try MeasuredCalibrationTests.scenario([
            "timing.exitDurationMs=uniform(2,4)", "timing.startLatencyMs.default=uniform(5,20)",
            "systemCalls[\"Activity.end\"].costMs=logUniform(1,10)",
        ])
        let measured = try MeasurementsDecoder.load(path: MeasuredCalibrationTests.shipped)
        let calibration = try Calibration(scenario: scenario, targets: try measured.resolve(against: scenario), samples: 32, seed: 1)
        return CalibrationHTML.render(
            CalibrationText(result: calibration.run(parallel: false), measured: measured, simulator: Simulator(scenario: scenario)))
    }

    @Test("the dashed line is labelled and explained as the prior's median; 'nominal' is gone from the page")
    func priorMedian() throws {
        let html = try Self.page()
        expectContains(html, ">prior median 3 ms</text>", "uniform(2, 4)'s median")
        expectContains(html, ">prior median 3.162 ms</text>", "logUniform(1, 10)'s median: √10")
        expectContains(html, "the dashed line is the prior&#39;s median, the value a run without sampling uses.")
        #expect(html.contains("class=\"prior-median\"") && html.contains("svg .prior-median{"))
        expectNotContains(html.lowercased(), "nominal")
        let help = Tool.main(["calibrate", "--help"]).stdout
        #expect(help.contains("the prior's median marked") && !help.contains("nominal"))
    }

    @Test("the report's pre wraps a line longer than the page (at spaces, or anywhere), and the --set line stays one line of text")
    func setLineWraps() throws {
        let html = try Self.page()
        expectContains(html, "pre.report{white-space:pre-wrap;overflow-wrap:anywhere}")
        let report = try #require(html.components(separatedBy: "<pre class=\"report\">").dropFirst().first)
        let set = try #require(report.split(separator: "\n").first { $0.hasPrefix("  --set ") })
        #expect(set.count > 140, "longer than a 1,100 px window holds at 12 px monospace: the line the nit is about")
        expectContains(set, "--set timing.startLatencyMs.default=", "one line, to copy whole")
    }
}
