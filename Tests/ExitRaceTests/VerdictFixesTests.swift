import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain
import ExitRaceCLI

/// Verdicts that were wrong (issue 21, section 1), each with the scenario that showed it: the
/// table cell, its marks and the words of the explanation.
@Suite("Verdict fixes")
struct VerdictFixesTests {
    static func explanation(_ scenario: Scenario, strategy: Int = 0, procedure: Int = 0) -> String {
        CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: strategy, procedure: procedure)).renderText()
    }

    /// The first cell's text, as the table prints it.
    static func cellText(_ scenario: Scenario) -> String {
        let table = Simulator(scenario: scenario).table()
        return table.cellText(table.cells[0])
    }

    // MARK: - A flag already set is no deadlock

    /// Two detached tasks of equal QoS start at 10 ms: the poller looks first and sleeps 100 ms,
    /// the setter sets `ready` an instant later. The hook keeps the main thread 20 ms, so the
    /// process dies at 23 ms with the poller asleep and the flag set.
    static let flagAlreadySet = TestScenario.make(
        strategies: [
            "poll, then set": """
            [{"op": "detached", "body": [{"op": "waitUntil", "flag": "ready", "pollMs": 100}, {"op": "call", "name": "request"}]},
             {"op": "detached", "body": [{"op": "set", "flag": "ready"}]},
             {"op": "work", "ms": 20}]
            """
        ])

    @Test("a poller asleep on a flag already set is a loss by time, not a deadlock")
    func flagAlreadySetIsNoDeadlock() {
        let outcome = TestScenario.run(Self.flagAlreadySet)
        expectEqual(outcome.deadlockChain, nil)
        expectEqual(outcome.deadlockAfterDeath, nil)
        expectEqual(outcome.wouldHaveFinishedAt, TestScenario.ms(111))
        expectEqual(Self.cellText(Self.flagAlreadySet), "×")
        let text = Self.explanation(Self.flagAlreadySet)
        expectNotContains(text, "deadlock")
        expectNotContains(text, "no code left sets")
        expectContains(text, "lost by 88 ms (it would have finished at 111 ms)")
    }

    // MARK: - Deadlocks after death

    /// A pool of width 2: two detached tasks wait on a semaphore that only a third signals; all
    /// three become ready at 10 ms, after `exit` completed at 3 ms. The third never gets a thread,
    /// but only had the process lived.
    static let starvedAfterDeath = TestScenario.make(
        timing: #""cooperativePoolWidth": 2"#,
        strategies: [
            "starve the pool": """
            [{"op": "detached", "body": [{"op": "wait", "semaphore": "s"}]},
             {"op": "detached", "body": [{"op": "wait", "semaphore": "s"}]},
             {"op": "detached", "body": [{"op": "call", "name": "request"}, {"op": "signal", "semaphore": "s"},
                                         {"op": "signal", "semaphore": "s"}]}]
            """
        ])

    @Test("a deadlock that forms only after the process died marks nothing; explain tells it as what would have happened")
    func deadlockAfterDeathIsNotMarked() {
        let outcome = TestScenario.run(Self.starvedAfterDeath)
        expectEqual(outcome.death?.at, TestScenario.ms(3))
        expectEqual(outcome.deadlockChain, nil)
        #expect(outcome.deadlockAfterDeath != nil)
        expectEqual(Self.cellText(Self.starvedAfterDeath), "×")
        let table = Simulator(scenario: Self.starvedAfterDeath).table()
        expectNotContains(TextRenderer.render(table), "[d]")
        expectNotContains(JSONRenderer.render([table]), #""deadlock": true"#)
        let text = Self.explanation(Self.starvedAfterDeath)
        expectContains(text, "when the process exited at 3 ms; had it lived, it would have deadlocked: ")
        #expect(text.contains("every cooperative thread (2)") || text.contains("(2)"))
        expectNotContains(text, "× deadlock")
    }

    @Test("a deadlock formed before death still marks [d]")
    func deadlockBeforeDeathIsMarked() {
        let scenario = TestScenario.make(
            strategies: [
                "Task + semaphore": """
                [{"op": "task", "body": [{"op": "call", "name": "request"}, {"op": "signal", "semaphore": "done"}]},
                 {"op": "wait", "semaphore": "done"}]
                """
            ],
            procedures: [
                "watched": #"[{"op": "turn", "watchdogMs": 5000, "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#
            ])
        expectEqual(Self.cellText(scenario), "× [d]")
    }

    // MARK: - explore and races after death

    /// Two detached tasks of equal QoS finish 60 ms of work at the same instant, 70 ms, long after
    /// the process died at 3 ms: a race that can change nothing.
    static let raceAfterDeath = TestScenario.make(
        strategies: [
            "race after death": """
            [{"op": "detached", "body": [{"op": "work", "ms": 60}, {"op": "call", "name": "request"}]},
             {"op": "detached", "body": [{"op": "work", "ms": 60}]}]
            """
        ])

    @Test("explore does not count races after death as choice points")
    func exploreIgnoresRacesAfterDeath() {
        let exploration = ScheduleExplorer.explore(
            Simulator(scenario: Self.raceAfterDeath), cell: CellIndex(hook: 0, strategy: 0), procedure: 0,
            limits: ExplorationLimits())
        expectEqual(exploration.defaultChoicePoints, 0)
        expectEqual(exploration.schedules, 1)
        #expect(!exploration.isOrderSensitive)
        expectEqual(exploration.robustness, "robust")
    }

    // MARK: - [w] under any procedure

    /// Task.detached + semaphore whose reply comes after 6 s: under `watched` the 5 s watchdog
    /// kills the process after the cleanup took effect; under `plain` nothing watches the turn.
    static func slowReplyTwoProcedures() -> ResultTable {
        let scenario = TestScenario.make(
            call: #""costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 6000"#,
            strategies: [
                "Task.detached + semaphore": """
                [{"op": "detached", "body": [{"op": "call", "name": "request"}, {"op": "signal", "semaphore": "done"}]},
                 {"op": "wait", "semaphore": "done"}]
                """
            ],
            procedures: [
                "plain": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#,
                "watched": #"[{"op": "turn", "watchdogMs": 5000, "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#,
            ])
        return Simulator(scenario: scenario).table()
    }

    @Test("[w] marks a cell when any procedure's run ended in a watchdog kill, naming it in every format")
    func watchdogUnderOneProcedure() {
        let table = Self.slowReplyTwoProcedures()
        let cell = table.cells[0]
        expectEqual(cell.verdict, .always)
        expectEqual(cell.watchdogKillProcedures, [1])
        expectEqual(table.cellText(cell), "○ [i] [w]")
        let text = TextRenderer.render(table)
        expectContains(text, "[w] watchdog kill: the cleanup finished, then a watchdog killed the app (0x8badf00d) under a procedure")
        expectContains(text, "(watched): the cleanup finished at 11 ms, then the watchdog killed the process at")
        expectNotContains(text, "(plain): the cleanup finished")
        expectContains(MarkdownRenderer.render(table), "| ○ \\[i\\] \\[w\\] |")
        let json = JSONRenderer.render([table])
        expectContains(json, #""watchdogKill": true"#)
        #expect(json.contains(#""watchdogKillIn": ["watched"]"#) || json.contains("\"watchdogKillIn\": [\n"))
        let document = ResultDocument(table: table)
        #expect(document.cells[0].watchdogKill)
        expectEqual(document.cells[0].watchdogKillIn, ["watched"])
        var before = document
        before.cells[0].watchdogKill = false
        before.cells[0].watchdogKillIn = []
        expectContains(ResultDiff(old: [before], new: [document]).renderText(), "watchdog kill appeared (watched)")
        let html = HTMLReport.render(ReportContent.compute([table.scenario]))
        expectContains(html, "[w] the cleanup finished, then a watchdog killed the process (0x8badf00d, a crash report on a device) under: watched")
    }

    // MARK: - explain and reply waits

    @Test("explain names a reply wait as one: the suspension is shown and the request is not said to be unsent")
    func replyWait() {
        let out = Tool.main([
            "explain", "--hook", "SceneDelegate", "--strategy", "Task", "--procedure", "background",
            "--set", #"systemCalls["Activity.end"].replyLatencyMs=100"#,
            "--set", #"systemCalls["Activity.end"].takesEffectOn="reply""#,
        ]).stdout
        expectContains(out, "receives the Activity.end request")
        expectContains(out, "cooperative-pool thread 1  Task (main actor) from sceneDidDisconnect suspends (await)")
        expectNotContains(out, "its request had not left yet")
        expectContains(out,
            "× lost: Task (main actor) from sceneDidDisconnect had sent Activity.end and was waiting for the reply "
                + "when the process exited at 53 ms: lost by 48.1 ms (it would have finished at 101.1 ms); the call takes effect on reply.")
    }

    // MARK: - A hand-written turn's watchdog

    static func willTerminateTurn(watchdog: String = "", lifecycle: String = "", hook: String = "applicationWillTerminate") -> Scenario {
        let json = """
            {
              "name": "turn-watchdog",
              "lifecycle": {\(lifecycle)},
              "systemCalls": {"request": {"costMs": 1}},
              "hooks": {"\(hook)": {}},
              "strategies": {"block 6 s": {"program": [
                {"op": "detached", "body": [{"op": "call", "name": "request"}]},
                {"op": "sleep", "ms": 6000}]}},
              "procedures": {"kill": {"steps": [
                {"op": "turn", \(watchdog) "actions": [{"op": "hook", "name": "\(hook)"}, {"op": "exit"}]}]}}
            }
            """
        do {
            return try ScenarioDecoder.decode(json, file: "turn-watchdog.json")
        } catch {
            preconditionFailure("\(error)")
        }
    }

    @Test("a hand-written turn without watchdogMs gets the lifecycle watchdog of the callback it delivers")
    func handWrittenTurnWatchdog() {
        let terminate = TestScenario.run(Self.willTerminateTurn())
        expectEqual(terminate.death, RunOutcome.Death(at: TestScenario.ms(5000), cause: .watchdog))
        let longer = TestScenario.run(Self.willTerminateTurn(lifecycle: #""terminationWatchdogMs": 7000"#))
        expectEqual(longer.death, RunOutcome.Death(at: TestScenario.ms(6003), cause: .exit))
        let own = TestScenario.run(Self.willTerminateTurn(watchdog: #""watchdogMs": 1000,"#))
        expectEqual(own.death, RunOutcome.Death(at: TestScenario.ms(1000), cause: .watchdog))
        let launch = TestScenario.run(Self.willTerminateTurn(lifecycle: #""launchWatchdogMs": 2000"#, hook: "applicationDidFinishLaunching"))
        expectEqual(launch.death, RunOutcome.Death(at: TestScenario.ms(2000), cause: .watchdog))
        let other = TestScenario.run(Self.willTerminateTurn(lifecycle: #""callbackWatchdogMs": 3000"#, hook: "sceneWillEnterForeground"))
        expectEqual(other.death, RunOutcome.Death(at: TestScenario.ms(3000), cause: .watchdog))
        let custom = TestScenario.run(Self.willTerminateTurn(hook: "myCallback"))
        expectEqual(custom.death, RunOutcome.Death(at: TestScenario.ms(6003), cause: .exit))
        expectEqual(LifecycleBudget.watchdog(forTurn: [.work(.ms(1)), .exit]), nil)
    }
}
