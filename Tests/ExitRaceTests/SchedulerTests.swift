import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark

/// The scheduler's semantics, each on a scenario that isolates it. Unless a test says otherwise:
/// exit takes 3 ms, start latency is 0.1 ms at user-initiated and 10 ms at default, and the system
/// call costs 1 ms, is delivered at its end and replies 2 ms later.
@Suite("Scheduler semantics")
struct SchedulerTests {
    let call = #"{"op": "call", "name": "request"}"#

    @Test("a detached task waits the default-QoS start latency, then the call is delivered after its cost")
    func detachedStartLatency() {
        let scenario = TestScenario.make(
            strategies: ["detached": #"[{"op": "detached", "body": [\#(call)]}]"#],
            procedures: [
                "exit-later": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}, {"op": "work", "ms": 20}, {"op": "exit"}]}]"#
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.cleanupAt, TestScenario.ms(11))
        expectEqual(outcome.death, .init(at: TestScenario.ms(23), cause: .exit))
        expectEqual(outcome.margin, .ms(12))
    }

    @Test("other threads keep running while exit takes its time; the request must land before exit completes")
    func exitDuration() {
        let win = TestScenario.make(
            timing: #""exitDurationMs": 12"#,
            strategies: ["detached": #"[{"op": "detached", "body": [\#(call)]}]"#])
        #expect(TestScenario.run(win).cleanupFinished)
        let lose = TestScenario.make(
            timing: #""exitDurationMs": 10.5"#,
            strategies: ["detached": #"[{"op": "detached", "body": [\#(call)]}]"#])
        let outcome = TestScenario.run(lose)
        #expect(!outcome.cleanupFinished)
        expectEqual(outcome.wouldHaveFinishedAt, TestScenario.ms(11))
        expectEqual(outcome.margin, VirtualDuration(nanoseconds: -500_000))
    }

    @Test("Task {} from the main thread inherits the main actor and priority 25: it hops to the pool at user-initiated latency")
    func taskHopsOffTheMainActor() {
        let scenario = TestScenario.make(
            strategies: ["Task": #"[{"op": "task", "body": [\#(call)]}]"#],
            procedures: [
                "two turns": """
                [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]},
                 {"op": "delay", "ms": 20},
                 {"op": "turn", "actions": [{"op": "exit"}]}]
                """
            ])
        let outcome = TestScenario.run(scenario)
        // Queued on the main actor at 0, runs when the turn returns, hops: 0.1 ms + 1 ms.
        expectEqual(outcome.cleanupAt, TestScenario.ms(1.1))
    }

    @Test("a main-actor task never runs when the main thread never gets another turn")
    func mainActorStarvedBySingleTurn() {
        let scenario = TestScenario.make(strategies: ["Task": #"[{"op": "task", "body": [\#(call)]}]"#])
        let outcome = TestScenario.run(scenario)
        #expect(!outcome.cleanupFinished)
        expectEqual(outcome.wouldHaveFinishedAt, nil)
        expectEqual(outcome.margin, nil)
    }

    @Test("the main queue is FIFO: a block dispatched from a hook runs before a turn enqueued later")
    func mainQueueFIFO() {
        let scenario = TestScenario.make(
            strategies: [
                "main.async": #"[{"op": "dispatch", "queue": "main", "body": [{"op": "task", "body": [\#(call)]}]}]"#
            ],
            procedures: [
                "two turns": """
                [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]},
                 {"op": "turn", "actions": [{"op": "work", "ms": 5}, {"op": "exit"}]}]
                """
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.cleanupAt, TestScenario.ms(1.1))
    }

    @Test("Task.detached(priority:) picks its start latency from its QoS class")
    func explicitPriority() {
        for (priority, expected) in [("high", 1.1), ("medium", 11.0), ("low", 21.0), ("background", 51.0)] {
            let scenario = TestScenario.make(
                timing: #""exitDurationMs": 100"#,
                strategies: ["d": #"[{"op": "detached", "priority": "\#(priority)", "body": [\#(call)]}]"#])
            expectEqual(TestScenario.run(scenario).cleanupAt, TestScenario.ms(expected), "priority \(priority)")
        }
    }

    @Test("a one-thread pool gives a bucket with pending work and no thread a thread of its own (workq_cooperative_allowance)")
    func poolBucketAllowance() {
        // Both jobs are ready by the time the pool's only thread frees up at 5 ms.
        let scenario = TestScenario.make(
            timing: #""cooperativePoolWidth": 1, "exitDurationMs": 100, "startLatencyMs": {"utility": 0, "userInitiated": 0, "default": 0}"#,
            call: #""costMs": 1, "cleanup": true"#,
            strategies: [
                "mix": """
                [{"op": "detached", "priority": "high", "body": [{"op": "work", "ms": 5}]},
                 {"op": "detached", "priority": "low", "body": [\(call), {"op": "signal", "semaphore": "low"}]},
                 {"op": "detached", "priority": "high", "body": [{"op": "wait", "semaphore": "low"}, \(call)]}]
                """
            ])
        // high#1 runs 0–5 on the width's one thread; low's bucket has no thread, so it gets one at
        // 0, and its request counts at 1; it signals when the reply is back, at 3. high#2 waits
        // for high#1's thread (its bucket has one), then passes the wait at once. Before the
        // per-bucket rule, high#2 took the freed thread first and blocked it for good: low never ran.
        // high#2 makes its own call at 5 ms, which counts at 6: each place owes its call.
        let outcome = TestScenario.run(scenario)
        #expect(outcome.cleanupFinished)
        expectEqual(outcome.cleanupAt, TestScenario.ms(6))
        expectEqual(outcome.deadlock, nil)
    }

    @Test("a width-1 pool held by a utility job does not hold back a .high cleanup")
    func highDoesNotWaitForUtility() {
        func cleanupAt(width: Int) -> VirtualInstant? {
            let scenario = TestScenario.make(
                timing: #""cooperativePoolWidth": \#(width), "exitDurationMs": 100, "startLatencyMs": {"utility": 0, "userInitiated": 0}"#,
                strategies: [
                    "s": """
                    [{"op": "detached", "priority": "low", "body": [{"op": "work", "ms": 50}]},
                     {"op": "detached", "priority": "high", "body": [\(call)]}]
                    """
                ])
            return TestScenario.run(scenario).cleanupAt
        }
        // Rule 3: threads of the buckets at or above user-initiated (none) are under the width.
        expectEqual(cleanupAt(width: 1), TestScenario.ms(1))
        expectEqual(cleanupAt(width: 2), TestScenario.ms(1))
    }

    @Test("within one bucket the width holds: a second utility job waits for the first")
    func sameBucketWaits() {
        let scenario = TestScenario.make(
            timing: #""cooperativePoolWidth": 1, "exitDurationMs": 100, "startLatencyMs": {"utility": 0}"#,
            strategies: [
                "s": """
                [{"op": "detached", "priority": "low", "body": [{"op": "work", "ms": 5}]},
                 {"op": "detached", "priority": "low", "body": [\(call)]}]
                """
            ])
        expectEqual(TestScenario.run(scenario).cleanupAt, TestScenario.ms(6))
    }

    @Test("a blocked cooperative thread holds its slot; a wider pool avoids the starvation")
    func widerPoolRunsBoth() {
        let scenario = TestScenario.make(
            timing: #""cooperativePoolWidth": 2, "exitDurationMs": 100, "startLatencyMs": {"utility": 0, "userInitiated": 0, "default": 0}"#,
            strategies: [
                "mix": """
                [{"op": "detached", "priority": "high", "body": [{"op": "wait", "semaphore": "low"}, \(call)]},
                 {"op": "detached", "priority": "low", "body": [{"op": "work", "ms": 1}, {"op": "signal", "semaphore": "low"}]}]
                """
            ])
        let outcome = TestScenario.run(scenario)
        #expect(outcome.cleanupFinished)
        // low works 0–1 and signals; high, blocked on the other thread, calls 1–2.
        expectEqual(outcome.cleanupAt, TestScenario.ms(2))
    }

    @Test("a signal before the wait is counted; the wait then passes at once")
    func signalThenWait() {
        let scenario = TestScenario.make(
            strategies: [
                "s": """
                [{"op": "signal", "semaphore": "s"}, {"op": "wait", "semaphore": "s"},
                 {"op": "detached", "priority": "high", "body": [\(call)]}]
                """
            ])
        expectEqual(TestScenario.run(scenario).cleanupAt, TestScenario.ms(1.1))
    }

    @Test("a wait with a timeout returns when it expires, and the main thread goes on")
    func waitTimeout() {
        let scenario = TestScenario.make(
            timing: #""exitDurationMs": 1"#,
            strategies: [
                "timeout": """
                [{"op": "task", "body": [\(call), {"op": "signal", "semaphore": "s"}]},
                 {"op": "wait", "semaphore": "s", "timeoutMs": 100}]
                """
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.death, .init(at: TestScenario.ms(101), cause: .exit))
        expectEqual(outcome.deadlock, nil)
        #expect(!outcome.cleanupFinished)
    }

    @Test("Thread.sleep blocks its thread; Task.sleep frees it for others")
    func sleepVersusTaskSleep() {
        func cleanupAt(_ sleepOp: String) -> VirtualInstant? {
            let scenario = TestScenario.make(
                timing: #""cooperativePoolWidth": 1, "exitDurationMs": 100, "startLatencyMs": {"userInitiated": 0}"#,
                strategies: [
                    "s": """
                    [{"op": "detached", "priority": "high", "body": [{"op": "\(sleepOp)", "ms": 10}]},
                     {"op": "detached", "priority": "high", "body": [\(call)]}]
                    """
                ])
            return TestScenario.run(scenario).cleanupAt
        }
        expectEqual(cleanupAt("sleep"), TestScenario.ms(11))
        expectEqual(cleanupAt("taskSleep"), TestScenario.ms(1))
    }

    @Test("with takesEffectOn reply, the request counts only when the reply is back in a live process")
    func effectOnReply() {
        let delivery = TestScenario.make(
            timing: #""exitDurationMs": 12"#,
            strategies: ["d": #"[{"op": "detached", "body": [\#(call)]}]"#])
        #expect(TestScenario.run(delivery).cleanupFinished)
        let reply = TestScenario.make(
            timing: #""exitDurationMs": 12"#,
            call: #""costMs": 1, "replyLatencyMs": 2, "takesEffectOn": "reply""#,
            strategies: ["d": #"[{"op": "detached", "body": [\#(call)]}]"#])
        let outcome = TestScenario.run(reply)
        #expect(!outcome.cleanupFinished)
        expectEqual(outcome.wouldHaveFinishedAt, TestScenario.ms(13))
    }

    @Test("deliverAfterMs: the request can leave before the call's work on the thread is over")
    func earlyDelivery() {
        let scenario = TestScenario.make(
            call: #""costMs": 5, "deliverAfterMs": 0.5"#,
            strategies: ["d": #"[{"op": "detached", "priority": "high", "body": [\#(call)]}]"#])
        expectEqual(TestScenario.run(scenario).cleanupAt, TestScenario.ms(0.6))
    }

    @Test("a watchdog kills the process when a turn does not return within its budget")
    func watchdog() {
        let scenario = TestScenario.make(
            strategies: ["hang": #"[{"op": "work", "ms": 10000}, {"op": "detached", "body": [\#(call)]}]"#],
            procedures: [
                "watched": #"[{"op": "turn", "watchdogMs": 5000, "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.death, .init(at: TestScenario.ms(5000), cause: .watchdog))
        #expect(!outcome.cleanupFinished)
    }

    @Test("SIGKILL with no callback: the hook never runs")
    func sigkill() {
        let scenario = TestScenario.make(
            strategies: ["d": #"[{"op": "detached", "priority": "high", "body": [\#(call)]}]"#],
            procedures: [
                "suspended": #"[{"op": "sigkill"}]"#,
                // Some procedure must deliver the hook, or the scenario is refused.
                "foreground": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#,
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.death, .init(at: .start, cause: .sigkill))
        #expect(!outcome.cleanupFinished && outcome.wouldHaveFinishedAt == nil)
    }

    @Test("a procedure that never kills leaves the process alive; the run ends when nothing is left")
    func noKill() {
        let scenario = TestScenario.make(
            strategies: ["d": #"[{"op": "detached", "body": [\#(call)]}]"#],
            procedures: ["alive": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]"#])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.death, nil)
        #expect(outcome.cleanupFinished)
        expectEqual(outcome.margin, nil)
    }

    @Test("each delivery of a hook runs the strategy with semaphores of its own")
    func hookDeliveredTwice() {
        // The first delivery's wait times out and leaves a signal behind; a shared semaphore would
        // let the second delivery's wait pass at once.
        let scenario = TestScenario.make(
            strategies: [
                "wait": """
                [{"op": "wait", "semaphore": "s", "timeoutMs": 10}, {"op": "signal", "semaphore": "s"},
                 {"op": "detached", "priority": "high", "body": [\(call)]}]
                """
            ],
            procedures: [
                "twice": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}, {"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#
            ])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.death?.at, TestScenario.ms(23))
        // The cleanup needs Activity-style calls once: the first delivery's call already counts.
        expectEqual(outcome.cleanupAt, TestScenario.ms(11.1))
    }

    @Test("hitting limits.maxEvents is reported, not a hang")
    func eventBound() {
        let scenario = TestScenario.make(
            limits: #""maxEvents": 3"#,
            strategies: ["d": #"[{"op": "detached", "body": [\#(call)]}]"#],
            procedures: ["alive": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]"#])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.boundReached, .events)
        expectEqual(outcome.events, 3)
    }

    @Test("hitting limits.maxTimeMs is reported")
    func timeBound() {
        let scenario = TestScenario.make(
            limits: #""maxTimeMs": 5"#,
            strategies: ["d": #"[{"op": "detached", "body": [\#(call)]}]"#],
            procedures: ["alive": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]"#])
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.boundReached, .time)
        #expect(!outcome.cleanupFinished)
    }
}
