import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Constructs the importer translates into the scenario language's newer steps: synchronous saves,
/// hand-offs to system services (`BGTaskScheduler`, background `URLSession`), cancellation and task
/// handles, global actors, `guard`. One fixture per group with its expected scenario (golden), and a
/// test per rule with Swift input and the steps it must give.
@Suite("exitrace import: saves, services, cancellation, global actors")
struct SwiftImportLanguageTests {
    /// Fixture name → the verdict its first cell gives over the procedures. The services' cell is ×:
    /// the built-in procedures are swipes, force quits, which cancel the upload and the request.
    static let fixtures: [(name: String, cell: String)] = [
        ("Construct+CoreDataSave", "○"), ("Construct+Services", "×"), ("Construct+Cancellation", "×"),
        ("Construct+GlobalActor", "×"),
    ]

    @Test("each fixture imports into its expected scenario (golden), which validates and runs", arguments: fixtures.indices)
    func fixture(index: Int) throws {
        let (name, cell) = Self.fixtures[index]
        let result = try SwiftImportConstructTests.imported(name)
        Golden.check(result.scenario, against: "import-\(name).json")
        Golden.check(result.summary, against: "import-\(name).txt")
        let scenario = try SwiftImportConstructTests.load(result)
        let table = Simulator(scenario: scenario).table()
        expectEqual(table.cell(hook: 0, strategy: 0).verdict.symbol, cell, "\(name)")
    }

    static func steps(_ body: String, members: String = "", extra: String = "") throws -> [ProgramStep] {
        let source = """
            \(extra)
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                \(members)
                func sceneDidEnterBackground(_ scene: UIScene) {
                    \(body)
                }
            }
            """
        let result = try SwiftImportTests.run(["App.swift": source])
        _ = try SwiftImportTests.decodes(result)
        return result.hooks[0].steps.map(\.step)
    }

    static func calls(_ body: String, members: String = "", extra: String = "") throws -> [ImportedCall] {
        let source = """
            \(extra)
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                \(members)
                func sceneDidEnterBackground(_ scene: UIScene) {
                    \(body)
                }
            }
            """
        return try SwiftImportTests.run(["App.swift": source]).newSystemCalls
    }

    static let global = DispatchTarget.global(DispatchTarget.defaultGlobalQoS)

    @Test("a synchronous save is a call with an empty completion, listed as synchronous")
    func synchronousSave() throws {
        expectEqual(try Self.steps("try context.save()"), [.callWithCompletion("context.save", queue: Self.global, completion: [])])
        let calls = try Self.calls("UserDefaults.standard.synchronize(); try? data.write(to: url)")
        expectEqual(calls.map(\.name), ["UserDefaults.synchronize", "data.write"])
        expectEqual(calls.map(\.kind), [.synchronous, .synchronous])
    }

    @Test("an app's own saveContext() is followed, through self, a typed variable or a cast to the delegate")
    func saveFollowed() throws {
        let delegate = """
            var appDelegate: AppDelegate!
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func saveContext() { if context.hasChanges { try? context.save() } }
            }
            """
        let save = ProgramStep.callWithCompletion("context.save", queue: Self.global, completion: [])
        expectEqual(try Self.steps("appDelegate.saveContext()", extra: delegate), [save])
        expectEqual(try Self.steps("(UIApplication.shared.delegate as? AppDelegate)?.saveContext()", extra: delegate), [save])
        expectEqual(try Self.steps("(UIApplication.shared.delegate as! AppDelegate).saveContext()", extra: delegate), [save])
    }

