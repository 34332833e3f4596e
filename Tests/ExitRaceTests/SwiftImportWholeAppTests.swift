import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// `exitrace import` adds a row and a column `your app` that run every entry point's code in one life
/// (`onCallbacks`), so that state kept across callbacks (a `Task` in a property, a background task)
/// is translated and the cell (your app, your app) is the whole app.
@Suite("exitrace import: the whole app in one cell")
struct SwiftImportWholeAppTests {
    static let uploadApp = """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var uploadTask: Task<Void, Never>?
            var bgTask: UIBackgroundTaskIdentifier = .invalid

            func sceneDidEnterBackground(_ scene: UIScene) {
                bgTask = UIApplication.shared.beginBackgroundTask(withName: "upload") {
                    UIApplication.shared.endBackgroundTask(self.bgTask)
                }
                uploadTask = Task {
                    try? await Task.sleep(nanoseconds: 5_000_000_000)
                    await Uploader.shared.upload()
                }
            }

            func sceneDidDisconnect(_ scene: UIScene) {
                uploadTask?.cancel()
                UIApplication.shared.endBackgroundTask(bgTask)
            }
        }
        """

    static func cell(_ scenario: Scenario, _ hook: String, _ strategy: String) -> String {
        let table = Simulator(scenario: scenario).table()
        let row = scenario.hooks.firstIndex { $0.name == hook }!, column = scenario.strategies.firstIndex { $0.name == strategy }!
        return table.cell(hook: row, strategy: column).verdict.symbol
    }

    @Test("a Task kept in sceneDidEnterBackground and cancelled in sceneDidDisconnect is translated in your app")
    func taskAcrossEntryPoints() throws {
        let result = try SwiftImportTests.run(["SceneDelegate.swift": Self.uploadApp])
        let app = try #require(result.app)
        expectEqual(app.callbacks, ["sceneDidEnterBackground", "sceneDidDisconnect"])
        expectEqual(app.programs[1].steps.map(\.step), [.cancelTask("uploadTask"), .endBackgroundTask("bgTask")])
        let notTranslated: String =
            "SceneDelegate.swift:16:9: not translated: uploadTask.cancel(): no Task of this entry point's code is kept as "
            + "uploadTask, so there is nothing to cancel in its strategy: write it by hand if it matters; translated in "
            + "the strategy \"your app\", where every entry point's code runs in one life"
        expectContains(result.summary, notTranslated)
        expectContains(result.summary, "the cell (your app, your app) is your whole app")
        let noRow: String =
            "SceneDelegate.swift:15:5: no row of its own: SceneDelegate.sceneDidDisconnect: "
            + "no awaited call, save or hand-off to the system in its code, so nothing whose end the table could measure; "
            + "it is left out (synchronous code finishes before the callback returns); its code, translated, runs in the "
            + "strategy \"your app\", with every other entry point's code\n"
        expectContains(result.summary, noRow)
        expectContains(result.summary, "never called, or with no row of its own:\n")
        let scenario = try SwiftImportConstructTests.load(result)
        let strategy = try #require(scenario.strategies.first { $0.name == "your app" })
        expectEqual(strategy.callbackPrograms.map(\.callback), ["sceneDidEnterBackground", "sceneDidDisconnect"])
        expectEqual(scenario.hooks.map(\.name), ["SceneDelegate.sceneDidEnterBackground", "your app"])
        // Its own code alone: the swipe comes long before the 5 s sleep ends. The whole app: the swipe's
        // sceneDidDisconnect cancels the upload, whose try? Task.sleep returns at once, and it uploads.
        expectEqual(Self.cell(scenario, "SceneDelegate.sceneDidEnterBackground", "your code: SceneDelegate.sceneDidEnterBackground"), "×")
        expectEqual(Self.cell(scenario, "your app", "your app"), "△")
    }

