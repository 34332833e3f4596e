import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain

/// Declared actors: isolated bodies, hops, one job at a time, reentrancy at each `await`, and a
/// deadlock through a busy actor; then `Task.sleep` against `Thread.sleep`. Each test pins the
/// explained timeline (golden `explain-actor-*.txt`) and states the line that shows its rule.
@Suite("Actors")
struct ActorTests {
    /// One hook delivered in one turn, then a SIGKILL at 100 ms (or a 1 s watchdog with no kill).
    static func scenario(_ program: String, watchdog: Bool = false, width: Int = 2, actors: String = #"{"Store": {}}"#) -> Scenario {
        let steps =
            watchdog
            ? #"[{"op": "turn", "watchdogMs": 1000, "actions": [{"op": "hook", "name": "hook"}]}]"#
            : #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}, {"op": "delay", "ms": 100}, {"op": "sigkill"}]"#
        let json = """
            {
              "name": "actors", "timing": {"cooperativePoolWidth": \(width)}, "actors": \(actors),
              "systemCalls": {"save": {"costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 2}},
              "hooks": {"hook": {}},
              "strategies": {"s": {"program": \(program)}},
              "procedures": {"p": {"steps": \(steps)}}
            }
            """
        do {
            return try ScenarioDecoder.decode(json, file: "actors.json")
        } catch {
            preconditionFailure("test scenario is invalid:\n\(error)\n\(json)")
        }
    }