    @Test("an entry point whose only cleanup is a synchronous save is imported, not left out")
    func saveOnlyEntryPoint() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { CoreDataStack.shared.saveContext() }
                func applicationDidBecomeActive(_ application: UIApplication) { refresh() }
            }
            """])
        expectEqual(result.hooks.map(\.name), ["AppDelegate.applicationWillTerminate"])
        expectContains(result.summary, "  CoreDataStack.saveContext  [App.swift:2:")
    }

    @Test("BGTaskScheduler.shared.submit hands a background task to the system")
    func backgroundTaskSubmit() throws {
        expectEqual(try Self.steps("try BGTaskScheduler.shared.submit(request)"),
            [.callWithCompletion("BGTaskScheduler.submit", queue: Self.global, completion: [])])
        expectEqual(try Self.calls("try? BGTaskScheduler.shared.submit(request)").map(\.kind), [.service(.backgroundTask)])
    }

    @Test("a background URLSession's upload and download tasks are background transfers; other sessions' are not")
    func backgroundTransfer() throws {
        let members = """
            let session = URLSession(configuration: .background(withIdentifier: "up"), delegate: nil, delegateQueue: nil)
            let config = URLSessionConfiguration.background(withIdentifier: "down")
            lazy var downloads = URLSession(configuration: config)
            """
        let body = """
            session.uploadTask(with: request, fromFile: file).resume()
                    let task = downloads.downloadTask(with: url)
                    task.resume()
                    URLSession.shared.dataTask(with: url) { _, _, _ in }.resume()
            """
        let calls = try Self.calls(body, members: members)
        expectEqual(calls.map(\.name), ["session.uploadTask", "downloads.downloadTask", "URLSession.dataTask"])
        expectEqual(calls.map(\.kind), [.service(.backgroundTransfer), .service(.backgroundTransfer), .completionHandler])
    }

    @Test("a task kept under a name: cancel() and await .value name it; checkCancellation and isCancelled")
    func cancellation() throws {
        let body = """
            let upload = Task {
                        try Task.checkCancellation()
                        if Task.isCancelled { await Uploader.shared.rollback() }
                        await Uploader.shared.send()
                    }
                    Task { await upload.value }
                    upload.cancel()
            """
        let steps = try Self.steps(body)
        guard steps.count == 3, case .spawnTask(let spawn, let inner) = steps[0], case .spawnTask(_, let waiter) = steps[1]
        else { Issue.record("\(steps)"); return }
        expectEqual(spawn.name, "upload")
        expectEqual(inner, [.checkCancellation, .ifCancelled(body: [.call("Uploader.rollback")]), .call("Uploader.send")])
        expectEqual(waiter, [.awaitTask("upload")])
        expectEqual(steps[2], .cancelTask("upload"))
    }

    @Test("guard !Task.isCancelled else { return }: checkCancellation at the top of a task, else noted")
    func guardCancelled() throws {
        let steps = try Self.steps("""
            Task {
                        guard !Task.isCancelled else { log(); return }
                        await Uploader.shared.send()
                    }
            """)
        guard case .spawnTask(_, let body) = steps[0] else { Issue.record("\(steps)"); return }
        expectEqual(body, [.checkCancellation, .call("Uploader.send")])
        let result = try SwiftImportTests.run(["App.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) {
                    guard let store else { return }
                    Task { await store.flush() }
                }
            }
            """])
        #expect(result.notes.map(\.description).contains(
            "App.swift:3:9: assumed: guard: the condition is taken as true, so its else branch (which leaves the scope) is not "
                + "translated; the scenario language has no condition on the app's state: write the other path as a "
                + "variant by hand if it matters"))
    }

    @Test("a cancel or await of a task the entry point never spawns is noted, not written (it would not validate)")
    func unspawnedHandle() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var upload: Task<Void, Never>?
                func sceneWillEnterForeground(_ scene: UIScene) { upload = Task { await Uploader.shared.send() } }
                func sceneDidEnterBackground(_ scene: UIScene) {
                    upload?.cancel()
                    Task { await Analytics.shared.flush() }
                }
            }
            """])
        _ = try SwiftImportTests.decodes(result)
        let background = result.hooks.first { $0.name == "SceneDelegate.sceneDidEnterBackground" }
        expectEqual(background?.steps.count, 1)
        #expect(result.notes.map(\.description).contains { $0.hasPrefix("App.swift:5:9: not translated: upload.cancel(): no Task") })
    }

    @Test("a global actor: @X types, @X methods and Task { @X in } run on actor X, declared global")
    func globalActor() throws {
        let extra = """
            @globalActor actor Disk { static let shared = Disk() }
            @Disk final class Store { static let shared = Store(); func save() async { await Files.write() } }
            final class Log { static let shared = Log(); @Disk func flush() async { await Files.append() } }
            """
        let steps = try Self.steps("""
            Task { await Store.shared.save() }
                    Task.detached { await Log.shared.flush() }
                    Task { @Disk in await Files.sync() }
            """, extra: extra)
        guard steps.count == 3, case .spawnTask(_, let first) = steps[0], case .spawnTask(_, let second) = steps[1],
            case .spawnTask(let third, _) = steps[2]
        else { Issue.record("\(steps)"); return }
        expectEqual(first, [.isolatedCall(actor: "Disk", body: [.call("Files.write")])])
        expectEqual(second, [.isolatedCall(actor: "Disk", body: [.call("Files.append")])])
        expectEqual(third.isolation, .actor("Disk"))
        let result = try SwiftImportTests.run(["App.swift": extra + """

            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) { Task { await Store.shared.save() } }
            }
            """])
        let json = try JSONSerialization.jsonObject(with: Data(result.scenario.utf8)) as? [String: Any]
        expectEqual((json?["actors"] as? [String: [String: Bool]]), ["Disk": ["global": true]])
    }

    @Test("a closure bound to a local name runs where it is called, not a method of the same name")
    func localClosure() throws {
        let members = "func finish(_ flag: Bool) { try? other.save() }"
        let steps = try Self.steps("""
            let task = UIApplication.shared.beginBackgroundTask()
                    let finish = { UIApplication.shared.endBackgroundTask(task) }
                    Task { await Uploader.shared.send(); finish() }
            """, members: members)
        guard steps.count == 2, case .spawnTask(_, let body) = steps[1] else { Issue.record("\(steps)"); return }
        expectEqual(steps[0], .beginBackgroundTask("task", expiration: []))
        expectEqual(body, [.call("Uploader.send"), .endBackgroundTask("task")])
    }
}

/// Closures passed to the app's own functions.
@Suite("exitrace import: closures passed to functions of the files")
struct SwiftImportClosureParameterTests {
    @Test("a closure passed to a function of the files runs where the function calls its parameter")
    func closureParameter() throws {
        let steps = try SwiftImportLanguageTests.steps("""
            finish { UIApplication.shared.endBackgroundTask(task) }
                    wait { print("x") }
            """, members: """
            var task = UIBackgroundTaskIdentifier.invalid
                func finish(completion: @escaping () -> Void) {
                    task = UIApplication.shared.beginBackgroundTask()
                    Task { await Uploader.shared.send(); completion() }
                }
                func wait(_ done: () -> Void) { done() }
            """)
        guard steps.count == 2, case .spawnTask(_, let body) = steps[1] else { Issue.record("\(steps)"); return }
        expectEqual(body, [.call("Uploader.send"), .endBackgroundTask("task")])
    }

    @Test("the closure's self is the caller's: self.stop() in it resolves in the type that wrote it")
    func closureParameterSelf() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            final class Tasks {
                static let shared = Tasks()
                func run(expiration: @escaping () -> Void) {
                    let id = UIApplication.shared.beginBackgroundTask { expiration() }
                }
                func stop() { try? log.save() }
            }
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func stop() { try? store.save() }
                func sceneDidEnterBackground(_ scene: UIScene) {
                    Tasks.shared.run(expiration: { self.stop() })
                }
            }
            """])
        let steps = result.hooks[0].steps.map(\.step)
        let save = ProgramStep.callWithCompletion("store.save", queue: SwiftImportLanguageTests.global, completion: [])
        expectEqual(steps, [.beginBackgroundTask("id", expiration: [save])])
    }

    @Test("a closure passed to a parameter without a label runs where the body calls the parameter's name")
    func unlabelledClosureParameter() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func wait(_ done: () -> Void) { done() }
                func sceneDidEnterBackground(_ scene: UIScene) {
                    Task { await Analytics.shared.flush() }
                    wait { try? context.save() }
                }
            }
            """])
        expectEqual(result.newSystemCalls.map(\.name), ["Analytics.flush", "context.save"])
        #expect(!result.notes.contains { $0.message.contains("a closure passed to wait") })
    }
}

/// Swift files found by the fuzz over real repositories that the reader refused wrongly.
@Suite("exitrace import: scripts")
struct SwiftImportScriptTests {
    @Test("a script's shebang line is not 'unexpected #' (NetNewsWire's buildscripts/VerifyNoBS.swift)")
    func shebang() {
        let lexer = SwiftLexer("#!/usr/bin/swift\nimport Foundation\nprint(1)\n")
        #expect(lexer.problems.isEmpty)
        expectEqual(lexer.tokens.first?.text, "import")
        expectEqual(lexer.tokens.first?.line, 2)
        #expect(!SwiftLexer("let a = 1\n#!x\n").problems.isEmpty, "only the first line")
    }
}
