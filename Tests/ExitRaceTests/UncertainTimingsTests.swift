import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark

/// Uncertain timings: distributions in place of numbers, sampled replications, rates with Wilson
/// intervals, and the determinism that makes them replayable and shardable.
@Suite("Uncertain timings")
struct UncertainTimingsTests {
    static func scenario(_ sets: [String]) throws -> Scenario {
        try ScenarioLoader.loadDefault(overrides: sets.map(SettingOverride.parse))
    }

    /// How many of `runs` replications finish in one cell under the foreground kill: the same
    /// draws as a whole sampled table, run for that cell only (a debug build is slow).
    static func finished(
        _ scenario: Scenario, hook: String, strategy: String, runs: Int, seed: UInt64
    ) throws -> Int {
        let simulator = Simulator(scenario: scenario)
        let hook = try scenario.hookIndex(named: hook), strategy = try scenario.strategyIndex(named: strategy)
        let plan = ReplicationPlan(scenario: scenario, space: simulator.parameters, runs: runs, seed: seed)
        var values = simulator.defaults, finished = 0
        for replication in 0..<runs {
            plan.fill(&values, point: replication)
            if simulator.run(hook: hook, strategy: strategy, procedure: 0, values: values).cleanupFinished { finished += 1 }
        }
        return finished
    }

    static func rates(_ table: RateTable, hook: String, strategy: String) throws -> [RateTable.ProcedureRates] {
        let scenario = table.scenario
        return table.cell(hook: try scenario.hookIndex(named: hook), strategy: try scenario.strategyIndex(named: strategy))
            .procedures
    }

    // MARK: - Distributions

    @Test("quantile functions give the textbook values")
    func quantiles() {
        expectEqual(Distribution.uniform(low: 1, high: 21).quantile(0.25), 6)
        #expect(abs(Distribution.logUniform(low: 0.1, high: 1000).quantile(0.5) - 10) < 1e-9)
        let triangle = Distribution.triangular(low: 0, mode: 2, high: 4)
        #expect(abs(triangle.quantile(0.5) - 2) < 1e-12)
        #expect(abs(triangle.quantile(0.125) - 1) < 1e-12)  // F(1) = 1² / (4·2) = 1/8
        let normal = Distribution.normal(mean: 3, sd: 1, min: -Double.infinity, max: .infinity)
        #expect(abs(normal.quantile(0.5) - 3) < 1e-12)
        #expect(abs(normal.quantile(0.975) - (3 + StandardNormal.z95)) < 1e-9)
        let cut = Distribution.normal(mean: 0, sd: 1, min: 0, max: .infinity)  // the half-normal
        #expect(abs(cut.quantile(0.5) - StandardNormal.quantile(0.75)) < 1e-9)
        let choice = Distribution.choice(values: [2, 30], weights: [1, 3])
        expectEqual(choice.quantile(0.2), 2)
        expectEqual(choice.quantile(0.3), 30)
        expectEqual(choice.nominal, 30)
    }

    @Test("the normal quantile inverts the normal CDF")
    func normalInverse() {
        for p in [1e-12, 1e-6, 0.001, 0.02425, 0.1, 0.5, 0.9, 0.97575, 0.999, 1 - 1e-9] {
            let x = StandardNormal.quantile(p)
            #expect(abs(StandardNormal.cdf(x) - p) <= 1e-13 + p * 1e-10, "p = \(p)")
        }
    }

    @Test("Wilson intervals: the closed forms at 0 and n, and a textbook case")
    func wilson() {
        let z2 = StandardNormal.z95 * StandardNormal.z95
        let none = WilsonInterval(successes: 0, trials: 10)
        #expect(none.low == 0 && abs(none.high - z2 / (10 + z2)) < 1e-12)
        let all = WilsonInterval(successes: 10, trials: 10)
        #expect(all.high == 1 && abs(all.low - 10 / (10 + z2)) < 1e-12)
        let half = WilsonInterval(successes: 50, trials: 100)  // 0.4038…0.5962
        #expect(abs(half.low - 0.403_832) < 1e-6 && abs(half.high - 0.596_168) < 1e-6)
    }

    // MARK: - In files and on the command line

    @Test("a distribution stands in place of a number; the scenario holds its median")
    func decoded() throws {
        let scenario = try Self.scenario([
            "timing.exitDurationMs=uniform(1,20)", "timing.startLatencyMs.default=normal(10,2,0)",
            #"systemCalls["Activity.end"].replyLatencyMs={"choice": [1, 5], "weights": [3, 1]}"#,
        ])
        expectEqual(scenario.uncertainties.map(\.path), [
            "timing.exitDurationMs", "timing.startLatencyMs.default", #"systemCalls["Activity.end"].replyLatencyMs"#,
        ])
        expectEqual(scenario.timing.exitDuration.nanoseconds, 10_500_000)
        // Cut at 0, five standard deviations below the mean, the median sits 0.7 ns above 10 ms.
        expectEqual(scenario.timing.startLatency(.default).nanoseconds, 10_000_001)
        expectEqual(scenario.uncertainties[2].distribution, .choice(values: [1, 5], weights: [3, 1]))
        expectEqual(scenario.uncertainties[1].distribution.description, "normal(10, 2, 0)")
    }

