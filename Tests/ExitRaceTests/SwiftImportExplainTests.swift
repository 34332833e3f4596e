import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceKernel
@testable import ExitRaceDiagnostics
@testable import ExitRaceJSON
@testable import ExitRaceFiles
@testable import ExitRaceModel
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBatch

/// The round trip: `import` then `run` then `explain` names the Swift source lines each step came
/// from, in the text timeline and in the HTML report.
@Suite("exitrace import: explain names the source lines")
struct SwiftImportExplainTests {
    static let root = SwiftImportSeedTests.fixtures.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Imports a fixture under its repository-relative name (so the output is the same on every
    /// machine) and loads it as `run` and `explain` do.
    static func imported(_ fixture: String) throws -> Scenario {
        let file = "Tests/ExitRaceTests/ImportFixtures/\(fixture)"
        let bytes = Array(try Data(contentsOf: root.appendingPathComponent(file)))
        let result = try SwiftImport.importSources([(file, bytes)], name: "my-app")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-import-\(UUID().uuidString).json")
        try result.scenario.write(to: out, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: out) }
        return try ScenarioLoader.load(path: out.path)
    }

    static func explanation(_ scenario: Scenario) -> String {
        let simulator = Simulator(scenario: scenario)
        return scenario.procedures.indices.map { procedure in
            CellExplanation(simulator.trace(hook: 0, strategy: 0, procedure: procedure)).renderText()
        }.joined(separator: "\n")
    }

    @Test("the imported steps keep their source and code through the loader")
    func sourcesSurviveLoading() throws {
        let scenario = try Self.imported("AppDelegate+TaskDetachedSemaphore.swift")
        let sources = scenario.strategies[0].stepSources.map { $0?.description }
        let file = "Tests/ExitRaceTests/ImportFixtures/AppDelegate+TaskDetachedSemaphore.swift"
        expectEqual(sources, [
            "\(file):18:9: Task.detached {", "\(file):20:17: await activity.end(nil, dismissalPolicy: .immediate)",
            "\(file):22:13: semaphore.signal()", "\(file):24:9: semaphore.wait()",
        ])
        #expect(DefaultScenario.load().strategies.allSatisfy { $0.stepSources.isEmpty })
    }

    @Test("explain prints each step's file:line and code under the line it made (golden)")
    func explainGolden() throws {
        let text = Self.explanation(try Self.imported("AppDelegate+TaskDetachedSemaphore.swift"))
        Golden.check(text, against: "import-explain-AppDelegate+TaskDetachedSemaphore.txt")
        expectContains(text, "creates Task.detached from applicationWillTerminate (default QoS)\n"
            + String(repeating: " ", count: 44) + "↳ Tests/ExitRaceTests/ImportFixtures/AppDelegate+TaskDetachedSemaphore.swift:18:9: Task.detached {")
    }

    @Test("every seed fixture's explanation names its lines; a main-queue block and a deadlock too", arguments: [
        ("SceneDelegate+TaskSemaphore.swift", "SceneDelegate+TaskSemaphore.swift:13:9: Task {"),
        ("Notification+DispatchMainAsync.swift", "DispatchQueue.main.async {"),
        ("AppDelegate+TaskDetachedHigh.swift", "Task.detached(priority: .high) {"),
    ])
    func explainNamesLines(fixture: String, expected: String) throws {
        let text = Self.explanation(try Self.imported(fixture))
        expectContains(text, "↳ Tests/ExitRaceTests/ImportFixtures/\(fixture)", "\(fixture)")
        expectContains(text, expected, "\(fixture)")
    }

    @Test("explain names the lines of queues, groups, completion handlers, actors, child tasks and polling", arguments: [
        ("Construct+OwnQueue", "Construct+OwnQueue.swift:13:9: saveQueue.sync {"),
        ("Construct+OwnQueue", "Construct+OwnQueue.swift:24:9: saveQueue.asyncAfter(deadline: .now() + .milliseconds(500)) {"),
        ("Construct+DispatchGroup", "Construct+DispatchGroup.swift:12:13: group.leave()"),
        ("Construct+DispatchGroup", "Construct+DispatchGroup.swift:17:9: group.notify(queue: .main) {"),
        ("Construct+CompletionHandler", "Construct+CompletionHandler.swift:11:13: semaphore.signal()"),
        ("Construct+Actor", "Construct+Actor.swift:17:13: await BackgroundRefresh.shared.cancelAll()"),
        ("Construct+TaskGroup", "Construct+TaskGroup.swift:15:17: group.addTask(priority: .utility) {"),
        ("Construct+AsyncLet", "Construct+AsyncLet.swift:10:13: async let ended: Void = endActivities()"),
        ("Construct+PollingLoop", "Construct+PollingLoop.swift:18:9: while !finished {"),
    ])
    func constructs(fixture: String, expected: String) throws {
        let text = Self.explanation(try Self.imported("\(fixture).swift"))
        expectContains(text, "↳ Tests/ExitRaceTests/ImportFixtures/\(expected)\n", "\(fixture)")
    }

    @Test("the HTML report lists where the run met the code")
    func html() throws {
        let scenario = try Self.imported("AppDelegate+TaskDetachedSemaphore.swift")
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        let html = StepSourceHTML.render(trace)
        #expect(html.hasPrefix("<ol class=\"sources\">"))
        expectContains(html, "<code>Tests/ExitRaceTests/ImportFixtures/AppDelegate+TaskDetachedSemaphore.swift:24:9: semaphore.wait()</code>")
        let builtIn = Simulator(scenario: DefaultScenario.load()).trace(hook: 0, strategy: 0, procedure: 0)
        #expect(StepSourceHTML.render(builtIn).isEmpty)
    }
}
