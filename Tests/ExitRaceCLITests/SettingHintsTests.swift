import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI
@testable import ExitRaceExplain

/// Hints that say what to type (issue 26's leftovers): a unit on a `…Ms` setting, the limit behind
/// `[?]` and how far it may be raised, and explain's suggestions taken from the file explained.
@Suite("Hints that say what to type")
struct SettingHintsTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-hints-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let liveActivity = Repository.root.appendingPathComponent("scenarios/live-activity.json").path

    @Test("--set with a unit on a …Ms setting says the value is a bare number of milliseconds, and what to write",
          arguments: [
            ("timing.exitDurationMs=40ms", "\"40ms\": write timing.exitDurationMs=40"),
            ("timing.exitDurationMs=40 ms", "\"40 ms\": write timing.exitDurationMs=40"),
            ("timing.exitDurationMs=0.04s", "\"0.04s\": write timing.exitDurationMs=40"),
            ("systemCalls[\"Activity.end\"].costMs=500us", "\"500us\": write systemCalls[\"Activity.end\"].costMs=0.5"),
            ("timing.startLatencyMs.default=2 s", "\"2 s\": write timing.startLatencyMs.default=2000"),
          ])
    func unitOnMilliseconds(argument: String, ending: String) {
        let output = Tool.main(["validate", Self.liveActivity, "--set", argument])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stderr.hasPrefix(
            "--set \(argument): error: expected a bare number of milliseconds (a …Ms setting takes no unit), found \(ending)"),
            "\(output.stderr)")
    }

    @Test("a distribution with units on a …Ms setting is given back in bare milliseconds")
    func unitInDistribution() {
        let output = Tool.main(["validate", Self.liveActivity, "--set", "timing.exitDurationMs=uniform(1ms, 0.02s)"])
        #expect(output.stderr.hasPrefix(
            "--set timing.exitDurationMs=uniform(1ms, 0.02s): error: expected bare numbers of milliseconds in the distribution "
                + "(a …Ms setting takes no unit), found \"uniform(1ms, 0.02s)\": write timing.exitDurationMs=uniform(1, 20)"),
            "\(output.stderr)")
        let choice = Tool.main(["validate", Self.liveActivity, "--set", "timing.exitDurationMs=choice(2ms:3, 5:1)"])
        expectContains(choice.stderr, "write timing.exitDurationMs=choice(2:3, 5:1)", "\(choice.stderr)")
    }

    @Test("a unit on a number that is not in milliseconds keeps the JSON error")
    func unitElsewhere() {
        let output = Tool.main(["validate", Self.liveActivity, "--set", "limits.maxEvents=40ms"])
        expectContains(output.stderr, "the value is not valid JSON", "\(output.stderr)")
    }

    @Test("a scenario file with \"costMs\": \"40ms\" (or a step's \"ms\": \"2 s\") is told the same, at its line")
    func unitInFile() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("s.json").path
        try """
            {"extend": "builtin:live-activity",
             "systemCalls": {"Activity.end": {"costMs": "40ms"}},
             "timing": {"exitDurationMs": "0.04 s", "startLatencyMs": {"default": {"uniform": [1, "20ms"]}}}}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let output = Tool.main(["validate", file])
        expectEqual(output.exitCode, .badInput)
        expectEqual(output.stderr, """
            \(file):2:45: error: systemCalls["Activity.end"].costMs: expected a bare number of milliseconds (a …Ms setting takes \
            no unit), found the string "40ms": write 40
            \(file):3:31: error: timing.exitDurationMs: expected a bare number of milliseconds (a …Ms setting takes no unit), \
            found the string "0.04 s": write 40
            \(file):3:87: error: timing.startLatencyMs.default.uniform[1]: expected a bare number of milliseconds (a …Ms \
            setting takes no unit), found the string "20ms": write 20

            """)
    }

    /// The text with its wrapped lines joined again.
    static func unwrapped(_ text: String) -> String {
        text.replacingOccurrences(of: "\n    ", with: " ").replacingOccurrences(of: "\n      ", with: " ")
    }

    @Test("[?] names the limit reached, its value and the --set that raises it, in text, Markdown and JSON")
    func boundNamed() {
        let base = ["run", Self.liveActivity, "--set", "limits.maxEvents=5"]
        let words = "limits.maxEvents is 5: raise it with --set limits.maxEvents=50 (at most 1,000,000,000; it costs time, not memory)"
        let text = Tool.main(base)
        expectEqual(text.exitCode, .success)
        expectContains(Self.unwrapped(text.stdout),
            "[?] a run reached a bound of \"limits\" before the process died (or before the system's work it left finished): "
                + "the result is incomplete; " + words, "\(text.stdout)")
        let markdown = Tool.main(base + ["--format", "md"])
        expectContains(markdown.stdout, "the result is incomplete; " + words, "\(markdown.stdout)")
        let json = Tool.main(base + ["--format", "json"])
        expectContains(json.stdout, """
              "limitsReached": [
                {
                  "ceiling": 1000000000,
                  "note": "\(words)",
                  "raise": "--set limits.maxEvents=50",
                  "setting": "limits.maxEvents",
                  "value": 5
                }
              ],
            """, "\(json.stdout)")
    }

    @Test("a rate table's [?] line says how to find the limit a replication reached")
    func rateTableBound() {
        let uncertain = Repository.root.appendingPathComponent("scenarios/live-activity-uncertain.json").path
        let output = Tool.main(["run", uncertain, "--runs", "2", "--set", "limits.maxEvents=5"])
        expectContains(Self.unwrapped(output.stdout),
            "[?] some replications reached a bound of \"limits\" before the process died: incomplete (explain --replication R "
                + "names the limit a replication reached and the --set that raises it)", "\(output.stdout)")
    }

    @Test("a memory limit is offered up to its ceiling only; at the ceiling it is said to be one")
    func memoryCeiling() {
        let limits = Limits(maxEvents: 1_000_000_000, maxTime: .ms(1_000_000_000), maxPendingEvents: 3_000_000, maxContexts: 5_000_000)
        expectEqual(BoundHint.hint(.pendingEvents, limits: limits).words,
            "limits.maxPendingEvents is 3,000,000: raise it with --set limits.maxPendingEvents=5000000 (at most 5,000,000, "
                + "the ceiling that keeps a run's memory under 1 GiB)")
        expectEqual(BoundHint.hint(.contexts, limits: limits).words,
            "limits.maxContexts is 5,000,000, its ceiling: it keeps a run's memory under 1 GiB and cannot be raised further")
        expectEqual(BoundHint.hint(.contexts, limits: limits).raise, nil)
        expectEqual(BoundHint.hint(.events, limits: limits).words,
            "limits.maxEvents is 1,000,000,000, its ceiling: a run that long likely never ends (a loop or a timer that never stops)")
        expectEqual(BoundHint.hint(.time, limits: Limits(maxEvents: 5, maxTime: .ms(1))).words,
            "limits.maxTimeMs is 1 ms: raise it with --set limits.maxTimeMs=10 (at most 1,000,000,000 ms; it costs time, not memory)")
    }

    @Test("explain's verdict on a run stopped at a limit gives the --set that raises it, or says it is at its ceiling")
    func explainBound() {
        let base = ["explain", Self.liveActivity, "--hook", "AppDelegate", "--strategy", "Task", "--procedure", "background"]
        let events = Tool.main(base + ["--set", "limits.maxEvents=5"])
        expectContains(Self.unwrapped(events.stdout),
            "? the run reached limits.maxEvents while the process was alive: raise it with --set limits.maxEvents=50 (at most "
                + "1,000,000,000; it costs time, not memory) to see how the race ends.", "\(events.stdout)")
    }

    /// A file extending the built-ins with a hook, a strategy and a procedure of its own.
    static let extending = """
        {"name": "ext", "extend": "builtin:live-activity",
         "hooks": {"sceneWillResignActive": {"label": "Resigning"}},
         "strategies": {"MyStrategy": {"program": [{"op": "detached", "body": [{"op": "call", "name": "Activity.end"}]}]}},
         "procedures": {"zapped": {"steps": [{"op": "turn", "watchdogMs": 5000, "actions": [
           {"op": "hook", "name": "applicationWillTerminate"}, {"op": "exit"}]}]}}}
        """

    @Test("explain without --hook/--strategy names the file's own hooks and strategies, after extend")
    func missingCell() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ext.json").path
        try Self.extending.write(toFile: file, atomically: true, encoding: .utf8)
        let none = Tool.main(["explain", file])
        expectEqual(none.exitCode, .badInput)
        #expect(none.stderr.hasPrefix(
            "exitrace explain: --hook and --strategy are required: the cell to explain, e.g. --hook AppDelegate --strategy Task "
                + "(hooks: AppDelegate, SceneDelegate, Notification, Resigning, applicationWillTerminate, sceneDidDisconnect, "
                + "willTerminateNotification, sceneWillResignActive; strategies: Task, Task + semaphore, Task.detached, "
                + "Task.detached + semaphore, DispatchQueue.main.async, Task.detached(priority: .high), MyStrategy)\n"),
            "\(none.stderr)")
        let strategy = Tool.main(["explain", file, "--hook", "Resigning"])
        #expect(strategy.stderr.hasPrefix(
            "exitrace explain: --strategy is required: the cell to explain, e.g. --hook Resigning --strategy Task (strategies: "),
            "\(strategy.stderr)")
    }

    @Test("explain's wrong names are answered from the file, nearest first")
    func wrongNames() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ext.json").path
        try Self.extending.write(toFile: file, atomically: true, encoding: .utf8)
        let hook = Tool.main(["explain", file, "--hook", "Resignin", "--strategy", "Task"])
        #expect(hook.stderr.hasPrefix("exitrace explain: no hook 'Resignin'; did you mean 'Resigning'? (hooks: Resigning, "), "\(hook.stderr)")
        let strategy = Tool.main(["explain", file, "--hook", "Resigning", "--strategy", "MyStrat"])
        #expect(strategy.stderr.hasPrefix("exitrace explain: no strategy 'MyStrat' (strategies: MyStrategy, "), "\(strategy.stderr)")
        let procedure = Tool.main(["explain", file, "--hook", "Resigning", "--strategy", "MyStrategy", "--procedure", "zap"])
        #expect(procedure.stderr.hasPrefix(
            "exitrace explain: no procedure 'zap' (procedures: zapped, "), "\(procedure.stderr)")
    }
}
