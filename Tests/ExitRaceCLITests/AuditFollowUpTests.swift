// What issue 26's audit and a newcomer's walk still found (items 5, 6, 8 and 9, and the walk's
// list), each as a command prints it.
import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

@Suite("Issue 26: the audit's and the walk's follow-ups")
struct AuditFollowUpTests {
    static let root = Repository.root.path

    @Test("a --set that breaks the built-in scenario's sweep is named, with the way to leave the sweep out")
    func setBlamedOnBuiltinScenario() {
        let output = Tool.main(["run", "--set", #"procedures["background"]=null"#])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stderr.hasPrefix(#"--set procedures["background"]=null: error: sweeps.terminateDelay.vary[0]: "#), "\(output.stderr)")
        expectContains(output.stderr, "which is valid without this --set: the --set makes it so")
        expectContains(output.stderr, "; to leave that sweep out, add --set sweeps.terminateDelay=null (applied to the built-in default scenario)")
        // The suggestion, followed, runs.
        expectEqual(Tool.main(["run", "--set", #"procedures["background"]=null"#, "--set", "sweeps.terminateDelay=null"]).exitCode, .success)
        // The same with the file given.
        let file = Tool.main(["validate", Self.root + "/scenarios/live-activity.json", "--set", #"procedures["background"]=null"#])
        expectContains(file.stderr, "; to leave that sweep out, add --set sweeps.terminateDelay=null (applied to ")
    }

    static func temporary(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit26-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a misspelt family over an inherited distribution gets the suggestion a file of its own gets")
    func misspeltFamilyOverInheritedDistribution() throws {
        let parent = Self.root + "/scenarios/live-activity-uncertain.json"
        let child = try Self.temporary("c.json", """
            {"extend": "\(parent)", "name": "c", "timing": {"exitDurationMs": {"loguniform": [1, 20]}}}
            """)
        let output = Tool.main(["validate", child])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stderr.hasPrefix("\(child):1:"))
        #expect(output.stderr.hasSuffix(": error: timing.exitDurationMs: expected milliseconds from 0 to 1000000000, "
            + "or a distribution (uniform, logUniform, normal, triangular, choice), found an object with \"loguniform\"; "
            + "did you mean \"logUniform\"?\n"), "\(output.stderr)")
        expectEqual(output.stderr.split(separator: "\n").count, 1)
        // An inherited object that is not a distribution still merges member by member.
        let label = try Self.temporary("l.json", """
            {"extend": "\(parent)", "name": "l", "hooks": {"applicationWillTerminate": {"label": "AppDelegate (edited)"}}}
            """)
        expectEqual(Tool.main(["validate", label]).exitCode, .success)
    }

    @Test("--vary with units says what to write, as --set does", arguments: [
        ("timing.exitDurationMs=1ms...20ms", "found \"1ms...20ms\": write --vary timing.exitDurationMs=1...20"),
        ("timing.exitDurationMs=1,5ms", "found \"1,5ms\": write --vary timing.exitDurationMs=1,5"),
        (#"systemCalls["Activity.end"].costMs=0.5s...2s"#, #"found "0.5s...2s": write --vary 'systemCalls["Activity.end"].costMs=500...2000'"#),
    ])
    func varyWithUnits(_ vary: String, _ expected: String) {
        let output = Tool.main(["sweep", "--vary", vary])
        expectEqual(output.exitCode, .badInput)
        expectEqual(output.stderr, "--vary \(vary): error: expected bare numbers of milliseconds (a …Ms setting takes no unit), \(expected)\n")
    }

    /// The built-in scenario with its background kill renamed `home then swipe`.
    static func spacedProcedure() throws -> String {
        let text = try String(contentsOfFile: root + "/scenarios/live-activity.json", encoding: .utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let procedures = try #require(document["procedures"] as? [String: Any])
        let child: [String: Any] = [
            "extend": "builtin:live-activity", "name": "spaced",
            "procedures": ["background": NSNull(), "home then swipe": try #require(procedures["background"])],
        ]
        let data = try JSONSerialization.data(withJSONObject: child, options: [.sortedKeys])
        return try temporary("spaced.json", String(decoding: data, as: UTF8.self))
    }

    @Test("a procedure name with spaces is quoted in a △ list, in tables and sweeps alike")
    func spacedProcedureNamesQuoted() throws {
        let path = try Self.spacedProcedure()
        let markdown = Tool.main(["run", path, "--format", "md"]).stdout
        expectContains(markdown, #"△ "home then swipe""#, "\(markdown)")
        let sweep = Tool.main(["sweep", path, "--vary", "timing.exitDurationMs=1,30"]).stdout
        expectContains(sweep, #"AppDelegate · Task: × up to 1.1 ms, △ "home then swipe" from 1.101 ms"#, "\(sweep)")
        // Prose keeps the name bare: commas part it.
        expectContains(Tool.main(["run", path]).stdout, "(foreground, home then swipe)")
        expectEqual(ProcedureListing.list(["background", "home then swipe"]), #"background+"home then swipe""#)
    }

    @Test("a kill procedure that kills nothing validates with notes, and explain says the hook was never called")
    func procedureThatKillsNothing() throws {
        let path = try Self.temporary("proc.json", """
            { "extend": "builtin:live-activity", "name": "proc", "procedures": { "background": { "steps": [ { "op": "delay", "ms": 2000 } ] } } }
            """)
        let validated = Tool.main(["validate", path])
        expectEqual(validated.exitCode, .success)
        expectEqual(validated.stdout, "\(path): valid: 3 hooks × 6 strategies × 2 procedures\n")
        let label = "background kill: home screen first, then swiped away from the app switcher"
        expectEqual(validated.stderr, "\(path): note: procedure \"background\" (\(label)) delivers none of the hooks' callbacks "
            + "(applicationWillTerminate, sceneDidDisconnect, willTerminateNotification), so no hook's code runs under it\n"
            + "\(path): note: procedure \"background\" (\(label)) never ends the process and never changes the app's state (no "
            + "exit, sigkill or lifecycle action): a run under it ends only if the app's code or a watchdog ends it\n", "\(validated.stderr)")
        let explained = Tool.main(["explain", path, "--hook", "AppDelegate", "--strategy", "Task", "--procedure", "background"])
        expectContains(explained.stdout, "× the cleanup did not finish, and the process did not die: applicationWillTerminate was "
            + "never called: the kill procedure background did not deliver it, and did not end the process either.", "\(explained.stdout)")
        // Every shipped scenario's procedures deliver a hook's callback and may end the process.
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.root + "/scenarios") where file.hasSuffix(".json") && !file.hasPrefix("scenario.schema") {
            let output = Tool.main(["validate", Self.root + "/scenarios/" + file])
            expectNotContains(output.stderr, "note: procedure", "\(file): \(output.stderr)")
        }
    }

    @Test("explore, run --explore, batch --explore and check --explore apply the default --max-events budget when given no limit",
          arguments: ["explore", "run", "batch", "check"])
    func defaultBudgetApplied(_ command: String) throws {
        let spec = try #require(Tool.registry.first { $0.name == command })
        let words = command == "explore" ? [command] : [command, "--explore"]
        func limits(_ words: [String]) throws -> ExplorationLimits? {
            let arguments = try Tool.parse(words, spec)
            if command == "explore" { return ExplorationBudget.applied(to: ExplorationLimits(), arguments) }
            return try ExplorationOptions(arguments, command: command).limits
        }
        expectEqual(try limits(words)?.maxEvents, ExplorationLimits.defaultMaxEvents)
        // Only --max-schedules given: that alone bounds the search.
        expectEqual(try limits(words + ["--max-schedules", "10"])?.maxEvents, nil)
    }

    @Test("--runs without distributions gives exact shares, without an interval for identical runs")
    func noIntervalForIdenticalRuns() {
        let text = Tool.main(["run", "--runs", "5"]).stdout
        expectContains(text, "rates (finished/replications, share; no interval: every replication is the same run):", "\(text)")
        expectContains(text, "AppDelegate · Task + semaphore: foreground 0/5 0%, background 0/5 0%\n", "\(text)")
        #expect(!text.contains("Wilson") && !text.contains("(0–43.5%)"))
        let markdown = Tool.main(["run", "--runs", "5", "--format", "md"]).stdout
        expectContains(markdown, "Rates (finished/replications, share; no interval: every replication is the same run):")
        // With distributions, the interval stays.
        let sampled = Tool.main(["run", Self.root + "/scenarios/live-activity-uncertain.json", "--runs", "20"]).stdout
        expectContains(sampled, "rates (finished/replications, share, 95% Wilson interval):")
    }

    @Test("explain's help names the schedule as its usage line does")
    func scheduleMetavariable() {
        let help = Tool.main(["explain", "--help"]).stdout
        expectContains(help, "--schedule SCHEDULE")
        expectNotContains(help, "--schedule SCH ")
    }

    @Test("the flip report's refusal groups its thousands")
    func groupedRefusal() {
        let vary = ["timing.exitDurationMs", "timing.startLatencyMs.default", "timing.startLatencyMs.userInitiated"]
            .flatMap { ["--vary", "\($0)=1...100"] }
        let output = Tool.main(["sweep"] + vary + ["--steps", "100"])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "the flip report would hold 30,000 lines × 18 cells, more than 250,000 ", "\(output.stderr)")
    }
}
