import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain

/// Structured concurrency: task groups and `async let`. Each test pins the explained timeline
/// (golden `explain-group-*.txt`) and states the line that shows its rule.
@Suite("Task groups and async let")
struct TaskGroupTests {
    static func scenario(_ program: String) -> Scenario {
        TestScenario.make(
            timing: #""cooperativePoolWidth": 2"#, strategies: ["s": program],
            procedures: ["kill": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}, {"op": "delay", "ms": 100}, {"op": "sigkill"}]"#])
    }

    static func explain(_ program: String) -> String {
        CellExplanation(Simulator(scenario: scenario(program)).trace(hook: 0, strategy: 0, procedure: 0)).renderText()
    }

    @Test("a task group: children inherit the priority unless given one; the parent waits for all, its thread free")
    func group() {
        let text = Self.explain(
            """
            [{"op": "detached", "priority": "high", "body": [
              {"op": "taskGroup", "body": [
                {"op": "addTask", "body": [{"op": "work", "ms": 5}]},
                {"op": "addTask", "priority": "utility", "body": [{"op": "taskSleep", "ms": 8, "try": "try?"}]}]},
              {"op": "call", "name": "request"}]}]
            """)
        Golden.check(text, against: "explain-group.txt")
        expectContains(text, "creates child task from hook #1 (userInitiated QoS)")
        expectContains(text, "creates child task from hook #2 (utility QoS)")
        expectContains(text, "0.100 ms  cooperative-pool thread 1  Task.detached from hook waits for its 2 child tasks (await: its thread is free)")
        // The freed thread runs the first child; the parent goes on only after the last child returns.
        expectContains(text, "0.200 ms  cooperative-pool thread 1  runs child task from hook #1")
        expectContains(text, "48.200 ms  cooperative-pool thread 1  calls request")
    }

    @Test("async let: awaiting one child waits for it alone; the body's end waits for the rest")
    func asyncLet() {
        let text = Self.explain(
            """
            [{"op": "detached", "body": [
              {"op": "asyncLet", "name": "a", "body": [{"op": "work", "ms": 5}]},
              {"op": "asyncLet", "name": "b", "body": [{"op": "work", "ms": 50}]},
              {"op": "awaitLet", "name": "a"},
              {"op": "call", "name": "request"}]}]
            """)
        Golden.check(text, against: "explain-async-let.txt")
        expectContains(text, "10.000 ms  cooperative-pool thread 1  Task.detached from hook waits for child task from hook #1")
        expectContains(text, "35.000 ms  cooperative-pool thread 1  calls request")
        // `b` is still running when the body ends: the task waits for it before it returns.
        expectContains(text, "Task.detached from hook waits for its child task (await: its thread is free)")
    }

    @Test("a deadlock through a task waiting for its child is explained as a wait-for chain")
    func deadlockThroughChild() {
        let scenario = TestScenario.make(
            strategies: [
                "s": """
                [{"op": "detached", "body": [
                   {"op": "taskGroup", "body": [{"op": "addTask", "body": [{"op": "wait", "semaphore": "go"}]}]},
                   {"op": "signal", "semaphore": "done"}, {"op": "call", "name": "request"}]},
                 {"op": "wait", "semaphore": "done"}, {"op": "signal", "semaphore": "go"}]
                """
            ],
            procedures: ["hang": #"[{"op": "turn", "watchdogMs": 1000, "actions": [{"op": "hook", "name": "hook"}]}]"#])
        let outcome = TestScenario.run(scenario)
        expectEqual(
            outcome.deadlock?.chainDescription,
                "main thread waits on semaphore \"done\" (in hook) → \"done\" is signaled only by Task.detached from hook → "
                + "Task.detached from hook waits for its child task from hook → child task from hook runs on cooperative-pool "
                + "thread 1, which is blocked → cooperative-pool thread 1 waits on semaphore \"go\" (in hook) → \"go\" is signaled "
                + "only by main-queue turn → main-queue turn runs on main thread, which is blocked")
    }

    @Test("structured steps are checked where they stand", arguments: [
        (#"[{"op": "detached", "body": [{"op": "addTask", "body": []}, {"op": "call", "name": "request"}]}]"#,
         #"expected "addTask" directly in the body of a "taskGroup" step"#),
        (#"[{"op": "detached", "body": [{"op": "awaitLet", "name": "x"}, {"op": "call", "name": "request"}]}]"#,
         #"expected an async let declared earlier in this body (none is)"#),
        (#"[{"op": "detached", "body": [{"op": "asyncLet", "name": "up", "body": []}, {"op": "awaitLet", "name": "uq"}, {"op": "call", "name": "request"}]}]"#,
         #"found "uq"; did you mean "up"?"#),
        (#"[{"op": "taskGroup", "body": []}, {"op": "detached", "body": [{"op": "call", "name": "request"}]}]"#,
         #""taskGroup" (withTaskGroup is awaited) needs an async context"#),
    ])
    func diagnostics(program: String, message: String) {
        let json = """
            {"systemCalls": {"request": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": \(program)}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """
        do {
            _ = try ScenarioDecoder.decode(json, file: "bad.json")
            Issue.record("expected an error: \(message)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
            #expect("\(error)".contains("bad.json:"), "\(error)")
        }
    }

    @Test("every schedule of a group's racing children keeps the parent's count of live children")
    func explored() {
        let scenario = Self.scenario(
            """
            [{"op": "detached", "body": [{"op": "taskGroup", "body": [
              {"op": "addTask", "body": [{"op": "work", "ms": 1}]}, {"op": "addTask", "body": [{"op": "work", "ms": 1}]}]},
              {"op": "call", "name": "request"}]}]
            """)
        let result = ScheduleExplorer.explore(
            Simulator(scenario: scenario), cell: CellIndex(hook: 0, strategy: 0), procedure: 0, limits: ExplorationLimits())
        #expect(result.defaultChoicePoints >= 1)
        #expect(result.exhaustive)
        #expect(!result.isOrderSensitive)
    }
}
