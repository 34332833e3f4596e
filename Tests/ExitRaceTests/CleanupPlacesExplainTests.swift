import Testing

@testable import ExitRace
@testable import ExitRaceExplain

/// explain's "cleanup calls, place by place": which of a strategy's cleanup calls took effect under
/// a kill, which were too late and which never ran (a newcomer had to turn every other call's
/// `cleanup` off, one `--set` at a time, to learn that of their app).
@Suite("explain: cleanup calls place by place")
struct CleanupPlacesExplainTests {
    static let twoSends = """
        [{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "send"}]},
         {"op": "detached", "priority": "background", "body": [{"op": "call", "name": "send"}]}]
        """

    /// A hook whose strategy runs `program`; the process is killed `killMs` after the callback.
    static func trace(_ program: String, killMs: Int = 20, calls: String = #"{"send": {"costMs": 1}}"#) throws -> CellTrace {
        let json = """
            {
              "name": "places",
              "systemCalls": \(calls),
              "hooks": {"term": {"callbacks": ["applicationWillTerminate"]}},
              "strategies": {"s": {"program": \(program)}},
              "procedures": {"p": {"steps": [
                {"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]},
                {"op": "delay", "ms": \(killMs)},
                {"op": "sigkill"}]}}
            }
            """
        let scenario = try ScenarioDecoder.decode(json, file: "places.json")
        return Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
    }

