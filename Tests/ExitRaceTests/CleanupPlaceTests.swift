import Testing

@testable import ExitRace
@testable import ExitRaceEngine

/// The `cleanup` goal owes a cleanup call from every place the strategy makes it
/// (docs/scenario-format.md, "goal"): a request the process lost is not hidden by the same API's
/// other request that got through. Found by a newcomer whose app sent `Analytics.send` from two
/// detached tasks: the background-QoS one never ran before the exit, and the cell read ○.
@Suite("The cleanup goal: each place owes its call")
struct CleanupPlaceTests {
    /// A hook whose strategy runs `program`; the process is killed `killMs` after the callback.
    static func outcome(_ program: String, killMs: Int = 20, calls: String = #"{"send": {"costMs": 1}}"#) throws -> RunOutcome {
        try CleanupPlacesExplainTests.trace(program, killMs: killMs, calls: calls).outcome
    }

    @Test("two detached tasks send: the background one waits 50 ms for a thread and is lost, so the cell is lost")
    func secondPlaceLost() throws {
        let outcome = try Self.outcome("""
            [{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "send"}]},
             {"op": "detached", "priority": "background", "body": [{"op": "call", "name": "send"}]}]
            """)
        #expect(!outcome.cleanupFinished, "the first send took effect at 1.1 ms, the second never before the kill at 20 ms")
        expectEqual(outcome.wouldHaveFinishedAt, VirtualInstant(nanoseconds: 51_000_000), "the background send at 50 ms + 1 ms")
    }

    @Test("both places in time: finished when the later one took effect")
    func bothPlacesInTime() throws {
        let outcome = try Self.outcome(
            """
            [{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "send"}]},
             {"op": "detached", "priority": "background", "body": [{"op": "call", "name": "send"}]}]
            """, killMs: 80)
        #expect(outcome.cleanupFinished)
        expectEqual(outcome.cleanupAt, VirtualInstant(nanoseconds: 51_000_000), "the later of the two places, not the first")
    }

    @Test("a place inside ifCancelled owes nothing of its own: the call made elsewhere is enough")
    func conditionalPlaceOwesNothing() throws {
        let outcome = try Self.outcome("""
            [{"op": "task", "body": [
               {"op": "call", "name": "send"},
               {"op": "ifCancelled", "body": [{"op": "call", "name": "send"}]}]}]
            """)
        #expect(outcome.cleanupFinished, "the task is never cancelled; its one unconditional send took effect")
    }

    @Test("a place inside an expiration handler owes nothing of its own")
    func expirationPlaceOwesNothing() throws {
        let outcome = try Self.outcome("""
            [{"op": "beginBackgroundTask", "task": "bg", "expiration": [
               {"op": "call", "name": "send", "queue": "main", "completion": []}, {"op": "endBackgroundTask", "task": "bg"}]},
             {"op": "task", "body": [{"op": "call", "name": "send"}, {"op": "endBackgroundTask", "task": "bg"}]}]
            """)
        #expect(outcome.cleanupFinished)
    }

    @Test("a call made in one place that runs often (a timer's body) is done once it took effect once")
    func onePlaceRunningTwice() throws {
        let outcome = try Self.outcome("""
            [{"op": "timer", "intervalMs": 5, "count": 10, "body": [{"op": "call", "name": "send", "queue": "main", "completion": []}]}]
            """)
        #expect(outcome.cleanupFinished)
        expectEqual(outcome.cleanupAt, VirtualInstant(nanoseconds: 6_000_000), "the first fire at 5 ms, its send 1 ms later")
    }

    @Test("two different cleanup calls each made once: as before, each owed once")
    func distinctCallsUnchanged() throws {
        let outcome = try Self.outcome(
            """
            [{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "send"}]},
             {"op": "detached", "priority": "background", "body": [{"op": "call", "name": "save"}]}]
            """, calls: #"{"send": {"costMs": 1}, "save": {"costMs": 1}}"#)
        #expect(!outcome.cleanupFinished)
        expectEqual(outcome.wouldHaveFinishedAt, VirtualInstant(nanoseconds: 51_000_000))
    }

    @Test("only calls made in two or more places get bits of their own, after the cleanup calls' bits, up to 64")
    func bitsAreGivenToRepeatedPlacesOnly() throws {
        let scenario = try ScenarioDecoder.decode(
            """
            {"name": "bits", "systemCalls": {"a": {"costMs": 1}, "b": {"costMs": 1}, "c": {"costMs": 1, "cleanup": false}},
             "hooks": {"h": {"callbacks": ["applicationWillTerminate"]}},
             "strategies": {"s": {"program": [
               {"op": "task", "body": [{"op": "call", "name": "a"}, {"op": "call", "name": "b"}]},
               {"op": "task", "body": [{"op": "call", "name": "a"}, {"op": "call", "name": "c"}, {"op": "call", "name": "c"}]},
               {"op": "task", "body": [{"op": "ifCancelled", "body": [{"op": "call", "name": "a"}]}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]}]}}}
            """, file: "bits.json")
        let sites = CleanupSites(program: scenario.strategies[0].program, scenario: scenario)
        // Preorder: task, a, b, task, a, c, c, task, ifCancelled, a. Two cleanup calls (a, b: bits 0
        // and 1; `c` is not cleanup and takes none), so place bits start at 2; `b` is made once, and
        // the `a` under ifCancelled is conditional: it counts as a place but gets no bit.
        expectEqual(sites.bitOfStep, [-1, 2, -1, -1, 3, -1, -1, -1, -1, -1])
        expectEqual(sites.mask(ofSteps: 0..<10), 0b1100)
        expectEqual(sites.mask(ofSteps: 3..<10), 0b1000)
    }

    @Test("a service's work carries its place through the event's flags")
    func serviceFlagsCarryThePlace() {
        for site: Int8 in [-1, 0, 5, 63] {
            let flags = UInt32(7) | ServiceState.siteFlags(site) | ServiceState.asIfFlag
            expectEqual(ServiceState.site(of: flags), site)
            expectEqual(flags & ServiceState.callMask, 7)
        }
    }

    @Test("a plain place lost beside a conditional place of the same call that took effect: the cell is lost")
    func conditionalPlaceDoesNotHideAPlainOne() throws {
        // The task's ifCancelled send never runs (nothing cancels it); the plain send in the
        // background-QoS task is lost. Before, with the conditional place uncounted, the call had no
        // place bits and the first task's plain send hid the lost one.
        let outcome = try Self.outcome("""
            [{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "send"},
               {"op": "ifCancelled", "body": [{"op": "call", "name": "send"}]}]},
             {"op": "detached", "priority": "background", "body": [{"op": "call", "name": "send"}]}]
            """)
        #expect(!outcome.cleanupFinished)
        expectEqual(outcome.wouldHaveFinishedAt, VirtualInstant(nanoseconds: 51_000_000))
    }

    @Test("calls that are not cleanup take no bits: 62 of them beside a cleanup call in two places still count both")
    func nonCleanupCallsTakeNoBits() throws {
        var calls = (0..<62).map { #""other\#($0)": {"costMs": 1, "cleanup": false}"# }
        calls.append(#""send": {"costMs": 1}"#)
        let outcome = try Self.outcome(
            """
            [{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "send"}]},
             {"op": "detached", "priority": "background", "body": [{"op": "call", "name": "send"}]}]
            """, calls: "{" + calls.joined(separator: ", ") + "}")
        #expect(!outcome.cleanupFinished, "the second place's bit is 2, after the one cleanup call's 0 and the first place's 1")
    }
}

