import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain

/// Where own dispatch queues, `sync`, completion handlers and `DispatchGroup` meet actors, task
/// groups and `async let`: a `sync` or a completion call inside actor-isolated code, a deadlock chain
/// through both a busy actor and a held serial queue, the decoder's scopes, the importer's spelling,
/// and random programs of both with the engine's invariants on (debug builds).
@Suite("Queues meet actors")
struct QueuesMeetActorsTests {
    /// One hook delivered in one turn (with a 1 s watchdog), then a SIGKILL at 300 ms.
    static func scenario(_ program: String, watchdog: Bool = false) -> Scenario {
        let turn =
            watchdog
            ? #"{"op": "turn", "watchdogMs": 1000, "actions": [{"op": "hook", "name": "hook"}]}"#
            : #"{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}"#
        let json = """
            {
              "name": "meet", "actors": {"Store": {}}, "queues": {"io": {"qos": "utility"}},
              "systemCalls": {"save": {"costMs": 3, "deliverAfterMs": 3, "replyLatencyMs": 20}},
              "hooks": {"hook": {}},
              "strategies": {"s": {"program": \(program)}},
              "procedures": {"p": {"steps": [\(turn), {"op": "delay", "ms": 300}, {"op": "sigkill"}]}}
            }
            """
        do {
            return try ScenarioDecoder.decode(json, file: "meet.json")
        } catch {
            preconditionFailure("test scenario is invalid:\n\(error)\n\(json)")
        }
    }