    static func explain(_ scenario: Scenario, strategy: Int = 0) -> String {
        CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: strategy, procedure: 0)).renderText()
    }

    static let storeTask = #"{"op": "task", "isolation": "Store", "body": "#
    static let detachedCall = #"{"op": "detached", "body": [{"op": "isolatedCall", "actor": "Store", "body": [{"op": "work", "ms": 3}]}]}"#

    @Test("nestedBodies yields the body of each new step with one, and nothing for awaitLet")
    func nestedBodies() {
        let body: [ProgramStep] = [.call("save")]
        let nesting: [ProgramStep] = [
            .isolatedCall(actor: "Store", body: body), .taskGroup(throwing: false, body: body),
            .addTask(priority: nil, body: body), .asyncLet(name: "a", body: body),
        ]
        for step in nesting { expectEqual(step.nestedBodies, [body], "\(step)") }
        #expect(ProgramStep.awaitLet(name: "a").nestedBodies.isEmpty)
    }

    @Test("one job at a time: a call into a busy actor waits for its job to leave the actor")
    func oneJobAtATime() {
        let text = Self.explain(Self.scenario(
            "[\(Self.storeTask)[{\"op\": \"work\", \"ms\": 20}, {\"op\": \"call\", \"name\": \"save\"}]}, \(Self.detachedCall)]"))
        Golden.check(text, against: "explain-actor-serial.txt")
        expectContains(text, "10.000 ms  actor Store                Task.detached from hook waits: the actor runs one job at a time, and runs Task from hook")
        // The waiting job gets the actor only when the first leaves it (for its nonisolated call).
        expectContains(text, "30.100 ms  cooperative-pool thread 1  Task.detached from hook runs on actor Store")
    }

    @Test("reentrancy: while a job is suspended in an await, another job runs on the actor")
    func reentrancy() {
        let text = Self.explain(Self.scenario(
            "[\(Self.storeTask)[{\"op\": \"work\", \"ms\": 1}, {\"op\": \"taskSleep\", \"ms\": 20}, {\"op\": \"call\", \"name\": \"save\"}]}, \(Self.detachedCall)]"))
        Golden.check(text, against: "explain-actor-reentrant.txt")
        expectContains(text, "10.000 ms  cooperative-pool thread 1  Task.detached from hook runs on actor Store")
        expectNotContains(text, "waits: the actor runs one job at a time")
    }

    @Test("a hop from the main actor: the body runs on a pool thread, then the task goes back to the main thread")
    func hopFromMainActor() {
        let text = Self.explain(Self.scenario(
            #"[{"op": "task", "body": [{"op": "isolatedCall", "actor": "Store", "body": [{"op": "work", "ms": 2}]}, {"op": "call", "name": "save"}]}]"#))
        Golden.check(text, against: "explain-actor-main-hop.txt")
        expectContains(text, "0.100 ms  cooperative-pool thread 1  Task (main actor) from hook runs on actor Store")
        expectContains(text, "2.100 ms  main thread                runs Task (main actor) from hook")
    }

    @Test("a deadlock through a busy actor is explained as a wait-for chain")
    func deadlockThroughActor() {
        let scenario = Self.scenario(
            """
            [\(Self.storeTask)[{"op": "wait", "semaphore": "go"}, {"op": "call", "name": "save"}]},
             \(Self.storeTask)[{"op": "signal", "semaphore": "go"}, {"op": "signal", "semaphore": "done"}]},
             {"op": "wait", "semaphore": "done"}]
            """, watchdog: true)
        let outcome = TestScenario.run(scenario)
        expectEqual(
            outcome.deadlock?.chainDescription,
                "main thread waits on semaphore \"done\" (in hook) → \"done\" is signaled only by Task from hook #2 → "
                + "Task from hook #2 is queued on actor Store, which runs one job at a time: it runs Task from hook #1 → "
                + "Task from hook #1 runs on cooperative-pool thread 1, which is blocked → cooperative-pool thread 1 waits on "
                + "semaphore \"go\" (in hook) → \"go\" is signaled only by Task from hook #2 → Task from hook #2 is queued on actor "
                + "Store, which runs one job at a time: it runs Task from hook #1")
        Golden.check(Self.explain(scenario), against: "explain-actor-deadlock.txt")
    }

    @Test("a job that suspends hands the actor to the next job on the same thread, highest priority first")
    func handOverByPriority() {
        // The first job holds the actor for 20 ms; a utility job and a high one wait; when the first
        // suspends, the high one runs next although it came later.
        let text = Self.explain(Self.scenario(
            """
            [\(Self.storeTask)[{"op": "work", "ms": 20}, {"op": "taskSleep", "ms": 50}, {"op": "call", "name": "save"}]},
             {"op": "task", "isolation": "Store", "priority": "utility", "body": [{"op": "work", "ms": 1}]},
             {"op": "task", "isolation": "Store", "priority": "high", "body": [{"op": "work", "ms": 1}]}]
            """, width: 1))
        Golden.check(text, against: "explain-actor-priority.txt")
        expectContains(text, "20.100 ms  actor Store                its last job ended or suspended: its thread goes on with Task from hook #3")
    }

    @Test("every schedule of two jobs racing for one actor keeps one job at a time (invariants hold)")
    func exploredOrders() {
        let scenario = Self.scenario(
            """
            [{"op": "task", "isolation": "Store", "priority": "high", "body": [{"op": "work", "ms": 1}, {"op": "call", "name": "save"}]},
             {"op": "detached", "priority": "high", "body": [{"op": "isolatedCall", "actor": "Store", "body": [{"op": "work", "ms": 1}]}]}]
            """)
        let result = ScheduleExplorer.explore(
            Simulator(scenario: scenario), cell: CellIndex(hook: 0, strategy: 0), procedure: 0, limits: ExplorationLimits())
        #expect(result.defaultChoicePoints >= 1)
        #expect(result.schedules > 1)
        #expect(result.exhaustive)
    }

    @Test("a cleanup lost while waiting for a busy actor says so; the Chrome trace shows the time on the actor")
    func lostWaitingForActor() {
        let scenario = Self.scenario(
            #"[{"op": "task", "isolation": "Store", "body": [{"op": "work", "ms": 200}]}, "#
                + #"{"op": "detached", "body": [{"op": "isolatedCall", "actor": "Store", "body": [{"op": "call", "name": "save"}]}]}]"#)
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        expectContains(
            CellExplanation(trace).renderText(),
                "× lost: Task.detached from hook had been waiting for actor Store since 10 ms when the process was killed "
                    + "(SIGKILL) at 100 ms: lost by 101.1 ms (it would have finished at 201.1 ms); the actor runs one job at a time, "
                    + "and Task from hook held it then.")
        let chrome = ChromeTrace.render(trace)
        expectContains(chrome, #""name": "on actor Store""#)
    }

    @Test("a higher-priority job enqueued on a running actor escalates the thread that runs it")
    /// (A job enqueued while the actor is only scheduled, not running, gets no stealer here: not modeled.)
    func escalation() {
        let text = Self.explain(Self.scenario(
            """
            [{"op": "task", "isolation": "Store", "priority": "utility", "body": [{"op": "work", "ms": 30}]},
             {"op": "detached", "priority": "high", "body": [{"op": "taskSleep", "ms": 25}, {"op": "isolatedCall", "actor": "Store", "body": [{"op": "call", "name": "save"}]}]}]
            """))
        Golden.check(text, against: "explain-actor-escalation.txt")
        expectContains(text, "escalated to userInitiated QoS while it runs Task from hook on actor Store")
    }

    @Test("Task.sleep frees its thread; Thread.sleep blocks it")
    func taskSleepFreesThread() {
        let program = { (sleep: String) in
            """
            [{"op": "detached", "body": [{"op": "\(sleep)", "ms": 10}, {"op": "call", "name": "save"}]},
             {"op": "detached", "body": [{"op": "work", "ms": 1}]}]
            """
        }
        let suspended = Self.explain(Self.scenario(program("taskSleep"), width: 1))
        let blocked = Self.explain(Self.scenario(program("sleep"), width: 1))
        Golden.check(suspended, against: "explain-task-sleep.txt")
        Golden.check(blocked, against: "explain-thread-sleep.txt")
        // With one cooperative thread, the second task runs during Task.sleep, but only after Thread.sleep.
        expectContains(suspended, "10.000 ms  cooperative-pool thread 1  runs Task.detached from hook #2")
        expectContains(blocked, "21.000 ms  cooperative-pool thread 1  runs Task.detached from hook #2")
    }

    @Test("diagnostics name the place, what was expected and what was found, with a suggestion", arguments: [
        (#"[{"op": "detached", "body": [{"op": "isolatedCall", "actor": "Stor", "body": []}]}]"#,
         #"expected an actor declared in "actors" (Store), found "Stor"; did you mean "Store"?"#),
        (#"[{"op": "task", "isolation": "Stroe", "body": []}]"#,
         #"or an actor declared in "actors" (Store), found the string "Stroe"; did you mean "Store"?"#),
        (#"[{"op": "isolatedCall", "actor": "Store", "body": []}]"#,
         #""isolatedCall" (an await) needs an async context"#),
    ])
    func diagnostics(program: String, message: String) {
        let json = """
            {"actors": {"Store": {}}, "systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": \(program)}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """
        #expect(throws: InputError.self) { try ScenarioDecoder.decode(json, file: "bad.json") }
        do {
            _ = try ScenarioDecoder.decode(json, file: "bad.json")
        } catch {
            let text = "\(error)"
            expectContains(text, message, "\(text)")
            expectContains(text, "bad.json:", "\(text)")
        }
    }

    @Test("an actor may not take the name of an isolation")
    func reservedName() {
        let json = """
            {"actors": {"none": {}}, "systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """
        #expect(throws: InputError.self) { try ScenarioDecoder.decode(json, file: "bad.json") }
    }
}
