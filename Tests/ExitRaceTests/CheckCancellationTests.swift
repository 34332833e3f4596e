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

/// `try Task.checkCancellation()` ending a task's body.
@Suite("Cancellation: Task.checkCancellation() ends a cancelled task's body")
struct CheckCancellationTests {
    @Test("a cancelled task's body ends at checkCancellation: the steps after it do not run")
    func endsTheBody() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "task", "name": "upload", "body": [
               {"op": "work", "ms": 2}, {"op": "checkCancellation"}, {"op": "call", "name": "save"}]},
             {"op": "cancel", "task": "upload"}]
            """)
        #expect(lines.contains("2000µs main thread: Task (main actor) from hook reads Task.isCancelled: true"))
        #expect(lines.contains(
            "2000µs main thread: Task.checkCancellation() throws CancellationError in Task (main actor) from hook: its body ends here "
                + "(its child tasks are cancelled and awaited first)"))
        #expect(!lines.contains { $0.contains("calls save") })
    }

    @Test("an uncancelled task goes on past checkCancellation")
    func goesOn() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "task", "body": [{"op": "checkCancellation"}, {"op": "call", "name": "save"}]}]
            """)
        #expect(lines.contains("0µs main thread: Task (main actor) from hook reads Task.isCancelled: false"))
        #expect(lines.contains { $0.contains("the cleanup (save) takes effect") })
    }

    @Test("the throw cancels the task's live children and the task ends once they have finished")
    func cancelsChildren() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "detached", "name": "sync", "body": [
               {"op": "asyncLet", "name": "part", "body": [{"op": "taskSleep", "ms": 5, "try": "try?"}, {"op": "ifCancelled", "body": [{"op": "work", "ms": 1}]}]},
               {"op": "checkCancellation"}, {"op": "call", "name": "save"}]},
             {"op": "cancel", "task": "sync"}]
            """)
        let childRead = lines.firstIndex { $0.hasSuffix("child task from hook reads Task.isCancelled: true") }
        let parentEnds = lines.firstIndex { $0.hasSuffix("Task.detached from hook returns") }
        #expect(childRead != nil && parentEnds != nil && childRead! < parentEnds!, "the task ends after its child")
        #expect(!lines.contains { $0.contains("calls save") })
    }

    @Test("checkCancellation is refused outside a task and in an isolatedCall body")
    func refused() {
        let errors = QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}}, "actors": {"Store": {}},
             "strategies": {"s": {"program": [{"op": "checkCancellation"},
               {"op": "task", "body": [{"op": "isolatedCall", "actor": "Store", "body": [{"op": "checkCancellation"}]},
                 {"op": "call", "name": "save"}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, #""checkCancellation" (it ends a task's body) needs an async context"#)
        expectContains(errors, #""checkCancellation" is not supported in an "isolatedCall" body"#)
    }
}