    @Test("explain of the whole app's cell names the Swift of each callback's steps")
    func explainNamesSources() throws {
        let scenario = try SwiftImportConstructTests.load(try SwiftImportTests.run(["SceneDelegate.swift": Self.uploadApp]))
        let hook = scenario.hooks.firstIndex { $0.name == "your app" }!
        let strategy = scenario.strategies.firstIndex { $0.name == "your app" }!
        let procedure = scenario.procedures.firstIndex { $0.name == "background" }!
        let explanation = CellExplanation(Simulator(scenario: scenario).trace(hook: hook, strategy: strategy, procedure: procedure))
        #expect(explanation.lines.map(\.text).contains("→ sceneDidDisconnect (runs the strategy)"))
        let explained = explanation.renderText()
        expectContains(explained, "↳ SceneDelegate.swift:6:18: bgTask = UIApplication.shared.beginBackgroundTask")
        expectContains(explained, "↳ SceneDelegate.swift:11:13: await Uploader.shared.upload()")
        // The cancel and the background task's end, in another callback's program, after a cancellation record.
        expectContains(explained, "↳ SceneDelegate.swift:16:9: uploadTask?.cancel()")
        expectContains(explained, "↳ SceneDelegate.swift:17:9: UIApplication.shared.endBackgroundTask(bgTask)")
    }

