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

/// Services that outlive the process: work a call hands to the system (a background transfer, a
/// scheduled background task, a push), which the system finishes after the process died. Each
/// rule with the timeline it must give.
@Suite("Services that outlive the process")
struct ServiceTests {
    /// A production app (suspended in the background) whose one strategy makes `call` from
    /// `sceneDidEnterBackground`, under each of the kill procedures named.
    static func scenario(
        call: String, extra: String = "", procedures: String = Self.jetsam, debugger: Bool = false
    ) throws -> Scenario {
        let json = """
            {
              "name": "services",
              "lifecycle": {"debuggerAttached": \(debugger)},
              \(extra)
              "systemCalls": {"work": {\(call)}},
              "hooks": {"sceneDidEnterBackground": {}},
              "strategies": {"s": {"program": [{"op": "call", "name": "work", "queue": "main", "completion": []}]}},
              "procedures": {\(procedures)}
            }
            """
        return try ScenarioDecoder.decode(json, file: "services.json")
    }

    static let jetsam = #""jetsam": {"steps": [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 100}, {"op": "action", "action": "jetsam"}]}"#
    static let swipe = #""swipe": {"steps": [{"op": "action", "action": "pressHome"}, {"op": "action", "action": "openSwitcher"}, {"op": "action", "action": "swipeAway"}]}"#
    static let transfer = #""costMs": 2, "service": "backgroundTransfer", "serviceRunMs": 300, "relaunchAfterMs": 100"#
    static let task = #""costMs": 1, "service": "backgroundTask", "serviceStartAfterMs": 60000, "serviceRunMs": 5000, "serviceAllowanceMs": 30000"#

