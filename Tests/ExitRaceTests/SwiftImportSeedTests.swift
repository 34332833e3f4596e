import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// Seed 000's code, one small app file per cell of the reference table (ImportFixtures), imports
/// into a scenario whose one cell equals that cell of the built-in scenario, under every procedure.
@Suite("exitrace import: the reference experiment's code")
struct SwiftImportSeedTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ImportFixtures")

    /// Hook label → fixture prefix, strategy name → fixture suffix, as in results/live-activity.md.
    static let hooks = ["AppDelegate": "AppDelegate", "SceneDelegate": "SceneDelegate", "Notification": "Notification"]
    static let strategies = [
        "Task": "Task", "Task + semaphore": "TaskSemaphore", "Task.detached": "TaskDetached",
        "Task.detached + semaphore": "TaskDetachedSemaphore", "DispatchQueue.main.async": "DispatchMainAsync",
        "Task.detached(priority: .high)": "TaskDetachedHigh",
    ]

    /// Imports a fixture and loads the scenario through the ScenarioLoader, as `run` would, with the
    /// debugger attached: an import models a production app (`debuggerAttached: false`), but the
    /// reference table was measured from Xcode, under the debugger, so the comparison runs as
    /// `exitrace run FILE --set lifecycle.debuggerAttached=true` would.
    static func imported(_ file: String) throws -> (SwiftImport.Result, Scenario) {
        let path = fixtures.appendingPathComponent(file).path
        let result = try SwiftImport.load(paths: [path], name: "seed")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-import-\(UUID().uuidString).json")
        try result.scenario.write(to: out, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: out) }
        let underTheDebugger = try SettingOverride.parse("lifecycle.debuggerAttached=true")
        let scenario = try ScenarioLoader.load(path: out.path, overrides: [underTheDebugger])
        #expect(scenario.lifecycle.debuggerAttached)
        return (result, scenario)
    }

    @Test("every cell of the reference table, imported from its app file, comes out as in the table")
    func everyCellMatches() throws {
        let reference = DefaultScenario.load()
        let table = Simulator(scenario: reference).table()
        var compared = 0
        for (h, hook) in reference.hooks.enumerated() {
            for (s, strategy) in reference.strategies.enumerated() {
                let file = "\(Self.hooks[hook.label]!)+\(Self.strategies[strategy.name]!).swift"
                let (_, scenario) = try Self.imported(file)
                #expect(scenario.hooks.count == 1 && scenario.strategies.count == 1, "\(file)")
                expectEqual(scenario.procedures.map(\.name), reference.procedures.map(\.name), "\(file)")
                let mine = Simulator(scenario: scenario).table().cell(hook: 0, strategy: 0)
                let theirs = table.cell(hook: h, strategy: s)
                expectEqual(mine.verdict, theirs.verdict, "\(file)")
                expectEqual(mine.hasInversion, theirs.hasInversion, "\(file)")
                expectEqual(mine.hasDeadlock, theirs.hasDeadlock, "\(file)")
                expectEqual(mine.outcomes.map(\.cleanupFinished), theirs.outcomes.map(\.cleanupFinished), "\(file)")
                compared += 1
            }
        }
        expectEqual(compared, 18)
    }

    @Test("the imported program is the built-in strategy's, step for step")
    func programsAreTheBuiltInOnes() throws {
        let reference = DefaultScenario.load()
        for strategy in reference.strategies {
            let (_, scenario) = try Self.imported("AppDelegate+\(Self.strategies[strategy.name]!).swift")
            expectEqual(Self.renamed(scenario.strategies[0].program), Self.renamed(strategy.program), "\(strategy.name)")
        }
    }

    /// A program with every semaphore called "done", as the built-in scenario names them.
    static func renamed(_ steps: [ProgramStep]) -> [ProgramStep] {
        steps.map { step in
            switch step {
            case .wait(_, let timeout): .wait(semaphore: "done", timeout: timeout)
            case .signal: .signal(semaphore: "done")
            case .spawnTask(let spawn, let body): .spawnTask(spawn, body: renamed(body))
            case .dispatchAsync(let target, let body): .dispatchAsync(target, body: renamed(body))
            default: step
            }
        }
    }

    @Test("the imported scenario of one cell is pinned (golden)")
    func golden() throws {
        let file = "Tests/ExitRaceTests/ImportFixtures/AppDelegate+TaskDetachedSemaphore.swift"
        let root = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = Array(try Data(contentsOf: root.appendingPathComponent(file)))
        let result = try SwiftImport.importSources([(file, bytes)], name: "my-app")
        Golden.check(result.scenario, against: "import-AppDelegate+TaskDetachedSemaphore.json")
        Golden.check(result.summary, against: "import-AppDelegate+TaskDetachedSemaphore.txt")
    }

    @Test("the same files give the same bytes, and each step notes its file and line")
    func deterministicWithSources() throws {
        let (first, _) = try Self.imported("Notification+TaskDetachedSemaphore.swift")
        let (second, _) = try Self.imported("Notification+TaskDetachedSemaphore.swift")
        expectEqual(first.scenario, second.scenario)
        expectContains(first.scenario, "Notification+TaskDetachedSemaphore.swift:19:17\",\n")
        expectContains(first.scenario, #""code": "Task.detached {""#)
        expectContains(first.scenario, #""extend": "builtin:live-activity""#)
        #expect(first.newSystemCalls.isEmpty)
        expectEqual(first.hooks.map(\.entryPoint.callback), ["willTerminateNotification"])
    }
}
