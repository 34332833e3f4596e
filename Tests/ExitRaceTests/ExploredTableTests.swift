import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceBenchmark
import ExitRaceCLI

@Suite("Tables with explored schedules: run, batch and check --explore")
struct ExploredTableTests {
    /// A fresh directory holding the race scenario as `scenarios/race.json`, for batch and check.
    static func raceDirectory(_ label: String) throws -> (root: String, scenarios: String, results: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-explored-\(label)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: root)
        let scenarios = root + "/scenarios", results = root + "/results"
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        try ScheduleExplorationTests.raceScenario.write(toFile: scenarios + "/race.json", atomically: true, encoding: .utf8)
        return (root, scenarios, results)
    }

    /// The race scenario with its blocking main block shortened to 20 ms: whichever block reaches
    /// the main queue first, the cleanup finishes before the SIGKILL, so the race is gone.
    static let racelessScenario = ScheduleExplorationTests.raceScenario.replacingOccurrences(of: "\"ms\": 200", with: "\"ms\": 20")

    @Test("an order-sensitive cell gets [o], a key line and a details line naming the race in words")
    func raceIsMarked() throws {
        let file = try ScheduleExplorationTests.raceFile()
        let text = Tool.main(["run", file, "--explore"])
        expectEqual(text.exitCode, .success)
        expectContains(text.stdout, "AppDelegate | ○ [o]")
        // The prose under the table wraps at 120 columns; read it unwrapped.
        let prose = text.stdout.replacingOccurrences(of: "\n      ", with: " ").replacingOccurrences(of: "\n    ", with: " ")
        expectContains(prose, "[o] order-sensitive: another order of events due at one instant gives another result")
        expectContains(prose,
            "AppDelegate · two blocks · kill: order-sensitive — DispatchQueue.global block from applicationWillTerminate #1 "
                + "becoming ready to run vs. DispatchQueue.global block from applicationWillTerminate #2 becoming ready to run, "
                + "both due at 0.1 ms; default order: finished, other order: not finished (schedule v1:")
        let markdown = Tool.main(["run", file, "--explore", "--format", "md"])
        expectContains(markdown.stdout, "| AppDelegate | ○ \\[o\\] |")
        let json = Tool.main(["run", file, "--explore", "--format", "json"])
        let document = try ResultDocument.parse(Array(json.stdout.utf8), file: "race")
        let exploration = try #require(document.exploration)
        #expect(exploration.bound == 2 && exploration.runs.map(\.orderSensitive) == [true])
        expectEqual(exploration.runs[0].results, ["finished", "not finished"])
        expectEqual(exploration.runs[0].race?.hasSuffix("both due at 0.1 ms"), true)
    }

    @Test("without --explore, and with --explore --bound 0, text and Markdown are today's; JSON only adds its member")
    func unexploredOutputIsUnchanged() throws {
        let file = try ScheduleExplorationTests.raceFile()
        let table = Simulator(scenario: try ScenarioLoader.load(path: file)).table()
        expectEqual(Tool.main(["run", file]).stdout, TextRenderer.render(table))
        expectEqual(Tool.main(["run", file, "--format", "json"]).stdout, JSONRenderer.render([table]))
        for format in ["text", "md"] {
            expectEqual(Tool.main(["run", file, "--explore", "--bound", "0", "--format", format]).stdout, Tool.main(["run", file, "--format", format]).stdout)
        }
        let explored = Tool.main(["run", file, "--explore", "--bound", "0", "--format", "json"]).stdout
        #expect(explored.contains("\"exploration\"") && !explored.contains("[o]"))
        let document = try ResultDocument.parse(Array(explored.utf8), file: "race")
        expectEqual(document.exploration?.runs.map(\.orderSensitive), [false])
        // The default scenario has no order-sensitive cell: its table reads the same explored.
        expectEqual(Tool.main(["run", "--explore", "--bound", "1"]).stdout, Tool.main(["run"]).stdout)
    }

    @Test("check explores a result that records exploration again, and reports a race that disappeared or appeared")
    func checkReportsRobustnessChange() throws {
        let (root, scenarios, results) = try Self.raceDirectory("check")
        defer { try? FileManager.default.removeItem(atPath: root) }
        expectEqual(Tool.main(["batch", scenarios, "--out", results, "--explore"]).exitCode, .success)
        expectEqual(Tool.main(["check", scenarios, "--against", results]).exitCode, .success)

        try Self.racelessScenario.write(toFile: scenarios + "/race.json", atomically: true, encoding: .utf8)
        let gone = Tool.main(["check", scenarios, "--against", results])
        expectEqual(gone.exitCode, .difference)
        expectContains(gone.stdout,
            "main-queue-race · AppDelegate · two blocks · kill: became order-robust: every order explored, up to 2 deviations "
                + "from the default one, gives the same result (finished)")
        expectContains(gone.stdout, "1 change of order-sensitivity")
        expectEqual(Tool.main(["check", scenarios, "--against", results, "--update"]).exitCode, .success)
        expectEqual(Tool.main(["check", scenarios, "--against", results]).exitCode, .success)

        try ScheduleExplorationTests.raceScenario.write(toFile: scenarios + "/race.json", atomically: true, encoding: .utf8)
        let back = Tool.main(["check", scenarios, "--against", results])
        expectEqual(back.exitCode, .difference)
        expectContains(back.stdout, "kill: became order-sensitive — DispatchQueue.global block from applicationWillTerminate #1")
        expectContains(back.stdout, "; default order: finished, other order: not finished")
    }

    @Test("check --explore with other limits is a change of exploration, and the suggested --update repeats them")
    func checkWithOtherLimits() throws {
        let (root, scenarios, results) = try Self.raceDirectory("limits")
        defer { try? FileManager.default.removeItem(atPath: root) }
        expectEqual(Tool.main(["batch", scenarios, "--out", results]).exitCode, .success)
        let started = Tool.main(["check", scenarios, "--against", results, "--explore", "--bound", "1"])
        expectEqual(started.exitCode, .difference)
        expectContains(started.stdout, "schedule exploration changed: not explored → explored with bound 1, at most 100,000 schedules per cell run")
        expectContains(started.stdout, "--against \(results) --explore --bound 1 --update")
        expectEqual(Tool.main(["check", scenarios, "--against", results, "--explore", "--bound", "1", "--update"]).exitCode, .success)
        // From now on the recorded limits are used without --explore.
        expectEqual(Tool.main(["check", scenarios, "--against", results]).exitCode, .success)
        let markdown = try String(contentsOfFile: results + "/main-queue-race.md", encoding: .utf8)
        expectContains(markdown, "○ \\[o\\]")
    }

    @Test("bad exploration options end run, batch and check with exit 2 and a clear message")
    func badOptions() throws {
        let file = try ScheduleExplorationTests.raceFile()
        let cases: [([String], String)] = [
            (["run", file, "--bound", "1"], "--bound says how far --explore goes: add --explore"),
            (["run", file, "--explore", "--bound", "9"], "--bound expects a whole number from 0 to 8"),
            (["run", file, "--explore", "--max-schedules", "0"], "--max-schedules expects"),
            (["run", file, "--explore", "--runs", "5"], "--explore explores tables of single runs"),
            (["batch", file, "--out", "/tmp/unused", "--max-schedules", "3"], "add --explore"),
            (["check", file, "--against", "/tmp/unused", "--explore", "--bound", "x"], "--bound expects"),
        ]
        for (arguments, fragment) in cases {
            let output = Tool.main(arguments)
            expectEqual(output.exitCode, .badInput, "\(arguments)")
            expectContains(output.stderr, fragment, "\(arguments): \(output.stderr)")
        }
    }

    @Test("explore counts in the right number: 1 schedule, 1 cell run")
    func exploreGrammar() throws {
        let output = Tool.main(["explore", try ScheduleExplorationTests.raceFile(), "--bound", "0"])
        expectContains(output.stdout, "order-robust (finished); 1 schedule, 4 choice points, exhaustive within bound 0")
        expectContains(output.stdout, "0 of 1 cell run order-sensitive")
    }

    @Test("run --explore with a cut search: no [o], a details line says the search was cut; JSON and check say undecided")
    func cutSearchInTables() throws {
        let file = try ScheduleExplorationTests.raceFile()
        let text = Tool.main(["run", file, "--explore", "--max-schedules", "1"])
        #expect(text.exitCode == .success && text.stdout.contains("AppDelegate | ○\n"))
        let prose = text.stdout.replacingOccurrences(of: "\n      ", with: " ").replacingOccurrences(of: "\n    ", with: " ")
        expectContains(prose, "not explored exhaustively: 1 cell run (search stopped at --max-schedules 1) found no other result")
        let json = Tool.main(["run", file, "--explore", "--max-schedules", "1", "--format", "json"]).stdout
        let document = try ResultDocument.parse(Array(json.utf8), file: "race")
        let run = try #require(document.exploration?.runs.first)
        #expect(run.robustness == "undecided" && !run.exhaustive)
        let change = RobustnessChange(
            scenario: "main-queue-race", hookLabel: "AppDelegate", strategy: "two blocks", procedure: "kill", now: run, bound: 2,
            maxSchedules: 1)
        expectContains(change.description, "kill: now undecided: no other result than finished found, but the search stopped at --max-schedules 1")
        expectNotContains(change.description, "order-robust:")
        // A file without the robustness word (an older one) is read from "exhaustive".
        let exhaustive = try #require(
            try ResultDocument.parse(Array(Tool.main(["run", file, "--explore", "--format", "json"]).stdout.utf8), file: "race").exploration?.runs.first)
        expectEqual(exhaustive.robustness, "sensitive")
    }

    @Test("--explore over a sampled scenario: run and check refuse it; batch explores the others and names it on stderr", .heavy)
    func sampledScenarios() throws {
        let uncertain = ScheduleExplorationTests.repository.appendingPathComponent("scenarios/live-activity-uncertain.json").path
        for arguments in [["run", uncertain, "--explore"], ["check", uncertain, "--against", FileManager.default.temporaryDirectory.path, "--explore"]] {
            let output = Tool.main(arguments)
            expectEqual(output.exitCode, .badInput, "\(arguments)")
            expectContains(output.stderr, "--explore explores tables of single runs; live-activity-uncertain draws settings from distributions",
                "\(arguments): \(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
        let (root, scenarios, results) = try Self.raceDirectory("sampled")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // It extends live-activity.json, which comes along (and is explored).
        try FileManager.default.copyItem(atPath: uncertain, toPath: scenarios + "/live-activity-uncertain.json")
        try FileManager.default.copyItem(
            atPath: ScheduleExplorationTests.repository.appendingPathComponent("scenarios/live-activity.json").path,
            toPath: scenarios + "/live-activity.json")
        let batch = Tool.main(["batch", scenarios, "--out", results, "--explore", "--bound", "0"])
        expectEqual(batch.exitCode, .success)
        expectContains(batch.stderr, "not explored (settings drawn from distributions): live-activity-uncertain")
        let race = try String(contentsOfFile: results + "/main-queue-race.json", encoding: .utf8)
        let sampled = try String(contentsOfFile: results + "/live-activity-uncertain.json", encoding: .utf8)
        #expect(race.contains("\"exploration\"") && !sampled.contains("\"exploration\""))
    }
}
