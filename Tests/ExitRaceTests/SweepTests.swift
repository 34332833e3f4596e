import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain

/// Sweeps: grids of parameter values, flip reports refined by bisection, and JSON lines.
@Suite("Sweeps")
struct SweepTests {
    static func axis(
        _ spec: String, steps: Int = 100, log: Bool = false, _ scenario: Scenario = DefaultScenario.load()
    ) throws(InputError) -> SweepAxis {
        try SweepAxis.parse(spec, steps: steps, logarithmic: log, space: ParameterSpace(scenario: scenario))
    }

    static func segments(_ report: FlipReport, hook: String, strategy: String) throws -> [FlipReport.Segment] {
        let cell = CellIndex(
            hook: try report.scenario.hookIndex(named: hook), strategy: try report.scenario.strategyIndex(named: strategy))
        return try #require(report.lines.first?.cells.first { $0.cell == cell }).segments
    }

    @Test("the exit-duration threshold of AppDelegate · Task.detached is the one the model's own numbers give")
    func thresholdByHand() throws {
        let scenario = DefaultScenario.load()
        let defaults = Simulator(scenario: scenario).defaults
        // In the foreground kill, applicationWillTerminate runs after the UI teardown; the detached
        // task waits the default QoS's start latency for a thread, then `end` is delivered after
        // deliverAfterMs; the process dies `exit` after the hook. So the cleanup wins when exit
        // exceeds latency + delivery (a tie loses).
        let latency = try defaults.value(of: "timing.startLatencyMs.default")
        let delivery = try defaults.value(of: #"systemCalls["Activity.end"].deliverAfterMs"#)
        let threshold = Int64(((latency + delivery) * 1_000_000).rounded())
        let grid = SweepGrid(axes: [try Self.axis("timing.exitDurationMs=0.1...100", steps: 37)])
        let report = try FlipAnalysis(scenario: scenario, grid: grid, durationToleranceNs: 1).run()
        let flips = try Self.segments(report, hook: "AppDelegate", strategy: "Task.detached")
        expectEqual(flips.map { report.stateText($0.finished) }, ["×", "○"])
        expectEqual(flips[0].to, threshold)
        expectEqual(flips[1].from, threshold + 1)
        expectEqual(threshold, 11_000_000)
    }

    @Test("with the default tolerance, boundaries land on round values")
    func roundBoundaries() throws {
        let grid = SweepGrid(axes: [try Self.axis("timing.exitDurationMs=0.1...100", steps: 200, log: true)])
        let report = try FlipAnalysis(scenario: DefaultScenario.load(), grid: grid).run()
        let text = FlipReportRenderer.text(report)
        expectContains(text, "AppDelegate · Task.detached: × up to 11 ms, ○ from 11.001 ms")
        expectContains(text, "AppDelegate · Task: × up to 1.1 ms, △ background from 1.101 ms")
        expectContains(text, "never flip in the range: AppDelegate · Task + semaphore (×)")
        Golden.check(text, against: "sweep-exit-duration.txt")
    }

    @Test("a parallel sweep gives exactly the serial one's report, over a two-setting grid", .heavy)
    func parallelEqualsSerial() throws {
        let grid = SweepGrid(axes: [
            try Self.axis("timing.startLatencyMs.default=1,5,10,20"), try Self.axis("timing.exitDurationMs=1...30", steps: 30),
        ])
        let analysis = try FlipAnalysis(scenario: DefaultScenario.load(), grid: grid)
        let parallel = analysis.run(parallel: true), serial = analysis.run(parallel: false)
        expectEqual(FlipReportRenderer.json(parallel), FlipReportRenderer.json(serial))
        expectEqual(FlipReportRenderer.text(parallel), FlipReportRenderer.text(serial))
        // Lines along each axis at every value of the other: 30 along the latency, 4 along exit.
        expectEqual(parallel.lines.count, 30 + 4)
        // Along exit at a 20 ms latency, the detached task needs 21 ms.
        let line = try #require(parallel.lines.first { $0.axis == 1 && $0.fixed[0] == 3 })
        let hook = 0, strategy = try DefaultScenario.load().strategyIndex(named: "Task.detached")
        let cell = try #require(line.cells.first { $0.cell == CellIndex(hook: hook, strategy: strategy) })
        expectEqual(cell.segments.map(\.to).first, 21_000_000)
    }

    @Test("JSON lines: one per grid point, the same in parallel and split into windows", .heavy)
    func jsonLines() throws {
        let scenario = DefaultScenario.load()
        let grid = SweepGrid(axes: [
            try Self.axis("timing.exitDurationMs=1...20", steps: 20), try Self.axis("timing.cooperativePoolWidth=1...3"),
        ])
        expectEqual(grid.pointCount, 60)
        let whole = SweepLinesRenderer.render(
            SweepPoint.run(scenario: scenario, grid: grid, points: 0..<60, parallel: true), grid: grid, scenario: scenario)
        let parts = [0..<7, 7..<41, 41..<60].map {
            SweepLinesRenderer.render(
                SweepPoint.run(scenario: scenario, grid: grid, points: $0, parallel: false), grid: grid, scenario: scenario)
        }.joined()
        expectEqual(whole, parts)
        let lines = whole.split(separator: "\n")
        expectEqual(lines.count, 60)
        let first = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        expectEqual(first["point"] as? Int, 0)
        let settings = try #require(first["settings"] as? [String: Any])
        expectEqual(settings["timing.exitDurationMs"] as? Double, 1)
        expectEqual(settings["timing.cooperativePoolWidth"] as? Int, 1)
        expectEqual((first["cells"] as? [Any])?.count, 18)
    }

    @Test("a count setting steps by whole numbers; a list is sorted and deduplicated")
    func axes() throws {
        expectEqual(try Self.axis("timing.cooperativePoolWidth=1...4", steps: 100).values, [1, 2, 3, 4])
        expectEqual(try Self.axis("timing.exitDurationMs=5,1,5,3").values, [1_000_000, 3_000_000, 5_000_000])
        let log = try Self.axis("timing.exitDurationMs=0.1...100", steps: 4, log: true).values
        expectEqual(log, [100_000, 1_000_000, 10_000_000, 100_000_000])
    }

    @Test("bad axes are diagnostics naming the option, with did-you-mean", arguments: [
        ("timing.exitDurationMz=1...2", #"did you mean "timing.exitDurationMs"?"#),
        ("timing.exitDurationMs=2...1", "expected FROM ≤ TO, found 2 > 1"),
        ("timing.exitDurationMs=a...2", #"expected a number for timing.exitDurationMs, found "a""#),
        ("timing.exitDurationMs=-1...2", "expected milliseconds from 0 to 1000000000 for timing.exitDurationMs, found -1"),
        ("timing.cooperativePoolWidth=0...3", "expected a whole number from 1 to 1024"),
        ("timing.mainThreadQoS=1...2", "expected the path of a numeric setting"),
        ("timing.exitDurationMs", "found no '='"),
        ("timing.exitDurationMs=0...10", "expected FROM above 0 for --log"),
        // A newcomer's walk (issue 26): the comma split the distribution into "uniform(1".
        ("timing.exitDurationMs=uniform(1,2)", #"found the distribution "uniform(1,2)": a sweep tries values one by one; a distribution is given with --set"#),
    ])
    func badAxes(spec: String, message: String) {
        do {
            _ = try Self.axis(spec, log: spec.hasSuffix("0...10"))
            Issue.record("\(spec) was accepted")
        } catch {
            expectContains(error.description, message, "\(error.description)")
            expectEqual(error.diagnostics.first?.file.hasPrefix("--vary"), true)
        }
    }

    @Test("grids are bounded before anything runs, without overflow")
    func bounded() throws {
        let axis = try Self.axis("timing.exitDurationMs=1...100", steps: 100_000)
        expectEqual(SweepGrid.checkedPointCount([axis, axis], max: 1_000_000), nil)
        expectEqual(SweepGrid.checkedPointCount(Array(repeating: axis, count: 8), max: Int.max), nil)
        expectEqual(SweepGrid.checkedPointCount([axis], max: 1_000_000), axis.values.count)
    }
}

/// Sweeps kept in scenario files: loaded, carried in result files, compared by `check` and `diff`.
@Suite("Sweeps in scenario files and results")
struct ScenarioSweepTests {
    static func document(_ overrides: [String]) throws -> ResultDocument {
        let scenario = try ScenarioLoader.loadDefault(overrides: overrides.map(SettingOverride.parse))
        let result = BatchRunner.result(for: scenario)
        return try ResultDocument.parse(Array(result.json.utf8), file: "live-activity.json")
    }

    @Test("the reference scenario ships a sweep per timing assumption, carried in its result file", .heavy)
    func shipped() throws {
        let scenario = DefaultScenario.load()
        expectEqual(scenario.sweeps.map(\.name), ["exit", "defaultQoSStart", "userInitiatedStart", "uiTeardown", "terminateDelay", "endDelivery"])
        let document = try Self.document([])
        let exit = try #require(document.sweeps.first { $0.sweep == "exit" && $0.hook == "applicationWillTerminate" && $0.strategy == "Task.detached" })
        expectEqual(exit.text, "× up to 11 ms, ○ from 11.001 ms")
    }

    @Test("CI catches a moved threshold: a slower default-QoS start moves the exit boundary from 11 to 12 ms", .heavy)
    func movedThreshold() throws {
        let diff = ResultDiff(
            old: [try Self.document([])], new: [try Self.document(["timing.startLatencyMs.default=11"])])
        #expect(!diff.isEmpty)
        let text = diff.renderText()
        expectContains(text,
            "live-activity · sweep exit · along timing.exitDurationMs · AppDelegate · Task.detached: "
                + "× up to 11 ms, ○ from 11.001 ms → × up to 12 ms, ○ from 12.001 ms")
        Golden.check(text, against: "diff-sweep-moved.txt")
    }

    @Test("sweeps are not inherited through extend: they belong to the file that states them")
    func notInherited() throws {
        let scenario = try ScenarioLoader.load(path: ParameterTests.path("live-activity-every-kill"))
        #expect(scenario.sweeps.isEmpty)
        #expect(!DefaultScenario.load().sweeps.isEmpty)
    }

    @Test("a run's results, which hold no sweeps, are compared with a batch's on the table alone", .heavy)
    func runAgainstBatch() throws {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        let run = try ResultDocument.parse(Array(JSONRenderer.render([table]).utf8), file: "run.json")
        expectEqual(run.sweepNames, nil)
        #expect(ResultDiff(old: [try Self.document([])], new: [run]).isEmpty)
    }

    @Test("a sweep naming a setting the scenario lacks is an error at its place in the file")
    func badSweep() {
        let json = #"""
            {"extend": "builtin:live-activity", "sweeps": {"x": {"vary": ["timing.exitDurationMz=1...2"]}}}
            """#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try? Data(json.utf8).write(to: file)
        do {
            _ = try ScenarioLoader.load(path: file.path)
            Issue.record("a sweep of an unknown setting loaded")
        } catch {
            expectEqual(error.diagnostics.first?.path, "sweeps.x.vary[0]")
            expectEqual(error.diagnostics.first?.line, 1)
            expectContains(error.description, #"did you mean "timing.exitDurationMs"?"#)
        }
    }
}

@Suite("Sweep pictures")
struct SweepPictureTests {
    @Test("one setting: a strip per cell with a boundary where the report puts it; two: a phase map per cell", .heavy)
    func pictures() throws {
        let scenario = DefaultScenario.load()
        let space = ParameterSpace(scenario: scenario)
        let exit = try SweepAxis.parse("timing.exitDurationMs=1...20", steps: 20, logarithmic: false, space: space)
        let grid = SweepGrid(axes: [exit])
        let report = try FlipAnalysis(scenario: scenario, grid: grid).run(parallel: false)
        let points = SweepPoint.run(scenario: scenario, grid: grid, points: 0..<grid.pointCount, parallel: false)
        let strips = SweepSVG.render(report, points: points)
        #expect(strips.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(strips.hasSuffix("</svg>\n"))
        // A cell that flips draws a strip per segment; one that never flips a thin strip of its own.
        let moving = report.lines[0].cells.filter { $0.segments.count > 1 }
        #expect(!moving.isEmpty)
        expectEqual(strips.components(separatedBy: "height=\"16\"").count - 1, moving.reduce(0) { $0 + $1.segments.count })
        expectEqual(strips.components(separatedBy: "height=\"10\"").count - 1, report.lines[0].cells.count - moving.count)
        expectEqual(SweepSVG.render(report, points: points), strips)

        let latency = try SweepAxis.parse("timing.startLatencyMs.default=1...5", steps: 5, logarithmic: false, space: space)
        let square = SweepGrid(axes: [latency, exit])
        let map = SweepSVG.render(
            try FlipAnalysis(scenario: scenario, grid: square).run(parallel: false),
            points: SweepPoint.run(scenario: scenario, grid: square, points: 0..<square.pointCount, parallel: false))
        // Every grid point of every cell is a square, plus a frame per cell and the legend's three.
        let cells = scenario.hooks.count * scenario.strategies.count
        expectEqual(map.components(separatedBy: "<rect").count - 1, 1 + 3 + cells * (square.pointCount + 1))
    }
}