    @Test("two detached sends: the first took effect at 1.1 ms, the background one would have at 51 ms")
    func twoSendsTheirFates() throws {
        let places = CleanupPlaces(try Self.trace(Self.twoSends))
        expectEqual(places.places.map(\.location), ["strategies.s.program[0].body[0]", "strategies.s.program[1].body[0]"])
        expectEqual(places.fates, [.tookEffect(at: 1_100_000), .tooLate(at: 51_000_000)])
        let text = CellExplanation(try Self.trace(Self.twoSends)).renderText()
        #expect(text.hasSuffix("""
            cleanup calls, place by place:
              ○ send at strategies.s.program[0].body[0]: took effect at 1.1 ms
              × send at strategies.s.program[1].body[0]: too late: it would have taken effect at 51 ms, after the process died

            """))
        expectEqual(text, CellExplanation.text(of: try Self.trace(Self.twoSends)), "the streaming text says the same")
    }

    @Test("one place: no section, the verdict says it all")
    func onePlaceNoSection() throws {
        let trace = try Self.trace(#"[{"op": "detached", "body": [{"op": "call", "name": "send"}]}]"#)
        expectNotContains(CellExplanation(trace).renderText(), "place by place")
        #expect(CleanupPlaces.table([CleanupPlaces(trace)], procedures: ["p"]).isEmpty)
    }

    @Test("a place on a condition not taken (an ifCancelled body), whose call another place made, owes nothing: –, as the engine")
    func notTaken() throws {
        // Until 2026-12-01 this place read × "never made", beside a ○ verdict: the engine gives a
        // conditional place no bit of its own (CleanupSites), so its call was done by the other place.
        let places = CleanupPlaces(try Self.trace("""
            [{"op": "task", "body": [{"op": "call", "name": "send"}, {"op": "ifCancelled", "body": [{"op": "call", "name": "send"}]}]}]
            """))
        expectEqual(places.fates, [.tookEffect(at: 1_100_000), .notTaken])
        expectEqual(places.lines().last,
            "  – send at strategies.s.program[0].body[1].body[0]: not taken: it runs only on a condition, and another place made the call")
    }

    @Test("a place on a condition not taken, whose call no other place made, is × never made, as the verdict")
    func conditionalOnlyPlaceNotMade() throws {
        let trace = try Self.trace("""
            [{"op": "task", "body": [{"op": "call", "name": "send"}, {"op": "ifCancelled", "body": [{"op": "call", "name": "other"}]}]}]
            """, calls: #"{"send": {"costMs": 1}, "other": {"costMs": 1}}"#)
        let places = CleanupPlaces(trace)
        #expect(!trace.outcome.cleanupFinished, "other's call is owed through its call's bit")
        expectEqual(places.fates, [.tookEffect(at: 1_100_000), .notMade])
        expectEqual(places.lines().last, "  × other at strategies.s.program[0].body[1].body[0]: never made: its code did not reach it")
    }

    @Test("code per callback: a callback not delivered in the run is –, and the table has a column per procedure")
    func perCallbackTable() throws {
        let scenario = try CallbackProgramTests.scenario("""
            {"sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}],
             "applicationWillTerminate": [{"op": "detached", "priority": "background", "body": [{"op": "call", "name": "save"}]}]}
            """, callbacks: #""sceneDidEnterBackground", "sceneDidDisconnect""#)
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        let places = CleanupPlaces(trace)
        expectEqual(places.places.map(\.callback), ["sceneDidEnterBackground", "applicationWillTerminate"])
        expectEqual(places.fates.last, .notListened, "the hook does not listen to applicationWillTerminate")
        expectEqual(CleanupPlaces.symbol(places.fates[0]), "○")
        let table = CleanupPlaces.table([places, places], procedures: ["p", "again"])
        expectEqual(table, [
            "cleanup calls, place by place and procedure (○ took effect in time, × did not, – its code did not run):",
            "                                                                                                   p  again",
            "  save at strategies.s.onCallbacks.sceneDidEnterBackground[0].body[0] (sceneDidEnterBackground)    ○  ○",
            "  save at strategies.s.onCallbacks.applicationWillTerminate[0].body[0] (applicationWillTerminate)  –  –",
        ])
    }

    @Test("a call made and never taken effect: a cancellable send whose task is cancelled while it awaits the reply")
    func madeWithoutEffect() throws {
        let places = CleanupPlaces(try Self.trace("""
            [{"op": "detached", "name": "up", "body": [{"op": "call", "name": "send"}]},
             {"op": "detached", "body": [{"op": "sleep", "ms": 5}, {"op": "cancel", "task": "up"}, {"op": "call", "name": "save"}]}]
            """, calls: #"{"send": {"costMs": 1, "replyLatencyMs": 50, "takesEffectOn": "reply", "cancellable": true}, "save": {"costMs": 1}}"#))
        expectEqual(places.fates, [.noEffect, .tookEffect(at: 16_000_000)])
        expectEqual(places.lines()[1], "  × send at strategies.s.program[0].body[0]: made, but it never took effect")
    }

    @Test("a timer's fires and a cut record: the place is the timer body's, and a cut says so")
    func timerAndCut() throws {
        let trace = try Self.trace("""
            [{"op": "timer", "intervalMs": 5, "count": 3, "body": [{"op": "call", "name": "send", "queue": "main", "completion": []}]},
             {"op": "detached", "body": [{"op": "call", "name": "send"}]}]
            """)
        let places = CleanupPlaces(trace)
        expectEqual(places.fates[0], .tookEffect(at: 6_000_000), "the first fire at 5 ms, its send 1 ms later: \(places.fates)")
        var cut = trace
        cut.records = Array(trace.records.prefix(3))
        cut.recordsCut = true
        expectEqual(CleanupPlaces(cut).lines().first?.hasPrefix("cleanup calls, place by place (the run's record stops at limits.maxTraceRecords"), true)
    }

    @Test("every context finished, one place cancelled: the verdict tells that place, not 'had not started the cleanup'")
    func cancelledPlaceIsTheStory() throws {
        let trace = try Self.trace(
            """
            [{"op": "detached", "priority": "high", "name": "a", "body": [
               {"op": "call", "name": "up", "try": "try?"}, {"op": "call", "name": "send"}]},
             {"op": "work", "ms": 5},
             {"op": "cancel", "task": "a"}]
            """, killMs: 60,
            calls: #"{"up": {"costMs": 2, "replyLatencyMs": 30, "cancellable": true, "takesEffectOn": "reply"}, "send": {"costMs": 1}}"#)
        let verdict = CellExplanation(trace).verdict
        #expect(verdict.hasPrefix("× lost: up at strategies.s.program[0].body[0] had been made and never took effect (cancelled or refused) "
            + "when the process was killed (SIGKILL)"), "\(verdict)")
    }
}

