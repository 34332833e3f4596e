import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Code of the files that runs without a plain call by name (issue 23, the audit's third and eleventh gaps):
/// property observers, the app's own initializers and their stored properties' values, computed getters,
/// closures kept in properties, protocol-extension defaults, `Self.f()`, `super.f()` and the override rule.
@Suite("exitrace import: the app's own code reached through observers, initializers, getters and supertypes")
struct SwiftImportOwnCodeTests {
    static let detached = TaskSpawn(isolation: .none, priority: nil, detached: true)
    static func task(_ call: String) -> ProgramStep { .spawnTask(detached, body: [.call(call)]) }

    static func program(_ source: String) throws -> [ProgramStep] {
        let result = try SwiftImportTests.run(["App.swift": source])
        _ = try SwiftImportTests.decodes(result)
        return result.hooks[0].steps.map(\.step)
    }

    @Test("an assignment runs the property's willSet, then its didSet, after the value")
    func propertyObservers() throws {
        let steps = try Self.program("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var isTerminating = false {
                    willSet { Task.detached { await Api.shared.before() } }
                    didSet { Task.detached { await Api.shared.after() } }
                }
                func applicationWillTerminate(_ application: UIApplication) {
                    self.isTerminating = await0()
                }
                func await0() -> Bool { Task.detached { await Api.shared.value() }; return true }
            }
            """)
        expectEqual(steps, [Self.task("Api.value"), Self.task("Api.before"), Self.task("Api.after")])
    }

    @Test("_ = Flusher(): its stored properties' values that run code, then the init whose labels match")
    func ownInitializer() throws {
        let steps = try Self.program("""
            final class Flusher {
                let upload = Task.detached { await Api.shared.upload() }
                static let shared = Flusher(label: "x")
                init() { Task.detached { await Api.shared.plain() } }
                init(label: String) { Task.detached { await Api.shared.labelled() } }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    _ = Flusher()
                    _ = Flusher(label: "done")
                }
            }
            """)
        expectEqual(steps, [Self.task("Api.upload"), Self.task("Api.plain"), Self.task("Api.upload"), Self.task("Api.labelled")])
    }

    @Test("a computed getter is followed where the property is read; an awaited one too; a closure property where it is called")
    func gettersAndClosureProperties() throws {
        let steps = try Self.program("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var pending: Int { Task.detached { await Api.shared.count() }; return 1 }
                var items: [Int] { get async { await Api.shared.items() } }
                lazy var cleanup: () -> Void = { Task.detached { await Api.shared.cleanup() } }
                func applicationWillTerminate(_ application: UIApplication) {
                    if pending > 0 { print("pending") }
                    Task.detached { let all = await self.items }
                    cleanup()
                }
            }
            """)
        expectEqual(steps, [Self.task("Api.count"), Self.task("Api.items"), Self.task("Api.cleanup")])
    }

    @Test("a protocol extension's default, Self.f() and a superclass's method are followed")
    func supertypes() throws {
        let steps = try Self.program("""
            protocol Flushing { func flushAll() }
            extension Flushing { func flushAll() { Task.detached { await Api.shared.protocolDefault() } } }
            class Base: UIResponder { func saveAll() { Task.detached { await Api.shared.base() } } }
            class AppDelegate: Base, UIApplicationDelegate, Flushing {
                static func cleanup() { Task.detached { await Api.shared.staticCleanup() } }
                func applicationWillTerminate(_ application: UIApplication) {
                    flushAll()
                    Self.cleanup()
                    saveAll()
                }
            }
            """)
        expectEqual(steps, [Self.task("Api.protocolDefault"), Self.task("Api.staticCleanup"), Self.task("Api.base")])
    }

    @Test("super.applicationWillTerminate: the base's method is part of the override, not an entry point of its own")
    func superOverride() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class BaseAppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { Task.detached { await Api.shared.base() } }
            }
            class AppDelegate: BaseAppDelegate {
                override func applicationWillTerminate(_ application: UIApplication) {
                    Task.detached { await Api.shared.own() }
                    super.applicationWillTerminate(application)
                }
            }
            """])
        expectEqual(result.hooks.map(\.name), ["AppDelegate.applicationWillTerminate"])
        expectEqual(result.hooks[0].steps.map(\.step), [Self.task("Api.own"), Self.task("Api.base")])
    }
}
