import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark
import ExitRaceCLI

@Suite("Schedule exploration of same-instant races, and schedule replay")
struct ScheduleExplorationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Two global blocks finish 1 ms of work at the same instant and each queues a main block:
    /// one starts the cleanup, the other blocks the main thread for 200 ms, past the SIGKILL.
    /// Whichever reaches the main queue first decides the cell.
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
              "code": "two global blocks, each queueing a main block after 1 ms of work",
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

    static func raceFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-race-\(getpid()).json").path
        try raceScenario.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func shippedScenarios() throws -> [Scenario] {
        try ScenarioSet.load([repository.appendingPathComponent("scenarios").path]).scenarios
    }

    @Test("the default schedule is today's order: every cell of every shipped scenario runs as without a schedule", .heavy)
    func defaultScheduleIsTodaysOrder() throws {
        let scenarios = try Self.shippedScenarios()
        #expect(scenarios.count >= 5)
        for scenario in scenarios {
            let plain = Simulator(scenario: scenario), scheduled = Simulator(scenario: scenario)
            let exploration = ScenarioExploration(simulator: scheduled, limits: ExplorationLimits(bound: 0))
            var index = 0
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    for procedure in scenario.procedures.indices {
                        let today = plain.run(hook: hook, strategy: strategy, procedure: procedure)
                        let run = scheduled.run(hook: hook, strategy: strategy, procedure: procedure, deviations: [])
                        expectEqual(run.outcome, today, "\(scenario.name) \(hook)/\(strategy)/\(procedure)")
                        let cell = exploration.cells[index]
                        #expect(cell.schedules == 1 && cell.exhaustive && !cell.isOrderSensitive)
                        expectEqual(cell.witnesses.map(\.result), [ScheduleResult(today)])
                        index += 1
                    }
                }
            }
            expectEqual(index, exploration.cells.count)
        }
    }

    @Test("the hand-built race is order-sensitive, and its witness replays into the other result")
    func raceIsFound() throws {
        let scenario = try ScenarioLoader.load(path: try Self.raceFile())
        let simulator = Simulator(scenario: scenario)
        let exploration = ScenarioExploration(simulator: simulator, limits: ExplorationLimits())
        let cell = try #require(exploration.cells.first)
        #expect(cell.isOrderSensitive && cell.exhaustive)
        expectEqual(cell.witnesses.map(\.result.finished), [true, false])
        let witness = cell.witnesses[1]
        let replayed = simulator.run(hook: 0, strategy: 0, procedure: 0, deviations: witness.deviations)
        #expect(replayed.followedSchedule)
        #expect(!replayed.outcome.cleanupFinished)
        let text = exploration.scheduleText(witness, of: cell)
        let output = Tool.main(["explain", try Self.raceFile(), "--hook", "AppDelegate", "--strategy", "two blocks", "--procedure", "kill", "--schedule", text])
        expectEqual(output.exitCode, .success)
        expectContains(output.stdout, "× lost")
        #expect(output.stdout.hasPrefix("schedule: at 0.1 ms, DispatchQueue.global block from applicationWillTerminate #2 becoming ready to run"
            + " went first; the\n    default order takes DispatchQueue.global block from applicationWillTerminate #1 becoming ready to run first\n\n"),
            "the race the schedule decided, in words, before the timeline")
        // The docs show this witness: its fingerprint covers every parameter value, so a new setting
        // changes it (a newcomer's walk, 2026-12-03, replayed the docs' stale one and was refused).
        for doc in ["README.md", "docs/schedules.md"] {
            let contents = try String(contentsOf: Self.repository.appendingPathComponent(doc), encoding: .utf8)
            #expect(contents.contains("(schedule \(text))") || contents.contains("not finished: \(text)"),
                "\(doc) shows the race scenario's witness as \(text)")
        }
    }

    @Test("replaying a schedule twice gives identical traces")
    func replayIsExact() throws {
        let scenario = try ScenarioLoader.load(path: try Self.raceFile())
        let deviations = [ScheduleDeviation(choice: 0, pick: 1)]
        let first = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0, deviations: deviations)
        let simulator = Simulator(scenario: scenario)
        _ = simulator.run(hook: 0, strategy: 0, procedure: 0)
        let second = simulator.trace(hook: 0, strategy: 0, procedure: 0, deviations: deviations)
        expectEqual(ChromeTrace.render(first.trace), ChromeTrace.render(second.trace))
        expectEqual(CellExplanation(first.trace).renderText(), CellExplanation(second.trace).renderText())
        let plain = simulator.trace(hook: 0, strategy: 0, procedure: 0)
        #expect(ChromeTrace.render(plain) != ChromeTrace.render(first.trace))
    }

    @Test("--max-schedules stops the search and says so; random schedules are reproducible")
    func boundedSearch() throws {
        let scenario = try ScenarioLoader.load(path: try Self.raceFile())
        let simulator = Simulator(scenario: scenario)
        let cut = ScheduleExplorer.explore(simulator, cell: CellIndex(hook: 0, strategy: 0), procedure: 0, limits: ExplorationLimits(maxSchedules: 2))
        #expect(cut.schedules == 2 && !cut.exhaustive)
        let limits = ExplorationLimits(randomSchedules: 20, seed: 3)
        let a = ScheduleExplorer.explore(simulator, cell: CellIndex(hook: 0, strategy: 0), procedure: 0, limits: limits)
        let b = ScheduleExplorer.explore(Simulator(scenario: scenario), cell: CellIndex(hook: 0, strategy: 0), procedure: 0, limits: limits)
        #expect(a.schedules == 20 && a.witnesses.map(\.deviations) == b.witnesses.map(\.deviations))
    }

    @Test("schedule text round-trips; malformed text says where")
    func scheduleText() throws {
        let schedule = ScheduleText(fingerprint: 0xAB, deviations: [ScheduleDeviation(choice: 3, pick: 1), ScheduleDeviation(choice: 7, pick: 2)])
        expectEqual(schedule.text, "v1:\(ExitRaceVersion.current):00000000000000ab:3=1,7=2")
        expectEqual(try ScheduleText(parsing: schedule.text), schedule)
        for (bad, fragment) in [
            ("v1:0.2.0:00000000000000ab", "4 fields"), ("v2:0.2.0:00000000000000ab:", "field 1"),
            ("v1:0.2.0:xyz:", "field 3"), ("v1:0.2.0:00000000000000ab:3=1,2=1", "choice 2"),
            ("v1:0.2.0:00000000000000ab:3=0", "choice 1"),
        ] {
            #expect(throws: ScheduleTextError.self) { try ScheduleText(parsing: bad) }
            do { _ = try ScheduleText(parsing: bad) } catch { expectContains(error.message, fragment, "\(bad): \(error.message)") }
        }
        let old = ScheduleText(fingerprint: 0xAB, deviations: [], toolVersion: "0.0.1")
        do { try old.check(fingerprint: 0xAB); Issue.record("an old version was accepted") } catch { expectContains(error.message, "0.0.1") }
    }

    @Test("bad input ends explore and explain --schedule with exit 2 and a clear message")
    func badInput() throws {
        let cases: [([String], String)] = [
            (["explore", "--hook", "AppDelegat"], "did you mean"),
            (["explore", "--bound", "9"], "--bound expects a whole number from 0 to 8"),
            (["explore", "--bound", "-1"], "--bound"),
            (["explore", "--max-schedules", "0"], "--max-schedules expects"),
            (["explore", "--random", "0"], "--random expects"),
            (["explore", "--seed", "3"], "add --random"),
            (["explore", "--format", "md"], "text or json"),
            (["explain", "--hook", "AppDelegate", "--strategy", "Task", "--procedure", "background", "--schedule", "v1:x"], "4 fields"),
            (["explain", "--hook", "AppDelegate", "--strategy", "Task", "--procedure", "background", "--schedule", "v1:0.2.0:00000000000000ab:"], "another scenario"),
            (["explain", "--hook", "AppDelegate", "--strategy", "Task", "--schedule", "v1:0.2.0:00000000000000ab:"], "add --procedure"),
        ]
        for (arguments, fragment) in cases {
            let output = Tool.main(arguments)
            expectEqual(output.exitCode, .badInput, "\(arguments)")
            expectContains(output.stderr, fragment, "\(arguments): \(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test("explore on the default scenario names every cell run; JSON says the same")
    func exploreCommand() throws {
        let text = Tool.main(["explore", "--bound", "1"])
        expectEqual(text.exitCode, .success)
        expectContains(text.stdout, "AppDelegate · DispatchQueue.main.async · background: order-")
        expectContains(text.stdout, "of 36 cell runs order-sensitive")
        let json = Tool.main(["explore", "--hook", "AppDelegate", "--strategy", "Task", "--format", "json"])
        #expect(json.exitCode == .success && json.stdout.contains("\"orderSensitive\""))
    }

    @Test("a search cut by --max-schedules that found one result is undecided, never order-robust")
    func cutSearchIsUndecided() throws {
        let file = try Self.raceFile()
        let simulator = Simulator(scenario: try ScenarioLoader.load(path: file))
        let cut = ScheduleExplorer.explore(simulator, cell: CellIndex(hook: 0, strategy: 0), procedure: 0, limits: ExplorationLimits(maxSchedules: 1))
        #expect(cut.isUndecided && !cut.isOrderRobust && !cut.isOrderSensitive && cut.robustness == "undecided")
        let text = Tool.main(["explore", file, "--max-schedules", "1"]).stdout
        expectNotContains(text, "order-robust (")
        expectContains(text, "at most 1 schedule per cell run")
        let prose = text.replacingOccurrences(of: "\n    ", with: " ")
        expectContains(prose,
            "AppDelegate · two blocks · kill: undecided: no other result found in 1 schedule (finished), search stopped at "
                + "--max-schedules 1: not shown order-robust; 4 choice points")
        expectContains(prose, "0 of 1 cell run order-sensitive, 1 undecided (search stopped at --max-schedules 1")
        let json = Tool.main(["explore", file, "--max-schedules", "1", "--format", "json"]).stdout
        #expect(json.contains("\"undecided\"") && json.contains("\"robustness\""))
        // The report's example: the cell is order-sensitive, which one schedule cannot show.
        let user = Tool.main([
            "explore", "--set", "timing.exitDurationMs=11", "--hook", "AppDelegate", "--strategy", "Task.detached", "--max-schedules", "1",
        ]).stdout
        #expect(!user.contains("order-robust (") && user.contains("0 of 2 cell runs order-sensitive, 2 undecided"))
        // Exhaustive searches keep their words.
        expectContains(Tool.main(["explore", file]).stdout, "order-sensitive (2 results)")
    }

    @Test("explore's replay hint names the file and --set options; a mismatched replay says they must be the same")
    func replayHintReplays() throws {
        let file = try Self.raceFile()
        let output = Tool.main(["explore", file, "--set", "timing.exitDurationMs=4"])
        expectEqual(output.exitCode, .success)
        expectContains(output.stdout, "    exitrace explain \(file) --set timing.exitDurationMs=4 --hook H --strategy S --procedure P --schedule SCHEDULE")
        let witness = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("    not finished: v1:") })
        let schedule = String(witness.split(separator: " ").last!)
        let replay = ["explain", file, "--set", "timing.exitDurationMs=4", "--hook", "AppDelegate", "--strategy", "two blocks",
            "--procedure", "kill", "--schedule", schedule]
        expectEqual(Tool.main(replay).exitCode, .success)
        let mismatch = Tool.main(Array(replay[0...1]) + Array(replay[4...]))
        expectEqual(mismatch.exitCode, .badInput)
        expectContains(mismatch.stderr, "the same scenario FILE and --set options as explore was given")
        // A path with a space is quoted for the shell.
        let spaced = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace race \(getpid()).json").path
        try Self.raceScenario.write(toFile: spaced, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: spaced) }
        expectContains(Tool.main(["explore", spaced]).stdout, "exitrace explain '\(spaced)' --hook H")
        // The cell explore was given is filled in.
        expectContains(Tool.main(["explore", file, "--hook", "AppDelegate", "--strategy", "two blocks"]).stdout,
            "exitrace explain \(file) --hook AppDelegate --strategy 'two blocks' --procedure P --schedule SCHEDULE")
    }

    @Test("explore's text wraps at 120 columns, schedules whole, counts with separators; a sampled scenario runs its nominal values")
    func exploreTextWraps() throws {
        let output = Tool.main(["explore", "--set", "timing.exitDurationMs=11", "--hook", "AppDelegate"]).stdout
        for line in output.split(separator: "\n") where !line.contains("v1:") && !line.contains("exitrace explain") {
            #expect(line.count <= TextRenderer.maximumLineWidth, "\(line)")
        }
        #expect(output.split(separator: "\n").contains { $0.hasPrefix("    race: ") })
        expectContains(output.replacingOccurrences(of: "\n    ", with: " "), "at most 100,000 schedules per cell run")
        let random = Tool.main(["explore", "--hook", "AppDelegate", "--strategy", "Task", "--procedure", "background", "--random", "1200"]).stdout
        expectContains(random, "1,200 random schedules per cell run")
        expectContains(random, "in 1,200 schedules")
        expectContains(random.replacingOccurrences(of: "\n    ", with: " "), "random schedules, not an exhaustive search: not shown order-robust")
        let sampled = Tool.main(["explore", Self.repository.appendingPathComponent("scenarios/live-activity-uncertain.json").path, "--bound", "0"])
        expectEqual(sampled.exitCode, .success)
        expectContains(sampled.stdout.replacingOccurrences(of: "\n    ", with: " "), "at the nominal values (each distribution's median)")
    }

    @Test("explain at a tie says so and points to explore; a request not yet delivered is not 'waiting for the reply'")
    func tieVerdict() throws {
        let cell = ["explain", "--set", "timing.exitDurationMs=11", "--hook", "AppDelegate", "--strategy", "Task.detached", "--procedure", "foreground"]
        let lost = Tool.main(cell).stdout
        expectNotContains(lost, "lost by 0 ms")
        expectContains(lost, "when the process exited at 61 ms — a tie, lost by scheduling order: it would have taken effect at that same instant (61 ms)")
        expectContains(lost, "exitrace explore says whether the other order wins")
        let won = Tool.main(cell + ["--schedule", "v1:\(ExitRaceVersion.current):d0d802cb97a795df:0=1"])
        expectEqual(won.exitCode, .success)
        // The replayed schedule decided the tie, not the default order (a newcomer's walk, 2026-12-03).
        expectContains(won.stdout, "at the same instant as the process exited at 61 ms: a tie, which the cleanup won in the order the replayed schedule gives.")
        expectNotContains(won.stdout, "by scheduling order")
        expectNotContains(won.stdout, "0 ms before")
        let sent = Tool.main(cell + ["--schedule", "v1:\(ExitRaceVersion.current):d0d802cb97a795df:0=2"]).stdout
        expectContains(sent, "had sent Activity.end, and the request had not reached the system yet when the process exited at 61 ms")
        expectContains(sent, "; the call takes effect on delivery.")
        expectNotContains(sent, "waiting for the reply")
        // A margin that is not 0 reads as before.
        expectContains(Tool.main(["explain", "--hook", "AppDelegate", "--strategy", "Task.detached", "--procedure", "foreground"]).stdout, "lost by")
    }
}
