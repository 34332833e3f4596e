import Testing

@testable import ExitRace
import ExitRaceCLI

/// Sobol indices (issue 13) against a case worked out by hand.
@Suite("Sensitivity: Sobol indices")
struct SensitivityTests {
    /// Exit uniform on 1…20 ms decides AppDelegate · Task.detached (○ from 11 ms on); the
    /// background QoS start latency plays no part in it (nothing there runs at background QoS).
    static let analysis: Sensitivity = {
        let scenario = try! ScenarioSet.load([], settings: [
            "timing.exitDurationMs=uniform(1,20)", "timing.startLatencyMs.background=uniform(1,100)",
        ]).scenarios[0]
        return Sensitivity(scenario: scenario, samples: 512, seed: 2)
    }()

    static func output(_ scenario: Scenario, _ hook: String, _ strategy: String, _ procedure: String) throws -> Int {
        let cell = try scenario.hookIndex(named: hook) * scenario.strategies.count + scenario.strategyIndex(named: strategy)
        return cell * scenario.procedures.count + (try scenario.procedureIndex(named: procedure))
    }

    @Test("an outcome that depends on one setting only: S1 = ST = 1 for it, 0 for the other")
    func oneSetting() throws {
        let sums = Self.analysis.run()
        let scenario = Self.analysis.scenario
        let exit = try #require(scenario.uncertainties.firstIndex { $0.path == "timing.exitDurationMs" })
        let other = 1 - exit
        for procedure in ["foreground", "background"] {
            let output = try Self.output(scenario, "AppDelegate", "Task.detached", procedure)
            #expect(abs(sums.finishedShare(output: output) - 9.0 / 19) < 0.01)
            #expect(abs(try #require(sums.firstOrderIndex(output: output, setting: exit)) - 1) < 0.05)
            #expect(abs(try #require(sums.totalIndex(output: output, setting: exit)) - 1) < 0.05)
            #expect(abs(try #require(sums.firstOrderIndex(output: output, setting: other))) < 0.05)
            #expect(try #require(sums.totalIndex(output: output, setting: other)) == 0)
        }
        let constant = try Self.output(scenario, "SceneDelegate", "Task.detached", "foreground")
        #expect(sums.firstOrderIndex(output: constant, setting: exit) == nil)
    }

    @Test("parallel and serial analyses give the same sums")
    func deterministic() {
        let small = Sensitivity(scenario: Self.analysis.scenario, samples: 100, seed: 4)
        #expect(small.run(parallel: true) == small.run(parallel: false))
    }

    @Test("the command prints the table; no distributions or --samples 0 exit 2")
    func command() {
        let ok = Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "64"])
        #expect(ok.exitCode == .success)
        #expect(ok.stdout.contains("AppDelegate · Task.detached · foreground"))
        #expect(ok.stdout.contains("never change over the prior:"))
        #expect(Tool.main(["sensitivity"]).exitCode == .badInput)
        #expect(Tool.main(["sensitivity", "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "0"]).exitCode == .badInput)
        #expect(Tool.main(["sensitivity", "--help"]).stdout.contains("USAGE: exitrace sensitivity"))
    }
}
