import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment

/// A system call declared `cancellable` (URLSession's async methods: they cancel their
/// `URLSessionTask` from a cancellation handler) is cancelled with the task awaiting it: the task
/// wakes at the cancellation and throws, the request does not take effect, its late reply is
/// ignored (docs/scenario-format.md, "Cancellable calls"), each rule with the timeline it must give.
@Suite("Cancellation: a cancellable system call is cancelled with its task")
struct CancellableCallTests {
    /// An upload: 1 ms on its thread, sent at once, its reply 50 ms later; it counts on the reply.
    static let upload = #""costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 50, "takesEffectOn": "reply", "cancellable": true"#

    static func timeline(call: String = upload, _ program: String) throws -> [String] {
        QueueStepTests.timeline(try QueueStepTests.scenario(call: call, program: program))
    }

    static func cancelAt(_ ms: Int, call: String = upload) throws -> [String] {
        try timeline(call: call, """
            [{"op": "detached", "name": "upload", "body": [{"op": "call", "name": "save"}, {"op": "work", "ms": 1}]},
             {"op": "work", "ms": \(ms)},
             {"op": "cancel", "task": "upload"}]
            """)
    }

    @Test("cancelled while it awaits the reply: it wakes at the cancellation, throws on its executor, the call does not count")
    func cancelledBeforeTheReply() throws {
        let lines = try Self.cancelAt(30)
        let expected = [
            "10000µs cooperative-pool thread 1: calls save (1 ms on this thread)",
            "30000µs main thread: the cancellation cancels the save Task.detached from hook awaits: the request is cancelled "
                + "(it does not take effect) and Task.detached from hook resumes now; its await throws CancellationError",
            "30000µs cooperative pool: Task.detached from hook waits for a thread (default QoS: 10 ms start latency)",
            "40000µs cooperative-pool thread 1: save throws CancellationError at once in Task.detached from hook, which is "
                + "cancelled (the call is not made, or no longer awaited): its body ends here (its child tasks are cancelled and "
                + "awaited first)",
            "40000µs cooperative-pool thread 1: Task.detached from hook returns",
            "61000µs system: the save from Task.detached from hook was cancelled: its late delivery or reply is ignored",
        ]
        #expect(expected.allSatisfy(lines.contains), "\(lines)")
        #expect(!lines.contains { $0.contains("save takes effect") || $0.contains("reply to save") }, "\(lines)")
        #expect(!lines.contains { $0.contains("works for 1 ms") }, "the body ends at the throw")
    }

