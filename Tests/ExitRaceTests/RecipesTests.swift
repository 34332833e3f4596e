import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceExplain

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

    @Test("the flutter_live_activities Task runs off the main actor: it wins every swipe of a running app, before and after v2.4.5's wait", arguments: [
        "Task (nonisolated), v2.4.4", "Task (nonisolated) + wait(5 s), v2.4.5",
    ])
    func pluginTask(strategy: String) throws {
        expectEqual(try Self.survives(Self.debugger, hook: Self.willTerminate, strategy: strategy), ["foreground", "background", "suspended"])
        expectEqual(try Self.survives(Self.production, hook: Self.willTerminate, strategy: strategy), ["foreground", "background"])
    }

    @Test("a semaphore wait with a timeout in applicationWillTerminate survives swipes of a running app only", arguments: [
        "Task.detached + wait(3 s)", "Task.detached(.high) + wait(2 s)",
    ])
    func waitWithTimeout(strategy: String) throws {
        expectEqual(try Self.survives(Self.debugger, hook: Self.willTerminate, strategy: strategy), ["foreground", "background", "suspended"])
        guard strategy != "Task.detached + wait(3 s)" else { return }  // LoopFollow: not in production (background audio)
        expectEqual(try Self.survives(Self.production, hook: Self.willTerminate, strategy: strategy), ["foreground", "background"])
    }

    @Test("a flush on didEnterBackground misses the foreground swipe; a server's end push survives every way to die")
    func survivors() throws {
        let every = ["foreground", "background", "suspended", "jetsam"]
        for scenario in [Self.debugger, Self.production] {
            let flush = try Self.survives(scenario, hook: "didEnterBackground", strategy: "flush under a background task")
            expectEqual(flush, ["background", "suspended", "jetsam"])
            expectEqual(try Self.survives(scenario, hook: "didFinishLaunching", strategy: "end push from a server"), every)
        }
    }

    @Test("the production file differs from the debugger one in debuggerAttached, and leaves out LoopFollow's recipe")
    func productionExtendsDebugger() throws {
        let debugger = try LifecycleTests.load(Self.debugger)
        let production = try LifecycleTests.load(Self.production)
        #expect(debugger.lifecycle.debuggerAttached)
        #expect(!production.lifecycle.debuggerAttached)
        expectEqual(debugger.strategies.map(\.name).filter { $0 != "Task.detached + wait(3 s)" }, production.strategies.map(\.name))
        expectEqual(debugger.procedures.map(\.name), production.procedures.map(\.name))
    }
}
