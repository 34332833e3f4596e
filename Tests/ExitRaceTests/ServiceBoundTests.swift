import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceScenario

/// A limit reached after the process died marks a cell `[?]` only while the outcome still waits on
/// the system's work (a review of the services): a pending service that can change nothing (the
/// cleanup already finished) leaves the cell decided, and one the cleanup waits on leaves it open.
@Suite("Limits reached while a service outlives the process")
struct ServiceBoundTests {
    static func scenario(cleanupService: Bool, startAfterMs: String) throws -> Scenario {
        let up = cleanupService
            ? #""Up": {"costMs": 1, "service": "backgroundTask", "serviceStartAfterMs": 500, "serviceRunMs": 10, "serviceAllowanceMs": 100, "cancelledByForceQuit": false}"#
            : #""Up": {"costMs": 1}, "Sched": {"costMs": 1, "service": "backgroundTask", "serviceStartAfterMs": \#(startAfterMs), "serviceRunMs": 10, "serviceAllowanceMs": 100, "cancelledByForceQuit": false, "cleanup": false}"#
        let calls = cleanupService ? #"{"op": "call", "name": "Up"}"# : #"{"op": "call", "name": "Sched"}, {"op": "call", "name": "Up"}"#
        let storm = cleanupService ? #", {"op": "timer", "intervalMs": 0.01, "count": 1000000, "body": [{"op": "work", "ms": 0.0001}]}"# : ""
        return try ScenarioDecoder.decode(
            """
            {
              "name": "service-bounds",
              "lifecycle": {"scenes": false},
              "systemCalls": {\(up)},
              "hooks": {"applicationDidFinishLaunching": {}},
              "strategies": {"s": {"program": [{"op": "task", "body": [\(calls)]}\(storm)]}},
              "procedures": {"home": {"startsIn": "notRunning", "steps": [
                {"op": "action", "action": "tapIcon"}, {"op": "delay", "ms": 100}, {"op": "action", "action": "pressHome"},
                {"op": "delay", "ms": 5}, {"op": "action", "action": "swipeAway"}, {"op": "delay", "ms": 1000}]}}
            }
            """, file: "service-bounds.json")
    }

    @Test("a service that can change nothing after the cleanup finished leaves the cell decided (no [?])")
    func decidedCell() throws {
        let scenario = try Self.scenario(cleanupService: false, startAfterMs: "900000000")
        let outcome = Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0)
        #expect(outcome.cleanupFinished)
        expectEqual(outcome.boundReached, nil)
    }

    @Test("a limit of events reached after death while the cleanup's service is pending leaves the cell open ([?])")
    func openCell() throws {
        var scenario = try Self.scenario(cleanupService: true, startAfterMs: "0")
        #expect(Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0).cleanupFinished)
        scenario.limits.maxEvents = 31_815
        let cut = Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0)
        #expect(!cut.cleanupFinished)
        expectEqual(cut.boundReached, .events)
        #expect(cut.death != nil)
    }
}
