import Testing

@testable import ExitRace
@testable import ExitRaceExperiment

/// The rules of `DispatchGroup` steps, each with the timeline it must give.
@Suite("DispatchGroup: enter, leave, wait and notify")
struct DispatchGroupTests {
    static let twoUploads = """
        {"op": "groupEnter", "group": "g"},
        {"op": "call", "name": "save", "queue": "global", "completion": [{"op": "groupLeave", "group": "g"}]},
        {"op": "groupEnter", "group": "g"},
        {"op": "dispatch", "queue": "global", "body": [{"op": "work", "ms": 30}, {"op": "groupLeave", "group": "g"}]}
        """

    @Test("wait blocks the thread until every enter is left; the last leave wakes it")
    func waitUntilLeft() throws {
        let scenario = try QueueStepTests.scenario(program: "[\(Self.twoUploads), {\"op\": \"groupWait\", \"group\": \"g\"}]")
        let lines = QueueStepTests.timeline(scenario)
        // The call costs the main thread 1 ms before the second enter.
        #expect(lines.contains("1000µs main thread: enters \"DispatchGroup g\" (2 entered)"))
        #expect(lines.contains("1000µs main thread: blocks in wait on \"DispatchGroup g\""))
        // The completion leaves at 1 + 2 ms + 10 ms start latency; the block at 1 + 10 ms + 30 ms of work.
        #expect(lines.contains("13000µs Dispatch worker 2: leaves \"DispatchGroup g\" (1 still entered)"))
        #expect(lines.contains("41000µs Dispatch worker 1: leaves \"DispatchGroup g\" (0 still entered)"))
        #expect(lines.contains("41000µs main thread: wait on \"DispatchGroup g\" returns (signaled by Dispatch worker 1)"))
        expectEqual(TestScenario.run(scenario).deadlock, nil)
    }

    @Test("wait(timeout:) gives up at its timeout")
    func waitTimesOut() throws {
        let scenario = try QueueStepTests.scenario(
            program: "[\(Self.twoUploads), {\"op\": \"groupWait\", \"group\": \"g\", \"timeoutMs\": 20}]")
        let lines = QueueStepTests.timeline(scenario)
        #expect(lines.contains("21000µs main thread: wait on \"DispatchGroup g\" times out"))
    }

    @Test("notify submits its block when the last enter is left; at once when none is entered")
    func notify() throws {
        let scenario = try QueueStepTests.scenario(
            program: "[\(Self.twoUploads), {\"op\": \"groupNotify\", \"group\": \"g\", \"queue\": \"main\", \"body\": [{\"op\": \"work\", \"ms\": 1}]}]")
        let lines = QueueStepTests.timeline(scenario)
        #expect(lines.contains("1000µs main thread: notify: DispatchQueue.main block from hook is submitted when every enter is left"))
        #expect(lines.contains("41000µs main queue: DispatchQueue.main block from hook is queued"))
        let empty = try QueueStepTests.scenario(
            program: #"[{"op": "groupNotify", "group": "g", "queue": "main", "body": [{"op": "call", "name": "save", "queue": "main", "completion": []}]}]"#)
        #expect(QueueStepTests.timeline(empty).contains("0µs main thread: notify: DispatchQueue.main block from hook is submitted at once: nothing is entered"))
    }

    @Test("a main-thread wait on a group only a main-queue block leaves deadlocks, with its chain")
    func mainThreadGroupDeadlock() throws {
        let scenario = try QueueStepTests.scenario(
            program: """
                [{"op": "groupEnter", "group": "g"},
                 {"op": "call", "name": "save", "queue": "main", "completion": [{"op": "groupLeave", "group": "g"}]},
                 {"op": "groupWait", "group": "g"}]
                """)
        let outcome = TestScenario.run(scenario)
        expectEqual(
            outcome.deadlock, [
                .threadWaits(thread: "main thread", semaphore: "DispatchGroup g", inHook: "hook"),
                .signaledOnlyBy(semaphore: "DispatchGroup g", contexts: ["completion handler from hook"]),
                .queuedOnMainActor(context: "completion handler from hook"),
                .mainActorRunsOnMainThread,
            ])
    }

    @Test("a wait on a group the strategy enters but never leaves is refused, with where and why")
    func neverLeftIsRefused() {
        let errors = QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": [{"op": "groupEnter", "group": "g"}, {"op": "call", "name": "save", "queue": "main", "completion": []},
               {"op": "groupWait", "group": "g"}]}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """)
        expectContains(errors, "bad.json:3:")
        expectContains(errors, #"group "g" is never left in this strategy, so this wait can never return"#)
    }
}
