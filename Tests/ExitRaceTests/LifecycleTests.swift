import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark

/// The app lifecycle: callback orders (seed 003), background execution and suspension, and the
/// scenarios of seeds 001, 002 and 004.
@Suite("Lifecycle, background execution and Live Activity lifetime")
struct LifecycleTests {
    static let repository = ScenarioDecoderTests.repository

    static func load(_ name: String) throws -> Scenario {
        try ScenarioLoader.load(path: repository.appendingPathComponent("scenarios/\(name).json").path)
    }

    /// A scenario whose one hook row runs `program` in the given callbacks, under `steps`.
    static func scenario(
        lifecycle: String = "", callbacks: [String] = ["applicationWillTerminate"], program: String, startsIn: String = "active",
        steps: String, calls: String = #""request": {"costMs": 1}"#, extra: String = ""
    ) throws -> Scenario {
        let json = """
            {"name": "lifecycle-test", "lifecycle": {\(lifecycle)}, \(extra)
             "systemCalls": {\(calls)},
             "hooks": {"row": {"callbacks": [\(callbacks.map { "\"\($0)\"" }.joined(separator: ", "))]}},
             "strategies": {"s": {"program": \(program)}},
             "procedures": {"p": {"startsIn": "\(startsIn)", "steps": \(steps)}}}
            """
        return try ScenarioDecoder.decode(json, file: "lifecycle-test.json")
    }

    /// For each action of the run: the action, the state it found, the callbacks it delivered
    /// (with the launch options where they matter) and the state it left.
    static func callbackOrder(_ trace: CellTrace) -> String {
        var out = ""
        var current: [String] = []
        var header = ""
        func flush() {
            guard !header.isEmpty else { return }
            out += header + (current.isEmpty ? "(no callback)" : current.joined(separator: ", ")) + "\n"
            current = []
        }
        for record in trace.records {
            switch record.kind {
            case .action:
                flush()
                let state = AppState(rawValue: Int(record.b))!
                header = "\(CellExplanation.actionName(record.a, trace)) (\(state.name)): "
            case .hookEntered:
                current.append(CellExplanation.callback(record.a, trace))
            case .suspended:
                current.append("[suspended]")
            default: break
            }
        }
        flush()
        return out
    }

    @Test("seed 003: the six callback orders come out of the model exactly (no scenes, as in iOS 9)")
    func seed003Orders() throws {
        let push = #"{"op": "action", "action": "silentPush"}"#
        let tap = #"{"op": "action", "action": "tapIcon"}"#
        let home = #"{"op": "action", "action": "pressHome"}"#
        let fetch = #"{"op": "action", "action": "completeFetch"}"#
        let wait = #"{"op": "delay", "ms": 10000}"#
        let runs: [(String, String)] = [
            ("launch by tap", "[\(tap)]"),
            ("resume by tap", "[\(tap), \(home), \(wait), \(tap)]"),
            ("launch by silent push", "[\(push)]"),
            ("resume by silent push", "[\(tap), \(home), \(wait), \(push)]"),
            ("home button", "[\(tap), \(home)]"),
            ("suspension after the completion handler", "[\(push), \(fetch), \(wait)]"),
        ]
        var text = ""
        for (name, steps) in runs {
            let scenario = try Self.scenario(
                lifecycle: #""scenes": false"#, program: "[]", startsIn: "notRunning", steps: steps,
                extra: #""goal": {"kind": "keepsCalling", "call": "request", "atMs": 1, "withinMs": 1},"#)
            text += "\(name):\n" + Self.callbackOrder(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)) + "\n"
        }
        Golden.check(text, against: "lifecycle-orders.txt")
        expectContains(text, "launch by tap:\ntapIcon (not running): applicationWillFinishLaunching, applicationDidFinishLaunching, applicationDidBecomeActive\n")
        expectContains(text, "tapIcon (suspended): applicationWillEnterForeground, applicationDidBecomeActive\n")
        expectContains(text, "silentPush (not running): applicationWillFinishLaunching, applicationDidFinishLaunching, applicationDidReceiveRemoteNotification\n")
        expectContains(text, "silentPush (suspended): applicationDidReceiveRemoteNotification\n")
        expectContains(text, "pressHome (active): applicationWillResignActive, applicationDidEnterBackground, [suspended]\n")
        expectContains(text, "completeFetch (in the background): [suspended]\n")
    }