    static func explain(_ scenario: Scenario, procedure: Int = 0) -> CellExplanation {
        CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: procedure))
    }

    static func timeline(_ scenario: Scenario, procedure: Int = 0) -> [String] {
        explain(scenario, procedure: procedure).lines.map { "\($0.time / 1000)µs \($0.place): \($0.text)" }
    }

    static func decodeErrors(_ call: String) -> String {
        do {
            _ = try scenario(call: call)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("a background transfer handed off before jetsam is done under the system after death, and counts; the app is relaunched for its events")
    func transferOutlivesProcess() throws {
        let scenario = try Self.scenario(call: Self.transfer)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("2000µs system service: takes over the background transfer of work: it goes on outside the app's process"))
        #expect(lines.contains("102000µs process: the process was killed (SIGKILL)"))
        #expect(lines.contains("302000µs system service: the background transfer of work is done in the system's transfer daemon"))
        #expect(lines.contains("302000µs system: the cleanup (work) takes effect"))
        #expect(lines.contains("402000µs system service: relaunches the app in the background for the session's events: "
            + "application(_:handleEventsForBackgroundURLSession:completionHandler:) (the relaunched process is not simulated)"))
        let outcome = TestScenario.run(scenario)
        #expect(outcome.cleanupFinished && outcome.finishedBySystemAfterDeath)
        expectEqual(outcome.cleanupAt, TestScenario.ms(302))
        expectEqual(outcome.margin, nil, "a finish under the system did not race the process's death")
        let explanation = Self.explain(scenario)
        #expect(explanation.verdict.hasPrefix("○ finished under the system: the background transfer of work was done at 302 ms, "
            + "after the process was killed (SIGKILL) at 102 ms"))
        expectContains(explanation.renderText(), "the system's work outside the process does happen")
    }

    @Test("a force quit cancels a background transfer not yet done (URLError…userForceQuitApplication)")
    func forceQuitCancelsTransfer() throws {
        let scenario = try Self.scenario(call: Self.transfer, procedures: Self.swipe)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("2000µs user: force-quits the app from the app switcher: the system cancels work that a force quit cancels"))
        // Cancelled at the force quit, when it happens (ForceQuitCancellationTimelineTests).
        #expect(lines.contains("2000µs system service: cancels the background transfer of work: the user force-quit the app (cancelledByForceQuit)"))
        let outcome = TestScenario.run(scenario)
        #expect(!outcome.cleanupFinished && outcome.cleanupAt == nil && outcome.wouldHaveFinishedAt == nil)
        #expect(Self.explain(scenario).verdict.hasPrefix(
            "× lost: the user force-quit the app at 2 ms, and the system cancelled the background transfer of work"))
    }

    @Test("a transfer done before the force quit counts; cancelledByForceQuit false keeps it through one")
    func transferBeforeForceQuit() throws {
        let late = #""late": {"steps": [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 1000}, {"op": "action", "action": "openSwitcher"}, {"op": "action", "action": "swipeAway"}]}"#
        let done = try Self.scenario(call: Self.transfer, procedures: late)
        let outcome = TestScenario.run(done)
        #expect(outcome.cleanupFinished && !outcome.finishedBySystemAfterDeath && outcome.cleanupAt == TestScenario.ms(302))
        let kept = try Self.scenario(call: Self.transfer + #", "cancelledByForceQuit": false"#, procedures: Self.swipe)
        #expect(TestScenario.run(kept).cleanupFinished)
    }

    @Test("a scheduled background task runs later, its own allowance; its work done within it counts")
    func backgroundTaskRuns() throws {
        let scenario = try Self.scenario(call: Self.task)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("1000µs system service: takes over the scheduled background task of work: it goes on outside the app's process"))
        #expect(lines.contains("60001000µs system service: launches the app in the background (a new process if it is not running) "
            + "to run the scheduled background task of work"))
        #expect(lines.contains("65001000µs system service: the scheduled background task of work is done"))
        let outcome = TestScenario.run(scenario)
        #expect(outcome.cleanupFinished && outcome.finishedBySystemAfterDeath && outcome.cleanupAt == TestScenario.ms(65001))
    }

    @Test("a background task whose work outlasts its allowance expires: its expiration handler is called, and it does not count")
    func backgroundTaskExpires() throws {
        let scenario = try Self.scenario(call: Self.task.replacingOccurrences(of: "\"serviceRunMs\": 5000", with: "\"serviceRunMs\": 40000"))
        #expect(Self.timeline(scenario).contains("90001000µs system service: the scheduled background task of work ran out of its "
            + "allowance (serviceAllowanceMs) before its work was done: its expiration handler is called and the task ends unfinished"))
        #expect(!TestScenario.run(scenario).cleanupFinished)
        expectEqual(Self.explain(scenario).verdict, "× lost: the scheduled background task of work started at 60001 ms and ran out of "
            + "its allowance at 90001 ms before its work was done (serviceRunMs is longer than serviceAllowanceMs): its expiration "
            + "handler is called and the task ends unfinished.")
    }

    @Test("a force quit before its launch cancels a background task by default, not with cancelledByForceQuit false")
    func backgroundTaskAndForceQuit() throws {
        let cancelled = try Self.scenario(call: Self.task, procedures: Self.swipe)
        #expect(Self.timeline(cancelled).contains {
            $0.hasSuffix("system service: cancels the scheduled background task of work: the user force-quit the app (cancelledByForceQuit)")
                && !$0.hasPrefix("60001000µs")
        })
        #expect(!TestScenario.run(cancelled).cleanupFinished)
        let kept = try Self.scenario(call: Self.task + #", "cancelledByForceQuit": false"#, procedures: Self.swipe)
        expectEqual(TestScenario.run(kept).cleanupAt, TestScenario.ms(65001))
    }

    @Test("a push ends the Live Activity when it arrives, after the process died; the run goes on for it under any goal")
    func pushEndsActivity() throws {
        let scenario = try Self.scenario(
            call: #""costMs": 1, "service": "push", "serviceRunMs": 2000, "activity": "end", "dismissal": "immediate""#,
            extra: #""activity": {"startedAtMs": 0}, "goal": {"kind": "activityGone", "atMs": 10000},"#, procedures: Self.swipe)
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.death?.at, TestScenario.ms(54), "swiped away from the background: exit at 54 ms")
        expectEqual(outcome.activity?.endedAt, TestScenario.ms(2001), "a push is not cancelled by a force quit")
        #expect(outcome.cleanupFinished)
        #expect(Self.timeline(scenario).contains("2001000µs system service: the push of work is done"))
    }

    @Test("work handed off only after death (as if the process had lived) does not count")
    func handOffAfterDeath() throws {
        let watchdog = #""watchdog": {"steps": [{"op": "turn", "watchdogMs": 100, "actions": [{"op": "hook", "name": "sceneDidEnterBackground"}]}]}"#
        let scenario = try Self.scenario(
            call: #""costMs": 200, "service": "backgroundTransfer", "serviceRunMs": 300"#, procedures: watchdog)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("200000µs system service: would take over the background transfer of work now: too late, the process is gone"))
        let outcome = TestScenario.run(scenario)
        #expect(!outcome.cleanupFinished && outcome.wouldHaveFinishedAt == TestScenario.ms(500))
    }

    @Test("a transfer ending at the instant of a force quit is a choice point: each order gives its result")
    func forceQuitRaceIsExplored() throws {
        let race = #""race": {"steps": [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 300}, {"op": "action", "action": "openSwitcher"}, {"op": "action", "action": "swipeAway"}]}"#
        let scenario = try Self.scenario(call: Self.transfer, procedures: race, debugger: true)
        let exploration = ScenarioExploration(simulator: Simulator(scenario: scenario), limits: ExplorationLimits())
        let cell = try #require(exploration.cells.first)
        #expect(cell.isOrderSensitive && cell.exhaustive)
        expectEqual(Set(cell.witnesses.map(\.result.finished)), [true, false])
    }

    @Test("a service's members are checked: each goes with service, its kind, and no takesEffectOn")
    func decoding() {
        expectContains(Self.decodeErrors(#""costMs": 1, "serviceRunMs": 3"#), #"systemCalls.work.serviceRunMs: goes with "service""#)
        expectContains(Self.decodeErrors(#""costMs": 1, "service": "push""#), "serviceRunMs")
        #expect(Self.decodeErrors(#""costMs": 1, "service": "push", "serviceRunMs": 3, "takesEffectOn": "reply""#)
            .contains("expected no takesEffectOn with \"service\""))
        #expect(Self.decodeErrors(#""costMs": 1, "service": "push", "serviceRunMs": 3, "serviceAllowanceMs": 9"#)
            .contains(#"goes with "service": "backgroundTask" only"#))
        expectContains(Self.decodeErrors(#""costMs": 1, "service": "backgroundTask", "serviceRunMs": 3"#), "serviceAllowanceMs")
        #expect(Self.decodeErrors(#""costMs": 1, "service": "push", "serviceRunMs": 3, "relaunchAfterMs": 9"#)
            .contains(#"goes with "service": "backgroundTransfer" only"#))
        expectContains(Self.decodeErrors(#""costMs": 1, "service": "backgroundTransfr", "serviceRunMs": 3"#), "did you mean")
        expectEqual(Self.decodeErrors(Self.transfer), "")
    }

    @Test("a service's timings are settings: --set and sweeps reach them")
    func timingsAreSettings() throws {
        let scenario = try Self.scenario(call: Self.transfer)
        let space = ParameterSpace(scenario: scenario)
        for key in ["serviceStartAfterMs", "serviceRunMs", "relaunchAfterMs"] {
            #expect(space.index(canonical: SettingPath.systemCall("work", key)) != nil, "\(key)")
        }
        let simulator = Simulator(scenario: scenario)
        var values = simulator.defaults
        try values.set(#"systemCalls["work"].serviceRunMs"#, to: 50)
        expectEqual(simulator.run(hook: 0, strategy: 0, procedure: 0, values: values).cleanupAt, TestScenario.ms(52))
    }

    @Test("a JSON outcome says finishedUnderSystemAfterDeath only when so; a service pending at maxTimeMs is a bound reached")
    func jsonAndBound() throws {
        let after = JSONRenderer.render([Simulator(scenario: try Self.scenario(call: Self.task)).table()])
        expectContains(after, #""finishedUnderSystemAfterDeath": true"#)
        let before = JSONRenderer.render([Simulator(scenario: try Self.scenario(call: Self.transfer, procedures: Self.swipe)).table()])
        expectNotContains(before, "finishedUnderSystemAfterDeath")
        let late = try Self.scenario(call: Self.task, extra: #""limits": {"maxTimeMs": 30000},"#)
        let outcome = TestScenario.run(late)
        #expect(outcome.death?.cause == .sigkill && outcome.boundReached == .time && !outcome.cleanupFinished)
    }

    @Test("the timeline marks each service event on the system's track")
    func timelineMarks() throws {
        let trace = Simulator(scenario: try Self.scenario(call: Self.transfer)).trace(hook: 0, strategy: 0, procedure: 0)
        let marks = trace.records.filter { $0.kind == .service }.map { Timeline.serviceMark($0, trace) }
        expectEqual(marks, ["work handed to the system", "work done (system)", "relaunch for work events"])
    }
}
