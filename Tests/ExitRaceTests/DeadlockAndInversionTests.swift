import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment

@Suite("Deadlock and priority-inversion detection")
struct DeadlockAndInversionTests {
    let call = #"{"op": "call", "name": "request"}"#
    var taskPlusSemaphore: String {
        #"[{"op": "task", "body": [\#(call), {"op": "signal", "semaphore": "done"}]}, {"op": "wait", "semaphore": "done"}]"#
    }

    @Test("a main-actor task awaited by a semaphore on the main thread deadlocks, whatever the timings")
    func mainActorSemaphoreDeadlock() {
        let seed: UInt64 = 0xDEAD_10C4
        var rng = SplitMix64(seed: seed)
        func randomMs() -> String { String(Double(rng.next() % 100_000) / 1000) }
        for round in 0..<50 {
            let timing = """
                "exitDurationMs": \(randomMs()), "cooperativePoolWidth": \(1 + rng.next() % 8),
                "startLatencyMs": {"userInitiated": \(randomMs()), "default": \(randomMs())}
                """
            let scenario = TestScenario.make(
                timing: timing, call: #""costMs": \#(randomMs()), "replyLatencyMs": \#(randomMs())"#,
                strategies: ["Task + semaphore": taskPlusSemaphore],
                procedures: [
                    "watched": #"[{"op": "turn", "watchdogMs": \#(randomMs()), "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#
                ])
            let outcome = TestScenario.run(scenario)
            let context = "seed \(seed), round \(round)"
            #expect(!outcome.cleanupFinished, "\(context)")
            expectEqual(outcome.death?.cause, .watchdog, "\(context)")
            expectEqual(
                outcome.deadlock, [
                    .threadWaits(thread: "main thread", semaphore: "done", inHook: "hook"),
                    .signaledOnlyBy(semaphore: "done", contexts: ["Task (main actor) from hook"]),
                    .queuedOnMainActor(context: "Task (main actor) from hook"),
                    .mainActorRunsOnMainThread,
                ], "\(context)")
        }
    }

