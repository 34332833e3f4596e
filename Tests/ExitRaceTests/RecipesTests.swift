import Foundation
import Testing

@testable import ExitRace

/// `scenarios/recipes-in-the-wild*.json`: the recipes engineers ship to end a Live Activity when
/// the app dies, each in the cell its source puts it in, under the debugger and in production.
@Suite("Recipes in the wild")
struct RecipesTests {
    /// The procedures under which a recipe's own cell finished its cleanup.
    static func survives(_ scenario: String, hook: String, strategy: String) throws -> [String] {
        let table = Simulator(scenario: try LifecycleTests.load(scenario)).table()
        let row = try #require(table.scenario.hooks.firstIndex { $0.label == hook })
        let column = try #require(table.scenario.strategies.firstIndex { $0.name == strategy })
        let outcomes = table.cell(hook: row, strategy: column).outcomes
        return zip(table.scenario.procedures, outcomes).filter { $0.1.cleanupFinished }.map(\.0.name)
    }

    static let debugger = "recipes-in-the-wild"
    static let production = "recipes-in-the-wild-production"
    static let willTerminate = "applicationWillTerminate"

    @Test("Task in applicationWillTerminate (flutter_live_activities) never survives a foreground kill")
    func plainTask() throws {
        #expect(try Self.survives(Self.debugger, hook: Self.willTerminate, strategy: "Task") == ["background", "suspended"])
        #expect(try Self.survives(Self.production, hook: Self.willTerminate, strategy: "Task") == ["background"])
    }

    @Test("a semaphore wait with a timeout in applicationWillTerminate survives swipes of a running app only", arguments: [
        "Task.detached + wait(3 s)", "Task.detached(.high) + wait(2 s)",
    ])
    func waitWithTimeout(strategy: String) throws {
        #expect(try Self.survives(Self.debugger, hook: Self.willTerminate, strategy: strategy) == ["foreground", "background", "suspended"])
        #expect(try Self.survives(Self.production, hook: Self.willTerminate, strategy: strategy) == ["foreground", "background"])
    }

    @Test("flushing on willResignActive and didEnterBackground, and a server's end push, survive every way to die")
    func survivors() throws {
        let every = ["foreground", "background", "suspended", "jetsam"]
        for scenario in [Self.debugger, Self.production] {
            let flush = try Self.survives(scenario, hook: "willResignActive + didEnterBackground", strategy: "flush under a background task")
            #expect(flush == every)
            #expect(try Self.survives(scenario, hook: "didFinishLaunching", strategy: "end push from a server") == every)
        }
    }

    @Test("the production file differs from the debugger one only in debuggerAttached")
    func productionExtendsDebugger() throws {
        let debugger = try LifecycleTests.load(Self.debugger)
        let production = try LifecycleTests.load(Self.production)
        #expect(debugger.lifecycle.debuggerAttached)
        #expect(!production.lifecycle.debuggerAttached)
        #expect(debugger.strategies.map(\.name) == production.strategies.map(\.name))
        #expect(debugger.procedures.map(\.name) == production.procedures.map(\.name))
    }
}
