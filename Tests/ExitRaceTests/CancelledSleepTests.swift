import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment

/// A cancelled `Task.sleep` throws `CancellationError` at once (TaskSleep.swift: "If the task is
/// canceled before the time ends, this function throws `CancellationError`"), each rule with the
/// timeline it must give.
@Suite("Cancellation: a cancelled Task.sleep throws at once")
struct CancelledSleepTests {
    @Test("a sleep begun in a cancelled task does not suspend: it throws at once and the body ends there")
    func cancelledBeforeTheSleep() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "task", "name": "upload", "body": [{"op": "taskSleep", "ms": 50}, {"op": "call", "name": "save"}]},
             {"op": "work", "ms": 3},
             {"op": "cancel", "task": "upload"}]
            """)
        #expect(lines.contains(
            "3000µs main thread: Task.sleep throws CancellationError at once in Task (main actor) from hook, which is cancelled: "
                + "its body ends here (its child tasks are cancelled and awaited first)"))
        #expect(lines.contains("3000µs main thread: Task (main actor) from hook returns"))
        #expect(!lines.contains { $0.contains("sleeps (Task.sleep)") }, "it never suspends")
        #expect(!lines.contains { $0.contains("calls save") })
    }

    @Test("the verdict names the thrown CancellationError that ended the cleanup's task before its call")
    func verdictNamesTheThrow() throws {
        let scenario = try QueueStepTests.scenario(program: """
            [{"op": "detached", "name": "upload", "body": [{"op": "taskSleep", "ms": 50}, {"op": "call", "name": "save"}]},
             {"op": "work", "ms": 3},
             {"op": "cancel", "task": "upload"}]
            """)
        #expect(QueueStepTests.explain(scenario).verdict.hasPrefix(
            "× lost: Task.detached from hook's body ended at 10 ms by its cancelled Task.sleep throwing CancellationError, "
                + "before its cleanup call; nothing had made that call when "))
    }

    @Test("a sleep in progress wakes at the cancellation, resumes on its executor and throws there")
    func wokenByTheCancellation() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "detached", "name": "upload", "body": [{"op": "taskSleep", "ms": 50}, {"op": "call", "name": "save"}]},
             {"op": "work", "ms": 30},
             {"op": "cancel", "task": "upload"}]
            """)
        let expected = [
            "10000µs cooperative-pool thread 1: Task.detached from hook sleeps (Task.sleep) for 50 ms",
            "30000µs main thread: cancels Task.detached from hook: it and its child tasks are cancelled; "
                + "only code that checks cancellation stops",
            "30000µs main thread: the cancellation wakes Task.detached from hook from Task.sleep now: it resumes, "
                + "and its sleep throws CancellationError",
            "30000µs cooperative pool: Task.detached from hook waits for a thread (default QoS: 10 ms start latency)",
            "40000µs cooperative-pool thread 1: Task.sleep throws CancellationError at once in Task.detached from hook, "
                + "which is cancelled: its body ends here (its child tasks are cancelled and awaited first)",
            "40000µs cooperative-pool thread 1: Task.detached from hook returns",
        ]
        #expect(expected.allSatisfy(lines.contains), "\(lines)")
        #expect(!lines.contains { $0.contains("calls save") })
        #expect(!lines.contains { $0.hasPrefix("60000µs") && $0.contains("Task.detached") }, "the 50 ms wake is stale")
    }

    @Test("try? Task.sleep in a cancelled task returns at once and the body goes on")
    func tryOptionalGoesOn() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "detached", "name": "upload", "body": [{"op": "taskSleep", "ms": 50, "try": "try?"}, {"op": "call", "name": "save"}]},
             {"op": "work", "ms": 30},
             {"op": "cancel", "task": "upload"}]
            """)
        #expect(lines.contains(
            "40000µs cooperative-pool thread 1: try? Task.sleep returns at once in Task.detached from hook, which is cancelled "
                + "(the CancellationError is discarded): it goes on"))
        #expect(lines.contains("40000µs cooperative-pool thread 1: calls save (1 ms on this thread)"))
    }

    @Test("cancelling a task wakes the sleeps of its child tasks (cancellation goes down the tree)")
    func childSleepWakes() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "detached", "name": "sync", "body": [
               {"op": "asyncLet", "name": "part", "body": [{"op": "taskSleep", "ms": 80}, {"op": "call", "name": "save"}]},
               {"op": "awaitLet", "name": "part"}]},
             {"op": "work", "ms": 30},
             {"op": "cancel", "task": "sync"}]
            """)
        #expect(lines.contains(
            "30000µs main thread: the cancellation wakes child task from hook from Task.sleep now: it resumes, "
                + "and its sleep throws CancellationError"))
        #expect(!lines.contains { $0.contains("calls save") })
    }

    @Test("a Task.sleep that ends at the instant of the cancel is a choice point: both orders are explored")
    func sameInstantIsAChoicePoint() throws {
        // Both tasks start after the same latency; the sleep's wake and the end of the canceller's
        // work fall at the same instant. Woken first, the sleep returns and the save runs; cancelled
        // first, it throws.
        let scenario = try QueueStepTests.scenario(program: """
            [{"op": "detached", "name": "upload", "body": [{"op": "taskSleep", "ms": 5}, {"op": "call", "name": "save"}]},
             {"op": "detached", "body": [{"op": "work", "ms": 5}, {"op": "cancel", "task": "upload"}]}]
            """)
        let exploration = ScenarioExploration(simulator: Simulator(scenario: scenario), limits: ExplorationLimits())
        let cell = try #require(exploration.cells.first)
        #expect(cell.isOrderSensitive && cell.exhaustive)
        expectEqual(Set(cell.witnesses.map(\.result.finished)), [true, false])
    }

    @Test("\"try\" is \"try\" or \"try?\"")
    func badTry() {
        let errors = QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "task", "body": [{"op": "taskSleep", "ms": 1, "try": "try!"}, {"op": "call", "name": "save"}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, "try!", "\(errors)")
    }
}
