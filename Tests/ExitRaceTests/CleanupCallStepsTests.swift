import Testing

@testable import ExitRace
@testable import ExitRaceModel
@testable import ExitRaceParameters
@testable import ExitRaceExplain

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
        expectEqual(names, ["send", "flush", "send", "flush", "send"])
        expectEqual(steps.map(\.conditional), [false, true, true, false, false], "ifCancelled and onCancel run on a condition")
        // The numbering is Strategy.preorder's: each found step is a call of that name there.
        let preorder = Strategy.preorder(program)
        for found in steps { expectEqual(preorder[found.step].calledSystemCall, scenario.systemCalls[found.call].name) }
        expectEqual(steps.map(\.step), [2, 4, 6, 7, 8])
        expectEqual(scenario.cleanupCallSteps(in: program, firstStep: 10).map(\.step), [12, 14, 16, 17, 18])
    }

    @Test("setting paths in the same pre-order, one per step")
    func pathsInPreorder() throws {
        let scenario = try ScenarioDecoder.decode(Self.scenario, file: "walk.json")
        let program = scenario.strategies[0].program
        let paths = SettingPath.preorderPaths(of: program, at: "strategies.s.program")
        expectEqual(paths.count, Strategy.preorder(program).count)
        expectEqual(paths, [
            "strategies.s.program[0]", "strategies.s.program[0].body[0]", "strategies.s.program[0].body[1]",
            "strategies.s.program[0].body[2]", "strategies.s.program[0].body[2].body[0]",
            "strategies.s.program[0].body[3]", "strategies.s.program[0].body[3].onCancel[0]",
            "strategies.s.program[0].body[3].body[0]", "strategies.s.program[0].body[3].body[0].completion[0]",
        ])
    }

    /// Two callbacks' programs, with the bodies the first scenario lacks: a background task's
    /// `expiration`, `if launchOptions` and a timer's body. Steps are numbered over the strategy's
    /// whole program, the second callback's after the first's; paths start at each callback.
    static let callbacks = """
        {
          "name": "callbacks",
          "systemCalls": {"send": {"costMs": 1}, "flush": {"costMs": 1}},
          "hooks": {"app": {"callbacks": ["sceneDidEnterBackground", "applicationWillTerminate"]}},
          "strategies": {"s": {"onCallbacks": {
            "sceneDidEnterBackground": [
              {"op": "beginBackgroundTask", "task": "bg", "expiration": [
                {"op": "call", "name": "flush", "queue": "main", "completion": []}, {"op": "endBackgroundTask", "task": "bg"}]},
              {"op": "timer", "intervalMs": 5, "count": 2, "body": [{"op": "call", "name": "send", "queue": "main", "completion": []}]}],
            "applicationWillTerminate": [
              {"op": "if", "launchOptions": "remoteNotification", "body": [{"op": "detached", "body": [{"op": "call", "name": "flush"}]}]},
              {"op": "detached", "body": [{"op": "call", "name": "send"}]}]}}},
          "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "sceneDidEnterBackground"}]}, {"op": "sigkill"}]}}
        }
        """

    @Test("onCallbacks: expiration, launch options and timer bodies; numbered over the whole program, named per callback")
    func callbackPrograms() throws {
        let scenario = try ScenarioDecoder.decode(Self.callbacks, file: "callbacks.json")
        let strategy = scenario.strategies[0]
        // Pre-order of the whole program: 0 beginBackgroundTask, 1 its expiration's flush, 2 endBackgroundTask,
        // 3 timer, 4 its send; 5 if, 6 detached, 7 flush; 8 detached, 9 send.
        let steps = scenario.cleanupCallSteps(in: strategy.program)
        expectEqual(steps.map(\.step), [1, 4, 7, 9])
        expectEqual(steps.map(\.conditional), [true, false, true, false], "an expiration handler and if launchOptions run on a condition")
        let places = CleanupPlaces.places(scenario, strategy: 0)
        expectEqual(places.map(\.step), steps.map(\.step), "explain's places are the compiler's steps")
        expectEqual(places.map(\.conditional), steps.map(\.conditional))
        expectEqual(places.map(\.program), [0, 0, 1, 1])
        expectEqual(places.map(\.callback), ["sceneDidEnterBackground", "sceneDidEnterBackground", "applicationWillTerminate", "applicationWillTerminate"])
        expectEqual(places.map(\.location), [
            "strategies.s.onCallbacks.sceneDidEnterBackground[0].expiration[0]",
            "strategies.s.onCallbacks.sceneDidEnterBackground[1].body[0]",
            "strategies.s.onCallbacks.applicationWillTerminate[0].body[0].body[0]",
            "strategies.s.onCallbacks.applicationWillTerminate[1].body[0]",
        ])
    }
}
