import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment

/// The shipped default scenario must reproduce the twelve cells measured on a device in the
/// reference experiment (seed 000), from the mechanisms alone.
@Suite("Calibration: the reference experiment's twelve cells")
struct CalibrationTests {
    static let table = Simulator(scenario: DefaultScenario.load()).table()

    /// (hook label, strategy, expected cell text) as measured; △ cells name the procedure.
    static let measured: [(String, String, String)] = [
        ("AppDelegate", "Task", "△ background"),
        ("AppDelegate", "Task + semaphore", "×"),
        ("AppDelegate", "Task.detached", "×"),
        ("AppDelegate", "Task.detached + semaphore", "○"),
        ("SceneDelegate", "Task", "△ background"),
        ("SceneDelegate", "Task + semaphore", "×"),
        ("SceneDelegate", "Task.detached", "○"),
        ("SceneDelegate", "Task.detached + semaphore", "○"),
        ("Notification", "Task", "×"),
        ("Notification", "Task + semaphore", "×"),
        ("Notification", "Task.detached", "×"),
        ("Notification", "Task.detached + semaphore", "○"),
    ]

    static func cell(_ hookLabel: String, _ strategyName: String) -> ResultTable.Cell? {
        let scenario = table.scenario
        guard let hook = scenario.hooks.firstIndex(where: { $0.label == hookLabel }),
            let strategy = scenario.strategies.firstIndex(where: { $0.name == strategyName })
        else { return nil }
        return table.cell(hook: hook, strategy: strategy)
    }

    @Test("measured cell", arguments: 0..<12)
    func measuredCell(index: Int) throws {
        let (hook, strategy, expected) = Self.measured[index]
        let cell = try #require(Self.cell(hook, strategy), "no cell \(hook) · \(strategy)")
        var text = cell.verdict.symbol
        if case .some(let finished) = cell.verdict {
            text += " " + finished.map { Self.table.scenario.procedures[$0].name }.joined(separator: "+")
        }
        expectEqual(text, expected, "\(hook) · \(strategy)")
    }

    @Test("SceneDelegate + Task.detached + semaphore carries the priority-inversion mark (UI waits on default)")
    func inversionMark() throws {
        let cell = try #require(Self.cell("SceneDelegate", "Task.detached + semaphore"))
        #expect(cell.hasInversion)
        for outcome in cell.outcomes {
            expectEqual(outcome.inversion?.waiter, .userInteractive)
            expectEqual(outcome.inversion?.signaler, .default)
        }
    }

    @Test("every Task + semaphore cell is a deadlock ended by the watchdog")
    func semaphoreDeadlocks() throws {
        for hook in ["AppDelegate", "SceneDelegate", "Notification"] {
            let cell = try #require(Self.cell(hook, "Task + semaphore"))
            for outcome in cell.outcomes {
                expectEqual(outcome.deadlock?.last, .mainActorRunsOnMainThread, "\(hook)")
                expectEqual(outcome.death?.cause, .watchdog, "\(hook)")
            }
        }
    }
}
