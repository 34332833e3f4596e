import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// Randomized timings over programs that use every queue construct: the engine's invariant checks
/// (debug builds) run after every event, including those of serial queues and groups, and every
/// outcome keeps the table's rules. Failures name the seed and the round.
@Suite("Randomized invariants of queues, sync, asyncAfter, groups and completion handlers")
struct QueueInvariantTests {
    static let seeds: [UInt64] = [7, 0x5EED_0022]

    /// Strategies that mix the constructs; none can deadlock except `self sync`, on purpose.
    static let json = """
        {
          "name": "queue-mix",
          "queues": {"io": {"qos": "utility"}, "fan": {"qos": "userInitiated", "attributes": "concurrent"}},
          "systemCalls": {"save": {"costMs": 2, "deliverAfterMs": 1, "replyLatencyMs": 3}},
          "hooks": {"sceneDidEnterBackground": {}, "applicationWillTerminate": {}},
          "strategies": {
            "serial chain": {"program": [
              {"op": "dispatch", "queue": "io", "body": [{"op": "work", "ms": 3}]},
              {"op": "dispatch", "queue": "io", "body": [{"op": "call", "name": "save", "queue": "io", "completion": [{"op": "work", "ms": 1}]}]},
              {"op": "dispatch", "queue": "io", "sync": true, "body": [{"op": "work", "ms": 1}]}]},
            "group": {"program": [
              {"op": "groupEnter", "group": "g"},
              {"op": "dispatch", "queue": "fan", "body": [{"op": "call", "name": "save", "queue": "io", "completion": [{"op": "groupLeave", "group": "g"}]}]},
              {"op": "groupEnter", "group": "g"},
              {"op": "dispatch", "queue": "fan", "afterMs": 4, "body": [{"op": "groupLeave", "group": "g"}]},
              {"op": "groupNotify", "group": "g", "queue": "main", "body": [{"op": "work", "ms": 1}]},
              {"op": "groupWait", "group": "g", "timeoutMs": 6}]},
            "main sync from worker": {"program": [
              {"op": "dispatch", "queue": "global", "body": [
                {"op": "dispatch", "queue": "main", "sync": true, "body": [{"op": "call", "name": "save", "queue": "main", "completion": []}]}]}]},
            "self sync": {"program": [
              {"op": "dispatch", "queue": "io", "body": [{"op": "call", "name": "save", "queue": "main", "completion": []},
                {"op": "dispatch", "queue": "io", "sync": true, "body": []}]}]}
          },
          "procedures": {
            "background": {"steps": [{"op": "action", "action": "pressHome"}, {"op": "action", "action": "openSwitcher"}, {"op": "action", "action": "swipeAway"}]},
            "jetsam": {"steps": [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 5}, {"op": "action", "action": "jetsam"}]}
          }
        }
        """

    static func randomScenario(_ base: Scenario, _ rng: inout SplitMix64) -> Scenario {
        var scenario = base
        func ms(upTo max: UInt64) -> VirtualDuration { VirtualDuration(nanoseconds: Int64(rng.next() % (max * 1_000)) * 1_000) }
        scenario.timing.exitDuration = ms(upTo: 20)
        scenario.timing.startLatency = QoSClass.allCases.map { _ in ms(upTo: 30) }
        scenario.timing.dispatchPoolWidth = 1 + Int(rng.next() % 4)
        scenario.limits.maxEvents = 50 + Int(rng.next() % 400)
        for index in scenario.systemCalls.indices {
            let cost = ms(upTo: 5)
            scenario.systemCalls[index].cost = cost
            scenario.systemCalls[index].deliverAfter = VirtualDuration(
                nanoseconds: cost.nanoseconds == 0 ? 0 : Int64(rng.next() % UInt64(cost.nanoseconds + 1)))
            scenario.systemCalls[index].replyLatency = ms(upTo: 50)
            scenario.systemCalls[index].takesEffectOn = rng.next() % 2 == 0 ? .delivery : .reply
        }
        return scenario
    }

    static func bases() throws -> [Scenario] {
        let shipped = ScheduleExplorationTests.repository.appendingPathComponent("scenarios/common-cleanup-code.json").path
        return [try ScenarioDecoder.decode(json, file: "queue-mix.json"), try ScenarioLoader.load(path: shipped)]
    }

    @Test("nothing counts after death, every run ends within its bounds, the same run twice is the same", .heavy, arguments: seeds)
    func invariants(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for base in try Self.bases() {
            for round in 0..<8 {
                let scenario = Self.randomScenario(base, &rng)
                let table = Simulator(scenario: scenario).table()
                expectEqual(table, Simulator(scenario: scenario).table(), "seed \(seed), round \(round), \(base.name)")
                for cell in table.cells {
                    for outcome in cell.outcomes {
                        let context = "seed \(seed), round \(round), \(base.name), cell \(cell.hook)/\(cell.strategy)"
                        #expect(outcome.events <= scenario.limits.maxEvents, "\(context)")
                        // In-process work never counts after death; a service's work (done by the system) may.
                        if let at = outcome.cleanupAt, let death = outcome.death, !outcome.finishedBySystemAfterDeath {
                            #expect(at <= death.at, "\(context)")
                        }
                        if let margin = outcome.margin { expectEqual((margin.nanoseconds >= 0), outcome.cleanupFinished, "\(context)") }
                    }
                }
            }
        }
    }

    @Test("exploring every same-instant order of the mix keeps the invariants, and self-sync deadlocks")
    func exploration() throws {
        let scenario = try ScenarioDecoder.decode(Self.json, file: "queue-mix.json")
        let exploration = ScenarioExploration(simulator: Simulator(scenario: scenario), limits: ExplorationLimits(maxSchedules: 200))
        #expect(!exploration.cells.isEmpty)
        let selfSync = try #require(scenario.strategies.firstIndex { $0.name == "self sync" })
        // Where the block gets to run before the process dies (didEnterBackground, background kill), it deadlocks.
        let selfSyncCells = exploration.cells.filter { $0.cell.strategy == selfSync }
        #expect(selfSyncCells.contains { $0.witnesses.contains { $0.result.deadlock } })
    }
}