    @Test("a call not declared cancellable is not affected by the cancellation: its reply comes and counts")
    func plainCallIgnoresCancellation() throws {
        let plain = Self.upload.replacingOccurrences(of: #", "cancellable": true"#, with: "")
        let lines = try Self.cancelAt(30, call: plain)
        #expect(!lines.contains { $0.contains("cancels the save") })
        #expect(lines.contains { $0.hasPrefix("61000µs") && $0.contains("save") && !$0.contains("ignored") }, "\(lines)")
    }

    @Test("a call whose reply is in before the cancellation is unaffected")
    func repliedBeforeTheCancel() throws {
        let cancelled = try Self.cancelAt(80)
        let plain = try Self.cancelAt(80, call: Self.upload.replacingOccurrences(of: #", "cancellable": true"#, with: ""))
        expectEqual(cancelled, plain, "\(cancelled)")
        #expect(!cancelled.contains { $0.contains("cancels the save") || $0.contains("ignored") })
    }

    @Test("cancelled while the call's work runs on its thread: the call is cancelled when the work ends")
    func cancelledDuringTheWork() throws {
        let slow = #""costMs": 20, "deliverAfterMs": 5, "replyLatencyMs": 50, "takesEffectOn": "reply", "cancellable": true"#
        let lines = try Self.cancelAt(15, call: slow)
        #expect(lines.contains(
            "30000µs cooperative-pool thread 1: the cancellation cancels the save Task.detached from hook awaits: the request is cancelled "
                + "(it does not take effect) and Task.detached from hook resumes now; its await throws CancellationError"),
            "\(lines)")
        #expect(lines.contains("15000µs system: receives the save request"), "delivered before the cancellation: \(lines)")
        #expect(lines.contains(
            "65000µs system: the save from Task.detached from hook was cancelled: its late delivery or reply is ignored"),
            "\(lines)")
        #expect(lines.contains { $0.hasPrefix("40000µs") && $0.contains("save throws CancellationError at once") })
    }

    @Test("a task cancelled before it reaches the call throws at once without making it")
    func cancelledBeforeTheCall() throws {
        let lines = try Self.timeline("""
            [{"op": "task", "name": "upload", "body": [{"op": "call", "name": "save"}]},
             {"op": "work", "ms": 3},
             {"op": "cancel", "task": "upload"}]
            """)
        #expect(lines.contains(
            "3000µs main thread: save throws CancellationError at once in Task (main actor) from hook, which is cancelled "
                + "(the call is not made, or no longer awaited): its body ends here (its child tasks are cancelled and "
                + "awaited first)"),
            "\(lines)")
        #expect(!lines.contains { $0.contains("calls save") })
    }

    @Test("cancelling a parent cancels the call its child task awaits (cancellation goes down the tree)")
    func parentCancelReachesChild() throws {
        let lines = try Self.timeline("""
            [{"op": "detached", "name": "sync", "body": [
               {"op": "asyncLet", "name": "part", "body": [{"op": "call", "name": "save"}]},
               {"op": "awaitLet", "name": "part"}]},
             {"op": "work", "ms": 40},
             {"op": "cancel", "task": "sync"}]
            """)
        #expect(lines.contains { $0.hasPrefix("40000µs main thread: the cancellation cancels the save") }, "\(lines)")
        #expect(lines.contains { $0.contains("save throws CancellationError at once") }, "\(lines)")
        #expect(!lines.contains { $0.contains("save takes effect") })
    }

    @Test("the verdict names the cancelled call that ended the cleanup's task")
    func verdictNamesTheCancelledCall() throws {
        let scenario = try QueueStepTests.scenario(call: Self.upload, program: """
            [{"op": "detached", "name": "upload", "body": [{"op": "call", "name": "save"}]},
             {"op": "work", "ms": 30},
             {"op": "cancel", "task": "upload"}]
            """)
        let verdict = QueueStepTests.explain(scenario).verdict
        expectContains(verdict, "by its cancelled call throwing CancellationError", "\(verdict)")
    }

    @Test("cancellable must be a boolean")
    func decodesOnlyABoolean() {
        let errors = QueueStepTests.decodeErrors("""
            {"name": "x", "systemCalls": {"save": {"costMs": 1, "cancellable": "yes"}}, "hooks": {"h": {}},
             "strategies": {"s": {"program": [{"op": "call", "name": "save"}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "h"}]}]}}}
            """)
        expectContains(errors, "systemCalls.save.cancellable", "\(errors)")
    }
}

extension CancellableCallTests {
    @Test("cancellable is refused with a service")
    func notWithAService() {
        let errors = QueueStepTests.decodeErrors("""
            {"name": "x", "systemCalls": {"save": {"costMs": 1, "cancellable": true, "service": "push", "serviceRunMs": 1}},
             "hooks": {"h": {}}, "strategies": {"s": {"program": [{"op": "call", "name": "save"}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "h"}]}]}}}
            """)
        #expect(errors.contains("systemCalls.save.cancellable") && errors.contains("expected no cancellable"), "\(errors)")
    }
}

