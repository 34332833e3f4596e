import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport

/// What `exitrace import` finds and how it translates it: entry points, isolation from the code,
/// calls followed, unknown awaits as system calls, notes for what it cannot translate, bad input.
@Suite("exitrace import: translation rules")
struct SwiftImportTests {
    static func run(_ sources: [String: String]) throws -> SwiftImport.Result {
        try SwiftImport.importSources(sources.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) }, name: "t")
    }

    static func program(_ source: String) throws -> [ProgramStep] {
        let result = try run(["App.swift": source])
        return result.hooks[0].steps.map(\.step)
    }

    static func decodes(_ result: SwiftImport.Result) throws -> Scenario {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-import-\(UUID().uuidString).json")
        try result.scenario.write(to: out, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: out) }
        return try ScenarioLoader.load(path: out.path)
    }

    @Test("a Task {} in a nonisolated method is not on the main actor; in a main-actor one it inherits")
    func isolationFromCode() throws {
        let source = """
            class Manager {
                static let shared = Manager()
                func endAll() { Task { await Analytics.shared.flush() } }
                @MainActor func endOnMain() { Task { await Analytics.shared.flush() } }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    Manager.shared.endAll()
                    Manager.shared.endOnMain()
                    Task { @MainActor in await Analytics.flush() }
                }
            }
            """
        let steps = try Self.program(source)
        let spawns = steps.compactMap { if case .spawnTask(let spawn, _) = $0 { spawn.isolation } else { nil } }
        expectEqual(spawns, [.none, .inherit, .mainActor])
    }

    @Test("an await of an unknown API is a system call named after it, listed with its place")
    func unknownAwait() throws {
        let result = try Self.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationDidEnterBackground(_ application: UIApplication) {
                    Task.detached(priority: .userInitiated) { try? await Analytics.shared.flush(); await store.save() }
                }
            }
            """])
        expectEqual(result.newSystemCalls.map(\.name), ["Analytics.flush", "store.save"])
        expectContains(result.summary, #"systemCalls["NAME"].costMs"#)
        let scenario = try Self.decodes(result)
        #expect(scenario.systemCalls.map(\.name).contains("Analytics.flush"))
        expectEqual(scenario.hooks[0].callbacks, ["applicationDidEnterBackground"])
        expectEqual(scenario.procedures.map(\.name), ["foreground", "background"])  // background's pressHome delivers it
    }

    @Test("each rule of the table: dispatch, semaphore with timeout, background task, sleeps")
    func rules() throws {
        let steps = try Self.program("""
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var bgTask: UIBackgroundTaskIdentifier = .invalid
                func sceneDidDisconnect(_ scene: UIScene) {
                    let sem = DispatchSemaphore(value: 0)
                    bgTask = UIApplication.shared.beginBackgroundTask(withName: "end") {
                        UIApplication.shared.endBackgroundTask(self.bgTask)
                    }
                    DispatchQueue.global(qos: .utility).async {
                        Thread.sleep(forTimeInterval: 0.25)
                        usleep(500)
                        sem.signal()
                    }
                    _ = sem.wait(timeout: .now() + .milliseconds(1500))
                    DispatchQueue.main.async { Task { try await Task.sleep(nanoseconds: 2_000_000); await flushAll() } }
                    UIApplication.shared.endBackgroundTask(bgTask)
                }
                func flushAll() async { await Log.flush() }
            }
            """)
        expectEqual(steps, [
            .beginBackgroundTask("bgTask", expiration: [.endBackgroundTask("bgTask")]),
            .dispatchAsync(.global(.utility), body: [.sleep(.ms(250)), .sleep(VirtualDuration(nanoseconds: 500_000)), .signal(semaphore: "sem")]),
            .wait(semaphore: "sem", timeout: .ms(1500)),
            .dispatchAsync(.main, body: [.spawnTask(TaskSpawn(isolation: .inherit, priority: nil, detached: false),
                                                    body: [.taskSleep(.ms(2)), .call("Log.flush")])]),
            .endBackgroundTask("bgTask"),
        ])
    }

    @Test("observers: selector, closure, Combine sink, SwiftUI onReceive and scenePhase")
    func entryPoints() throws {
        let result = try Self.run(["App.swift": """
            @MainActor final class Observers {
                init() {
                    NotificationCenter.default.addObserver(self, selector: #selector(willTerminate), name: UIApplication.willTerminateNotification, object: nil)
                    NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { _ in
                        Task { await A.one() }
                    }
                }
                @objc func willTerminate() { Task.detached { await A.two() } }
            }
            struct MyApp: App {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some Scene {
                    WindowGroup { ContentView() }
                        .onChange(of: scenePhase) { _, newPhase in
                            if newPhase == .background { Task { await A.three() } }
                        }
                        .onReceive(NotificationCenter.default.publisher(for: UIScene.didDisconnectNotification)) { _ in
                            Task { await A.four() }
                        }
                }
            }
            """])
        expectEqual(result.hooks.map(\.entryPoint.callback).sorted(), [
            "sceneDidDisconnect", "sceneDidEnterBackground", "sceneDidEnterBackground", "willTerminateNotification",
        ])
        #expect(result.hooks.map(\.name).contains("MyApp.scenePhase .background"))
        _ = try Self.decodes(result)
    }

    @Test("what is not translated is named with file:line:column, never dropped")
    func notes() throws {
        let result = try Self.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    myQueue.async { save() }
                    while !done { }
                    Task.detached { await Activity.end() }
                }
            }
            """])
        let text = result.notes.map(\.description)
        #expect(text.contains { $0.hasPrefix("App.swift:3:9: not translated: myQueue.async: a queue the importer cannot find") })
        #expect(text.contains { $0.hasPrefix("App.swift:4:9: not translated: cannot translate a while loop") })
    }

    @Test("bad input: not Swift, unbalanced braces, binary, no lifecycle code")
    func badInput() {
        for (bytes, expected) in [
            (Array("class A { func f() { ".utf8), "never closed"),
            ([0x00, 0x01, 0x02] as [UInt8], "binary file"),
            ([0xC3, 0x28] as [UInt8], "not UTF-8"),
            (Array("{\"name\": 1}".utf8), "no lifecycle entry point"),
        ] {
            #expect {
                _ = try SwiftImport.importSources([("X.swift", bytes)], name: "t")
            } throws: { error in
                (error as? InputError)?.description.contains(expected) == true
            }
        }
        // Synchronous code only is an answer, not bad input (SwiftImportAfterwardsTests).
        let answer = try? SwiftImport.importSources([("X.swift", Array("class A { func applicationWillTerminate() { save() } }".utf8))], name: "t")
        expectEqual(answer?.answer?.contains("awaits no call"), true)
        #expect(throws: InputError.self) { _ = try SwiftImport.load(paths: ["/nonexistent.swift"], name: "t") }
        #expect(throws: InputError.self) { _ = try SwiftImport.load(paths: ["/tmp"], name: "t") }
    }

    @Test("mutated inputs and this repository's Swift never crash or hang the reader (seed printed)", .heavy)
    func fuzz() throws {
        let seed: UInt64 = ProcessInfo.processInfo.environment["EXITRACE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20261124
        print("SwiftImport fuzz seed \(seed) (set EXITRACE_FUZZ_SEED to replay)")
        var random = SplitMix64(seed: seed)
        let fixtures = SwiftImportSeedTests.fixtures
        let base = Array(try String(contentsOf: fixtures.appendingPathComponent("Notification+TaskSemaphore.swift"), encoding: .utf8).utf8)
        let alphabet = Array("{}()[]\"#\\/*@`.<>$ \n".utf8) + [0x80, 0xFF, 0x00]
        for _ in 0..<400 {
            var bytes = base
            for _ in 0..<Int(random.next() % 8 + 1) {
                let at = Int(random.next() % UInt64(bytes.count + 1))
                switch random.next() % 3 {
                case 0: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: random.next()) }
                }
            }
            _ = try? SwiftImport.importSources([("F.swift", bytes)], name: "t")
        }
        let root = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var count = 0
        for folder in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let url = root.appendingPathComponent(folder).appendingPathComponent(relative)
                _ = SwiftParser.parse(path: relative, bytes: Array(try Data(contentsOf: url)))
                count += 1
            }
        }
        #expect(count > 100)
    }
}
