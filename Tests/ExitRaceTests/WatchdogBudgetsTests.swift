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

/// Watchdog budgets by transition (issue 21): termination 5 s, a background scene transition 10 s,
/// a foreground launch 20 s (all wall clock), and a background launch limited by CPU time.
@Suite("Watchdog budgets by transition")
struct WatchdogBudgetsTests {
    static func outcome(_ callback: String, program: String, startsIn: String = "active", steps: String) throws -> RunOutcome {
        let scenario = try LifecycleTests.scenario(callbacks: [callback], program: program, startsIn: startsIn, steps: steps)
        return TestScenario.run(scenario)
    }

    /// A cleanup call off the main thread (every program needs one), then `steps` on the main thread.
    static func program(_ steps: String) -> String {
        #"[{"op": "detached", "body": [{"op": "call", "name": "request"}]}, \#(steps)]"#
    }

    static func sleep(_ ms: Int) -> String { program(#"{"op": "sleep", "ms": \#(ms)}"#) }

    @Test("termination: applicationWillTerminate blocked 6 s is killed 5 s after its turn (terminationWatchdogMs)")
    func termination() throws {
        let outcome = try Self.outcome(
            "applicationWillTerminate", program: Self.sleep(6000), steps: #"[{"op": "action", "action": "swipeAway"}]"#)
        expectEqual(outcome.death, RunOutcome.Death(at: TestScenario.ms(5000), cause: .watchdog))
    }

    @Test("background scene transition: sceneDidDisconnect of a backgrounded app gets 10 s (backgroundSceneWatchdogMs)")
    func backgroundScene() throws {
        let scenario = try LifecycleTests.scenario(
            lifecycle: #""debuggerAttached": true"#, callbacks: ["sceneDidDisconnect"], program: Self.sleep(12000),
            steps: #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 1000}, {"op": "action", "action": "swipeAway"}]"#)
        expectEqual(TestScenario.run(scenario).death, RunOutcome.Death(at: TestScenario.ms(11000), cause: .watchdog))
    }

    @Test("foreground launch: a launch blocked 25 s is killed at 20 s (launchWatchdogMs, wall clock)")
    func foregroundLaunch() throws {
        let outcome = try Self.outcome(
            "applicationDidFinishLaunching", program: Self.sleep(25000), startsIn: "notRunning",
            steps: #"[{"op": "action", "action": "tapIcon"}]"#)
        expectEqual(outcome.death, RunOutcome.Death(at: TestScenario.ms(20000), cause: .watchdog))
    }

    /// A silent push launches the app; the fetch completes 1 s after the launch turn returns (the
    /// script goes on when a turn returns), inside the fetch's 30 s of background time.
    static let silentPushLaunch =
        #"[{"op": "action", "action": "silentPush"}, {"op": "delay", "ms": 1000}, {"op": "action", "action": "completeFetch"}, {"op": "delay", "ms": 5000}]"#

    @Test("background launch: computing 5 s on the main thread is killed at 3.77 s (backgroundLaunchCPUMs)")
    func backgroundLaunchComputing() throws {
        let outcome = try Self.outcome(
            "applicationDidFinishLaunching", program: Self.program(#"{"op": "work", "ms": 5000}"#), startsIn: "notRunning",
            steps: Self.silentPushLaunch)
        expectEqual(outcome.death, RunOutcome.Death(at: TestScenario.ms(3770), cause: .watchdog))
    }

    @Test("background launch: blocked (asleep) 25 s uses no CPU time, so no watchdog kills it, not even at 20 s")
    func backgroundLaunchBlocked() throws {
        let outcome = try Self.outcome(
            "applicationDidFinishLaunching", program: Self.sleep(25000), startsIn: "notRunning", steps: Self.silentPushLaunch)
        expectEqual(outcome.death, nil)
    }

    @Test("background launch: 3 s of work, 10 s asleep, 1 s of work: the allowance runs out 0.77 s into the second (13.77 s)")
    func backgroundLaunchCountsOnlyComputing() throws {
        let program = Self.program(#"{"op": "work", "ms": 3000}, {"op": "sleep", "ms": 10000}, {"op": "work", "ms": 1000}"#)
        let scenario = try LifecycleTests.scenario(
            callbacks: ["applicationDidFinishLaunching"], program: program, startsIn: "notRunning", steps: Self.silentPushLaunch)
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        expectEqual(trace.outcome.death, RunOutcome.Death(at: TestScenario.ms(13770), cause: .watchdog))
        expectContains(CellExplanation(trace).renderText(), "used up its CPU time allowance (backgroundLaunchCPUMs)")
        let more = try LifecycleTests.scenario(
            lifecycle: #""backgroundLaunchCPUMs": 4500"#, callbacks: ["applicationDidFinishLaunching"], program: program,
            startsIn: "notRunning", steps: Self.silentPushLaunch)
        expectEqual(TestScenario.run(more).death, nil)
    }

    @Test("a hand-written turn delivering a launch and a silent push's callback gets the background launch's CPU budget")
    func handWrittenBackgroundLaunchTurn() {
        let actions: [KillProcedure.TurnAction] = [.hook(Callback.didFinishLaunching), .hook(Callback.didReceiveRemoteNotification)]
        expectEqual(LifecycleBudget.watchdog(forTurn: actions), .backgroundLaunchCPU)
        expectEqual(LifecycleBudget.watchdog(forTurn: [.hook(Callback.didFinishLaunching)]), .launchWatchdog)
    }
}
