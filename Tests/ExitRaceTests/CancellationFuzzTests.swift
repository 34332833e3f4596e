import Testing

@testable import ExitRace
@testable import ExitRaceKernel

/// Seeded random programs of named tasks cancelled at random moments, with cancellable sleeps,
/// `withTaskCancellationHandler`, `throw`, `checkCancellation` and throwing task groups read with
/// `next`, run with the engine's invariant checks on (debug builds). A failure names the seed and
/// the round.
@Suite("Random cancellation programs")
struct CancellationFuzzTests {
    struct Generator {
        var rng: SplitMix64
        var taskCount = 0

        mutating func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        mutating func ms() -> String { String(Double(pick(300)) / 10) }

        /// A cancel of one of the tasks named so far, or work.
        mutating func cancelOrWork() -> String {
            taskCount > 0 && pick(2) == 0
                ? #"{"op": "cancel", "task": "t\#(1 + pick(taskCount))"}"# : #"{"op": "work", "ms": \#(ms())}"#
        }

        mutating func hookSteps() -> String {
            (0..<(2 + pick(3))).map { _ in pick(3) == 0 ? cancelOrWork() : spawn(depth: 0) }.joined(separator: ", ")
        }

        mutating func spawn(depth: Int) -> String {
            taskCount += 1
            let name = "t\(taskCount)"
            let body = asyncBody(depth: depth + 1, group: false)
            return pick(2) == 0
                ? #"{"op": "detached", "name": "\#(name)", "body": [\#(body)]}"#
                : #"{"op": "task", "name": "\#(name)", "body": [\#(body)]}"#
        }

        mutating func syncBody() -> String {
            (0..<(1 + pick(2))).map { _ in cancelOrWork() }.joined(separator: ", ")
        }

        /// `mayThrow`: false in a child task of a non-throwing group (and bodies nested in it in the
        /// same task), where Swift allows no `throw`, `try Task.checkCancellation()` or plain
        /// `try await Task.sleep`; `groupThrows`: whether the group whose body this is throws.
        mutating func asyncBody(depth: Int, group: Bool, groupThrows: Bool = true, mayThrow: Bool = true) -> String {
            var steps: [String] = []
            if group {
                steps += (0..<(1 + pick(3))).map { _ in
                    #"{"op": "addTask", "body": [\#(asyncBody(depth: depth + 1, group: false, mayThrow: groupThrows))]}"#
                }
            }
            for _ in 0..<(1 + pick(3)) {
                switch depth > 2 ? pick(5) : pick(11) {
                case 0: steps.append(#"{"op": "taskSleep", "ms": \#(ms())\#(pick(2) == 0 || !mayThrow ? #", "try": "try?""# : "")}"#)
                case 1: steps.append(#"{"op": "call", "name": "save"}"#)
                case 2: steps.append(mayThrow ? #"{"op": "checkCancellation"}"# : #"{"op": "work", "ms": 0.5}"#)
                case 3: steps.append(pick(3) == 0 ? (mayThrow ? #"{"op": "throw"}"# : #"{"op": "work", "ms": 0.5}"#) : #"{"op": "work", "ms": \#(ms())}"#)
                case 4: steps.append(cancelOrWork())
                case 5, 6:
                    steps.append(
                        #"{"op": "withTaskCancellationHandler", "body": [\#(asyncBody(depth: depth + 1, group: false, mayThrow: mayThrow))], "onCancel": [\#(syncBody())]}"#)
                case 7, 8:
                    let throwing = pick(3) != 0
                    steps.append(
                        #"{"op": "taskGroup", "throwing": \#(throwing), "body": [\#(asyncBody(depth: depth + 1, group: true, groupThrows: throwing, mayThrow: mayThrow))]}"#)
                case 9: if group { steps.append(#"{"op": "next"\#(pick(2) == 0 ? #", "all": true"# : "")}"#) }
                default: steps.append(spawn(depth: depth))
                }
            }
            return steps.joined(separator: ", ")
        }
    }

    @Test("random cancellation programs keep the engine's invariants and end within their bounds", arguments: [UInt64(22), 0xCA_9CE1, 2_026])
    func invariants(seed: UInt64) {
        var generator = Generator(rng: SplitMix64(seed: seed))
        for round in 0..<25 {
            generator.taskCount = 0
            let program = #"[\#(generator.hookSteps()), {"op": "detached", "body": [{"op": "call", "name": "save"}]}]"#
            let width = 1 + generator.pick(3)
            let json = """
                {"timing": {"cooperativePoolWidth": \(width)}, "limits": {"maxEvents": 5000},
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
