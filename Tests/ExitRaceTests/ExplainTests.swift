import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain
import ExitRaceCLI

@Suite("Explanations, traces and the HTML report")
struct ExplainTests {
    static let scenario = DefaultScenario.load()
    /// A simulator per use: simulators are not shared across the tests' threads.
    static var simulator: Simulator { Simulator(scenario: scenario) }

    static func explanation(_ hook: String, _ strategy: String) -> String {
        Tool.main(["explain", "--hook", hook, "--strategy", strategy]).stdout
    }

    /// `AppDelegate`, `Task.detached + semaphore` → `explain-AppDelegate-Task.detached+semaphore.txt`.
    static func goldenName(_ hook: String, _ strategy: String) -> String {
        "explain-\(hook)-\(strategy.replacingOccurrences(of: " ", with: "")).txt"
    }

    @Test("the explanation of each of the twelve reference cells is pinned", arguments: CalibrationTests.measured.indices)
    func referenceCells(index: Int) {
        let (hook, strategy, _) = CalibrationTests.measured[index]
        Golden.check(Self.explanation(hook, strategy), against: Self.goldenName(hook, strategy))
    }

    @Test("verdicts say why, in the words of the mechanism")
    func verdicts() {
        let lostDetached = Self.explanation("AppDelegate", "Task.detached")
        expectContains(lostDetached,
            "× lost: Task.detached from applicationWillTerminate was still waiting for a cooperative thread at default QoS "
                + "(needs 10 ms, queued at 50 ms) when the process exited at 53 ms: lost by 8 ms (it would have finished at 61 ms).")
        let foregroundTask = Self.explanation("Notification", "Task")
        expectContains(foregroundTask, "had been queued on the main queue since 50 ms, but the main thread never took it: it was running exit")
        let deadlock = Self.explanation("SceneDelegate", "Task + semaphore")
        expectContains(deadlock,
            "× deadlock: main thread waits on semaphore \"done\" (in sceneDidDisconnect) → \"done\" is signaled only by "
                + "Task (main actor) from sceneDidDisconnect → Task (main actor) from sceneDidDisconnect is queued on the main actor "
                + "→ the main actor runs only on the main thread; the watchdog killed the process at 5000 ms.")
        let inversion = Self.explanation("SceneDelegate", "Task.detached + semaphore")
        expectContains(inversion, "priority inversion: a User-interactive thread waited on a Default one (Thread Performance Checker: ")
    }

    @Test("a suspended kill: the hook is never called")
    func suspendedKill() throws {
        let file = ScenarioDecoderTests.repository.appendingPathComponent("scenarios/live-activity-every-kill.json").path
        let output = Tool.main(["explain", file, "--hook", "SceneDelegate", "--strategy", "Task.detached", "--procedure", "suspended"])
        expectEqual(output.exitCode, .success)
        Golden.check(output.stdout, against: "explain-suspended.txt")
        #expect(output.stdout.hasSuffix("× lost: sceneDidDisconnect was never called: the kill procedure had not delivered it when the process was killed (SIGKILL) at 10000 ms.\n"))
    }

    @Test("a deadlock between pool threads is explained as a chain through blocked threads")
    func poolDeadlock() {
        let scenario = TestScenario.make(
            strategies: [
                "cycle": """
                [{"op": "detached", "priority": "high", "body": [{"op": "wait", "semaphore": "a"}, {"op": "signal", "semaphore": "b"}]},
                 {"op": "detached", "priority": "high", "body": [{"op": "wait", "semaphore": "b"}, {"op": "signal", "semaphore": "a"}, {"op": "call", "name": "request"}]}]
                """
            ])
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        Golden.check(CellExplanation(trace).renderText(), against: "explain-pool-deadlock.txt")
    }

