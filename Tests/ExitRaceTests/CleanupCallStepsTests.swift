import Testing

@testable import ExitRace
@testable import ExitRaceModel
@testable import ExitRaceParameters

/// The one walk over a program's cleanup calls (``Scenario/cleanupCallSteps(in:firstStep:)``) that
/// the cell compiler's masks and places and explain's places and counts share, and the setting
/// paths explain names them by (``SettingPath/preorderPaths(of:at:)``): numbered as
/// ``Strategy/preorder(_:)`` numbers the steps, in every kind of nested body.
@Suite("Cleanup call steps: one walk for the compiler and for explain")
struct CleanupCallStepsTests {
    /// `send` and `flush` are cleanup calls, `log` is not; the program nests calls in a task, an
    /// `ifCancelled`, a cancellation handler's `onCancel` and operation, and a completion handler.
    /// Pre-order: 0 task, 1 log, 2 send, 3 ifCancelled, 4 flush, 5 the handler, 6 its onCancel's
    /// send, 7 its operation's flush, 8 that flush's completion's send.
    static let scenario = """
        {
          "name": "walk",
          "systemCalls": {"send": {"costMs": 1}, "log": {"costMs": 1, "cleanup": false}, "flush": {"costMs": 1}},
          "hooks": {"term": {"callbacks": ["applicationWillTerminate"]}},
          "strategies": {"s": {"program": [
            {"op": "task", "body": [
              {"op": "call", "name": "log"},
              {"op": "call", "name": "send"},
              {"op": "ifCancelled", "body": [{"op": "call", "name": "flush"}]},
              {"op": "withTaskCancellationHandler", "onCancel": [{"op": "call", "name": "send", "queue": "main", "completion": []}],
               "body": [{"op": "call", "name": "flush", "queue": "main", "completion": [
                 {"op": "call", "name": "send", "queue": "main", "completion": []}]}]}]}]}},
          "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]}, {"op": "sigkill"}]}}
        }
        """

    @Test("cleanup calls in pre-order, with their step, call and whether they run on a condition")
    func walksEveryBody() throws {
        let scenario = try ScenarioDecoder.decode(Self.scenario, file: "walk.json")
        let program = scenario.strategies[0].program
        let steps = scenario.cleanupCallSteps(in: program)
        let names = steps.map { scenario.systemCalls[$0.call].name }
        #expect(names == ["send", "flush", "send", "flush", "send"])
        #expect(steps.map(\.conditional) == [false, true, true, false, false], "ifCancelled and onCancel run on a condition")
        // The numbering is Strategy.preorder's: each found step is a call of that name there.
        let preorder = Strategy.preorder(program)
        for found in steps { #expect(preorder[found.step].calledSystemCall == scenario.systemCalls[found.call].name) }
        #expect(steps.map(\.step) == [2, 4, 6, 7, 8])
        #expect(scenario.cleanupCallSteps(in: program, firstStep: 10).map(\.step) == [12, 14, 16, 17, 18])
    }

    @Test("setting paths in the same pre-order, one per step")
    func pathsInPreorder() throws {
        let scenario = try ScenarioDecoder.decode(Self.scenario, file: "walk.json")
        let program = scenario.strategies[0].program
        let paths = SettingPath.preorderPaths(of: program, at: "strategies.s.program")
        #expect(paths.count == Strategy.preorder(program).count)
        #expect(paths == [
            "strategies.s.program[0]", "strategies.s.program[0].body[0]", "strategies.s.program[0].body[1]",
            "strategies.s.program[0].body[2]", "strategies.s.program[0].body[2].body[0]",
            "strategies.s.program[0].body[3]", "strategies.s.program[0].body[3].onCancel[0]",
            "strategies.s.program[0].body[3].body[0]", "strategies.s.program[0].body[3].body[0].completion[0]",
        ])
    }
}