    @Test(
        "bad distributions are diagnostics that say what was expected",
        arguments: [
            ("timing.exitDurationMs=uniform(20,1)", "expected low ≤ high, found 20 > 1"),
            ("timing.exitDurationMs=unifrom(1,20)", "did you mean \"uniform\"?"),
            (#"timing.exitDurationMs={"unifrm": [1, 2]}"#, "did you mean \"uniform\"?"),
            ("timing.exitDurationMs=uniform(-1,20)", "expected a distribution whose values are all milliseconds from 0"),
            ("timing.exitDurationMs=uniform(1)", "expected uniform(low, high)"),
            ("timing.exitDurationMs=logUniform(0,5)", "expected a low end above 0"),
            (#"timing.exitDurationMs={"normal": {"mean": 3, "sd": 1}}"#, "missing member \"min\""),
            ("timing.exitDurationMs=normal(3,0,0)", "expected a standard deviation \"sd\" above 0"),
            ("timing.exitDurationMs=normal(3,1,5,4)", "expected min < max"),
            ("timing.exitDurationMs=normal(100,1,0,1)", "more than 6 standard deviations"),
            ("timing.exitDurationMs=triangular(1,5,3)", "expected low ≤ mode ≤ high"),
            (#"timing.exitDurationMs={"choice": [1, 2], "weights": [1]}"#, "expected an array of 2 weights"),
            (#"timing.exitDurationMs={"uniform": [1, 2], "min": 0}"#, "only on a normal distribution"),
            ("timing.cooperativePoolWidth=uniform(0,4)", "a whole number from 1 to 1024"),
            ("hooks.applicationWillTerminate=uniform(1,2)", "expected a distribution only in place of a numeric setting"),
            (#"systemCalls["Activity.end"].deliverAfterMs=uniform(0.5,1.5)"#, "never above systemCalls"),
        ])
    func badDistributions(argument: String, message: String) {
        #expect {
            _ = try Self.scenario([argument])
        } throws: { error in
            (error as? InputError)?.diagnostics.contains { $0.message.contains(message) } == true
        }
    }

    @Test("in a scenario file, with a sampling section")
    func inFile() throws {
        let json = """
            {"extend": "builtin:live-activity", "timing": {"exitDurationMs": {"triangular": [1, 3, 9], "note": "a guess"}},
             "sampling": {"runs": 40, "seed": 9}}
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-uncertain-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("u.json").path
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.load(path: file)
        expectEqual(scenario.uncertainties.map(\.distribution), [.triangular(low: 1, mode: 3, high: 9)])
        expectEqual(scenario.sampling, SamplingSettings(runs: 40, seed: 9))
        expectEqual(scenario.uncertainties[0].position.line, 1)
    }

    // MARK: - Rates against the model's own formulas

    // In the foreground kill, AppDelegate · Task.detached finishes when the exit takes longer than
    // the default QoS's start latency plus the delivery (11 ms with the scenario's values; a tie
    // loses; see SweepTests.thresholdByHand).

    @Test("a uniform exit duration against a fixed threshold: the rate is the share of the range above it", .heavy)
    func uniformAgainstThreshold() throws {
        let scenario = try Self.scenario(["timing.exitDurationMs=uniform(1,20)"])
        let runs = 6_000
        let rate = Double(try Self.finished(scenario, hook: "AppDelegate", strategy: "Task.detached", runs: runs, seed: 42)) / Double(runs)
        let expected = (20.0 - 11) / 19
        let sigma = (expected * (1 - expected) / Double(runs)).squareRoot()
        #expect(abs(rate - expected) < 4 * sigma, "rate \(rate), expected \(expected) (seed 42)")
        // The whole table's count for the cell is the same (same draws, all cells at once).
        let table = SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: 300, seed: 42)).run()
        let cell = try Self.rates(table, hook: "AppDelegate", strategy: "Task.detached")[0]
        expectEqual(cell.finished, (try Self.finished(scenario, hook: "AppDelegate", strategy: "Task.detached", runs: 300, seed: 42)))
        #expect(cell.interval.low < expected && expected < cell.interval.high)
    }

    @Test("two independent uniform settings: P(exit > latency + delivery) by integration")
    func twoSettings() throws {
        let scenario = try Self.scenario(["timing.exitDurationMs=uniform(1,20)", "timing.startLatencyMs.default=uniform(0,10)"])
        let runs = 6_000
        let rate = Double(try Self.finished(scenario, hook: "AppDelegate", strategy: "Task.detached", runs: runs, seed: 3)) / Double(runs)
        // Z = latency + 1 ~ U(1, 11) lies inside the exit's range: P(X > Z) = (20 − E[Z]) / 19 = 14/19.
        let expected = 14.0 / 19, sigma = (expected * (1 - expected) / Double(runs)).squareRoot()
        #expect(abs(rate - expected) < 4 * sigma, "rate \(rate), expected \(expected) (seed 3)")
    }

    @Test("a choice's weights are the shares of the replications that draw each value")
    func choiceShares() throws {
        let scenario = try Self.scenario(["timing.exitDurationMs=choice(2:1,30:3)"])
        let runs = 4_000
        let rate = Double(try Self.finished(scenario, hook: "AppDelegate", strategy: "Task.detached", runs: runs, seed: 5)) / Double(runs)
        let sigma = (0.75 * 0.25 / Double(runs)).squareRoot()
        #expect(abs(rate - 0.75) < 4 * sigma, "rate \(rate) (seed 5)")
    }

    // MARK: - Determinism

    @Test("the same table on one thread or many, and from parts merged in order", .heavy)
    func threadsAndParts() throws {
        let scenario = try Self.scenario(["timing.exitDurationMs=uniform(1,20)", "timing.startLatencyMs.default=logUniform(0.5,30)"])
        let experiment = SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: 300, seed: 11))
        let whole = experiment.run()
        expectEqual(experiment.run(parallel: false), whole)
        var merged = experiment.run(replications: 0..<123)
        merged.merge(experiment.run(replications: 123..<250))
        merged.merge(experiment.run(replications: 250..<300))
        expectEqual(merged, whole)
        expectEqual(TextRenderer.render(merged), TextRenderer.render(whole))
    }

    @Test("replication r draws the same values whatever the number of runs, and other settings do not move them")
    func commonRandomNumbers() throws {
        let one = try Self.scenario(["timing.exitDurationMs=uniform(1,20)"])
        let two = try Self.scenario(["timing.exitDurationMs=uniform(1,20)", "timing.startLatencyMs.default=uniform(0,10)"])
        let space = ParameterSpace(scenario: one), spaceTwo = ParameterSpace(scenario: two)
        for replication in [0, 1, 17, 999] {
            let few = ReplicationPlan(scenario: one, space: space, runs: 1_000, seed: 8).drawnValues(replication: replication)
            let many = ReplicationPlan(scenario: one, space: space, runs: 100_000, seed: 8).drawnValues(replication: replication)
            let more = ReplicationPlan(scenario: two, space: spaceTwo, runs: 10, seed: 8).drawnValues(replication: replication)
            expectEqual(few.map(\.value), many.map(\.value))
            expectEqual(few[0].value, more[0].value)
            #expect((1...20).contains(few[0].value))
        }
        let other = ReplicationPlan(scenario: one, space: space, runs: 10, seed: 9).drawnValues(replication: 0)
        #expect(other[0].value != ReplicationPlan(scenario: one, space: space, runs: 10, seed: 8).drawnValues(replication: 0)[0].value)
    }

    @Test("a count drawn uniformly takes every whole number of its range")
    func uniformCount() throws {
        let scenario = try Self.scenario(["timing.cooperativePoolWidth=uniform(1,3)"])
        let space = ParameterSpace(scenario: scenario)
        let plan = ReplicationPlan(scenario: scenario, space: space, runs: 300, seed: 1)
        let values = Set((0..<300).map { plan.drawnValues(replication: $0)[0].value })
        expectEqual(values, [1, 2, 3])
    }

    @Test("--runs with no distribution: every replication is the plain run")
    func runsWithoutDistributions() throws {
        let scenario = DefaultScenario.load()
        let table = SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: 3, seed: 1)).run()
        let plain = Simulator(scenario: scenario).table()
        for (sampled, cell) in zip(table.cells, plain.cells) {
            expectEqual(sampled.verdict, cell.verdict)
            expectEqual(sampled.procedures.map(\.finished), cell.outcomes.map { $0.cleanupFinished ? 3 : 0 })
        }
    }

    // MARK: - Text

    @Test("shares never round to 0% or 100% unless exact")
    func percents() {
        expectEqual(RateTable.percent(0, of: 10), "0%")
        expectEqual(RateTable.percent(10, of: 10), "100%")
        expectEqual(RateTable.percent(1, of: 1_000), "<1%")
        expectEqual(RateTable.percent(999, of: 1_000), ">99%")
        expectEqual(RateTable.percent(452, of: 1_000), "45%")
        expectEqual(RateTable.interval(WilsonInterval(successes: 50, trials: 100)), "40.3–59.7%")
    }

    @Test("margin bins: zero in the middle, mirrored signs, every margin inside its bin's range")
    func marginBins() {
        let centre = MarginHistogram.binCount / 2
        expectEqual(MarginHistogram.bin(of: 0), centre)
        for nanoseconds: Int64 in [1, 999, 1_000, 1_778, 31_623, 5_000_000, 60_000_000_000, 1 << 50] {
            for signed in [nanoseconds, -nanoseconds] {
                let bin = MarginHistogram.bin(of: signed)
                let range = MarginHistogram.range(ofBin: bin)
                #expect(range.low <= signed && signed <= range.high, "\(signed) in bin \(bin): \(range)")
            }
            expectEqual(MarginHistogram.bin(of: nanoseconds) - centre, centre - MarginHistogram.bin(of: -nanoseconds))
        }
    }
}
