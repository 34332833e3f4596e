import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
import ExitRaceCLI

/// Sobol indices (issue 13) against a case worked out by hand.
@Suite("Sensitivity: Sobol indices")
struct SensitivityTests {
    /// Exit uniform on 1…20 ms decides AppDelegate · Task.detached (○ from 11 ms on); the
    /// background QoS start latency plays no part in it (nothing there runs at background QoS).
    /// The built-in table without the cells the tests do not read (each cell is an independent
    /// output, so the others' indices are the same), to keep the 512-sample analysis cheap.
    static let analysis: Sensitivity = {
        let scenario = try! ScenarioSet.load([], settings: [
            "timing.exitDurationMs=uniform(1,20)", "timing.startLatencyMs.background=uniform(1,100)",
            #"hooks["willTerminateNotification"]=null"#, #"strategies["Task + semaphore"]=null"#,
            #"strategies["Task.detached + semaphore"]=null"#, #"strategies["DispatchQueue.main.async"]=null"#,
            #"strategies["Task.detached(priority: .high)"]=null"#,
        ]).scenarios[0]
        return Sensitivity(scenario: scenario, samples: 512, seed: 2)
    }()

    /// The analysis run once, its outcome bits kept for the bootstrap.
    static let sums = analysis.run(keepRows: true)

    static func output(_ scenario: Scenario, _ hook: String, _ strategy: String, _ procedure: String) throws -> Int {
        let cell = try scenario.hookIndex(named: hook) * scenario.strategies.count + scenario.strategyIndex(named: strategy)
        return cell * scenario.procedures.count + (try scenario.procedureIndex(named: procedure))
    }

