import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// #26: the exploration budget is per cell run: a cell's search runs `--max-events` ÷ (the events
/// of its own default run) schedules, whichever other cells the command explores with it; and it
/// is the same in explore, run --explore, batch --explore and check --explore.
@Suite("Exploration budget per cell run")
struct ExplorationBudgetPerCellTests {
    /// The race of LongWorkTests, and a second strategy whose run is a hundred times longer.
    static let scenario = LongWorkTests.raceScenario.replacingOccurrences(
        of: #""strategies": {"#,
        with: #""strategies": { "busy": { "program": [{ "op": "timer", "intervalMs": 0.001, "count": 3000, "body": [{ "op": "work", "ms": 0 }] }, { "op": "detached", "body": [{ "op": "call", "name": "cleanup" }] }] },"#)

    static func events(_ path: String, strategy: String) throws -> Int {
        let simulator = Simulator(scenario: try ScenarioLoader.load(path: path))
        let index = try simulator.scenario.strategyIndex(named: strategy)
        return simulator.run(hook: 0, strategy: index, procedure: 0).events
    }

    /// The line of one cell run in explore's text.
    static func line(_ text: String, _ strategy: String) -> String? {
        LongWorkTests.prose(text).components(separatedBy: "AppDelegate · ").first { $0.hasPrefix(strategy + " · kill:") }
            .map { String($0.prefix { $0 != ";" }) + String($0.drop { $0 != ";" }.prefix(120)) }
    }

    @Test("a cell's search is the same alone and beside a cell of long runs")
    func sameAloneAndTogether() throws {
        let path = try LongWorkTests.file("budget-per-cell", Self.scenario)
        let short = try Self.events(path, strategy: "two blocks"), long = try Self.events(path, strategy: "busy")
        #expect(long > 20 * short, "the busy run is much longer (\(long) against \(short) events)")
        let budget = ["--max-events", "\(3 * short)"]
        let alone = Tool.main(["explore", path, "--strategy", "two blocks"] + budget)
        let together = Tool.main(["explore", path] + budget)
        #expect(alone.exitCode == .success && together.exitCode == .success)
        let aloneLine = try #require(Self.line(alone.stdout, "two blocks"))
        expectEqual(aloneLine, Self.line(together.stdout, "two blocks"))
        // The long cell's own share: one schedule.
        expectContains(LongWorkTests.prose(together.stdout), "stopped by the --max-events budget at 1 schedule")
    }

    @Test("batch --explore and check --explore apply the same budget as run --explore, and check explores again with it", .heavy)
    func batchAndCheckApplyIt() throws {
        let path = try LongWorkTests.file("budget-batch", Self.scenario)
        let short = try Self.events(path, strategy: "two blocks")
        let budget = ["--explore", "--max-events", "\(2 * short)"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-budget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = Tool.main(["batch", path, "--out", directory.path] + budget)
        expectEqual(batch.exitCode, .success, "\(batch.stderr)")
        let json = try String(contentsOf: directory.appendingPathComponent("main-queue-race.json"), encoding: .utf8)
        expectEqual(json, Tool.main(["run", path, "--format", "json"] + budget).stdout)
        let compact = json.replacingOccurrences(of: " ", with: "")
        #expect(compact.contains("\"maxEvents\":\(2 * short)") && compact.contains("\"budgetSchedules\":1"))
        // check explores again as the result records (the budget included), and as told.
        expectEqual(Tool.main(["check", path, "--against", directory.path]).exitCode, .success)
        expectEqual(Tool.main(["check", path, "--against", directory.path] + budget).exitCode, .success)
    }

    @Test("--help says the budget is per cell run, in run, batch, check and explore")
    func helpSaysSo() {
        for command in ["run", "batch", "check", "explore"] {
            let help = LongWorkTests.prose(Tool.main([command, "--help"]).stdout)
            expectContains(help, "--max-events", "\(command)")
            expectContains(help, "per cell run", "\(command)")
        }
    }
}
