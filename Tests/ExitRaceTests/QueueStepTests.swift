import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain

/// The rules of completion-handler calls, the app's own dispatch queues, `sync` and `asyncAfter`,
/// each with the timeline it must give.
@Suite("Completion handlers, own queues, sync and asyncAfter")
struct QueueStepTests {
    /// One hook delivered in one turn, then a turn of `thenMs` of main-thread work, then one that exits.
    static func scenario(
        queues: String = "", call: String = #""costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 2"#,
        program: String, thenMs: Int = 100, watchdog: String = ""
    ) throws -> Scenario {
        let json = """
            {
              "name": "queues",
              "queues": {\(queues)},
              "systemCalls": {"save": {\(call)}},
              "hooks": {"hook": {}},
              "strategies": {"s": {"program": \(program)}},
              "procedures": {"p": {"steps": [
                {"op": "turn", \(watchdog) "actions": [{"op": "hook", "name": "hook"}]},
                {"op": "turn", "actions": [{"op": "work", "ms": \(thenMs)}]},
                {"op": "turn", "actions": [{"op": "exit"}]}]}}
            }
            """
        return try ScenarioDecoder.decode(json, file: "queues.json")
    }

    static func explain(_ scenario: Scenario) -> CellExplanation {
        CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0))
    }

    /// The timeline as `time place: text` lines, times in whole microseconds.
    static func timeline(_ scenario: Scenario) -> [String] {
        explain(scenario).lines.map { "\($0.time / 1000)µs \($0.place): \($0.text)" }
    }

    static func decodeErrors(_ json: String) -> String {
        do {
            _ = try ScenarioDecoder.decode(json, file: "bad.json")
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("a completion-handler call from the main thread costs its costMs there, then the completion runs on main")
    func completionOnMain() throws {
        let scenario = try Self.scenario(
            call: #""costMs": 3, "deliverAfterMs": 3, "replyLatencyMs": 20"#,
            program: #"[{"op": "call", "name": "save", "queue": "main", "completion": [{"op": "work", "ms": 1}]}]"#)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("0µs main thread: calls save (3 ms on this thread)"))
        #expect(lines.contains("3000µs system: receives the save request"))
        #expect(lines.contains("23000µs system: replies to save"))
        #expect(lines.contains("23000µs main queue: completion handler from hook is queued"))
        // The main thread is busy with the second turn's 100 ms of work: the completion waits for it,
        // and runs before the third turn, queued later.
        #expect(lines.contains("103000µs main thread: runs completion handler from hook"))
        #expect(lines.firstIndex(of: "103000µs main thread: runs completion handler from hook")!
            < lines.firstIndex { $0.contains("runs main-queue turn #3") }!)
        let outcome = TestScenario.run(scenario)
        #expect(outcome.cleanupFinished)
    }

    @Test("a completion-handler call is allowed in a dispatched block; an awaited call still is not")
    func completionInBlock() throws {
        let scenario = try Self.scenario(
            program: """
                [{"op": "dispatch", "queue": "global", "qos": "utility", "body": [
                  {"op": "call", "name": "save", "queue": "global", "qos": "background", "completion": []}]}]
                """)
        #expect(TestScenario.run(scenario).cleanupFinished)
        let errors = Self.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "dispatch", "queue": "main", "body": [{"op": "call", "name": "save"}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, "\"call\" (an await) needs an async context")
    }

    @Test("a completion queue that is not declared: file:line:column, expected, found and did-you-mean")
    func unknownCompletionQueue() {
        let errors = Self.decodeErrors(
            """
            {"queues": {"io": {"qos": "utility"}},
             "systemCalls": {"save": {"costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "call", "name": "save", "queue": "oi", "completion": []}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, "bad.json:3:")
        expectContains(errors, #"expected one of "main", "global", "io", found the string "oi"; did you mean "io"?"#)
    }

    @Test("a serial queue runs one block at a time, in order; a concurrent one runs them side by side")
    func serialRunsOneAtATime() throws {
        let program = """
            [{"op": "dispatch", "queue": "io", "body": [{"op": "work", "ms": 10}]},
             {"op": "dispatch", "queue": "io", "body": [{"op": "work", "ms": 10}, {"op": "call", "name": "save", "queue": "io", "completion": []}]}]
            """
        let serial = Self.timeline(try Self.scenario(queues: #""io": {"qos": "utility"}"#, program: program))
        #expect(serial.contains("0µs queue \"io\": DispatchQueue block from hook #2 waits: the serial queue runs DispatchQueue block from hook #1 first"))
        // Utility start latency is 20 ms by default; the second block is submitted when the first returns.
        #expect(serial.contains("20000µs Dispatch worker 1: runs DispatchQueue block from hook #1"))
        #expect(serial.contains("30000µs Dispatch pool: DispatchQueue block from hook #2 waits for a thread (utility QoS: 20 ms start latency)"))
        #expect(serial.contains("50000µs Dispatch worker 1: runs DispatchQueue block from hook #2"))
        // The completion (#3) goes to the same serial queue, free again by the time the reply is back.
        #expect(serial.contains("83000µs Dispatch worker 1: runs completion handler from hook"))
        let concurrent = Self.timeline(
            try Self.scenario(queues: #""io": {"qos": "utility", "attributes": "concurrent"}"#, program: program))
        #expect(concurrent.contains("20000µs Dispatch worker 1: runs DispatchQueue block from hook #1"))
        #expect(concurrent.contains("20000µs Dispatch worker 2: runs DispatchQueue block from hook #2"))
    }

    @Test("sync onto a serial queue from one of its own blocks deadlocks, with its chain")
    func syncOntoOwnQueue() throws {
        let scenario = try Self.scenario(
            queues: #""io": {}"#,
            program: """
                [{"op": "dispatch", "queue": "io", "body": [
                  {"op": "dispatch", "queue": "io", "sync": true, "body": [{"op": "call", "name": "save", "queue": "main", "completion": []}]}]}]
                """)
        let outcome = TestScenario.run(scenario)
        #expect(!outcome.cleanupFinished)
        expectEqual(
            outcome.deadlock, [
                .threadSyncs(thread: "Dispatch worker 1", queue: "io"),
                .queueHeldBy(queue: "io", context: "DispatchQueue block from hook"),
                .runsOnBlockedThread(context: "DispatchQueue block from hook", thread: "Dispatch worker 1"),
            ])
    }

    @Test("DispatchQueue.main.sync from the main thread deadlocks; the watchdog kills the process")
    func mainSyncFromMain() throws {
        let scenario = try Self.scenario(
            program: #"[{"op": "dispatch", "queue": "main", "sync": true, "body": [{"op": "call", "name": "save", "queue": "main", "completion": []}]}]"#,
            watchdog: #""watchdogMs": 5000,"#)
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.deadlock, [.threadSyncs(thread: "main thread", queue: "main"), .mainQueueRunsOnMainThread])
        expectEqual(outcome.death?.cause, .watchdog)
        expectContains(Self.explain(scenario).verdict,
            "main thread waits in DispatchQueue.main.sync for its body to run → the main queue runs only on the main thread")
    }

    @Test("DispatchQueue.main.sync from a worker runs the body on the main thread, then the worker goes on")
    func mainSyncFromWorker() throws {
        let scenario = try Self.scenario(
            program: """
                [{"op": "dispatch", "queue": "global", "body": [
                  {"op": "dispatch", "queue": "main", "sync": true, "body": [{"op": "work", "ms": 2}]},
                  {"op": "call", "name": "save", "queue": "main", "completion": []}]}]
                """, thenMs: 50)
        let lines = Self.timeline(scenario)
        #expect(lines.contains(
            "10000µs Dispatch worker 1: DispatchQueue.global block from hook calls DispatchQueue.main.sync and blocks until its body has run"))
        // The main thread is busy with the second turn until 50 ms; the sync block was queued before the third.
        #expect(lines.contains("50000µs main thread: runs DispatchQueue.main block from hook"))
        #expect(lines.contains("52000µs Dispatch worker 1: DispatchQueue.main.sync returns: its body ran on the main thread"))
        #expect(lines.contains("52000µs Dispatch worker 1: calls save (1 ms on this thread)"))
        #expect(TestScenario.run(scenario).cleanupFinished)
    }

    @Test("sync onto a serial queue another context holds waits for it, then runs on the caller's thread")
    func syncWaitsForHolder() throws {
        let scenario = try Self.scenario(
            queues: #""io": {"qos": "userInitiated"}"#,
            program: """
                [{"op": "dispatch", "queue": "io", "body": [{"op": "work", "ms": 10}]},
                 {"op": "dispatch", "queue": "io", "sync": true, "body": [{"op": "call", "name": "save", "queue": "main", "completion": []}]}]
                """)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("0µs main thread: main-queue turn #1 calls queue \"io\".sync and blocks until its body has run"))
        // The block starts after the user-initiated start latency (0.1 ms) and works 10 ms; then the
        // caller's thread runs the body itself.
        #expect(lines.contains("10100µs Dispatch worker 1: DispatchQueue block from hook returns"))
        #expect(lines.contains("10100µs main thread: runs the queue \"io\".sync body of main-queue turn #1 on this thread"))
        expectEqual(TestScenario.run(scenario).deadlock, nil)
    }

    @Test("asyncAfter submits its block when the delay is over; its delay is a setting")
    func asyncAfter() throws {
        let scenario = try Self.scenario(
            program: #"[{"op": "dispatch", "queue": "main", "afterMs": 30, "body": [{"op": "call", "name": "save", "queue": "main", "completion": []}]}]"#,
            thenMs: 10)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("0µs main thread: asyncAfter: DispatchQueue.main block from hook goes to DispatchQueue.main in 30 ms"))
        #expect(lines.contains("30000µs main queue: DispatchQueue.main block from hook is queued"))
        // The process exits at 10 ms of work + exit: the block never runs.
        #expect(!TestScenario.run(scenario).cleanupFinished)
        let space = ParameterSpace(scenario: scenario)
        #expect(space.index(canonical: "strategies.s.program[0].afterMs") != nil)
    }

    @Test("sync and afterMs together are refused")
    func syncAfterRefused() {
        let errors = Self.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "dispatch", "queue": "main", "sync": true, "afterMs": 1, "body": []}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, "there is no syncAfter")
    }

    @Test("the defaults of an own queue in docs/scenario-format.md are the model's")
    func documentedQueueDefaults() throws {
        let scenario = try Self.scenario(queues: #""io": {}"#, program: #"[{"op": "dispatch", "queue": "io", "body": [{"op": "call", "name": "save", "queue": "io", "completion": []}]}]"#)
        let queue = try #require(scenario.queues.first)
        expectEqual(DefaultsTests.documentedDefaults("## `queues`"), [
            "qos": queue.qos.name, "attributes": queue.serial ? "serial" : "concurrent",
        ])
    }

    @Test("an asyncAfter deadline due at the instant of a SIGKILL is a choice point: the cell is order-sensitive")
    func asyncAfterIsChoicePoint() throws {
        let scenario = try ScenarioDecoder.decode(
            """
            {"name": "after-race", "systemCalls": {"save": {"costMs": 0, "replyLatencyMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "dispatch", "queue": "main", "afterMs": 10, "body": [
               {"op": "call", "name": "save", "queue": "main", "completion": []}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]},
               {"op": "delay", "ms": 10}, {"op": "sigkill"}]}}}
            """, file: "after-race.json")
        let exploration = ScenarioExploration(simulator: Simulator(scenario: scenario), limits: ExplorationLimits())
        let cell = try #require(exploration.cells.first)
        #expect(cell.isOrderSensitive && cell.exhaustive)
        expectEqual(Set(cell.witnesses.map(\.result.finished)), [true, false])
    }

    @Test("a main thread waiting in sync for a serial queue when the process dies stays dead: the queue is not handed to it")
    func deadSyncWaiter() throws {
        // The io block holds the queue for 200 ms; the main thread waits in sync for it; the
        // watchdog (50 ms) kills the process first. Then the block returns, as if the process had lived.
        let scenario = try Self.scenario(
            queues: #""io": {"qos": "userInitiated"}"#,
            program: """
                [{"op": "dispatch", "queue": "io", "body": [{"op": "work", "ms": 200}]},
                 {"op": "dispatch", "queue": "io", "sync": true, "body": [{"op": "call", "name": "save", "queue": "main", "completion": []}]}]
                """, watchdog: #""watchdogMs": 50,"#)
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.death?.cause, .watchdog)
        #expect(!outcome.cleanupFinished)
        let lines = Self.timeline(scenario)
        #expect(!lines.contains { $0.contains("runs the queue \"io\".sync body") })
    }

    @Test("Chrome traces show a sync wait as a slice, asyncAfter and group steps as instants")
    func chromeTrace() throws {
        let scenario = try Self.scenario(
            program: """
                [{"op": "groupEnter", "group": "g"},
                 {"op": "dispatch", "queue": "main", "afterMs": 5, "body": [{"op": "groupLeave", "group": "g"}]},
                 {"op": "dispatch", "queue": "global", "body": [
                   {"op": "dispatch", "queue": "main", "sync": true, "body": [{"op": "call", "name": "save", "queue": "main", "completion": []}]}]}]
                """)
        let json = ChromeTrace.render(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0))
        expectContains(json, #""name": "sync DispatchQueue.main""#)
        expectContains(json, #""name": "asyncAfter 5 ms on DispatchQueue.main""#)
        expectContains(json, #""name": "enter \"DispatchGroup g\"""#)
        expectContains(json, #""name": "leave \"DispatchGroup g\"""#)
    }
}
