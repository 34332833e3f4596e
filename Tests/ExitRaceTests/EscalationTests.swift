import Testing

@testable import ExitRace
@testable import ExitRaceKernel
@testable import ExitRaceDiagnostics
@testable import ExitRaceJSON
@testable import ExitRaceFiles
@testable import ExitRaceModel
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBatch

/// `await task.value` and priority escalation, each rule with the timeline it must give.
@Suite("Escalation: await task.value raises the awaited task's priority")
struct EscalationTests {
    static func timeline(_ program: String) throws -> [String] {
        QueueStepTests.timeline(try QueueStepTests.scenario(program: program))
    }

    /// A background task that sleeps 1 ms once it starts, then saves; busy default-QoS work; and
    /// a user-initiated task that awaits the background task's value (or does not).
    static func program(awaits: Bool) -> String {
        """
        [{"op": "detached", "name": "upload", "priority": "background", "body": [
           {"op": "taskSleep", "ms": 1}, {"op": "work", "ms": 2}, {"op": "call", "name": "save"}]},
         {"op": "detached", "body": [{"op": "work", "ms": 30}]},
         {"op": "detached", "body": [{"op": "work", "ms": 30}]},
         {"op": "task", "priority": "high", "isolation": "none", "body": [
           \(awaits ? #"{"op": "awaitTask", "task": "upload"}"# : #"{"op": "work", "ms": 0}"#)]}]
        """
    }

    @Test("a higher-priority task awaiting a lower one escalates it: queued, it keeps its place; its next enqueue is at the higher priority")
    func awaitEscalates() throws {
        let plain = try Self.timeline(Self.program(awaits: false))
        let awaited = try Self.timeline(Self.program(awaits: true))
        let escalation =
            "100µs system: Task.detached from hook #1 is escalated to userInitiated QoS (it keeps its place in its queue) "
            + "because Task from hook awaits it"
        #expect(awaited.contains(
            "100µs cooperative-pool thread 1: Task from hook waits for the value of Task.detached from hook #1 (await: its thread is free)"))
        #expect(awaited.contains(escalation))
        #expect(!plain.contains { $0.contains("escalated") })
        // Queued when escalated: it still waits its background start latency, behind the default-QoS work.
        for lines in [plain, awaited] {
            #expect(lines.contains("0µs cooperative pool: Task.detached from hook #1 waits for a thread (background QoS: 50 ms start latency)"))
            #expect(lines.contains("50000µs cooperative-pool thread 2: runs Task.detached from hook #1"))
        }
        // After its Task.sleep it is enqueued at the waiter's priority, so it runs and saves before the exit.
        #expect(plain.contains("51000µs cooperative pool: Task.detached from hook #1 waits for a thread (background QoS: 50 ms start latency)"))
        #expect(plain.contains("104000µs system: the cleanup (save) would take effect now: too late, it does not count"))
        #expect(awaited.contains(
            "51000µs cooperative pool: Task.detached from hook #1 waits for a thread (userInitiated QoS: 0.1 ms start latency)"))
        #expect(awaited.contains("54100µs system: the cleanup (save) takes effect"))
        // The waiter resumes when the awaited task has finished.
        #expect(awaited.contains("56200µs cooperative-pool thread 2: Task.detached from hook #1 returns"))
        #expect(awaited.contains("56300µs cooperative-pool thread 2: runs Task from hook"))
    }

    @Test("a running task is escalated with its thread")
    func runningTaskThreadRaised() throws {
        let lines = try Self.timeline("""
            [{"op": "detached", "name": "upload", "priority": "utility", "body": [{"op": "work", "ms": 50}, {"op": "call", "name": "save"}]},
             {"op": "detached", "priority": "high", "body": [{"op": "taskSleep", "ms": 30}, {"op": "awaitTask", "task": "upload"}]}]
            """)
        #expect(lines.contains { $0.hasSuffix(
            "Task.detached from hook #1 is escalated to userInitiated QoS and so is its thread because Task.detached from hook #2 awaits it") })
    }

    @Test("escalating a task escalates its child tasks; a task group's end escalates none")
    func childrenAndGroups() throws {
        let lines = try Self.timeline("""
            [{"op": "detached", "name": "sync", "priority": "background", "body": [
               {"op": "taskGroup", "body": [{"op": "addTask", "body": [{"op": "taskSleep", "ms": 5, "try": "try?"}]}]}, {"op": "call", "name": "save"}]},
             {"op": "detached", "priority": "high", "body": [{"op": "taskSleep", "ms": 60}, {"op": "awaitTask", "task": "sync"}]}]
            """)
        #expect(lines.contains(
            "60200µs system: Task.detached from hook #1 is escalated to userInitiated QoS (suspended: it is enqueued at this priority "
                + "when it resumes) because Task.detached from hook #2 awaits it"))
        #expect(lines.contains { $0.hasSuffix(
            "child task from hook is escalated to userInitiated QoS (it keeps its place in its queue) because Task.detached from hook #2 awaits it") })
        let group = try Self.timeline("""
            [{"op": "detached", "priority": "high", "body": [
               {"op": "taskGroup", "body": [{"op": "addTask", "priority": "background", "body": [{"op": "work", "ms": 1}]}]}, {"op": "call", "name": "save"}]}]
            """)
        #expect(!group.contains { $0.contains("escalated") }, "waiting on a task group escalates no child (the runtime's rule)")
    }

    @Test("awaiting a task that has finished goes on at once")
    func finishedTask() throws {
        let lines = try Self.timeline("""
            [{"op": "task", "name": "save", "body": [{"op": "work", "ms": 1}]},
             {"op": "task", "body": [{"op": "awaitTask", "task": "save"}, {"op": "call", "name": "save"}]}]
            """)
        #expect(!lines.contains { $0.contains("waits for the value") })
        #expect(lines.contains { $0.contains("the cleanup (save) takes effect") })
    }

    @Test("an awaitTask of a name no task of the strategy has is refused, with a suggestion; outside a task too")
    func refused() {
        let errors = QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "task", "name": "upload", "body": [{"op": "call", "name": "save"}]},
               {"op": "task", "body": [{"op": "awaitTask", "task": "uplaod"}]}, {"op": "awaitTask", "task": "upload"}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, #"no task or detached step of this strategy is named "uplaod", so this awaitTask awaits nothing"#)
        expectContains(errors, #"did you mean "upload"?"#)
        expectContains(errors, #""awaitTask" (an await)"#)
    }
}
