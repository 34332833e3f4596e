import ExitRace
import Foundation
import Synchronization
import Testing

@testable import ExitRaceCLI

/// Long work (#26, "Time"): a default budget for `explore`, `run --explore` and `explain`, counted
/// in simulated events and said in the output when it cut the work; a progress line and an
/// estimate on stderr only when stderr is a terminal. No timing here: counts and words.
@Suite("Long work")
struct LongWorkTests {
    /// Two blocks racing for the main queue: a search of several schedules (ScheduleExplorationTests' race).
    static let raceScenario = """
        {
          "name": "main-queue-race",
          "timing": { "exitDurationMs": 3 },
          "systemCalls": {
            "cleanup": { "costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 1, "takesEffectOn": "delivery", "cleanup": true }
          },
          "hooks": { "applicationWillTerminate": { "label": "AppDelegate" } },
          "strategies": {
            "two blocks": {
              "program": [
                { "op": "dispatch", "queue": "global", "qos": "userInitiated", "body": [
                  { "op": "work", "ms": 1 },
                  { "op": "dispatch", "queue": "main", "body": [{ "op": "detached", "body": [{ "op": "call", "name": "cleanup" }] }] }
                ] },
                { "op": "dispatch", "queue": "global", "qos": "userInitiated", "body": [
                  { "op": "work", "ms": 1 },
                  { "op": "dispatch", "queue": "main", "body": [{ "op": "work", "ms": 200 }] }
                ] }
              ]
            }
          },
          "procedures": {
            "kill": { "steps": [
              { "op": "turn", "actions": [{ "op": "hook", "name": "applicationWillTerminate" }] },
              { "op": "delay", "ms": 100 },
              { "op": "sigkill" }
            ] }
          }
        }
        """

    /// A run that polls for ever: it ends only at `limits.maxEvents` (1e9 in the file).
    static let endlessScenario = """
        {
          "name": "endless",
          "limits": { "maxEvents": 1000000000, "maxTimeMs": 1000000000 },
          "systemCalls": { "c": { "costMs": 1 } },
          "hooks": { "applicationWillTerminate": {} },
          "strategies": {
            "poll": { "program": [
              { "op": "detached", "body": [{ "op": "sleep", "ms": 1000000000 }, { "op": "set", "flag": "done" }, { "op": "call", "name": "c" }] },
              { "op": "waitUntil", "flag": "done", "pollMs": 0.000001 }
            ] }
          },
          "procedures": { "kill": { "steps": [ { "op": "turn", "actions": [{ "op": "hook", "name": "applicationWillTerminate" }] } ] } }
        }
        """

