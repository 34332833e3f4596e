import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Rules from the review of the importer after the scenario language gained a discarding
/// `taskSleep` and `withTaskCancellationHandler`: each with the Swift it reads and the steps it gives.
@Suite("exitrace import: review (try? Task.sleep, withTaskCancellationHandler)")
struct SwiftImportReviewTests {
    static func imported(_ body: String, members: String = "") throws -> SwiftImport.Result {
        let result = try SwiftImportTests.run(["App.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                \(members)
                func sceneDidEnterBackground(_ scene: UIScene) {
                    \(body)
                }
            }
            """])
        _ = try SwiftImportTests.decodes(result)
        return result
    }

    /// The body of the one task the hook's code starts.
    static func taskBody(_ result: SwiftImport.Result) -> [ProgramStep]? {
        guard result.hooks.count == 1, result.hooks[0].steps.count == 1,
            case .spawnTask(_, let body) = result.hooks[0].steps[0].step
        else { return nil }
        return body
    }

    static let halfSecond = VirtualDuration(nanoseconds: 500_000_000)

    @Test("try? await Task.sleep discards the cancellation's error: a taskSleep with \"try\": \"try?\"")
    func discardingSleep() throws {
        let result = try Self.imported("Task { try? await Task.sleep(nanoseconds: 500_000_000); await Store.flush() }")
        expectEqual(Self.taskBody(result), [.taskSleepDiscardingError(Self.halfSecond), .call("Store.flush")])
        expectContains(result.scenario, #""try": "try?""#)
    }

    @Test("a plain try await Task.sleep is a taskSleep (cancelled, it ends the body), without a note")
    func throwingSleep() throws {
        let result = try Self.imported("Task { try await Task.sleep(for: .seconds(0.5)); await Store.flush() }")
        expectEqual(Self.taskBody(result), [.taskSleep(Self.halfSecond), .call("Store.flush")])
        #expect(!result.notes.contains { $0.message.contains("Task.sleep") })
    }

    @Test("a plain try await Task.sleep in a do { } catch is a taskSleep, with the catch noted as an assumption")
    func sleepInDoCatch() throws {
        let result = try Self.imported("""
            Task {
                        do { try await Task.sleep(nanoseconds: 500_000_000) } catch { print(error) }
                        await Store.flush()
                    }
            """)
        expectEqual(Self.taskBody(result), [.taskSleep(Self.halfSecond), .call("Store.flush")])
        #expect(result.notes.map(\.description).contains {
            $0.hasPrefix("App.swift:5:18: assumed: try await Task.sleep in a do { } catch")
        })
    }

    @Test("a do { } catch around a Task { } does not reach the task's body")
    func doCatchStopsAtTask() throws {
        let result = try Self.imported("""
            do { try prepare(); Task { try await Task.sleep(nanoseconds: 500_000_000); await Store.flush() } } catch { }
            """)
        #expect(!result.notes.contains { $0.message.contains("Task.sleep in a do") })
    }

    @Test("withTaskCancellationHandler: the operation inline in the task, the handler a synchronous body")
    func cancellationHandler() throws {
        let result = try Self.imported("""
            Task {
                        await withTaskCancellationHandler { await Uploader.shared.send() } onCancel: { try? context.save() }
                        await Analytics.shared.flush()
                    }
            """)
        let save = ProgramStep.callWithCompletion("context.save", queue: SwiftImportLanguageTests.global, completion: [])
        let handler = ProgramStep.cancellationHandler(operation: [.call("Uploader.send")], onCancel: [save])
        expectEqual(Self.taskBody(result), [handler, .call("Analytics.flush")])
        #expect(!result.notes.contains { $0.message.contains("withTaskCancellationHandler") })
        expectContains(result.scenario, #""op": "withTaskCancellationHandler""#)
    }

    @Test("withTaskCancellationHandler with operation: and onCancel: arguments")
    func cancellationHandlerArguments() throws {
        let result = try Self.imported("""
            Task { await withTaskCancellationHandler(operation: { await Uploader.shared.send() }, onCancel: { }) }
            """)
        let handler = ProgramStep.cancellationHandler(operation: [.call("Uploader.send")], onCancel: [])
        expectEqual(Self.taskBody(result), [handler])
    }
}

/// The "home then swipe" procedure an import adds: only for callbacks the built-in procedures do not
/// deliver, as their lifecycle actions expand (the built-in background procedure presses home).
@Suite("exitrace import: review (the added procedure)")
struct SwiftImportAddedProcedureTests {
    static func hooks(_ callback: String, app: Bool = false) throws -> [SwiftImport.Hook] {
        let type = app ? "AppDelegate: UIResponder, UIApplicationDelegate" : "SceneDelegate: UIResponder, UIWindowSceneDelegate"
        let parameter = app ? "_ application: UIApplication" : "_ scene: UIScene"
        return try SwiftImportTests.run(["App.swift": """
            class \(type) {
                func \(callback)(\(parameter)) { Task.detached { await Store.save() } }
            }
            """]).hooks
    }

    @Test("the built-in background procedure's pressHome delivers the background callbacks: no procedure is added",
          arguments: ["sceneDidEnterBackground", "sceneWillResignActive", "sceneDidDisconnect"])
    func noneAdded(callback: String) throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func \(callback)(_ scene: UIScene) { Task.detached { await Store.save() } }
            }
            """])
        expectNotContains(result.scenario, "home then swipe")
        expectEqual(try SwiftImportTests.decodes(result).procedures.map(\.name), ["foreground", "background"])
    }

    @Test("an app without scenes: applicationDidEnterBackground is delivered by pressHome, no procedure is added")
    func noneAddedWithoutScenes() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationDidEnterBackground(_ application: UIApplication) { Task.detached { await Store.save() } }
            }
            """])
        expectNotContains(result.scenario, "home then swipe")
    }

    @Test("against procedures that only swipe in the foreground, a background callback gets home then swipe")
    func addedWhenNew() throws {
        var builtin = DefaultScenario.load()
        builtin.procedures = builtin.procedures.filter { $0.name == "foreground" }
        let background = try Self.hooks("sceneDidEnterBackground")
        let added = ScenarioText.extraProcedure(background, builtin: builtin, scenes: true)
        expectEqual(added.map { $0.0 }, ["home then swipe"])
        expectEqual(added.first.map { OrderedJSON.object([$0]).text(indent: 0) }?.contains(
            "it delivers callbacks of your code that the built-in procedures do not"), true)
        let terminate = try Self.hooks("sceneDidDisconnect")
        #expect(ScenarioText.extraProcedure(terminate, builtin: builtin, scenes: true).isEmpty)
        #expect(ScenarioText.extraProcedure(background, builtin: DefaultScenario.load(), scenes: true).isEmpty)
    }

    @Test("a callback the added procedure would not deliver either gets none (willEnterForeground)")
    func noneWhenNothingNew() throws {
        var builtin = DefaultScenario.load()
        builtin.procedures = builtin.procedures.filter { $0.name == "foreground" }
        let hooks = try Self.hooks("sceneWillEnterForeground")
        #expect(ScenarioText.extraProcedure(hooks, builtin: builtin, scenes: true).isEmpty)
    }
}

/// A closure kept in a local and passed by name to a function of the files runs where that function
/// calls its parameter, as an inline one does.
@Suite("exitrace import: review (a local closure passed by name)")
struct SwiftImportLocalClosureArgumentTests {
    @Test("let done = { Task { … } }; save(completion: done): the task runs where save calls completion()")
    func localClosurePassed() throws {
        let result = try SwiftImportReviewTests.imported("""
            let done = { Task { await Store.flush() } }
                    save(completion: done)
            """, members: "func save(completion: @escaping () -> Void) { completion() }")
        expectEqual(SwiftImportReviewTests.taskBody(result), [.call("Store.flush")])
        #expect(!result.notes.contains { $0.message.contains("completion(…)") || $0.message.contains("done(…)") })
    }

    @Test("a name that is not a local closure is not bound (its call stays a note)")
    func otherNameNotBound() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func save(completion: @escaping () -> Void) { completion() }
                func sceneDidEnterBackground(_ scene: UIScene) {
                    Task { await Store.flush() }
                    save(completion: handler)
                }
            }
            """])
        expectEqual(result.hooks[0].steps.count, 1)
    }
}