    @Test("seed 003: work only when the user launched or resumed the app")
    func userLaunchOnly() throws {
        let table = Simulator(scenario: try Self.load("lifecycle-orders")).table()
        func text(_ hook: String, _ strategy: String) -> String {
            let h = table.scenario.hooks.firstIndex { $0.label == hook }!
            let s = table.scenario.strategies.firstIndex { $0.name == strategy }!
            return table.cellText(table.cell(hook: h, strategy: s))
        }
        // The fetch is never completed: the app is killed when its background time runs out (0x8badf00d).
        expectEqual(text("didFinishLaunching", "always"), "△ tapLaunch+pushLaunch [w]")
        expectEqual(text("didFinishLaunching", "if launchOptions == nil"), "△ tapLaunch")
        expectEqual(text("willEnterForeground", "always"), "△ tapResume")
    }

    @Test("no background task: suspended lifecycle.suspendAfterMs after entering the background; threads freeze and resume")
    func suspensionFreezesThreads() throws {
        // A detached task works 3 s; the app is suspended at 2 s, resumed at 10 s: the call comes 1 s later.
        let scenario = try Self.scenario(
            callbacks: ["sceneDidEnterBackground"],
            program: #"[{"op": "detached", "priority": "high", "body": [{"op": "work", "ms": 3000}, {"op": "call", "name": "request"}]}]"#,
            steps: #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 10000}, {"op": "action", "action": "tapIcon"}, {"op": "delay", "ms": 5000}]"#)
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        let suspended = trace.records.first { $0.kind == .suspended }
        expectEqual(suspended?.time, 2_000_000_000)
        #expect(trace.records.contains { $0.kind == .resumed && $0.time == 10_000_000_000 })
        // Work started at 0.1 ms: 1.9999 s done before suspension, 1.0001 s after resuming at 10 s.
        expectEqual(trace.outcome.cleanupAt, VirtualInstant(nanoseconds: 11_001_100_000))
    }

    @Test("a background task holds off suspension; its expiration handler runs before the allowance ends")
    func backgroundTaskExpiration() throws {
        let scenario = try Self.scenario(
            lifecycle: #""backgroundTaskAllowanceMs": 30000, "expirationWarningMs": 5000, "suspendAfterMs": 2000"#,
            callbacks: ["sceneDidEnterBackground"],
            program: #"[{"op": "beginBackgroundTask", "task": "bg", "expiration": [{"op": "endBackgroundTask", "task": "bg"}]}, {"op": "detached", "body": [{"op": "call", "name": "request"}]}]"#,
            steps: #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 60000}]"#)
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        #expect(trace.records.contains { $0.kind == .expirationDue && $0.time == 25_000_000_000 })
        #expect(trace.records.contains { $0.kind == .taskEnded && $0.time == 25_000_000_000 })
        expectEqual(trace.records.first { $0.kind == .suspended }?.time, 27_000_000_000)
        expectEqual(trace.outcome.death, nil)
    }

    @Test("a background task never ended gets the app killed when its allowance runs out")
    func backgroundTaskKill() throws {
        let scenario = try Self.scenario(
            callbacks: ["sceneDidEnterBackground"],
            program: #"[{"op": "beginBackgroundTask", "task": "bg"}, {"op": "detached", "body": [{"op": "call", "name": "request"}]}]"#,
            steps: #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 60000}]"#)
        let outcome = Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0)
        expectEqual(outcome.death, .init(at: VirtualInstant(nanoseconds: 30_000_000_000), cause: .backgroundTaskExpired))
        #expect(outcome.cleanupFinished)
    }

    @Test("swiping away a suspended app, and jetsam, kill with no callback")
    func killsWithoutCallback() throws {
        for steps in [
            #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 5000}, {"op": "action", "action": "swipeAway"}]"#,
            #"[{"op": "action", "action": "pressHome"}, {"op": "action", "action": "jetsam"}]"#,
        ] {
            let scenario = try Self.scenario(
                program: #"[{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "request"}]}]"#, steps: steps)
            let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
            expectEqual(trace.outcome.death?.cause, .sigkill)
            #expect(!trace.records.contains { $0.kind == .hookEntered && trace.callbacks[Int($0.a)] == "applicationWillTerminate" })
        }
    }

    /// `pressHome`, then `swipeAway` `delayMs` later (suspension is due 2 s after `pressHome`).
    static func swipeAfterHome(_ delayMs: Int, program: String) throws -> RunOutcome {
        let scenario = try Self.scenario(
            callbacks: ["sceneDidDisconnect"], program: program,
            steps: """
                [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": \(delayMs)}, {"op": "action", "action": "swipeAway"},
                 {"op": "delay", "ms": 10000}]
                """)
        return Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0)
    }

    @Test(
        "an app is not suspended inside a lifecycle callback nor while it is being terminated: swiping at 1.99 s is swiping at 1.9 s",
        arguments: [
            #"[{"op": "detached", "body": [{"op": "call", "name": "request"}, {"op": "signal", "semaphore": "s"}]}, {"op": "wait", "semaphore": "s"}]"#,
            #"[{"op": "detached", "body": [{"op": "call", "name": "request"}]}]"#,
        ])
    func noSuspensionDuringTermination(program: String) throws {
        let early = try Self.swipeAfterHome(1900, program: program)
        let late = try Self.swipeAfterHome(1990, program: program)
        #expect(early.cleanupFinished && late.cleanupFinished)
        expectEqual(late.death?.cause, .exit)
        expectEqual(early.death?.cause, late.death?.cause)
        expectEqual(late.death.map { $0.at.nanoseconds - 90_000_000 }, early.death?.at.nanoseconds)
    }

    @Test("with the debugger attached the app is never suspended: swiped away 10 s after going home, it still gets its callbacks")
    func debuggerPreventsSuspension() throws {
        func outcome(debugger: Bool) throws -> RunOutcome {
            let scenario = try Self.scenario(
                lifecycle: #""debuggerAttached": \#(debugger)"#,
                program: #"[{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "request"}]}]"#,
                steps: #"[{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 10000}, {"op": "action", "action": "swipeAway"}]"#)
            return Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0)
        }
        let production = try outcome(debugger: false)
        expectEqual(production.death?.cause, .sigkill)
        #expect(!production.cleanupFinished)
        let debugged = try outcome(debugger: true)
        expectEqual(debugged.death?.cause, .exit)
        #expect(debugged.cleanupFinished)
        expectEqual(LifecycleSettings.default.debuggerAttached, false)
        #expect(DefaultScenario.load().lifecycle.debuggerAttached)
        expectEqual(try Self.load("live-activity-every-kill").lifecycle.debuggerAttached, false)
    }

    @Test("the reference procedures written as lifecycle actions give the reference table")
    func referenceAsActions() throws {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        let every = Simulator(scenario: try Self.load("live-activity-every-kill")).table()
        for hook in table.scenario.hooks.indices {
            for strategy in table.scenario.strategies.indices {
                let reference = table.cell(hook: hook, strategy: strategy).outcomes.map(\.cleanupFinished)
                let actions = every.cell(hook: hook, strategy: strategy).outcomes.prefix(2).map(\.cleanupFinished)
                expectEqual(reference, Array(actions), "\(table.scenario.hooks[hook].label) · \(table.scenario.strategies[strategy].name)")
            }
        }
    }

    @Test("every way to die: only didEnterBackground + willTerminate with Task.detached + semaphore (or .high) survives all")
    func everyKill() throws {
        let table = Simulator(scenario: try Self.load("live-activity-every-kill")).table()
        var survivors: [String] = []
        for cell in table.cells where cell.verdict == .always {
            survivors.append("\(table.scenario.hooks[cell.hook].label) · \(table.scenario.strategies[cell.strategy].name)")
        }
        expectEqual(survivors, [
            "didEnterBackground + willTerminate · Task.detached + semaphore",
            "didEnterBackground + willTerminate · Task.detached(priority: .high)",
        ])
    }

    @Test("seed 001: polling a flag only the main queue sets deadlocks until the allowance runs out; the fix finishes")
    func seed001() throws {
        let scenario = try Self.load("background-main-queue-deadlock")
        let simulator = Simulator(scenario: scenario)
        let stuck = simulator.trace(hook: 0, strategy: 0, procedure: 0)
        expectEqual(stuck.outcome.death, .init(at: VirtualInstant(nanoseconds: 30_000_000_000), cause: .backgroundTaskExpired))
        expectEqual(stuck.outcome.deadlock?.first, .threadPolls(thread: "main thread", flag: "stopped", inHook: "applicationDidEnterBackground"))
        expectEqual(stuck.outcome.deadlock?.last, .mainActorRunsOnMainThread)
        // The expiration handler was due at 25 s, but it is a main-queue block too.
        #expect(stuck.records.contains { $0.kind == .expirationDue && $0.time == 25_000_000_000 })
        let fixed = simulator.run(hook: 0, strategy: 1, procedure: 0)
        #expect(fixed.cleanupFinished)
        expectEqual(fixed.deadlock, nil)
        expectEqual(fixed.death?.cause, .sigkill)  // suspended, then swiped away a minute later
        Golden.check(CellExplanation(stuck).renderText(), against: "explain-seed001.txt")
    }

    @Test("seed 004: renewing the background task every 60 s stops the updates at about 27 s; every 20 s keeps them going")
    func seed004() throws {
        let table = Simulator(scenario: try Self.load("dynamic-island-animation")).table()
        let seed = table.cell(hook: 0, strategy: 0)
        expectEqual(seed.outcomes[0].cleanupAt, VirtualInstant(nanoseconds: 26_901_100_000))
        #expect(!seed.outcomes[0].cleanupFinished)
        #expect(seed.outcomes[1].cleanupFinished)  // in the app switcher the app is not in the background
        expectEqual(table.cell(hook: 0, strategy: 1).verdict, .always)
        expectEqual(seed.outcomes[0].activity?.updates, 269)
    }

    @Test("Live Activity lifetime: dismissal policies, the 8 h limit and the 4 h lock-screen limit")
    func activityLifetime() throws {
        let table = Simulator(scenario: try Self.load("live-activity-lifetime")).table()
        func outcome(_ strategy: String, _ hook: String = "AppDelegate") -> RunOutcome.ActivityOutcome? {
            let h = table.scenario.hooks.firstIndex { $0.label == hook }!
            let s = table.scenario.strategies.firstIndex { $0.name == strategy }!
            return table.cell(hook: h, strategy: s).outcomes[0].activity
        }
        let hour: Int64 = 3_600_000_000_000
        expectEqual(outcome("no end")?.endedAt.nanoseconds, 8 * hour)
        expectEqual(outcome("no end")?.endedByApp, false)
        expectEqual(outcome("no end")?.dismissedAt.nanoseconds, 12 * hour)
        expectEqual(outcome(".default")?.dismissedAt.nanoseconds, 61_000_000 + 4 * hour)
        expectEqual(outcome(".after(+30 s)")?.dismissedAt.nanoseconds, 30_061_000_000)
        expectEqual(outcome(".immediate")?.dismissedAt.nanoseconds, 61_000_000)
        expectEqual(outcome(".immediate")?.isVisible(at: VirtualInstant(nanoseconds: 60_000_000_000)), false)
        expectEqual(outcome("no end")?.isVisible(at: VirtualInstant(nanoseconds: 60_000_000_000)), true)
    }

    @Test("Live Activity: requested, updated while active, ended; updates after the end do not count")
    func activityRequestUpdateEnd() throws {
        let scenario = try Self.scenario(
            program: """
            [{"op": "detached", "priority": "high", "body": [
              {"op": "call", "name": "request"}, {"op": "call", "name": "update"}, {"op": "call", "name": "end"},
              {"op": "call", "name": "update"}]}]
            """,
            steps: #"[{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]}]"#,
            calls: #""request": {"costMs": 1, "activity": "request", "cleanup": false}, "update": {"costMs": 1, "activity": "update", "cleanup": false}, "end": {"costMs": 1, "activity": "end", "dismissal": "after", "dismissAfterMs": 60000}"#,
            extra: #""activity": {"maxEndedMs": 30000},"#)
        let outcome = Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0)
        let activity = try #require(outcome.activity)
        // request at 1.1 ms; each later call resumes on the pool (0.1 ms) and costs 1 ms.
        expectEqual(activity.startedAt, VirtualInstant(nanoseconds: 1_100_000))
        expectEqual(activity.updates, 1)
        expectEqual(activity.endedAt, VirtualInstant(nanoseconds: 3_300_000))
        #expect(activity.endedByApp)
        // .after(60 s) is capped by maxEndedMs (30 s).
        expectEqual(activity.dismissedAt, VirtualInstant(nanoseconds: 30_003_300_000))
        #expect(outcome.cleanupFinished)
    }

    @Test("a cleanup with two different cleanup calls needs both")
    func twoCleanupCalls() throws {
        let scenario = try Self.scenario(
            program: #"[{"op": "detached", "priority": "high", "body": [{"op": "call", "name": "a"}, {"op": "work", "ms": 10}, {"op": "call", "name": "b"}]}]"#,
            steps: #"[{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}, {"op": "exit"}]}]"#,
            calls: #""a": {"costMs": 1}, "b": {"costMs": 1}"#)
        let outcome = Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0)
        // a at 1.1 ms; the task resumes on the pool at 1.2, works 10 ms, b at 12.2 ms; exit completes at 3 ms.
        #expect(!outcome.cleanupFinished)
        expectEqual(outcome.wouldHaveFinishedAt, VirtualInstant(nanoseconds: 12_200_000))
    }

    @Test("lifecycle expansions: state by state, durations named by lifecycle budget")
    func expansions() {
        expectEqual(LifecycleAction.swipeAway.expansion(from: .suspended, scenes: true), [.sigkill])
        expectEqual(LifecycleAction.swipeAway.expansion(from: .notRunning, scenes: true), [])
        expectEqual(LifecycleAction.tapIcon.expansion(from: .active, scenes: true), [])
        expectEqual(LifecycleAction.jetsam.expansion(from: .background, scenes: true), [.sigkill])
        expectEqual(LifecycleAction.pressHome.expansion(from: .active, scenes: true), [
            .lifecycleTurn([.hook("sceneWillResignActive")], watchdog: .callbackWatchdog), .setState(.inactive),
            .lifecycleTurn([.hook("sceneDidEnterBackground")], watchdog: .backgroundSceneWatchdog), .setState(.background),
            .enterBackground,
        ])
        expectEqual(LifecycleAction.swipeAway.expansion(from: .background, scenes: true), [
            .beginTermination, .lifecycleTurn([.hook("sceneDidDisconnect")], watchdog: .backgroundSceneWatchdog),
            .lifecycleDelay(.terminateDelay),
            .lifecycleTurn([.hook("applicationWillTerminate")], watchdog: .terminationWatchdog),
            .lifecycleTurn([.hook("willTerminateNotification"), .exit], watchdog: .terminationWatchdog),
        ])
    }
}
