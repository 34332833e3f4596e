import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment

/// `throw` and `try await group.next()` in a `withThrowingTaskGroup`, each rule with the timeline
/// it must give (TaskGroup.swift: "if you call `next()` in the task group and propagate its error,
/// all other tasks are canceled"; the implicit wait at the end does not throw).
@Suite("Structured concurrency: a child's error rethrown by group.next()")
struct ThrowingGroupTests {
    /// A detached task with a throwing group: child #1 works 1 ms and throws, child #2 sleeps
    /// 50 ms and saves; the body then runs `after` and saves.
    static func group(_ after: String, throwing: Bool = true) -> String {
        """
        [{"op": "detached", "body": [
           {"op": "taskGroup", "throwing": \(throwing), "body": [
             {"op": "addTask", "body": [{"op": "work", "ms": 1}, {"op": "throw"}]},
             {"op": "addTask", "body": [{"op": "taskSleep", "ms": 50}, {"op": "call", "name": "save"}]}\(after)]},
           {"op": "call", "name": "save"}]}]
        """
    }

    @Test("group.next() rethrows a child's error: the body ends, the other child is cancelled and awaited")
    func nextRethrows() throws {
        let lines = try EscalationTests.timeline(Self.group(#", {"op": "next", "all": true}"#))
        let expected = [
            "10000µs cooperative-pool thread 1: Task.detached from hook waits in group.next() for the next of its group's 2 child tasks "
                + "(await: its thread is free)",
            "21000µs cooperative-pool thread 1: child task from hook #1 throws: its body ends here (its child tasks are cancelled and awaited first)",
            "31000µs cooperative-pool thread 1: try await group.next() in Task.detached from hook rethrows the error of child task from hook #1: "
                + "its body ends here (the group's other child tasks are cancelled and awaited first)",
            "31000µs cooperative-pool thread 1: the cancellation wakes child task from hook #2 from Task.sleep now: it resumes, "
                + "and its sleep throws CancellationError",
            "31000µs cooperative-pool thread 1: Task.detached from hook waits for its child task (await: its thread is free)",
            "41000µs cooperative-pool thread 1: Task.sleep throws CancellationError at once in child task from hook #2, which is cancelled: "
                + "its body ends here (its child tasks are cancelled and awaited first)",
            "51000µs cooperative-pool thread 1: Task.detached from hook returns",
        ]
        #expect(expected.allSatisfy(lines.contains), "\(lines)")
        #expect(!lines.contains { $0.contains("calls save") }, "neither the child's save nor the one after the group runs")
    }

    @Test("the implicit wait at the end of the group discards a child's error: nothing is cancelled, the body goes on")
    func implicitWaitDiscards() throws {
        let lines = try EscalationTests.timeline(Self.group(""))
        #expect(lines.contains("80000µs cooperative-pool thread 1: calls save (1 ms on this thread)"), "the child's save")
        #expect(lines.contains("103000µs cooperative-pool thread 1: calls save (1 ms on this thread)"), "the save after the group")
        #expect(!lines.contains { $0.contains("rethrows") || $0.contains("wakes") })
    }

    @Test("in a non-throwing group, group.next() returns each child and never rethrows (its children cannot throw)")
    func nonThrowingGroup() throws {
        // A child of withTaskGroup cannot throw (NonThrowingGroupChildTests): child #1 returns.
        let group = Self.group(#", {"op": "next", "all": true}"#, throwing: false)
            .replacingOccurrences(of: #"{"op": "work", "ms": 1}, {"op": "throw"}"#, with: #"{"op": "work", "ms": 1}"#)
            .replacingOccurrences(of: #"{"op": "taskSleep", "ms": 50}"#, with: #"{"op": "taskSleep", "ms": 50, "try": "try?"}"#)
        let lines = try EscalationTests.timeline(group)
        #expect(lines.contains("31000µs cooperative-pool thread 1: group.next() in Task.detached from hook returns what child task from hook #1 returned"))
        #expect(lines.contains { $0.hasSuffix("group.next() in Task.detached from hook returns nil: the group has no child task left") })
        #expect(!lines.contains { $0.contains("rethrows") })
        expectEqual(lines.filter { $0.contains("calls save") }.count, 2, "\(lines)")
    }

    @Test("a single group.next() takes the first child to finish; with children that return, the body goes on")
    func nextReturnsFirst() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "detached", "body": [
               {"op": "taskGroup", "throwing": true, "body": [
                 {"op": "addTask", "body": [{"op": "work", "ms": 5}]},
                 {"op": "addTask", "body": [{"op": "work", "ms": 1}]},
                 {"op": "next"}, {"op": "call", "name": "save"}]}]}]
            """)
        #expect(lines.contains("31000µs cooperative-pool thread 1: group.next() in Task.detached from hook returns what child task from hook #2 returned"),
            "\(lines)")
        #expect(lines.contains("31000µs cooperative-pool thread 1: calls save (1 ms on this thread)"))
    }

    @Test("a throw ends the task's body; its live children are cancelled and awaited first")
    func throwCancelsChildren() throws {
        let lines = try EscalationTests.timeline("""
            [{"op": "detached", "body": [
               {"op": "asyncLet", "name": "part", "body": [{"op": "taskSleep", "ms": 80}, {"op": "call", "name": "save"}]},
               {"op": "throw"}, {"op": "call", "name": "save"}]}]
            """)
        let expected = [
            "10000µs cooperative-pool thread 1: Task.detached from hook throws: its body ends here (its child tasks are cancelled and awaited first)",
            "10000µs cooperative-pool thread 1: Task.detached from hook waits for its child task (await: its thread is free)",
        ]
        #expect(expected.allSatisfy(lines.contains), "\(lines)")
        #expect(!lines.contains { $0.contains("calls save") })
    }

    @Test("which child group.next() takes first is a choice point when two finish at one instant")
    func sameInstantIsAChoicePoint() throws {
        // Child #1 throws, child #2 returns, both after 5 ms of work: taken first, the error ends the
        // body before its save; the returned value first, the save runs.
        let scenario = try QueueStepTests.scenario(program: """
            [{"op": "detached", "body": [
               {"op": "taskGroup", "throwing": true, "body": [
                 {"op": "addTask", "body": [{"op": "work", "ms": 5}, {"op": "throw"}]},
                 {"op": "addTask", "body": [{"op": "work", "ms": 5}]},
                 {"op": "next"}, {"op": "call", "name": "save"}]}]}]
            """)
        let exploration = ScenarioExploration(simulator: Simulator(scenario: scenario), limits: ExplorationLimits())
        let cell = try #require(exploration.cells.first)
        #expect(cell.isOrderSensitive && cell.exhaustive)
        expectEqual(Set(cell.witnesses.map(\.result.finished)), [true, false])
    }

    @Test("next goes directly in a taskGroup body; throw needs a task and is refused in an isolatedCall body")
    func refused() {
        let errors = QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}}, "actors": {"Store": {}},
             "strategies": {"s": {"program": [{"op": "throw"},
               {"op": "task", "body": [{"op": "next"}, {"op": "isolatedCall", "actor": "Store", "body": [{"op": "throw"}]},
                 {"op": "call", "name": "save"}]}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, #""throw" (it ends a task's body) needs an async context"#, "\(errors)")
        expectContains(errors, #"expected "next" directly in the body of a "taskGroup" step"#)
        expectContains(errors, #""throw" is not supported in an "isolatedCall" body"#)
    }
}
