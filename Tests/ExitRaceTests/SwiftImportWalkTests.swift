import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport

/// What a newcomer's walk from a fresh clone found (issue 23): a wait whose timeout the importer
/// cannot read is kept with a placeholder; the imported app is a production one (not under the
/// debugger); an entry point no procedure calls is named at its place; a one-line closure's code
/// has no stray ` … }`.
@Suite("exitrace import: a newcomer's walk")
struct SwiftImportWalkTests {
    static func run(_ sources: [String: String]) throws -> SwiftImport.Result {
        try SwiftImportTests.run(sources)
    }

    static let unreadTimeouts = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var someInterval: DispatchTimeInterval = .seconds(2)  // a var: not read (a let with a literal is)
            func applicationWillTerminate(_ application: UIApplication) {
                let s = DispatchSemaphore(value: 0)
                let group = DispatchGroup()
                Task.detached {
                    await Store.save()
                    s.signal()
                }
                _ = s.wait(timeout: .now() + someInterval)
                _ = group.wait(timeout: .now() + someInterval)
                DispatchQueue.main.asyncAfter(deadline: .now() + someInterval) { Task { await Store.save() } }
                _ = s.wait(timeout: .distantFuture)
            }
        }
        """

    @Test("a wait whose timeout is not read is kept, with a placeholder timeout named with its place")
    func unreadTimeoutKeepsTheWait() throws {
        let result = try Self.run(["App.swift": Self.unreadTimeouts])
        let steps = result.hooks[0].steps.map(\.step)
        let placeholder = VirtualDuration.ms(StepRecogniser.unreadTimeoutPlaceholderMs)
        expectEqual(steps.count, 5)
        guard steps.count == 5, case .spawnTask = steps[0], case .dispatchAfter(.main, let delay, _) = steps[3] else {
            Issue.record("\(steps)")
            return
        }
        expectEqual(steps[1], .wait(semaphore: "s", timeout: placeholder))
        expectEqual(steps[2], .groupWait("group", timeout: placeholder))
        expectEqual(delay, placeholder)
        expectEqual(steps[4], .wait(semaphore: "s", timeout: nil))  // .distantFuture: no timeout
        let notes = result.notes.map(\.description)
        #expect(notes.contains("App.swift:10:13: assumed: timeout not read (the importer reads .now() + seconds or "
            + ".now() + .seconds(n)): modelled as 1000 ms; set it in the scenario, as the timeoutMs of the step "
            + "whose source is App.swift:10:13"))
        #expect(notes.contains { $0.hasPrefix("App.swift:11:13: assumed: timeout not read") && $0.hasSuffix("source is App.swift:11:13") })
        #expect(notes.contains { $0.hasPrefix("App.swift:12:9: assumed: asyncAfter deadline not read") && $0.contains("the afterMs") })
        expectContains(result.summary, "modelled as 1000 ms; set it in the scenario")
        expectContains(result.scenario, "\"timeoutMs\": 1000")
    }

    @Test("with its wait kept, the cell is ○ as with a timeout read (it was × when the wait was dropped)")
    func unreadTimeoutVerdict() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    let s = DispatchSemaphore(value: 0)
                    Task.detached {
                        await Store.save()
                        s.signal()
                    }
                    _ = s.wait(timeout: TIMEOUT)
                }
            }
            """
        for timeout in [".now() + someInterval", ".now() + 1"] {
            let result = try Self.run(["App.swift": source.replacingOccurrences(of: "TIMEOUT", with: timeout)])
            let scenario = try SwiftImportTests.decodes(result)
            expectEqual(Simulator(scenario: scenario).table().cell(hook: 0, strategy: 0).verdict.symbol, "○", "\(timeout)")
        }
    }

    @Test("the imported scenario is a production app (debuggerAttached false, with a note), and the summary says so")
    func production() throws {
        let result = try Self.run(["App.swift": Self.unreadTimeouts])
        expectContains(result.scenario, """
              "lifecycle": {
                "note": "modelled as a production app
            """)
        expectContains(result.scenario, "\"debuggerAttached\": false")
        expectEqual(try SwiftImportTests.decodes(result).lifecycle.debuggerAttached, false)
        expectContains(result.summary, "\nlifecycle: modelled as a production app, not attached to a debugger: "
            + "--set lifecycle.debuggerAttached=true to compare with a run from Xcode\n")
    }

    @Test("production vs the debugger: swiped 3 s after going home, a suspended app gets no sceneDidDisconnect")
    func productionSuspends() throws {
        let result = try Self.run(["SceneDelegate.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidDisconnect(_ scene: UIScene) {
                    Task.detached { await Store.save() }
                }
                func sceneDidEnterBackground(_ scene: UIScene) {
                    Task.detached { await Store.save() }
                }
            }
            """])
        expectEqual(result.hooks.map(\.entryPoint.callback), ["sceneDidDisconnect", "sceneDidEnterBackground"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-walk-\(UUID().uuidString).json")
        // The built-in background procedure swipes at once after home: a procedure of the user's waits.
        let waits = #"""
            , "procedures": { "home then swipe": { "steps": [{ "op": "action", "action": "pressHome" }, { "op": "delay", "ms": 1000 },
              { "op": "action", "action": "openSwitcher" }, { "op": "action", "action": "swipeAway" }] } } }
            """#
        expectNotContains(result.scenario, "home then swipe")
        let text = String(result.scenario.dropLast(2)) + waits + "\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        func finished(_ sets: [String]) throws -> [Bool] {
            let overrides = try (sets + [#"procedures["home then swipe"].steps[1].ms=3000"#]).map(SettingOverride.parse)
            let scenario = try ScenarioLoader.load(path: file.path, overrides: overrides)
            expectEqual(scenario.procedures.map(\.name), ["foreground", "background", "home then swipe"])
            return Simulator(scenario: scenario).table().cell(hook: 0, strategy: 0).outcomes.map(\.cleanupFinished)
        }
        // Production: suspended 2 s after home, the swipe 3 s after it is a SIGKILL without a callback.
        expectEqual(try finished([]), [true, true, false])
        expectEqual(try finished(["lifecycle.debuggerAttached=true"]), [true, true, true])
    }

    @Test("a scene-based app's applicationDidEnterBackground is named in the summary as never called, at its place")
    func uncalledHookNamed() throws {
        let result = try Self.run([
            "AppDelegate.swift": """
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func applicationDidEnterBackground(_ application: UIApplication) {
                        Task.detached { await Store.save() }
                    }
                }
                """,
            "SceneDelegate.swift": """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func sceneDidDisconnect(_ scene: UIScene) {
                        Task.detached { await Store.save() }
                    }
                }
                """,
        ])
        expectNotContains(result.scenario, "home then swipe")
        expectContains(result.summary, "AppDelegate.swift:2:5: never called: AppDelegate.applicationDidEnterBackground "
            + "(applicationDidEnterBackground): no kill procedure delivers it; a scene-based app (lifecycle.scenes is "
            + "true) gets sceneDidEnterBackground instead; its row is × in every column")
        expectNotContains(result.summary, "SceneDelegate.swift:2:5: never called")
    }

    @Test("a closure whole on its line has no stray ' … }' in the strategy's code; one that goes on below has one")
    func codeLine() throws {
        let result = try Self.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    Task.detached { await Store.save() }
                    Task.detached {
                        await Store.save()
                    }
                }
            }
            """])
        expectContains(result.scenario, "AppDelegate.applicationWillTerminate: Task.detached { await Store.save() }; "
            + "Task.detached { … }\"")
        #expect(ScenarioText.opensBrace("Task {") && !ScenarioText.opensBrace("Task { await f() }"))
    }
}
