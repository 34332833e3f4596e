import Testing

@testable import ExitRace

/// A plain `call` of a `cancellable` system call is a `try await` that throws when cancelled
/// (docs/scenario-format.md, "Cancellable calls"): like a plain `taskSleep`, Swift does not compile it
/// in a child task of a non-throwing group (`withTaskGroup`'s `addTask` takes a non-throwing operation).
@Suite("Task groups: a non-throwing child awaits a cancellable call only with try?")
struct CancellableCallInGroupTests {
    static let cancellable = #""costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 2, "cancellable": true"#
    static let plain = #""costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 2"#

    /// The errors of a strategy whose detached task runs a group (`throwing`) with one child making `call`.
    static func errors(call: String = cancellable, throwing: Bool = false, _ step: String) -> String {
        QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {\(call), "cleanup": true}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "detached", "body": [{"op": "taskGroup", "throwing": \(throwing),
               "body": [{"op": "addTask", "body": [\(step)]}]}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
    }

    @Test("a plain call of a cancellable system call in a non-throwing group's child is refused, naming the step")
    func plainAwaitRefused() {
        let errors = Self.errors(#"{"op": "call", "name": "save"}"#)
        // One literal: a chain of `+` here took the type checker 5.7 s.
        let expected = #"""
            expected no step that throws in a child task of a non-throwing task group (withTaskGroup's addTask \#
            takes a non-throwing operation: () async -> ChildTaskResult), found \#
            a "call" of the cancellable save with a plain try (cancelled, the await throws); \#
            add "try": "try?" (try? await), or make the group throwing \#
            ("throwing": true: withThrowingTaskGroup)
            """#
        expectContains(errors, expected, "\(errors)")
        expectContains(errors, "strategies.s.program[0].body[0].body[0].body[0]", "\(errors)")
    }

    @Test("with try?, in a throwing group, or of a call not cancellable, the child's call is accepted", arguments: [
        (cancellable, false, #"{"op": "call", "name": "save", "try": "try?"}"#),
        (cancellable, true, #"{"op": "call", "name": "save"}"#),
        (plain, false, #"{"op": "call", "name": "save"}"#),
    ])
    func accepted(call: String, throwing: Bool, step: String) {
        expectEqual(Self.errors(call: call, throwing: throwing, step), "")
    }

    @Test("a task started in the child is a body of its own: its plain call may throw")
    func taskInChildAccepted() {
        expectEqual(Self.errors(#"{"op": "task", "body": [{"op": "call", "name": "save"}]}"#), "")
    }
}