    @Test("explain: unknown names get suggestions and exit 2", arguments: [
        (["explain", "--hook", "AppDelegat", "--strategy", "Task"], "no hook 'AppDelegat'; did you mean 'AppDelegate'?"),
        (["explain", "--hook", "AppDelegate", "--strategy", "Task.detach"], "no strategy 'Task.detach'; did you mean 'Task.detached'?"),
        (["explain", "--hook", "AppDelegate", "--strategy", "Task", "--procedure", "bg"], "no procedure 'bg'"),
        (["explain", "--hook", "AppDelegate"], "--strategy is required"),
        (["explain", "--hook", "AppDelegate", "--strategy", "Task", "--trace", "/tmp/x.json"], "--trace writes one run: add --procedure"),
    ])
    func explainErrors(arguments: [String], message: String) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, ExitCode.badInput)
        #expect(output.stdout.isEmpty)
        expectContains(output.stderr, message)
    }

    /// Every cell under every procedure, as Chrome traces, parsed back.
    static func allTraces() throws -> [(String, [[String: Any]])] {
        var traces: [(String, [[String: Any]])] = []
        let simulator = Self.simulator
        for hook in scenario.hooks.indices {
            for strategy in scenario.strategies.indices {
                for procedure in scenario.procedures.indices {
                    let trace = simulator.trace(hook: hook, strategy: strategy, procedure: procedure)
                    let json = ChromeTrace.render(trace)
                    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
                    let events = try #require(object?["traceEvents"] as? [[String: Any]])
                    traces.append((trace.title, events))
                }
            }
        }
        return traces
    }

    @Test("Chrome traces: required fields, microsecond timestamps, named tracks, nested slices, paired flows")
    func chromeTraceStructure() throws {
        for (title, events) in try Self.allTraces() {
            var named = Set<Int>()
            var used = Set<Int>()
            var slices: [Int: [(ts: Double, end: Double)]] = [:]
            var flowStarts = Set<Int>()
            var flowEnds = Set<Int>()
            for event in events {
                let ph = try #require(event["ph"] as? String, "\(title)")
                #expect(event["name"] is String, "\(title)")
                expectEqual(event["pid"] as? Int, 1, "\(title)")
                let tid = try #require(event["tid"] as? Int, "\(title)")
                if ph == "M" {
                    if event["name"] as? String == "thread_name" { named.insert(tid) }
                    continue
                }
                used.insert(tid)
                let ts = try #require((event["ts"] as? NSNumber)?.doubleValue, "\(title)")
                #expect(ts >= 0, "\(title)")
                switch ph {
                case "X":
                    let dur = try #require((event["dur"] as? NSNumber)?.doubleValue, "\(title)")
                    #expect(dur >= 0, "\(title)")
                    slices[tid, default: []].append((ts, ts + dur))
                case "i": expectEqual(event["s"] as? String, "t", "\(title)")
                case "s": flowStarts.insert(try #require(event["id"] as? Int))
                case "f":
                    flowEnds.insert(try #require(event["id"] as? Int))
                    expectEqual(event["bp"] as? String, "e", "\(title)")
                default: Issue.record("\(title): unexpected phase \(ph)")
                }
            }
            #expect(used.isSubset(of: named), "\(title): a track without a name")
            expectEqual(flowStarts, flowEnds, "\(title): unpaired flows")
            // Slices on one track nest: each one lies inside, or wholly after, the ones still open.
            for (tid, list) in slices {
                var open: [Double] = []
                for slice in list.sorted(by: { $0.ts != $1.ts ? $0.ts < $1.ts : $0.end > $1.end }) {
                    while let last = open.last, last <= slice.ts, !(last == slice.ts && slice.end == slice.ts) { open.removeLast() }
                    if let last = open.last { #expect(slice.end <= last, "\(title): slices overlap on track \(tid)") }
                    open.append(slice.end)
                }
            }
        }
    }

    @Test("Chrome trace timestamps are microseconds: the 10 ms start latency is 10000")
    func microseconds() throws {
        let hook = Self.scenario.hooks.firstIndex { $0.label == "AppDelegate" }!
        let strategy = Self.scenario.strategies.firstIndex { $0.name == "Task.detached + semaphore" }!
        let json = ChromeTrace.render(Self.simulator.trace(hook: hook, strategy: strategy, procedure: 0))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let events = try #require(object?["traceEvents"] as? [[String: Any]])
        let call = try #require(events.first { $0["name"] as? String == "Activity.end" && $0["ph"] as? String == "X" })
        expectEqual((call["ts"] as? NSNumber)?.doubleValue, 60_000)
        expectEqual((call["dur"] as? NSNumber)?.doubleValue, 1_000)
    }

    @Test("explain --trace writes the trace file")
    func traceFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-trace-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = Tool.main(["explain", "--hook", "AppDelegate", "--strategy", "Task.detached", "--procedure", "foreground", "--trace", path])
        expectEqual(output.exitCode, .success)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let hook = Self.scenario.hooks.firstIndex { $0.label == "AppDelegate" }!
        let strategy = Self.scenario.strategies.firstIndex { $0.name == "Task.detached" }!
        expectEqual(written, ChromeTrace.render(Self.simulator.trace(hook: hook, strategy: strategy, procedure: 0)))
    }

    @Test("the HTML report is self-contained, complete and deterministic", .heavy)
    func htmlReport() {
        // Self.scenario is the default scenario, whose content ReportContentTests computed once.
        let content = ReportContentTests.defaultContent
        let page = HTMLReport.render(content)
        expectEqual(page, HTMLReport.render(ReportContent.compute([Self.scenario])))
        #expect(page.hasPrefix("<!doctype html>"))
        expectNotContains(page, "<script")
        expectNotContains(page, "src=")
        expectNotContains(page, "https://")
        expectEqual(page.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http://"), false)
        let cells = Self.scenario.hooks.count * Self.scenario.strategies.count
        expectEqual(page.components(separatedBy: "<details class=\"cell\"").count - 1, cells)
        // A timeline per cell and procedure, and a picture per sweep of the scenario.
        expectEqual(page.components(separatedBy: "<svg ").count - 1, cells * Self.scenario.procedures.count + Self.scenario.sweeps.count)
        expectEqual(page.components(separatedBy: "<details class=\"sweep\">").count - 1, Self.scenario.sweeps.count)
        expectEqual(page.components(separatedBy: "<p class=\"verdict\">").count - 1, cells * Self.scenario.procedures.count)
        expectContains(HTMLReport.render(content, expanded: true), "<details class=\"cell\" id=\"s0-0-0\" open>")
    }

    /// Every shipped scenario's report in a debug build takes seconds: it runs with `EXITRACE_FULL=1` (`.ci/run`).
    @Test(
        "the report of every shipped scenario stays small: slices too close to tell apart are merged",
        .heavy)
    func reportSize() throws {
        let files = try ScenarioDiscovery.files([ScenarioDecoderTests.repository.appendingPathComponent("scenarios").path])
        let page = HTMLReport.render(ReportContent.compute(try files.map { try ScenarioLoader.load(path: $0) }))
        #expect(page.utf8.count < 4_000_000, "\(page.utf8.count) bytes")
        #expect(page.contains("(and 2 more until") || page.contains("more until"))
    }

    @Test("verdicts of other goals say what the goal saw")
    func goalVerdicts() throws {
        let file = ScenarioDecoderTests.repository.appendingPathComponent("scenarios/dynamic-island-animation.json").path
        let output = Tool.main(["explain", file, "--hook", "willResignActive", "--strategy", "renew every 60 s (seed 004)", "--procedure", "home"])
        #expect(output.stdout.hasSuffix(
            "× the goal is not met: the last Activity.update was delivered at 26.901 s (the goal: still at 0:05:00.000).\n"))
    }
}