    static func file(_ name: String, _ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-longwork-\(getpid())-\(name).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What went to stderr's progress, shared with the environment's closure.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    /// An environment whose stderr is (or is not) a terminal, collecting what goes to it.
    static func environment(terminal: Bool, into box: Lines) -> ToolEnvironment {
        ToolEnvironment(stderrIsTerminal: terminal, progress: { line in box.lines.withLock { $0.append(line) } })
    }

    @Test("explore: the --max-events budget cuts a cell run's search at budget ÷ its run's events, and the output says so")
    func exploreBudget() throws {
        let path = try Self.file("race", Self.raceScenario)
        let simulator = Simulator(scenario: try ScenarioLoader.load(path: path))
        let events = simulator.run(hook: 0, strategy: 0, procedure: 0).events
        // A budget of two runs' events: two schedules.
        let output = Tool.main(["explore", path, "--max-events", "\(2 * events)"])
        expectEqual(output.exitCode, .success)
        let prose = Self.prose(output.stdout)
        expectContains(prose,
            "stopped by the --max-events budget at 2 schedules (\(TimeFormatting.grouped(2 * events)) events ÷ "
                + "\(TimeFormatting.grouped(events)) a run)")
        expectContains(prose,
            "exitrace explore: the budget --max-events \(TimeFormatting.grouped(2 * events)) cut the search of 1 cell "
                + "run short: each cell run may take \(TimeFormatting.grouped(2 * events)) events ÷ the events of its default "
                + "run in schedules (here as few as 2 schedules); raise --max-events or give --max-schedules to search further")
        // The same search as --max-schedules 2 gives: the same witnesses and counts.
        let given = Tool.main(["explore", path, "--max-schedules", "2"]).stdout
        expectNotContains(given, "--max-events")
        expectEqual(Self.prose(given).contains("order-sensitive"), prose.contains("order-sensitive"))
        // JSON stays one document: the note goes to stderr.
        let json = Tool.main(["explore", path, "--max-events", "\(2 * events)", "--format", "json"])
        #expect(json.stdout.hasPrefix("{") && !json.stdout.contains("budget\""))
        expectContains(json.stderr, "the budget --max-events")
    }

    @Test("explore: a budget that does not bite changes nothing, and --max-events given applies with --max-schedules")
    func budgetThatDoesNotBite() throws {
        let path = try Self.file("race-default", Self.raceScenario)
        let plain = Tool.main(["explore", path])
        expectContains(plain.stdout, "order-sensitive (2 results)")
        expectEqual(plain.stdout, Tool.main(["explore", path, "--max-schedules", "\(ExplorationLimits.defaultMaxSchedules)"]).stdout)
        expectNotContains(plain.stdout, "--max-events")
        // Given together, the fewer of --max-schedules and the budget's share bounds the search.
        let explicit = Tool.main(["explore", path, "--max-events", "1", "--max-schedules", "3"]).stdout
        expectContains(LongWorkTests.prose(explicit), "the budget --max-events 1 cut the search of 1 cell run short")
        Self.expectRefused(["explore", path, "--random", "3", "--max-events", "5"], "it takes no --max-events")
        Self.expectRefused(["run", path, "--max-events", "5"], "--max-events says how far --explore goes: add --explore")
    }

    /// Wrapped text as one line: every run of spaces and line breaks a single space.
    static func prose(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    static func expectRefused(_ arguments: [String], _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let output = Tool.main(arguments)
        expectEqual(output.exitCode, .badInput, sourceLocation: sourceLocation)
        expectContains(output.stderr, words, "\(output.stderr)", sourceLocation: sourceLocation)
    }

    @Test("run --explore: the budget cuts each cell run's search and says so on stderr, never in the table")
    func runExploreBudget() throws {
        let path = try Self.file("race-run", Self.raceScenario)
        let output = Tool.main(["run", path, "--explore", "--max-events", "1", "--format", "json"])
        expectEqual(output.exitCode, .success)
        let compact = output.stdout.replacingOccurrences(of: " ", with: "")
        #expect(compact.contains("\"budgetSchedules\":1") && compact.contains("\"maxEvents\":1"))
        expectContains(output.stderr, "exitrace run: main-queue-race: the budget --max-events 1")
        expectNotContains(output.stdout, "the budget")
    }

    @Test("explain: --max-events cuts a run the file lets run to 1e9 events, and the explanation says so")
    func explainBudget() throws {
        let path = try Self.file("endless", Self.endlessScenario)
        let output = Tool.main(["explain", path, "--hook", "applicationWillTerminate", "--strategy", "poll", "--max-events", "2000"])
        expectEqual(output.exitCode, .success)
        let prose = Self.prose(output.stdout)
        expectContains(prose,
            "stopped after 2,000 events (explain --max-events), before the scenario's "
                + "limits.maxEvents 1,000,000,000")
        // A run that ends before the budget has no such line.
        let short = Tool.main(["explain", "--hook", "AppDelegate", "--strategy", "Task.detached", "--max-events", "2000"])
        #expect(short.exitCode == .success && !short.stdout.contains("--max-events"))
    }

    @Test("progress and estimates go to stderr only on a terminal")
    func progressOnTerminalOnly() throws {
        let path = try Self.file("race-progress", Self.raceScenario)
        let shown = Lines()
        let onTerminal = Tool.main(["explore", path], environment: Self.environment(terminal: true, into: shown))
        #expect(shown.all.contains("\r[1/1] cell runs explored"))
        expectEqual(shown.all.last, "\r\u{1B}[K")
        let hidden = Lines()
        let piped = Tool.main(["explore", path], environment: Self.environment(terminal: false, into: hidden))
        #expect(hidden.all.isEmpty)
        // Never in the results: the same stdout either way.
        #expect(onTerminal.stdout == piped.stdout && onTerminal.stderr == piped.stderr)
        // run --explore: a line per scenario's cell runs, on a terminal only.
        let runShown = Lines()
        let runOnTerminal = Tool.main(["run", path, "--explore"], environment: Self.environment(terminal: true, into: runShown))
        #expect(runShown.all.contains("\r[1/1] cell runs of main-queue-race explored"))
        let runHidden = Lines()
        let runPiped = Tool.main(["run", path, "--explore"], environment: Self.environment(terminal: false, into: runHidden))
        #expect(runHidden.all.isEmpty && runOnTerminal == runPiped)
    }

    @Test("the estimate: over a minute, in words, from each cell run's sample and its count of schedules")
    func estimateWords() throws {
        var limits = ExplorationLimits()
        expectEqual(
            ExplorationBudget.estimate(limits, samples: [(0.01, 100)], command: "exitrace explore"),
                "exitrace explore: this may take up to 17 min (1 cell run × at most 100,000 schedules × about 10 ms each); "
                + "--max-schedules or --max-events bound it\n")
        limits.maxSchedules = 1_000
        expectEqual(ExplorationBudget.estimate(limits, samples: [(0.01, 100)], command: "exitrace explore"), nil)
        // With the budget, each cell run by its own events: 1,000 and 10 schedules.
        limits = ExplorationLimits(maxEvents: 100_000_000)
        expectEqual(
            ExplorationBudget.estimate(limits, samples: [(0.2, 100_000), (0.2, 10_000_000)], command: "exitrace explore"),
                "exitrace explore: this may take up to 3 min (2 cell runs × at most 1,000 schedules × about 200 ms each); "
                + "--max-schedules or --max-events bound it\n")
    }
}
