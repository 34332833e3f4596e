import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceExplain

/// Seeded random programs of actors, isolated calls, task groups, `async let` and sleeps, run with
/// the engine's invariant checks on (debug builds): one job at a time per actor, live children
/// counted, nothing counting after death. A failure names the seed and the round.
@Suite("Random actor and task-group programs")
struct ConcurrencyFuzzTests {
    struct Generator {
        var rng: SplitMix64
        var letCount = 0

        mutating func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        mutating func ms() -> String { String(Double(pick(200)) / 10) }

        /// Steps for a synchronous hook body.
        mutating func hookSteps() -> String {
            (0..<(1 + pick(3))).map { _ in pick(4) == 0 ? #"{"op": "work", "ms": \#(ms())}"# : spawn(depth: 0) }
                .joined(separator: ", ")
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
                let choice = depth > 2 ? pick(4) : pick(10)
                switch choice {
                case 0: steps.append(#"{"op": "work", "ms": \#(ms())}"#)
                case 1: steps.append(#"{"op": "taskSleep", "ms": \#(ms())\#(mayThrow ? "" : #", "try": "try?""#)}"#)
                case 2: steps.append(#"{"op": "call", "name": "save"}"#)
                case 3: steps.append(#"{"op": "wait", "semaphore": "s", "timeoutMs": \#(ms())}"#)
                case 4, 5:
                    steps.append(
                        #"{"op": "isolatedCall", "actor": "\#(pick(2) == 0 ? "A" : "B")", "body": [\#(asyncBody(depth: depth + 1, mayThrow: mayThrow))]}"#)
                case 6:
                    let children = (0..<(1 + pick(3))).map { _ in
                        #"{"op": "addTask"\#(pick(2) == 0 ? #", "priority": "utility""# : ""), "body": [\#(asyncBody(depth: depth + 1, mayThrow: false))]}"#
                    }
                    steps.append(#"{"op": "taskGroup", "body": [\#(children.joined(separator: ", "))]}"#)
                case 7:
                    letCount += 1
                    let name = "l\(letCount)"
                    lets.append(name)
                    steps.append(#"{"op": "asyncLet", "name": "\#(name)", "body": [\#(asyncBody(depth: depth + 1))]}"#)
                case 8:
                    if let name = lets.popLast() { steps.append(#"{"op": "awaitLet", "name": "\#(name)"}"#) }
                    steps.append(#"{"op": "signal", "semaphore": "s"}"#)
                default: steps.append(spawn(depth: depth))
                }
            }
            return steps.joined(separator: ", ")
        }
    }

    @Test("random programs keep the engine's invariants and end within their bounds", arguments: [UInt64(7), 0xAC70_25, 2_026])
    func invariants(seed: UInt64) {
        var generator = Generator(rng: SplitMix64(seed: seed))
        for round in 0..<25 {
            let program = #"[\#(generator.hookSteps()), {"op": "detached", "body": [{"op": "call", "name": "save"}]}]"#
            let width = 1 + generator.pick(3)
            let json = """
                {"timing": {"cooperativePoolWidth": \(width)}, "actors": {"A": {}, "B": {"global": true}},
                 "limits": {"maxEvents": 5000},
                 "systemCalls": {"save": {"costMs": 1, "deliverAfterMs": 0.5, "replyLatencyMs": 2}},
                 "hooks": {"hook": {}}, "strategies": {"s": {"program": \(program)}},
                 "procedures": {
                   "kill": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}, {"op": "delay", "ms": \(generator.ms())}, {"op": "sigkill"}]},
                   "live": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}, {"op": "delay", "ms": 5000}, {"op": "sigkill"}]}}}
                """
            RandomScenarioCheck.check(json, context: "seed \(seed), round \(round)", explore: round % 5 == 0)
        }
    }
}