    @Test("an outcome that depends on one setting only: S1 = ST = 1 for it, 0 for the other", .heavy)
    func oneSetting() throws {
        let sums = Self.sums
        let scenario = Self.analysis.scenario
        let exit = try #require(scenario.uncertainties.firstIndex { $0.path == "timing.exitDurationMs" })
        let other = 1 - exit
        for procedure in ["foreground", "background"] {
            let output = try Self.output(scenario, "AppDelegate", "Task.detached", procedure)
            #expect(abs(sums.finishedShare(output: output) - 9.0 / 19) < 0.01)
            #expect(abs(try #require(sums.firstOrderIndex(output: output, setting: exit)) - 1) < 0.05)
            #expect(abs(try #require(sums.totalIndex(output: output, setting: exit)) - 1) < 0.05)
            #expect(abs(try #require(sums.firstOrderIndex(output: output, setting: other))) < 0.05)
            expectEqual(try #require(sums.totalIndex(output: output, setting: other)), 0)
        }
        let constant = try Self.output(scenario, "SceneDelegate", "Task.detached", "foreground")
        expectEqual(sums.firstOrderIndex(output: constant, setting: exit), nil)
    }

    @Test("the 95% bootstrap intervals contain the known indices: 1 for the exit duration, 0 for the other")
    func intervalsContainTruth() throws {
        let bootstrap = SensitivityBootstrap(sums: Self.sums, resamples: 100, seed: 2)
        let scenario = Self.analysis.scenario
        let exit = try #require(scenario.uncertainties.firstIndex { $0.path == "timing.exitDurationMs" })
        for procedure in ["foreground", "background"] {
            let output = try Self.output(scenario, "AppDelegate", "Task.detached", procedure)
            for estimate in [bootstrap.firstOrder(output: output, setting: exit), bootstrap.total(output: output, setting: exit)] {
                let interval = try #require(estimate)
                #expect(interval.low <= 1 && 1 <= interval.high && interval.low < interval.high, "\(interval)")
            }
            let other = try #require(bootstrap.total(output: output, setting: 1 - exit))
            #expect(other.low == 0 && other.high == 0)
            let otherFirst = try #require(bootstrap.firstOrder(output: output, setting: 1 - exit))
            #expect(otherFirst.low <= 0 && 0 <= otherFirst.high)
        }
        let constant = try Self.output(scenario, "SceneDelegate", "Task.detached", "foreground")
        expectEqual(bootstrap.total(output: constant, setting: exit), nil)
    }

    @Test("intervals shrink as the base samples grow")
    func intervalsShrink() throws {
        let scenario = Self.analysis.scenario
        let output = try Self.output(scenario, "AppDelegate", "Task.detached", "foreground")
        let exit = try #require(scenario.uncertainties.firstIndex { $0.path == "timing.exitDurationMs" })
        let small = Sensitivity(scenario: scenario, samples: 32, seed: 2).run(keepRows: true)
        func width(_ sums: SensitivitySums) throws -> (Double, Double) {
            let bootstrap = SensitivityBootstrap(sums: sums, resamples: 100, seed: 2)
            let first = try #require(bootstrap.firstOrder(output: output, setting: exit))
            let total = try #require(bootstrap.total(output: output, setting: exit))
            return (first.high - first.low, total.high - total.low)
        }
        let (smallFirst, smallTotal) = try width(small), (largeFirst, largeTotal) = try width(Self.sums)
        #expect(largeFirst < smallFirst / 2)
        #expect(largeTotal < smallTotal / 2)
    }

    @Test("the bootstrap is the same on one thread and many, and resampling only the kept bits")
    func bootstrapDeterministic() {
        let small = Sensitivity(scenario: Self.analysis.scenario, samples: 40, seed: 4)
        let parallel = SensitivityBootstrap(sums: small.run(parallel: true, keepRows: true), resamples: 30, seed: 4, parallel: true)
        let serial = SensitivityBootstrap(sums: small.run(parallel: false, keepRows: true), resamples: 30, seed: 4, parallel: false)
        expectEqual(SensitivityRenderer.json(parallel, analysis: small), SensitivityRenderer.json(serial, analysis: small))
        expectContains(SensitivityRenderer.text(parallel, analysis: small), "S1 ")
        expectEqual(small.run(keepRows: true).rows.count, 40 * small.run(keepRows: true).rowWords)
    }

    @Test("the terminal form: cells alike are one block, the deciding setting first, the one that never matters named, 120 columns")
    func textBlocks() throws {
        let bootstrap = SensitivityBootstrap(sums: Self.sums, resamples: 20, seed: 2)
        let text = SensitivityRenderer.text(bootstrap, analysis: Self.analysis)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= TextRenderer.maximumLineWidth }, "\(text)")
        // The exit duration decides AppDelegate · Task.detached under both procedures alike: one block.
        let foreground = try #require(lines.firstIndex(of: "AppDelegate · Task.detached · foreground"))
        expectEqual(lines[foreground + 1], "AppDelegate · Task.detached · background")
        let block = lines[foreground...].prefix { !$0.isEmpty }
        #expect(block.contains { $0.hasPrefix("  finished in 4") && $0.hasSuffix("% of the prior; the settings that decide it:") }, "9 in 19")
        #expect(block.contains { $0.hasPrefix("    timing.exitDurationMs  S1 1.0") || $0.hasPrefix("    timing.exitDurationMs  S1 0.9") })
        expectEqual(block.last, "    no draw changed the outcome by changing only timing.startLatencyMs.background")
    }

    @Test("the heat map is well-formed SVG with one square per varying output and setting, the same bytes every time")
    func heatMap() throws {
        let small = Sensitivity(scenario: Self.analysis.scenario, samples: 32, seed: 2)
        let bootstrap = SensitivityBootstrap(sums: small.run(keepRows: true), resamples: 20, seed: 2)
        let svg = SensitivitySVG.heatMap(bootstrap, analysis: small)
        #expect(WellFormed.check(svg))
        let varying = (0..<bootstrap.sums.sumA.count).filter { bootstrap.sums.variance(output: $0) > 0 }.count
        expectEqual(svg.components(separatedBy: "<title>").count - 1, varying * small.settings + small.settings)
        let page = SensitivityHTML.render(bootstrap, analysis: small)
        expectEqual(page, SensitivityHTML.render(bootstrap, analysis: small))
        #expect(page.hasPrefix("<!doctype html>") && page.contains("total index ST"))
    }

    @Test("parallel and serial analyses give the same sums")
    func deterministic() {
        let small = Sensitivity(scenario: Self.analysis.scenario, samples: 100, seed: 4)
        expectEqual(small.run(parallel: true), small.run(parallel: false))
    }

    @Test("the command prints the table; no distributions or --samples 0 exit 2", .heavy)
    func command() {
        let ok = Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "64"])
        expectEqual(ok.exitCode, .success)
        expectContains(ok.stdout, "AppDelegate · Task.detached · foreground")
        expectContains(ok.stdout, "never change over the prior:")
        expectEqual(Tool.main(["sensitivity"]).exitCode, .badInput)
        expectEqual(Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "0"]).exitCode, .badInput)
        expectEqual(Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "8", "--bootstrap", "1"]).exitCode, .badInput)
        expectEqual(Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "8", "--format", "svg"]).exitCode, .badInput)
        let json = Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "16", "--bootstrap", "10", "--format", "json"])
        #expect(json.exitCode == .success && json.stdout.contains("\"resamples\": 10"))
        expectContains(Tool.main(["sensitivity", "--help"]).stdout, "USAGE: exitrace sensitivity")
    }

    @Test("few samples with the rarer outcome: the block says its indices and intervals are unreliable, and only that block", .heavy)
    func fewMinoritySamples() throws {
        // With 64 base samples, S1 of the exit duration comes out 2.02 (1.99–2.05) for the cells
        // that fail in 1 of the 128 base sets, where the truth is 1: confidently wrong.
        let output = Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "64"])
        expectEqual(output.exitCode, .success)
        let blocks = output.stdout.components(separatedBy: "\n\n")
        let wrong = try #require(blocks.first { $0.contains("AppDelegate · Task.detached(priority: .high) · foreground") })
        expectContains(wrong, "S1 2.02 (1.99–2.05)")
        // 127 of 128 finished: never rounded to a "100%" that would say the outcome does not vary.
        expectContains(wrong, "  finished in >99% of the prior;", "\(wrong)")
        expectContains(wrong,
            "  warning: only 1 of 128 base parameter sets failed: the indices and intervals are unreliable; raise --samples", "\(wrong)")
        let fine = try #require(blocks.first { $0.contains("AppDelegate · Task.detached · foreground") })
        expectNotContains(fine, "warning", "\(fine)")
        expectEqual(output.stdout.components(separatedBy: "warning:").count, 2)
        let markdown = Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "64", "--format", "md"])
        expectContains(markdown.stdout, "- ⚠ AppDelegate · Task.detached(priority: .high) · foreground: only 1 of 128 base parameter sets failed")
        let one = Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "1", "--bootstrap", "2"])
        expectContains(one.stdout, "over its prior: 1 base sample × 3 = 3 parameter sets", "\(one.stdout)")
        // The threshold: fewer than 30 of the 2N base sets with the rarer outcome, either way.
        expectEqual(SensitivityRenderer.minimumMinority, 30)
        var sums = SensitivitySums(outputs: 1, settings: 1)
        sums.samples = 64
        (sums.sumA[0], sums.sumB[0]) = (15, 15)
        expectEqual(SensitivityRenderer.fewSamplesWarning(sums, output: 0), nil)
        (sums.sumA[0], sums.sumB[0]) = (14, 15)
        expectEqual(SensitivityRenderer.fewSamplesWarning(sums, output: 0)?.hasPrefix("only 29 of 128 base parameter sets finished"), true)
        (sums.sumA[0], sums.sumB[0]) = (64, 50)
        expectEqual(SensitivityRenderer.fewSamplesWarning(sums, output: 0)?.hasPrefix("only 14 of 128 base parameter sets failed"), true)
    }
}
