import Testing

@testable import ExitRace
@testable import ExitRaceReport

@Suite("Looking cells up by name")
struct ScenarioLookupTests {
    static let scenario = DefaultScenario.load()

    @Test("a hook by name or label, a strategy and a procedure by name")
    func found() throws {
        let s = Self.scenario
        expectEqual(try s.hookIndex(named: "AppDelegate"), s.hooks.firstIndex { $0.label == "AppDelegate" })
        #expect(try s.hookIndex(named: "applicationWillTerminate") == s.hookIndex(named: "AppDelegate"))
        expectEqual(try s.strategyIndex(named: "Task.detached + semaphore"), 3)
        expectEqual(try s.procedureIndex(named: "background"), 1)
    }

    @Test("an unknown name: what was found, a likely typo, and what is accepted, nearest first", arguments: [
        ("hook", "AppDelegat", "hooks",
         "no hook 'AppDelegat'; did you mean 'AppDelegate'? (hooks: AppDelegate, SceneDelegate, Notification, "
            + "sceneDidDisconnect, applicationWillTerminate, willTerminateNotification)"),
        ("strategy", "Task.detach", "strategies",
         "no strategy 'Task.detach'; did you mean 'Task.detached'? (strategies: Task.detached, Task, Task + semaphore, "
            + "Task.detached + semaphore, Task.detached(priority: .high), DispatchQueue.main.async)"),
        ("procedure", "bg", "procedures", "no procedure 'bg' (procedures: background, foreground)"),
    ])
    func unknown(kind: String, name: String, path: String, message: String) {
        let s = Self.scenario
        let expected = InputError([Diagnostic(file: s.name, path: path, message: message)])
        #expect(throws: expected) {
            switch kind {
            case "hook": _ = try s.hookIndex(named: name)
            case "strategy": _ = try s.strategyIndex(named: name)
            default: _ = try s.procedureIndex(named: name)
            }
        }
    }
}
