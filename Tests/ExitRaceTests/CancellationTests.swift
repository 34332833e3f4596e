import Testing

@testable import ExitRace

/// `task.cancel()` and `Task.isCancelled`, each rule with the timeline it must give.
@Suite("Cancellation: cancel() and Task.isCancelled")
struct CancellationTests {
    static func timeline(_ program: String) throws -> [String] {
        QueueStepTests.timeline(try QueueStepTests.scenario(program: program))
    }

    @Test("cancel() marks the named task; it goes on until it reads Task.isCancelled, which is then true")
    func cancelIsAFlag() throws {
        let lines = try Self.timeline("""
            [{"op": "task", "name": "upload", "body": [
               {"op": "work", "ms": 2},
               {"op": "ifCancelled", "body": [{"op": "work", "ms": 1}]},
               {"op": "call", "name": "save"}]},
             {"op": "cancel", "task": "upload"}]
            """)
        #expect(lines.contains(
            "0µs main thread: cancels Task (main actor) from hook: it and its child tasks are cancelled; only code that checks cancellation stops"))
        #expect(lines.contains("0µs main thread: runs Task (main actor) from hook"), "the task still runs: cancellation stops nothing by itself")
        #expect(lines.contains("2000µs main thread: Task (main actor) from hook reads Task.isCancelled: true"))
        #expect(lines.contains("2000µs main thread: works for 1 ms"))
        #expect(lines.contains("4100µs system: the cleanup (save) takes effect"))
    }

    @Test("an uncancelled task reads false, and so does code outside a task")
    func notCancelled() throws {
        let lines = try Self.timeline("""
            [{"op": "task", "name": "upload", "body": [{"op": "ifCancelled", "body": [{"op": "work", "ms": 1}]}, {"op": "call", "name": "save"}]},
             {"op": "dispatch", "queue": "global", "body": [{"op": "ifCancelled", "body": [{"op": "work", "ms": 1}]}]}]
            """)
        #expect(lines.contains("0µs main thread: Task (main actor) from hook reads Task.isCancelled: false"))
        #expect(lines.contains("10000µs Dispatch worker 1: DispatchQueue.global block from hook reads Task.isCancelled: false"))
    }

    @Test("child tasks of a cancelled task are cancelled (SE-0304: only downwards); a Task {} made inside it is not")
    func propagatesToChildrenOnly() throws {
        let lines = try Self.timeline("""
            [{"op": "detached", "name": "sync", "body": [
               {"op": "taskGroup", "body": [{"op": "addTask", "body": [{"op": "ifCancelled", "body": [{"op": "work", "ms": 1}]}]}]},
               {"op": "task", "body": [{"op": "ifCancelled", "body": [{"op": "work", "ms": 1}]}]},
               {"op": "call", "name": "save"}]},
             {"op": "cancel", "task": "sync"}]
            """)
        expectEqual(lines.filter { $0.contains("isCancelled") }, [
            "20000µs cooperative-pool thread 1: child task from hook reads Task.isCancelled: true",
            "41000µs cooperative-pool thread 1: Task from hook reads Task.isCancelled: false",
        ])
    }

    @Test("cancel() before any task was spawned under the name cancels nothing")
    func cancelBeforeSpawn() throws {
        let lines = try Self.timeline("""
            [{"op": "cancel", "task": "upload"},
             {"op": "task", "name": "upload", "body": [{"op": "ifCancelled", "body": [{"op": "work", "ms": 1}]}, {"op": "call", "name": "save"}]}]
            """)
        #expect(lines.contains("0µs main thread: task.cancel(): no task was spawned under that name yet, nothing to cancel"))
        #expect(lines.contains("0µs main thread: Task (main actor) from hook reads Task.isCancelled: false"))
    }

    @Test("a cancel of a name no task of the strategy has is refused, with a suggestion")
    func unknownName() {
        let errors = QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "task", "name": "upload", "body": [{"op": "call", "name": "save"}]},
               {"op": "cancel", "task": "uplaod"}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, #"no task or detached step of this strategy is named "uplaod", so this cancel cancels nothing"#)
        expectContains(errors, #"did you mean "upload"?"#)
    }
}