    @Test("without a watchdog the deadlocked process never dies: the run ends with the chain, not a hang")
    func deadlockWithoutWatchdog() {
        let scenario = TestScenario.make(strategies: ["Task + semaphore": taskPlusSemaphore])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.death, nil)
        expectEqual(outcome.deadlock?.last, .mainActorRunsOnMainThread)
        expectEqual(outcome.boundReached, nil)
    }

    @Test("a wait that only its own later code would signal is reported as never signaled")
    func neverSignaled() {
        let scenario = TestScenario.make(
            strategies: [
                "self-wait": """
                [{"op": "detached", "body": [\(call)]}, {"op": "wait", "semaphore": "s"}, {"op": "signal", "semaphore": "s"}]
                """
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(
            outcome.deadlock, [
                .threadWaits(thread: "main thread", semaphore: "s", inHook: "hook"),
                .neverSignaled(semaphore: "s"),
            ])
        // The detached task still ran: the main thread never reached exit, so the process lives on.
        #expect(outcome.cleanupFinished)
        expectEqual(outcome.death, nil)
    }

    @Test("two pool threads waiting on each other form a cycle through blocked threads")
    func poolCycle() {
        let scenario = TestScenario.make(
            strategies: [
                "cycle": """
                [{"op": "detached", "priority": "high", "body": [{"op": "wait", "semaphore": "a"}, {"op": "signal", "semaphore": "b"}]},
                 {"op": "detached", "priority": "high", "body": [{"op": "wait", "semaphore": "b"}, {"op": "signal", "semaphore": "a"}, \(call)]}]
                """
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(
            outcome.deadlock, [
                .threadWaits(thread: "cooperative-pool thread 1", semaphore: "a", inHook: "hook"),
                .signaledOnlyBy(semaphore: "a", contexts: ["Task.detached from hook #2"]),
                .runsOnBlockedThread(context: "Task.detached from hook #2", thread: "cooperative-pool thread 2"),
                .threadWaits(thread: "cooperative-pool thread 2", semaphore: "b", inHook: "hook"),
                .signaledOnlyBy(semaphore: "b", contexts: ["Task.detached from hook #1"]),
                .runsOnBlockedThread(context: "Task.detached from hook #1", thread: "cooperative-pool thread 1"),
            ])
    }

    /// A detached task blocks its pool thread on "a"; the only signaller of "a" is a second
    /// detached task, which needs a pool thread. `mainWaits` adds a main-thread wait on top. The
    /// turn works 20 ms before `exit`, so the pool starves (at 10 ms) while the process lives: a
    /// deadlock that forms only after death marks nothing.
    func starvedPool(width: Int, mainWaits: Bool) -> Scenario {
        let blocker = #"{"op": "detached", "body": [{"op": "wait", "semaphore": "a"}, {"op": "signal", "semaphore": "done"}]}"#
        let signaller = #"{"op": "detached", "body": [\#(call), {"op": "signal", "semaphore": "a"}]}"#
        let wait = mainWaits ? #", {"op": "wait", "semaphore": "done"}"# : ""
        return TestScenario.make(
            timing: #""cooperativePoolWidth": \#(width)"#,
            strategies: ["starved": "[\(blocker), \(signaller)\(wait)]"],
            procedures: [
                "watched": #"""
                [{"op": "turn", "watchdogMs": 5000, "actions": [{"op": "hook", "name": "hook"}, {"op": "work", "ms": 20}, {"op": "exit"}]}]
                """#
            ])
    }

    @Test("a cooperative pool whose every thread is blocked on a semaphore only a queued job signals is a deadlock")
    func starvedPoolIsDeadlock() {
        let outcome = TestScenario.run(starvedPool(width: 1, mainWaits: false))
        #expect(!outcome.cleanupFinished)
        expectEqual(
            outcome.deadlock, [
                .threadWaits(thread: "cooperative-pool thread 1", semaphore: "a", inHook: "hook"),
                .signaledOnlyBy(semaphore: "a", contexts: ["Task.detached from hook #2"]),
                .queuedForBlockedPool(context: "Task.detached from hook #2", width: 1),
            ])
        expectEqual(
            outcome.deadlock?.chainDescription,
                "cooperative-pool thread 1 waits on semaphore \"a\" (in hook) → \"a\" is signaled only by Task.detached from hook #2 → "
                + "Task.detached from hook #2 is queued for the cooperative pool, and every cooperative thread (1) is blocked")
    }

    @Test("a signaller of another QoS bucket gets a thread of its own: the blocked pool is not starved")
    func otherBucketIsNotStarved() {
        let blocker = #"{"op": "detached", "body": [{"op": "wait", "semaphore": "a"}]}"#
        for priority in ["high", "low"] {
            let signaller = #"{"op": "detached", "priority": "\#(priority)", "body": [\#(call), {"op": "signal", "semaphore": "a"}]}"#
            let scenario = TestScenario.make(
                timing: #""cooperativePoolWidth": 1, "exitDurationMs": 100"#,
                strategies: ["other bucket": "[\(blocker), \(signaller)]"],
                procedures: [
                    "watched": #"[{"op": "turn", "watchdogMs": 5000, "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#
                ])
            let outcome = TestScenario.run(scenario)
            #expect(outcome.cleanupFinished, "\(priority)")
            expectEqual(outcome.deadlock, nil, "\(priority)")
        }
    }

    @Test("a main-thread wait on a starved pool: the chain goes through the pool, and the watchdog kills the process")
    func mainThreadOnStarvedPool() {
        let outcome = TestScenario.run(starvedPool(width: 1, mainWaits: true))
        expectEqual(outcome.death?.cause, .watchdog)
        expectEqual(
            outcome.deadlock, [
                .threadWaits(thread: "main thread", semaphore: "done", inHook: "hook"),
                .signaledOnlyBy(semaphore: "done", contexts: ["Task.detached from hook #1"]),
                .runsOnBlockedThread(context: "Task.detached from hook #1", thread: "cooperative-pool thread 1"),
                .threadWaits(thread: "cooperative-pool thread 1", semaphore: "a", inHook: "hook"),
                .signaledOnlyBy(semaphore: "a", contexts: ["Task.detached from hook #2"]),
                .queuedForBlockedPool(context: "Task.detached from hook #2", width: 1),
            ])
    }

    @Test("with a free cooperative thread the same program is no deadlock")
    func widerPoolIsNoDeadlock() {
        let outcome = TestScenario.run(starvedPool(width: 2, mainWaits: true))
        expectEqual(outcome.deadlock, nil)
        #expect(outcome.cleanupFinished)
        expectEqual(outcome.death?.cause, .exit)
    }

    @Test("Task.detached + semaphore is no deadlock: the detached task signals from the pool")
    func detachedSemaphoreIsNoDeadlock() {
        let scenario = TestScenario.make(
            strategies: [
                "d": #"[{"op": "detached", "body": [\#(call), {"op": "signal", "semaphore": "done"}]}, {"op": "wait", "semaphore": "done"}]"#
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.deadlock, nil)
        #expect(outcome.cleanupFinished)
    }

    @Test("the main thread waiting on a default-QoS signaler is a priority inversion in the checker's words")
    func inversionDefault() {
        let scenario = TestScenario.make(
            strategies: [
                "d": #"[{"op": "detached", "body": [\#(call), {"op": "signal", "semaphore": "done"}]}, {"op": "wait", "semaphore": "done"}]"#
            ])
        let inversion = TestScenario.run(scenario).inversion
        expectEqual(inversion?.waiter, .userInteractive)
        expectEqual(inversion?.signaler, .default)
        expectEqual(inversion?.count, 1)
        expectEqual(
            inversion?.checkerMessage,
                "Thread running at User-interactive quality-of-service class waiting on a lower QoS thread running at Default quality-of-service class."
        )
    }

    @Test("a signaler at the waiter's own class is no inversion")
    func noInversionAtEqualQoS() {
        let scenario = TestScenario.make(
            strategies: [
                "d": """
                [{"op": "detached", "priority": "userInteractive", "body": [\(call), {"op": "signal", "semaphore": "done"}]},
                 {"op": "wait", "semaphore": "done"}]
                """
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.inversion, nil)
        #expect(outcome.cleanupFinished)
    }

    @Test("a signal with no waiter is no inversion")
    func noWaiterNoInversion() {
        let scenario = TestScenario.make(
            timing: #""exitDurationMs": 50"#,
            strategies: [
                "d": #"[{"op": "detached", "priority": "background", "body": [\#(call), {"op": "signal", "semaphore": "done"}]}]"#
            ])
        expectEqual(TestScenario.run(scenario).inversion, nil)
    }
}
