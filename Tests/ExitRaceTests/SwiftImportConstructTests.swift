import Foundation
import Testing

@testable import ExitRace

/// One fixture per construct the scenario language gained (own queues, groups, completion handlers,
/// actors, task groups, `async let`, a polling loop), each with its expected scenario (golden); every
/// imported scenario validates and runs.
@Suite("exitrace import: queues, groups, completion handlers, actors, structured concurrency")
struct SwiftImportConstructTests {
    /// Fixture name → the verdict its scenario's cell gives over the two procedures (`exitrace run`:
    /// `○ [i]`, `○`, `○ [i]`, `×`, `△ background`, `○ [t]`, `○`, `×`: the procedures never launch the app).
    static let fixtures: [(name: String, cell: String)] = [
        ("Construct+OwnQueue", "○"), ("Construct+DispatchGroup", "○"), ("Construct+CompletionHandler", "○"),
        ("Construct+Actor", "×"), ("Construct+TaskGroup", "△"), ("Construct+AsyncLet", "○"), ("Construct+PollingLoop", "○"),
        ("Construct+LaunchOptions", "×"),
    ]

    static func imported(_ name: String) throws -> SwiftImport.Result {
        let file = "Tests/ExitRaceTests/ImportFixtures/\(name).swift"
        let bytes = Array(try Data(contentsOf: SwiftImportExplainTests.root.appendingPathComponent(file)))
        return try SwiftImport.importSources([(file, bytes)], name: "my-app")
    }

    static func load(_ result: SwiftImport.Result) throws -> Scenario {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-import-\(UUID().uuidString).json")
        try result.scenario.write(to: out, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: out) }
        return try ScenarioLoader.load(path: out.path)
    }

    @Test("each construct imports into its expected scenario (golden), which validates and runs", arguments: fixtures.indices)
    func construct(index: Int) throws {
        let (name, cell) = Self.fixtures[index]
        let result = try Self.imported(name)
        Golden.check(result.scenario, against: "import-\(name).json")
        Golden.check(result.summary, against: "import-\(name).txt")
        let scenario = try Self.load(result)
        let table = Simulator(scenario: scenario).table()
        expectEqual(table.cell(hook: 0, strategy: 0).verdict.symbol, cell, "\(name)")
    }

    static func program(_ name: String) throws -> [ProgramStep] {
        try load(imported(name)).strategies[0].program
    }

    @Test("own queues: declared in queues with their QoS and attributes; async, sync and asyncAfter")
    func ownQueues() throws {
        let scenario = try Self.load(Self.imported("Construct+OwnQueue"))
        expectEqual(scenario.queues.map(\.name), ["saveQueue", "decodeQueue"])
        let program = scenario.strategies[0].program
        guard case .dispatchSync(.queue("saveQueue"), _) = program[0], case .dispatchAsync(.queue("decodeQueue"), _) = program[1],
            case .dispatchAfter(.queue("saveQueue"), let delay, _) = program[2]
        else { Issue.record("\(program)"); return }
        expectEqual(delay, VirtualDuration(nanoseconds: 500_000_000))
    }

    @Test("a call into an actor is an isolatedCall; a Task in actor code is isolated to the actor")
    func actors() throws {
        let program = try Self.program("Construct+Actor")
        guard case .spawnTask(_, let body) = program[0], case .isolatedCall("LiveActivityStore", _) = body[0],
            case .isolatedCall("LiveActivityStore", let inner) = body[1], case .spawnTask(let spawn, _) = inner[0]
        else { Issue.record("\(program)"); return }
        expectEqual(spawn.isolation, .actor("LiveActivityStore"))
    }

    @Test("if … else on the launch options: an if step per branch, the else as the other launch")
    func launchOptions() throws {
        let program = try Self.program("Construct+LaunchOptions")
        guard program.count == 2, case .ifLaunchOptions(.remoteNotification, _) = program[0],
            case .ifLaunchOptions(.none, _) = program[1]
        else { Issue.record("\(program)"); return }
    }

    @Test("what cannot be translated is named with file:line:column")
    func untranslatable() throws {
        let notes = try Self.imported("Construct+PollingLoop").notes.map(\.description)
        let file = "Tests/ExitRaceTests/ImportFixtures/Construct+PollingLoop.swift"
        #expect(notes.contains { $0.hasPrefix("\(file):21:9: assumed: if: the condition is taken as true; the else branch cannot") })
        #expect(notes.contains { $0.hasPrefix("\(file):26:9: not translated: cannot translate a repeat loop") })
        #expect(notes.contains { $0.hasPrefix("\(file):29:9: not translated: switch") })
    }

    @Test("a polling loop whose flag the entry point never sets is noted, not translated")
    func unsetFlag() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var done = false
                func applicationWillTerminate(_ application: UIApplication) {
                    Task.detached { await Analytics.shared.flush() }
                    while !done { usleep(1000) }
                }
            }
            """
        let result = try SwiftImport.importSources([("App.swift", Array(source.utf8))], name: "x")
        expectNotContains(result.scenario, "waitUntil")
        #expect(result.notes.map(\.description).contains { $0.hasPrefix("App.swift:5:9: not translated: while !done: nothing") })
    }
}