extension CancellableCallTests {
    @Test("a reply due at the instant of the cancel is a choice point: both orders are explored")
    func sameInstantIsAChoicePoint() throws {
        // Both tasks start after the same latency; the reply (1 ms of work, then 4 ms) and the end
        // of the canceller's 5 ms of work fall at the same instant. Replied first, the upload counts;
        // cancelled first, it is cancelled and throws.
        let call = #""costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 4, "takesEffectOn": "reply", "cancellable": true"#
        let scenario = try QueueStepTests.scenario(call: call, program: """
            [{"op": "detached", "name": "upload", "body": [{"op": "call", "name": "save"}]},
             {"op": "detached", "body": [{"op": "work", "ms": 5}, {"op": "cancel", "task": "upload"}]}]
            """)
        let exploration = ScenarioExploration(simulator: Simulator(scenario: scenario), limits: ExplorationLimits())
        let cell = try #require(exploration.cells.first)
        #expect(cell.isOrderSensitive && cell.exhaustive)
        expectEqual(Set(cell.witnesses.map(\.result.finished)), [true, false])
    }
}

extension CancellableCallTests {
    @Test("try? on a cancelled call discards the error: the task wakes at the cancellation and its body goes on")
    func tryOptionalGoesOn() throws {
        let lines = try Self.timeline("""
            [{"op": "detached", "name": "upload", "body": [{"op": "call", "name": "save", "try": "try?"}, {"op": "work", "ms": 1}]},
             {"op": "work", "ms": 30},
             {"op": "cancel", "task": "upload"}]
            """)
        let expected = [
            "30000µs main thread: the cancellation cancels the save Task.detached from hook awaits: the request is cancelled "
                + "(it does not take effect) and Task.detached from hook resumes now; its await throws CancellationError",
            "40000µs cooperative-pool thread 1: try? save returns at once in Task.detached from hook, which is cancelled "
                + "(the call is not made, or no longer awaited; the error is discarded): it goes on",
            "40000µs cooperative-pool thread 1: works for 1 ms",
            "61000µs system: the save from Task.detached from hook was cancelled: its late delivery or reply is ignored",
        ]
        #expect(expected.allSatisfy(lines.contains), "\(lines)")
    }

    @Test("try on an awaited call is try or try?, and not with a completion handler")
    func badTry() {
        let program = #"[{"op": "task", "body": [{"op": "call", "name": "save", "try": "try!"}]}, "#
            + #"{"op": "call", "name": "save", "try": "try?", "queue": "main", "completion": []}]"#
        let errors = QueueStepTests.decodeErrors("""
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}}, "strategies": {"s": {"program": \(program)}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        #expect(errors.contains("try!") && errors.contains("expected \"try\" only without a \"completion\" body"), "\(errors)")
    }
}

extension CancellableCallTests {
    @Test("a call cancelled inside an isolatedCall body ends the body and leaves the actor free for others")
    func cancelledInsideAnActor() throws {
        let json = """
            {
              "name": "actors", "actors": {"Store": {}},
              "systemCalls": {"save": {\(Self.upload)}, "other": {"costMs": 1}},
              "hooks": {"hook": {}},
              "strategies": {"s": {"program": [
                {"op": "detached", "name": "upload", "body": [{"op": "isolatedCall", "actor": "Store", "body": [
                  {"op": "call", "name": "save"}]}]},
                {"op": "work", "ms": 30},
                {"op": "cancel", "task": "upload"},
                {"op": "detached", "body": [{"op": "isolatedCall", "actor": "Store", "body": [{"op": "work", "ms": 2}]},
                  {"op": "call", "name": "other"}]}]}},
              "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]},
                {"op": "delay", "ms": 200}, {"op": "sigkill"}]}}
            }
            """
        let scenario = try ScenarioDecoder.decode(json, file: "actors.json")
        let lines = QueueStepTests.timeline(scenario)
        #expect(lines.contains { $0.contains("save throws CancellationError at once") }, "\(lines)")
        #expect(lines.contains { $0.contains("calls other") }, "\(lines)")
    }
}