    @Test("a background task begun in applicationDidEnterBackground is ended in applicationWillTerminate")
    func backgroundTaskAcrossEntryPoints() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var bgTask: UIBackgroundTaskIdentifier = .invalid
                func applicationDidEnterBackground(_ application: UIApplication) {
                    bgTask = application.beginBackgroundTask { application.endBackgroundTask(self.bgTask) }
                    Task.detached { await Store.shared.flush() }
                }
                func applicationWillTerminate(_ application: UIApplication) {
                    application.endBackgroundTask(bgTask)
                    Task.detached { await Store.shared.flush() }
                }
            }
            """
        let result = try SwiftImportTests.run(["AppDelegate.swift": source])
        let app = try #require(result.app)
        expectEqual(app.callbacks, ["applicationDidEnterBackground", "applicationWillTerminate"])
        expectEqual(app.programs[1].steps.first?.step, .endBackgroundTask("bgTask"))
        _ = try SwiftImportConstructTests.load(result)
    }

    @Test("two entry points' local semaphores of one name stay two in your app, each named after its entry point")
    func sharedSemaphoreName() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationDidEnterBackground(_ application: UIApplication) {
                    let done = DispatchSemaphore(value: 0)
                    Task.detached { await Store.shared.flush(); done.signal() }
                    _ = done.wait(timeout: .now() + 2)
                }
                func applicationWillTerminate(_ application: UIApplication) {
                    let done = DispatchSemaphore(value: 0)
                    Task.detached { await Store.shared.flush(); done.signal() }
                    _ = done.wait(timeout: .now() + 2)
                }
            }
            """
        let result = try SwiftImportTests.run(["AppDelegate.swift": source])
        let app = try #require(result.app)
        expectEqual(app.programs.map { Set(Self.sharedNames($0.steps.map(\.step))) }, [
            ["AppDelegate.applicationDidEnterBackground.done"], ["AppDelegate.applicationWillTerminate.done"],
        ])
        expectNotContains(result.summary, "is taken as the one of")
        #expect(result.hooks.allSatisfy { Set(Self.sharedNames($0.steps.map(\.step))) == ["done"] },
            "each entry point's own strategy keeps the name as written")
        _ = try SwiftImportConstructTests.load(result)
    }

    @Test("a semaphore kept in a property is one in your app: signalled in one callback, waited on in another")
    func propertySemaphoreShared() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                let saved = DispatchSemaphore(value: 0)
                func applicationDidEnterBackground(_ application: UIApplication) {
                    Task.detached { await Store.shared.flush(); self.saved.signal() }
                }
                func applicationWillTerminate(_ application: UIApplication) {
                    Task.detached { await Store.shared.flush() }
                    _ = saved.wait(timeout: .now() + 2)
                }
            }
            """
        let result = try SwiftImportTests.run(["AppDelegate.swift": source])
        let app = try #require(result.app)
        expectEqual(app.programs.map { Set(Self.sharedNames($0.steps.map(\.step))) }, [["saved"], ["saved"]])
        _ = try SwiftImportConstructTests.load(result)
    }

    @Test("two background tasks begun without a variable (or into _) are two in your app: the second does not renew the first")
    func unnamedBackgroundTasks() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationDidEnterBackground(_ application: UIApplication) {
                    _ = UIApplication.shared.beginBackgroundTask(expirationHandler: nil)
                    Task.detached { await Store.shared.flush() }
                }
                func applicationWillTerminate(_ application: UIApplication) {
                    UIApplication.shared.beginBackgroundTask(expirationHandler: nil)
                    Task.detached { await Store.shared.flush() }
                }
            }
            """
        let result = try SwiftImportTests.run(["AppDelegate.swift": source])
        let app = try #require(result.app)
        expectEqual(app.programs.map { Self.sharedNames($0.steps.map(\.step)) }, [
            ["AppDelegate.applicationDidEnterBackground._"], ["AppDelegate.applicationWillTerminate.backgroundTask"],
        ])
        _ = try SwiftImportConstructTests.load(result)
    }

    @Test("a local flag is the entry point's own: another's local of that name does not end its loop")
    func localFlagNotShared() throws {
        let source = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) {
                    var finished = false
                    Task.detached { await Store.shared.flush(); finished = true }
                    while !finished { Thread.sleep(forTimeInterval: 0.1) }
                }
                func sceneDidDisconnect(_ scene: UIScene) {
                    var finished = false
                    while !finished { Thread.sleep(forTimeInterval: 0.1) }
                    Task.detached { await Store.shared.flush() }
                }
            }
            """
        let result = try SwiftImportTests.run(["SceneDelegate.swift": source])
        let app = try #require(result.app)
        expectEqual(Self.sharedNames(app.programs[0].steps.map(\.step)), ["SceneDelegate.sceneDidEnterBackground.finished"])
        #expect(Self.sharedNames(app.programs[1].steps.map(\.step)).isEmpty,
            "nothing in sceneDidDisconnect sets its own flag: the loop is noted, not waited on")
        _ = try SwiftImportConstructTests.load(result)
    }

    /// The semaphores, groups, flags, background tasks and task handles the steps name, in preorder.
    static func sharedNames(_ steps: [ProgramStep]) -> [String] {
        var names: [String] = []
        for step in Strategy.preorder(steps) {
            let name: String? = switch step {
            case .wait(let name, _), .signal(let name), .groupEnter(let name), .groupLeave(let name),
                .groupWait(let name, _), .groupNotify(let name, _, _), .setFlag(let name), .waitUntil(let name, _),
                .beginBackgroundTask(let name, _), .endBackgroundTask(let name), .cancelTask(let name),
                .awaitTask(let name):
                name
            case .spawnTask(let spawn, _): spawn.name
            default: nil
            }
            if let name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    @Test("a polling loop whose flag another entry point sets is translated in your app")
    func flagAcrossEntryPoints() throws {
        let source = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var finished = false
                func sceneDidEnterBackground(_ scene: UIScene) {
                    Task.detached { await Store.shared.flush() }
                    finished = true
                }
                func sceneDidDisconnect(_ scene: UIScene) {
                    while !finished { Thread.sleep(forTimeInterval: 0.1) }
                    Task.detached { await Store.shared.flush() }
                }
            }
            """
        let result = try SwiftImportTests.run(["SceneDelegate.swift": source])
        let app = try #require(result.app)
        guard case .waitUntil(let flag, _)? = app.programs[1].steps.first?.step else {
            Issue.record("expected the loop as a waitUntil, found \(String(describing: app.programs[1].steps.first?.step))")
            return
        }
        expectEqual(flag, "finished")
        #expect(!result.hooks[1].steps.contains { if case .waitUntil = $0.step { true } else { false } },
            "its own strategy, where nothing sets the flag, notes the loop instead")
        _ = try SwiftImportConstructTests.load(result)
    }

    @Test("with one entry point there is no your app: its own cell is the whole app")
    func oneEntryPoint() throws {
        let source = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) { Task.detached { await Store.shared.flush() } }
            }
            """
        let result = try SwiftImportTests.run(["SceneDelegate.swift": source])
        #expect(result.app == nil)
        expectNotContains(result.scenario, "your app")
    }
}
