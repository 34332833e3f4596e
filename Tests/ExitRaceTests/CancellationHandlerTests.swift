import Testing

@testable import ExitRace

/// `withTaskCancellationHandler(operation:onCancel:)`: the handler runs at once, synchronously, on
/// the cancelling context (TaskCancellation.swift: "the cancellation handler is _always_ and
/// _immediately_ invoked when the task is canceled"), each rule with the timeline it must give.
@Suite("Cancellation: withTaskCancellationHandler runs onCancel on the cancelling context")
struct CancellationHandlerTests {
    /// A detached upload whose operation works 40 ms then saves, with a 1 ms `onCancel`; the hook
    /// works `cancelAfterMs` and cancels it.
    static func upload(cancelAfterMs: Int, operationMs: Int = 40) -> String {
        """
        [{"op": "detached", "name": "upload", "body": [
           {"op": "withTaskCancellationHandler", "body": [{"op": "work", "ms": \(operationMs)}, {"op": "call", "name": "save"}],
            "onCancel": [{"op": "work", "ms": 1}]},
           {"op": "work", "ms": 2}]},
         {"op": "work", "ms": \(cancelAfterMs)},
         {"op": "cancel", "task": "upload"}]
        """
    }

    @Test("onCancel runs at the cancellation, on the cancelling thread, while the operation goes on")
    func runsOnTheCanceller() throws {
        let lines = try EscalationTests.timeline(Self.upload(cancelAfterMs: 30))
        let expected = [
            "10000µs cooperative-pool thread 1: works for 40 ms",
            "30000µs main thread: cancels Task.detached from hook: it and its child tasks are cancelled; only code that checks cancellation stops",
            "30000µs main thread: main-queue turn #1 runs the onCancel handler of Task.detached from hook's "
                + "withTaskCancellationHandler now, synchronously, as it cancels it",
            "30000µs main thread: works for 1 ms",
            "31000µs main thread: ← hook returns",
            "50000µs cooperative-pool thread 1: calls save (1 ms on this thread)",
        ]
        #expect(expected.allSatisfy(lines.contains), "\(lines)")
        let handler = try #require(lines.firstIndex { $0.contains("runs the onCancel handler") })
        let returns = try #require(lines.firstIndex { $0.contains("← hook returns") })
        #expect(handler < returns, "the cancelling code goes on only after its handler")
    }

    @Test("in a task cancelled already, onCancel runs at once, before the operation, on the task itself")
    func cancelledAlready() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "task", "name": "upload", "body": [
               {"op": "withTaskCancellationHandler", "body": [{"op": "call", "name": "save"}], "onCancel": [{"op": "work", "ms": 1}]}]},
             {"op": "cancel", "task": "upload"}]
            """)
        let expected = [
            "0µs main thread: Task (main actor) from hook is cancelled already: withTaskCancellationHandler runs its onCancel at once, "
                + "before the operation",
            "0µs main thread: works for 1 ms",
            "1000µs main thread: Task (main actor) from hook leaves the main actor for a nonisolated call",
        ]
        #expect(expected.allSatisfy(lines.contains), "\(lines)")
    }

    @Test("once the operation has returned, the handler is removed: a later cancel runs nothing")
    func removedAfterTheOperation() throws {
        let lines = try EscalationTests.timeline(Self.upload(cancelAfterMs: 70, operationMs: 5))
        #expect(lines.contains { $0.contains("cancels Task.detached from hook") })
        #expect(!lines.contains { $0.contains("onCancel") })
    }

    @Test("cancelling a parent runs the handlers of its child tasks; onCancel may cancel another task (URLSessionTask.cancel)")
    func childHandlerCancelsTransfer() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "detached", "name": "transfer", "body": [{"op": "taskSleep", "ms": 200}, {"op": "call", "name": "save"}]},
             {"op": "detached", "name": "sync", "body": [
               {"op": "asyncLet", "name": "part", "body": [
                 {"op": "withTaskCancellationHandler", "body": [{"op": "taskSleep", "ms": 100}], "onCancel": [{"op": "cancel", "task": "transfer"}]}]},
               {"op": "awaitLet", "name": "part"}]},
             {"op": "work", "ms": 40},
             {"op": "cancel", "task": "sync"}]
            """)
        let expected = [
            "40000µs main thread: main-queue turn #1 runs the onCancel handler of child task from hook's withTaskCancellationHandler now, "
                + "synchronously, as it cancels it",
            "40000µs main thread: cancels Task.detached from hook #1: it and its child tasks are cancelled; only code that checks cancellation stops",
            "40000µs main thread: the cancellation wakes Task.detached from hook #1 from Task.sleep now: it resumes, "
                + "and its sleep throws CancellationError",
            "40000µs main thread: ← hook returns",
        ]
        #expect(expected.allSatisfy(lines.contains), "\(lines)")
        #expect(!lines.contains { $0.contains("calls save") })
    }

    @Test("withTaskCancellationHandler needs a task; onCancel is synchronous")
    func refused() {
        let errors = QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [
               {"op": "withTaskCancellationHandler", "body": [], "onCancel": []},
               {"op": "task", "body": [{"op": "withTaskCancellationHandler", "body": [{"op": "call", "name": "save"}],
                 "onCancel": [{"op": "taskSleep", "ms": 1}]}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, #""withTaskCancellationHandler" (it is awaited) needs an async context"#, "\(errors)")
        #expect(errors.contains(#"onCancel[0]"#) && errors.contains(#""taskSleep" (an await) needs an async context"#), "\(errors)")
    }
}
