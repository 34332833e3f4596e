import Testing

@testable import ExitRace
@testable import ExitRaceScenario

/// A step with a wrong member still has its body read: every problem of a scenario at once.
@Suite("Every problem at once: a body under a wrong step")
struct EveryProblemAtOnceTests {
    static func problems(_ step: String) -> [String] {
        let text = """
            { "name": "x", "hooks": { "h": { "callback": "applicationWillTerminate" } },
              "strategies": { "s": { "program": [\(step)] } },
              "procedures": { "p": { "steps": [{ "op": "turn", "actions": [{ "op": "hook", "name": "applicationWillTerminate" }] }] } } }
            """
        do {
            _ = try ScenarioDecoder.decode(text, file: "x.json")
            return []
        } catch {
            return error.diagnostics.map { "\($0.path): \($0.message)" }
        }
    }

    @Test("a call with no name is reported beside the wrong member of the step around it", arguments: [
        #"{ "op": "task", "priority": "bogus", "body": [{ "op": "call" }] }"#,
        #"{ "op": "task", "isolation": "bogus", "body": [{ "op": "call" }] }"#,
        #"{ "op": "dispatch", "queue": "nowhere", "body": [{ "op": "call" }] }"#,
        #"{ "op": "dispatch", "queue": "main", "sync": true, "afterMs": 1, "body": [{ "op": "call" }] }"#,
        #"{ "op": "timer", "intervalMs": "x", "count": 1, "body": [{ "op": "call" }] }"#,
        #"{ "op": "task", "body": [{ "op": "asyncLet", "body": [{ "op": "call" }] }] }"#,
        #"{ "op": "task", "body": [{ "op": "isolatedCall", "actor": "A", "body": [{ "op": "call" }] }] }"#,
    ])
    func bodyUnderWrongStep(step: String) {
        let problems = Self.problems(step)
        let call = step.contains("asyncLet") || step.contains("isolatedCall") ? ".body[0].body[0]" : ".program[0].body[0]"
        #expect(problems.count >= 2, "\(problems)")
        #expect(problems.contains { $0.hasSuffix("\(call): missing member \"name\" (a string)") }, "\(problems)")
    }
}
