import Testing

@testable import ExitRace
@testable import ExitRaceDiagnostics
@testable import ExitRaceScenario

/// #22's language gap, found by a later newcomer walk (#26): `withTaskGroup`'s `addTask` takes a
/// non-throwing operation (`() async -> ChildTaskResult`), so Swift compiles no `throw`, no
/// `try Task.checkCancellation()` and no plain `try await Task.sleep` in a child task of a
/// non-throwing group. The decoder accepted them; now each is a decoding error naming the place,
/// what was expected and what was found. A throwing group's children, a `try?` sleep, and a task
/// of its own started in the child (a new context) may still throw.
@Suite("A child of a non-throwing group cannot throw")
struct NonThrowingGroupChildTests {
    /// A scenario whose strategy is `program`, decoded; its errors, or none.
    static func errors(_ program: String) -> [Diagnostic] {
        let json = """
            {"name": "groups", "systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": \(program)}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]}}}
            """
        do {
            _ = try ScenarioDecoder.decode(json, file: "groups.json")
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// A detached task with a group (`throwing` or not) whose one child runs `child`, then a save.
    static func group(_ child: String, throwing: Bool = false) -> String {
        """
        [{"op": "detached", "body": [
           {"op": "taskGroup", "throwing": \(throwing), "body": [{"op": "addTask", "body": [\(child)]}]},
           {"op": "call", "name": "save"}]}]
        """
    }

    static let place = "strategies.s.program[0].body[0].body[0].body[0]"
    static let expected = "expected no step that throws in a child task of a non-throwing task group (withTaskGroup's addTask takes a "
        + "non-throwing operation: () async -> ChildTaskResult), found "

    @Test("throw in a child of a non-throwing group: an error at the step")
    func throwInChild() {
        let errors = Self.errors(Self.group(#"{"op": "throw"}"#))
        expectEqual(errors.map(\.description), [
            "groups.json:3:79: error: \(Self.place): \(Self.expected)\"throw\"; end the child's body another way, or make the group "
                + "throwing (\"throwing\": true: withThrowingTaskGroup)"
        ])
    }

    @Test("checkCancellation in a child of a non-throwing group: an error suggesting ifCancelled")
    func checkCancellationInChild() {
        let errors = Self.errors(Self.group(#"{"op": "work", "ms": 1}, {"op": "checkCancellation"}"#))
        expectEqual(errors.count, 1)
        expectEqual(errors.first?.path, "strategies.s.program[0].body[0].body[0].body[1]")
        expectEqual(errors.first?.message, Self.expected + "\"checkCancellation\" (try Task.checkCancellation()); test \"ifCancelled\" "
            + "(if Task.isCancelled) instead, or make the group throwing (\"throwing\": true: withThrowingTaskGroup)")
    }

    @Test("a plain taskSleep in a child of a non-throwing group: an error suggesting try?; try? is accepted")
    func sleepInChild() {
        let errors = Self.errors(Self.group(#"{"op": "taskSleep", "ms": 5}"#))
        expectEqual(errors.count, 1)
        expectEqual(errors.first?.path, Self.place)
        expectEqual(errors.first?.message, Self.expected + "a \"taskSleep\" with a plain try (try await Task.sleep); add \"try\": \"try?\" "
            + "(try? await Task.sleep), or make the group throwing (\"throwing\": true: withThrowingTaskGroup)")
        #expect(Self.errors(Self.group(#"{"op": "taskSleep", "ms": 5, "try": "try?"}"#)).isEmpty)
    }

    @Test("nested in the child's own bodies (a cancellation handler, an isolated call's group): still an error")
    func nestedInTheChild() {
        let handler = Self.errors(Self.group(
            #"{"op": "withTaskCancellationHandler", "body": [{"op": "throw"}], "onCancel": [{"op": "work", "ms": 1}]}"#))
        expectEqual(handler.map(\.path), [Self.place + ".body[0]"])
        // A throwing group nested in the child: its body's throw would leave withThrowingTaskGroup into the child.
        let nested = Self.errors(Self.group(#"{"op": "taskGroup", "throwing": true, "body": [{"op": "throw"}]}"#))
        expectEqual(nested.map(\.path), [Self.place + ".body[0]"])
    }

    @Test("what may throw: a throwing group's child, its nested throwing group's children, a task started in the child")
    func allowed() {
        #expect(Self.errors(Self.group(#"{"op": "throw"}"#, throwing: true)).isEmpty)
        #expect(Self.errors(Self.group(#"{"op": "checkCancellation"}, {"op": "taskSleep", "ms": 5}"#, throwing: true)).isEmpty)
        #expect(Self.errors(Self.group(
            #"{"op": "taskGroup", "throwing": true, "body": [{"op": "addTask", "body": [{"op": "throw"}]}]}"#)).isEmpty)
        #expect(Self.errors(Self.group(#"{"op": "task", "body": [{"op": "throw"}, {"op": "call", "name": "save"}]}"#)).isEmpty)
        #expect(Self.errors(Self.group(#"{"op": "asyncLet", "name": "a", "body": [{"op": "taskSleep", "ms": 1}]}"#)).isEmpty)
    }
}