    static func timeline(_ scenario: Scenario) -> [String] {
        CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)).lines.map {
            "\($0.time / 1000)µs \($0.place): \($0.text)"
        }
    }

    @Test("a sync onto a serial queue inside an isolated body blocks its thread and keeps the actor")
    func syncInsideActor() {
        let scenario = Self.scenario(
            """
            [{"op": "task", "isolation": "Store", "body": [
               {"op": "dispatch", "queue": "io", "sync": true, "body": [{"op": "work", "ms": 20}]},
               {"op": "call", "name": "save"}]},
             {"op": "detached", "body": [{"op": "isolatedCall", "actor": "Store", "body": [{"op": "work", "ms": 1}]}]}]
            """)
        let lines = Self.timeline(scenario).joined(separator: "\n")
        // The detached task (ready at 10 ms) waits for the actor while the first job is inside its `sync` body.
        expectContains(lines, "waits: the actor runs one job at a time, and runs Task from hook")
        expectContains(lines, "sync")
        let outcome = TestScenario.run(scenario)
        expectEqual(outcome.deadlock, nil)
        #expect(outcome.cleanupAt != nil)
    }

    @Test("a completion call inside an isolated body stays on the actor; its completion runs on its queue")
    func completionInsideActor() {
        let scenario = Self.scenario(
            """
            [{"op": "task", "body": [{"op": "isolatedCall", "actor": "Store", "body": [
               {"op": "call", "name": "save", "queue": "io", "completion": [{"op": "work", "ms": 1}]}]}]}]
            """)
        let lines = Self.timeline(scenario)
        #expect(lines.contains { $0.contains("cooperative-pool thread 1: calls save (3 ms on this thread)") })
        #expect(lines.contains { $0.contains("runs completion handler from hook") })
        // The call does not leave the actor (no hop off it before the call's cost is spent).
        #expect(!lines.contains { $0.contains("leaves actor Store") && $0.hasPrefix("100µs") })
        #expect(TestScenario.run(scenario).cleanupAt != nil)
    }

    @Test("a deadlock chain goes through a busy actor and a held serial queue")
    func deadlockThroughActorAndQueue() {
        // A block of io waits for "go"; the Store job syncs onto io; the job that would signal "go"
        // waits for Store.
        let scenario = Self.scenario(
            """
            [{"op": "dispatch", "queue": "io", "body": [{"op": "wait", "semaphore": "go"}, {"op": "call", "name": "save", "queue": "main", "completion": []}]},
             {"op": "task", "isolation": "Store", "body": [{"op": "work", "ms": 40},
               {"op": "dispatch", "queue": "io", "sync": true, "body": [{"op": "work", "ms": 1}]}]},
             {"op": "task", "isolation": "Store", "body": [{"op": "signal", "semaphore": "go"}]}]
            """, watchdog: true)
        let chain = TestScenario.run(scenario).deadlock?.chainDescription ?? "no deadlock"
        expectContains(chain, "waits in queue \"io\".sync for its body to run", "\(chain)")
        expectContains(chain, "serial queue \"io\" runs one block at a time and is held by", "\(chain)")
        expectContains(chain, "is queued on actor Store, which runs one job at a time: it runs Task from hook #1", "\(chain)")
    }

    @Test("addTask in a completion handler or an expiration handler inside a task group is refused")
    func structureScopes() {
        for (key, step) in [
            ("completion", #"{"op": "call", "name": "save", "queue": "main", "completion": ["#),
            ("expiration", #"{"op": "beginBackgroundTask", "task": "t", "expiration": ["#),
        ] {
            let json = """
                {"actors": {}, "systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
                 "strategies": {"s": {"program": [{"op": "task", "body": [{"op": "taskGroup", "body": [
                   \(step){"op": "addTask", "body": [{"op": "call", "name": "save"}]}]}]}]}]}},
                 "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
                """
            var message = ""
            do { _ = try ScenarioDecoder.decode(json, file: "bad.json") } catch { message = "\(error)" }
            expectContains(message, "expected \"addTask\" directly in the body of a \"taskGroup\" step", "\(key): \(message)")
        }
    }

    @Test("the importer writes the actor and structured steps as the decoder reads them")
    func importedSpelling() throws {
        func json(_ step: ProgramStep) -> OrderedJSON {
            .object(ImportedStep.members(of: step, children: step.nestedBodies.map { .array($0.map(json)) }))
        }
        let program: [ProgramStep] = [
            .spawnTask(
                TaskSpawn(isolation: .actor("Store"), priority: .utility, detached: false),
                body: [
                    .isolatedCall(actor: "Store", body: [.call("save")]),
                    .taskGroup(throwing: true, body: [.addTask(priority: .utility, body: [.work(.ms(1))]), .addTask(priority: nil, body: [])]),
                    .asyncLet(name: "a", body: [.call("save")]),
                    .awaitLet(name: "a"),
                    .taskGroup(throwing: false, body: []),
                ]),
            .groupEnter("g"), .groupLeave("g"), .groupWait("g", timeout: .ms(2)),
            .groupNotify("g", queue: .queue("io"), body: [.dispatchSync(.main, body: [])]),
        ]
        let text = OrderedJSON.array(program.map(json)).text(indent: 0)
        let scenario = try ScenarioDecoder.decode(
            """
            {"actors": {"Store": {}}, "queues": {"io": {}}, "systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {}},
             "strategies": {"s": {"program": \(text)}},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """, file: "imported.json")
        expectEqual(scenario.strategies[0].program, program)
    }

    /// Seeded random programs mixing both languages' steps.
    struct Generator {
        var rng: SplitMix64
        var letCount = 0
        var groupCount = 0

        mutating func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        mutating func ms() -> String { String(Double(pick(200)) / 10) }
        mutating func queue() -> String { [#""queue": "io""#, #""queue": "main""#, #""queue": "global""#, #""queue": "fan""#][pick(4)] }

        /// Synchronous steps: hooks, dispatched blocks, completions, `sync` bodies.
        mutating func syncSteps(depth: Int) -> String {
            (0..<(1 + pick(3))).map { _ in syncStep(depth: depth) }.joined(separator: ", ")
        }

        mutating func syncStep(depth: Int) -> String {
            let choice = depth > 2 ? pick(3) : pick(10)
            switch choice {
            case 0: return #"{"op": "work", "ms": \#(ms())}"#
            case 1: return #"{"op": "signal", "semaphore": "s"}"#
            case 2: return #"{"op": "wait", "semaphore": "s", "timeoutMs": \#(ms())}"#
            case 3: return #"{"op": "dispatch", \#(queue()), "body": [\#(syncSteps(depth: depth + 1))]}"#
            case 4: return #"{"op": "dispatch", \#(queue()), "sync": true, "body": [\#(syncSteps(depth: depth + 1))]}"#
            case 5: return #"{"op": "dispatch", \#(queue()), "afterMs": \#(ms()), "body": [\#(syncSteps(depth: depth + 1))]}"#
            case 6: return #"{"op": "call", "name": "save", \#(queue()), "completion": [\#(syncSteps(depth: depth + 1))]}"#
            case 7:
                groupCount += 1
                let g = "g\(groupCount)"
                return #"{"op": "groupEnter", "group": "\#(g)"}, {"op": "groupNotify", "group": "\#(g)", \#(queue()), "body": [\#(syncSteps(depth: depth + 1))]}, "#
                    + #"{"op": "dispatch", \#(queue()), "body": [{"op": "groupLeave", "group": "\#(g)"}]}, {"op": "groupWait", "group": "\#(g)", "timeoutMs": \#(ms())}"#
            default: return spawn(depth: depth)
            }
        }

        mutating func spawn(depth: Int) -> String {
            let isolations = [#""inherit""#, #""none""#, #""mainActor""#, #""A""#, #""B""#]
            let priorities = ["", #", "priority": "utility""#, #", "priority": "high""#]
            let body = asyncBody(depth: depth + 1)
            if pick(3) == 0 { return #"{"op": "detached"\#(priorities[pick(3)]), "body": [\#(body)]}"# }
            return #"{"op": "task", "isolation": \#(isolations[pick(5)])\#(priorities[pick(3)]), "body": [\#(body)]}"#
        }

        /// `mayThrow`: false in a child task of a (non-throwing) group and bodies nested in it in the
        /// same task, where a sleep is `try? await Task.sleep` (Swift allows no plain `try` there).
        mutating func asyncBody(depth: Int, mayThrow: Bool = true) -> String {
            var lets: [String] = []
            var steps: [String] = []
            for _ in 0..<(1 + pick(4)) {
                switch depth > 2 ? pick(3) : pick(10) {
                case 0: steps.append(#"{"op": "taskSleep", "ms": \#(ms())\#(mayThrow ? "" : #", "try": "try?""#)}"#)
                case 1: steps.append(#"{"op": "call", "name": "save"}"#)
                case 2: steps.append(syncStep(depth: 3))
                case 3, 4: steps.append(syncStep(depth: depth))
                case 5:
                    steps.append(
                        #"{"op": "isolatedCall", "actor": "\#(pick(2) == 0 ? "A" : "B")", "body": [\#(asyncBody(depth: depth + 1, mayThrow: mayThrow))]}"#)
                case 6:
                    let children = (0..<(1 + pick(3))).map { _ in #"{"op": "addTask", "body": [\#(asyncBody(depth: depth + 1, mayThrow: false))]}"# }
                    steps.append(#"{"op": "taskGroup", "body": [\#(children.joined(separator: ", "))]}"#)
                case 7:
                    letCount += 1
                    lets.append("l\(letCount)")
                    steps.append(#"{"op": "asyncLet", "name": "l\#(letCount)", "body": [\#(asyncBody(depth: depth + 1))]}"#)
                case 8:
                    if let name = lets.popLast() { steps.append(#"{"op": "awaitLet", "name": "\#(name)"}"#) }
                default: steps.append(spawn(depth: depth))
                }
            }
            return steps.joined(separator: ", ")
        }
    }

    @Test("random programs of queues, groups, actors and child tasks keep the engine's invariants", arguments: [UInt64(11), 0x0051_AC70])
    func invariants(seed: UInt64) {
        var generator = Generator(rng: SplitMix64(seed: seed))
        for round in 0..<20 {
            let program = #"[\#(generator.syncSteps(depth: 0)), {"op": "detached", "body": [{"op": "call", "name": "save"}]}]"#
            let json = """
                {"timing": {"cooperativePoolWidth": \(1 + generator.pick(3)), "dispatchPoolWidth": \(1 + generator.pick(3))},
                 "actors": {"A": {}, "B": {"global": true}},
                 "queues": {"io": {"qos": "utility"}, "fan": {"qos": "userInitiated", "attributes": "concurrent"}},
                 "limits": {"maxEvents": 5000},
                 "systemCalls": {"save": {"costMs": 1, "deliverAfterMs": 0.5, "replyLatencyMs": 2}},
                 "hooks": {"hook": {}}, "strategies": {"s": {"program": \(program)}},
                 "procedures": {
                   "kill": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}, {"op": "delay", "ms": \(generator.ms())}, {"op": "sigkill"}]},
                   "watchdog": {"steps": [{"op": "turn", "watchdogMs": 2000, "actions": [{"op": "hook", "name": "hook"}]}, {"op": "delay", "ms": 5000}, {"op": "sigkill"}]}}}
                """
            RandomScenarioCheck.check(json, context: "seed \(seed), round \(round)", explore: round % 5 == 0)
        }
    }
}
