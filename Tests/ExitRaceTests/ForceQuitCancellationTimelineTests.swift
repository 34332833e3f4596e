import Testing

@testable import ExitRace
@testable import ExitRaceModel
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExplain

/// #26: a force quit cancels the work the system holds for the app (a background transfer, a
/// scheduled task) when it happens: the timeline shows the cancellation at the force quit, not at
/// the instant the work would have ended; work handed off after a force quit is cancelled at its
/// hand-off. The outcome is the same as before: the cancelled work never counts.
@Suite("Force-quit cancellation on the timeline")
struct ForceQuitCancellationTimelineTests {
    static func lines(_ scenario: Scenario) -> [String] { ServiceTests.timeline(scenario) }

    @Test("a background transfer is cancelled at the force quit (2 ms), not at its end (302 ms)")
    func transferCancelledAtForceQuit() throws {
        let scenario = try ServiceTests.scenario(call: ServiceTests.transfer, procedures: ServiceTests.swipe)
        let lines = Self.lines(scenario)
        let quit = try #require(lines.firstIndex(of:
            "2000µs user: force-quits the app from the app switcher: the system cancels work that a force quit cancels"))
        expectEqual(lines[quit + 1], "2000µs system service: cancels the background transfer of work: the user force-quit the app (cancelledByForceQuit)")
        #expect(!lines.contains { $0.hasPrefix("302000µs") }, "nothing happens when the cancelled transfer would have ended")
        let outcome = TestScenario.run(scenario)
        #expect(!outcome.cleanupFinished && outcome.cleanupAt == nil && outcome.wouldHaveFinishedAt == nil)
        #expect(ServiceTests.explain(scenario).verdict.hasPrefix(
            "× lost: the user force-quit the app at 2 ms, and the system cancelled the background transfer of work"))
    }

    @Test("a scheduled background task is cancelled at the force quit, not at its launch a minute later")
    func taskCancelledAtForceQuit() throws {
        let scenario = try ServiceTests.scenario(call: ServiceTests.task, procedures: ServiceTests.swipe)
        let lines = Self.lines(scenario)
        let cancel = try #require(lines.firstIndex { $0.hasSuffix("cancels the scheduled background task of work: the user force-quit the app (cancelledByForceQuit)") })
        let quit = try #require(lines.firstIndex { $0.contains("force-quits the app") })
        expectEqual(cancel, quit + 1)
        #expect(lines[cancel].hasPrefix(lines[quit].prefix { $0 != " " } + " "), "at the force quit's instant")
        #expect(!lines.contains { $0.hasPrefix("60001000µs") }, "no launch, no line at the time it would have launched")
        #expect(!TestScenario.run(scenario).cleanupFinished)
    }

    @Test("work a force quit does not cancel goes on, and is done when it ends")
    func notCancelledGoesOn() throws {
        let scenario = try ServiceTests.scenario(
            call: ServiceTests.transfer + #", "cancelledByForceQuit": false"#, procedures: ServiceTests.swipe)
        let lines = Self.lines(scenario)
        #expect(!lines.contains { $0.contains("cancels the background transfer") })
        #expect(lines.contains("302000µs system service: the background transfer of work is done in the system's transfer daemon"))
        #expect(TestScenario.run(scenario).cleanupFinished)
    }

    @Test("a transfer handed off after the force quit (from applicationWillTerminate) is cancelled at its hand-off")
    func handedOffAfterForceQuit() throws {
        let json = """
            {
              "name": "late-transfer",
              "systemCalls": {"work": {\(ServiceTests.transfer)}},
              "hooks": {"applicationWillTerminate": {}},
              "strategies": {"s": {"program": [{"op": "call", "name": "work", "queue": "main", "completion": []}]}},
              "procedures": {"foreground": {"steps": [{"op": "action", "action": "openSwitcher"}, {"op": "action", "action": "swipeAway"}]}}
            }
            """
        let scenario = try ScenarioDecoder.decode(json, file: "late-transfer.json")
        let lines = Self.lines(scenario)
        let handOff = try #require(lines.firstIndex { $0.hasSuffix("takes over the background transfer of work: it goes on outside the app's process") })
        #expect(lines[handOff + 1].hasSuffix("cancels the background transfer of work: the user force-quit the app (cancelledByForceQuit)"))
        expectEqual(lines[handOff + 1].prefix { $0 != " " }, lines[handOff].prefix { $0 != " " }, "at the hand-off's instant")
        #expect(!TestScenario.run(scenario).cleanupFinished)
    }
}
