import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceReport
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport

/// A newcomer's own app (issue 26's walk, importer polish): the words for work that was translated
/// but makes no system call; every kill (`--kills every`); system calls named after the object they
/// are made on; a Core Data context's `perform`; the reply advice's example; the title; a wait's
/// timeout held in a `let` property.
@Suite("exitrace import: a newcomer's own app")
struct SwiftImportPolishTests {
    static func run(_ sources: [String: String], kills: ImportedKills = .reference) throws -> SwiftImport.Result {
        try SwiftImport.importSources(
            sources.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) }, name: "my-app", kills: kills)
    }

    // MARK: - 1. What a left-out entry point's work was translated into

    static let awaitedOwnCode = """
        actor Analytics {
            static let shared = Analytics()
            func flush() async {
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
        }
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func sceneDidDisconnect(_ scene: UIScene) {
                Task.detached { await Analytics.shared.flush() }
            }
            func sceneDidEnterBackground(_ scene: UIScene) {
                Task { await Uploader.upload() }
            }
        }
        """

    @Test("an awaited actor method of the files that sleeps: named as translated, not as 'every call synchronous'")
    func awaitedActorMethodIsNamedAsTranslated() throws {
        let result = try Self.run(["App.swift": Self.awaitedOwnCode])
        let note = try #require(result.notes.first { $0.message.hasPrefix("SceneDelegate.sceneDidDisconnect:") })
        // Before: "… but every call in it is synchronous and unknown to the importer (taken as instant) …"
        expectNotContains(note.message, "every call in it is synchronous", "\(note.message)")
        expectContains(note.message, "The task or block it starts runs after the callback returns and was translated "
            + "(taskSleep at App.swift:4:9), but makes no system call: an await of code of the files given is followed "
            + "into that code", "\(note.message)")
    }

    @Test("a SwiftUI scene phase awaiting a static func of the files that sleeps: named as translated")
    func awaitedStaticFunctionIsNamedAsTranslated() throws {
        let result = try Self.run(["MyApp.swift": """
            struct SessionStore {
                static func persist() async {
                    try? await Task.sleep(nanoseconds: 5_000_000)
                }
            }
            struct MyApp: App {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some Scene {
                    WindowGroup { ContentView() }
                    .onChange(of: scenePhase) { phase in
                        if phase == .background {
                            Task { await SessionStore.persist() }
                        }
                    }
                }
            }
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidDisconnect(_ scene: UIScene) {
                    Task { await Uploader.upload() }
                }
            }
            """])
        let note = try #require(result.notes.first { $0.message.hasPrefix("MyApp.scenePhase .background:") })
        expectContains(note.message, "was translated (taskSleep at MyApp.swift:3:9), but makes no system call",
            "\(note.message)")
    }

    @Test("a task whose every call is synchronous and unknown keeps its words (they are true)")
    func instantOnlyTaskKeepsItsWords() throws {
        let result = try Self.run(["App.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidDisconnect(_ scene: UIScene) {
                    Task { cache.purge() }
                }
                func sceneDidEnterBackground(_ scene: UIScene) {
                    Task { await Uploader.upload() }
                }
            }
            """])
        let note = try #require(result.notes.first { $0.message.hasPrefix("SceneDelegate.sceneDidDisconnect:") })
        expectContains(note.message, "but every call in it is synchronous and unknown to the importer (taken as instant)")
    }

    // MARK: - 2. --kills every

    @Test("--kills every writes suspended and jetsam as live-activity-every-kill.json defines them")
    func everyKillCopiesTheProcedures() throws {
        let result = try Self.run(["App.swift": Self.awaitedOwnCode], kills: .every)
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenarios/live-activity-every-kill.json")
        let written = try #require(JSONSerialization.jsonObject(with: Data(result.scenario.utf8)) as? [String: Any])
        let every = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let procedures = try #require(written["procedures"] as? [String: Any])
        let source = try #require(every["procedures"] as? [String: Any])
        expectEqual(procedures.keys.sorted(), ["jetsam", "suspended"])
        for name in ["suspended", "jetsam"] {
            let copy = try #require(procedures[name] as? NSDictionary)
            #expect(copy.isEqual(source[name] as? [String: Any] ?? [:]), "\(name)")
        }
        expectContains(result.summary, "\nkills: the reference experiment's two swipes (foreground, background), and "
            + "suspended and jetsam (--kills every), which deliver no callback\n")
        let scenario = try SwiftImportTests.decodes(result)
        expectEqual(scenario.procedures.map(\.name), ["foreground", "background", "suspended", "jetsam"])
        // The cell of sceneDidEnterBackground runs under all four.
        let table = Simulator(scenario: scenario).table()
        expectEqual(table.cell(hook: 0, strategy: 0).outcomes.count, 4)
    }

    @Test("the default writes no procedure and names --kills every in one summary line")
    func referenceKillsNameTheOption() throws {
        let result = try Self.run(["App.swift": Self.awaitedOwnCode])
        expectNotContains(result.scenario, "\"procedures\"")
        let lines = result.summary.split(separator: "\n").filter { $0.contains("--kills every") }
        expectEqual(lines, ["kills: the reference experiment's two swipes (foreground, background) only; --kills every "
            + "adds suspended (swiped away once suspended) and jetsam (killed for memory), which deliver no callback"])
    }

    // MARK: - 3. Names, advice, title, timeouts

    @Test("a call on a chain is named after the chain's last member: container.mainContext.save → mainContext.save",
        arguments: [
            ("try? container.mainContext.save()", "mainContext.save"),
            ("try self.persistentContainer.viewContext.save()", "viewContext.save"),
            ("try context.save()", "context.save"),
            ("AccountManager.shared.saveAll()", "AccountManager.saveAll"),
            ("UserDefaults.standard.synchronize()", "UserDefaults.synchronize"),
        ])
    func systemCallNamedAfterLastMember(code: String, name: String) throws {
        let result = try Self.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    \(code)
                }
            }
            """])
        expectEqual(result.newSystemCalls.map(\.name), [name])
    }

    static let coreData = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var container: NSPersistentContainer!
            func applicationWillTerminate(_ application: UIApplication) {
                let bg = container.newBackgroundContext()
                let group = DispatchGroup()
                group.enter()
                bg.perform {
                    try? bg.save()
                    group.leave()
                }
                bg.performAndWait {
                    try? bg.save()
                }
                session.uploadTask(with: request, from: body) { _, _, _ in
                    group.leave()
                }.resume()
                _ = group.wait(timeout: .now() + 1)
            }
        }
        """

    @Test("bg.perform { } is a dispatch to bg's own serial queue; performAndWait a sync one; not a system call")
    func contextPerformIsADispatch() throws {
        let result = try Self.run(["App.swift": Self.coreData])
        let steps = result.hooks[0].steps.map(\.step)
        expectEqual(steps.count, 5, "\(steps)")
        guard steps.count == 5, case .dispatchAsync(.queue("bg"), let body) = steps[1],
            case .dispatchSync(.queue("bg"), let syncBody) = steps[2]
        else {
            Issue.record("\(steps)")
            return
        }
        #expect(body.count == 2 && body[1] == .groupLeave("group"), "\(body)")
        expectEqual(syncBody.count, 1, "\(syncBody)")
        #expect(!result.newSystemCalls.map(\.name).contains("bg.perform"))
        expectContains(result.scenario, "\"queues\": {\n    \"bg\": {\n      \"qos\": \"default\"\n    }\n  }",
            "\(result.scenario)")
        #expect(result.notes.contains { $0.description.hasPrefix("App.swift:7:9: assumed: bg.perform { … }: a Core Data "
            + "context's perform, its block run on the context's private queue, declared as the serial queue \"bg\"") })
        let scenario = try SwiftImportTests.decodes(result)
        #expect(scenario.queues.contains { $0.name == "bg" })
    }

    @Test("viewContext.perform { } runs on the main queue")
    func viewContextPerformIsMain() throws {
        let steps = try SwiftImportTests.program("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    persistentContainer.viewContext.perform {
                        try? persistentContainer.viewContext.save()
                    }
                }
            }
            """)
        guard steps.count == 1, case .dispatchAsync(.main, _) = steps[0] else {
            Issue.record("\(steps)")
            return
        }
    }

    @Test("viewContext.performAndWait { } runs its block in place (no sync to main from the main thread)")
    func viewContextPerformAndWaitIsInline() throws {
        let steps = try SwiftImportTests.program("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    persistentContainer.viewContext.performAndWait {
                        try? persistentContainer.viewContext.save()
                    }
                }
            }
            """)
        guard steps.count == 1, case .callWithCompletion("viewContext.save", _, _) = steps[0] else {
            Issue.record("\(steps)")
            return
        }
    }

    @Test("the replyLatencyMs advice names a network-like call, never bg.perform; NAME when there is none")
    func replyAdviceNamesANetworkCall() throws {
        let result = try Self.run(["App.swift": Self.coreData])
        expectContains(result.summary, "set systemCalls[\"session.uploadTask\"].replyLatencyMs", "\(result.summary)")
        #expect(ImportedCall.looksLikeNetworkRequest("URLSession.data"))
        #expect(ImportedCall.looksLikeNetworkRequest("Analytics.send"))
        #expect(ImportedCall.looksLikeNetworkRequest("api.request"))
        #expect(!ImportedCall.looksLikeNetworkRequest("bg.perform"))
        #expect(!ImportedCall.looksLikeNetworkRequest("Store.flushToDisk"))
        let store = try Self.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    Task { await Store.shared.flushToDisk() }
                }
            }
            """])
        expectContains(store.summary, "set systemCalls[\"NAME\"].replyLatencyMs", "\(store.summary)")
    }

    @Test("the title reads once after the name: my-app: your code in …")
    func titleReadsOnce() throws {
        let result = try Self.run(["App.swift": Self.awaitedOwnCode])
        let scenario = try SwiftImportTests.decodes(result)
        expectEqual(scenario.title, "your code in SceneDelegate.sceneDidEnterBackground")
        expectEqual(TableLayout(Simulator(scenario: scenario).table()).heading,
            "my-app: your code in SceneDelegate.sceneDidEnterBackground")
    }

    @Test("a wait's .now() + a let property with a literal value is read", arguments: [
        ("let saveTimeout: TimeInterval = 1.5", "saveTimeout", 1500),
        ("let saveTimeout = DispatchTimeInterval.seconds(2)", "self.saveTimeout", 2000),
        ("let saveTimeout: DispatchTimeInterval = .milliseconds(250)", "saveTimeout", 250),
    ])
    func letPropertyTimeoutIsRead(declaration: String, use: String, ms: Int64) throws {
        let steps = try SwiftImportTests.program("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                \(declaration)
                func applicationWillTerminate(_ application: UIApplication) {
                    let done = DispatchSemaphore(value: 0)
                    Task.detached {
                        await Store.shared.flushToDisk()
                        done.signal()
                    }
                    _ = done.wait(timeout: .now() + \(use))
                }
            }
            """)
        expectEqual(steps.last, .wait(semaphore: "done", timeout: .ms(ms)), "\(steps)")
    }

    @Test("a var property, a computed value, or another type's constant keeps the named placeholder", arguments: [
        "var saveTimeout: TimeInterval = 1.5",
        "let saveTimeout: TimeInterval = 15 * 60",
        "let saveTimeout: TimeInterval = Settings.timeout",
    ])
    func otherPropertiesKeepThePlaceholder(declaration: String) throws {
        let result = try Self.run(["App.swift": """
            struct Other { let saveTimeout: TimeInterval = 3 }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                \(declaration)
                func applicationWillTerminate(_ application: UIApplication) {
                    let done = DispatchSemaphore(value: 0)
                    Task.detached {
                        await Store.shared.flushToDisk()
                        done.signal()
                    }
                    _ = done.wait(timeout: .now() + saveTimeout)
                }
            }
            """])
        expectEqual(result.hooks[0].steps.last?.step, .wait(semaphore: "done", timeout: .ms(1000)))
        #expect(result.notes.contains { $0.message.hasPrefix("timeout not read") })
    }
}
