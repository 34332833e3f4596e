import Testing

@testable import ExitRace

/// `onCallbacks`: a strategy whose code depends on the callback delivered, its programs sharing the
/// state a real delegate keeps across callbacks (task handles, background tasks, semaphores).
@Suite("Strategies: a program per callback (onCallbacks)")
struct CallbackProgramTests {
    /// A scene-based app's life: home (`sceneDidEnterBackground`), 10 ms later a swipe
    /// (`sceneDidDisconnect`, then `applicationWillTerminate`), then exit.
    static func scenario(_ onCallbacks: String, callbacks: String = #""sceneDidEnterBackground", "applicationWillTerminate""#)
        throws -> Scenario
    {
        let json = """
            {
              "name": "app",
              "systemCalls": {"save": {"costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 2}},
              "hooks": {"app": {"callbacks": [\(callbacks)]}},
              "strategies": {"s": {"onCallbacks": \(onCallbacks)}},
              "procedures": {"p": {"steps": [
                {"op": "turn", "actions": [{"op": "hook", "name": "sceneDidEnterBackground"}]},
                {"op": "delay", "ms": 10},
                {"op": "turn", "actions": [{"op": "hook", "name": "sceneDidDisconnect"}]},
                {"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]},
                {"op": "turn", "actions": [{"op": "exit"}]}]}}
            }
            """
        return try ScenarioDecoder.decode(json, file: "app.json")
    }

    static func timeline(_ scenario: Scenario) -> [String] { QueueStepTests.timeline(scenario) }

    @Test("a Task kept as upload in sceneDidEnterBackground is cancelled by upload.cancel() in applicationWillTerminate")
    func taskStartedInOneCallbackCancelledInAnother() throws {
        let lines = Self.timeline(
            try Self.scenario("""
                {"sceneDidEnterBackground": [{"op": "task", "name": "upload", "body": [{"op": "taskSleep", "ms": 50}, {"op": "call", "name": "save"}]}],
                 "applicationWillTerminate": [{"op": "cancel", "task": "upload"}]}
                """))
        #expect(lines.contains("0µs main thread: → sceneDidEnterBackground (runs the strategy)"))
        #expect(lines.contains("0µs main thread: Task (main actor) from sceneDidEnterBackground sleeps (Task.sleep) for 50 ms"))
        #expect(lines.contains("10000µs main thread: → applicationWillTerminate (runs the strategy)"))
        #expect(lines.contains(
            "10000µs main thread: cancels Task (main actor) from sceneDidEnterBackground: it and its child tasks are cancelled; "
                + "only code that checks cancellation stops"))
        #expect(lines.contains(
            "10000µs main thread: Task.sleep throws CancellationError at once in Task (main actor) from sceneDidEnterBackground, "
                + "which is cancelled: its body ends here (its child tasks are cancelled and awaited first)"))
        #expect(!lines.contains { $0.contains("calls save") }, "the cancelled upload never saves")
    }

    @Test("a background task begun in sceneDidEnterBackground is still held at applicationWillTerminate, which ends it")
    func backgroundTaskBegunInOneCallbackEndedInAnother() throws {
        let lines = Self.timeline(
            try Self.scenario("""
                {"sceneDidEnterBackground": [{"op": "beginBackgroundTask", "task": "bg"}, {"op": "detached", "body": [{"op": "call", "name": "save"}]}],
                 "applicationWillTerminate": [{"op": "endBackgroundTask", "task": "bg"}]}
                """))
        #expect(lines.contains("0µs app: holds background task #1"))
        #expect(lines.contains("10000µs main thread: → applicationWillTerminate (runs the strategy)"))
        #expect(lines.contains("10000µs app: ends background task #1"), "the same task, not a fresh name of this callback's own")
        expectEqual(lines.filter { $0.contains("background task #") }.count, 2)
    }

    @Test("a semaphore signaled in one callback's program ends a wait in another's")
    func semaphoreShared() throws {
        let lines = Self.timeline(
            try Self.scenario("""
                {"sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}, {"op": "signal", "semaphore": "saved"}]}],
                 "applicationWillTerminate": [{"op": "wait", "semaphore": "saved", "timeoutMs": 100}]}
                """))
        #expect(lines.contains("10000µs main thread: blocks in wait on \"saved\" (timeout 100 ms)"))
        #expect(lines.contains("23000µs cooperative-pool thread 1: signals \"saved\", waking main thread"))
        #expect(lines.contains("23000µs main thread: wait on \"saved\" returns (signaled by cooperative-pool thread 1)"))
    }

    @Test("a callback of the hook without a program runs nothing, and the timeline says so")
    func callbackWithoutProgram() throws {
        let scenario = try Self.scenario(
            #"{"sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}]}"#,
            callbacks: #""sceneDidEnterBackground", "sceneDidDisconnect""#)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("10000µs main thread: → sceneDidDisconnect (the strategy has no program for it: nothing runs)"))
        #expect(lines.contains("10000µs main thread: ← sceneDidDisconnect returns"))
        #expect(lines.contains("10000µs main thread: → applicationWillTerminate"), "not a callback of the hook")
        expectEqual(lines.filter { $0.contains("creates Task.detached") }.count, 1)
    }

    @Test("a plain program still runs with state of its own in each delivery")
    func plainProgramPerDelivery() throws {
        let json = """
            {"name": "app", "systemCalls": {"save": {"costMs": 1}},
             "hooks": {"app": {"callbacks": ["sceneDidEnterBackground", "applicationWillTerminate"]}},
             "strategies": {"s": {"program": [{"op": "beginBackgroundTask", "task": "bg"}, {"op": "detached", "body": [{"op": "call", "name": "save"}]}]}},
             "procedures": {"p": {"steps": [
               {"op": "turn", "actions": [{"op": "hook", "name": "sceneDidEnterBackground"}]},
               {"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]},
               {"op": "turn", "actions": [{"op": "exit"}]}]}}}
            """
        let lines = Self.timeline(try ScenarioDecoder.decode(json, file: "app.json"))
        #expect(lines.contains("0µs app: holds background task #1"))
        #expect(lines.contains("0µs app: holds background task #2"), "a second task, not a renewal of the first")
    }

    @Test("each callback's steps are settings under onCallbacks.<callback>, for --set and sweeps")
    func settingPaths() throws {
        let scenario = try Self.scenario("""
            {"sceneDidEnterBackground": [{"op": "work", "ms": 3}, {"op": "detached", "body": [{"op": "call", "name": "save"}]}],
             "applicationWillTerminate": [{"op": "sleep", "ms": 4}]}
            """)
        let space = ParameterSpace(scenario: scenario)
        #expect(space.index(canonical: "strategies.s.onCallbacks.sceneDidEnterBackground[0].ms") != nil)
        #expect(space.index(canonical: "strategies.s.onCallbacks.applicationWillTerminate[0].ms") != nil)
        expectEqual(space.index(canonical: "strategies.s.program[0].ms"), nil)
        let lines = Self.timeline(scenario)
        #expect(lines.contains("0µs main thread: works for 3 ms"))
        #expect(lines.contains("13000µs main thread: Thread.sleep for 4 ms"))
    }

    @Test("the cleanup owed is that of the programs of the callbacks delivered: one never run owes nothing")
    func requiredCleanupsOfDeliveredCallbacks() throws {
        let json = """
            {"name": "app", "systemCalls": {"save": {"costMs": 1}, "flush": {"costMs": 1}},
             "hooks": {"app": {"callbacks": ["sceneDidEnterBackground", "sceneDidBecomeActive"]}},
             "strategies": {"s": {"onCallbacks": {
               "sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}],
               "sceneDidBecomeActive": [{"op": "detached", "body": [{"op": "call", "name": "flush"}]}]}},
               "plain": {"program": [{"op": "detached", "body": [{"op": "call", "name": "save"}]},
                 {"op": "if", "launchOptions": "remoteNotification", "body": [{"op": "detached", "body": [{"op": "call", "name": "flush"}]}]}]}},
             "procedures": {"p": {"steps": [
               {"op": "turn", "actions": [{"op": "hook", "name": "sceneDidEnterBackground"}]},
               {"op": "delay", "ms": 100},
               {"op": "turn", "actions": [{"op": "exit"}]}]}}}
            """
        let scenario = try ScenarioDecoder.decode(json, file: "app.json")
        let table = Simulator(scenario: scenario).table()
        expectEqual(table.cell(hook: 0, strategy: 0).verdict.symbol, "○", "sceneDidBecomeActive is never delivered: flush is not owed")
        expectEqual(table.cell(hook: 0, strategy: 1).verdict.symbol, "×", "a plain program owes every cleanup call it has")
    }

    static func errors(_ strategy: String) -> String {
        QueueStepTests.decodeErrors(
            """
            {"systemCalls": {"save": {"costMs": 1}}, "hooks": {"hook": {"callbacks": ["sceneDidEnterBackground"]}},
             "strategies": {"s": \(strategy)},
             "procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "sceneDidEnterBackground"}]}]}}}
            """)
    }

    @Test("an unknown callback is refused with the closest one")
    func unknownCallback() {
        let errors = Self.errors(
            #"{"onCallbacks": {"sceneDidEnterBackgrund": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}]}}"#)
        expectContains(errors,
            #"strategies.s.onCallbacks.sceneDidEnterBackgrund: unknown callback "sceneDidEnterBackgrund": expected a callback of the lifecycle or of a hook; did you mean "sceneDidEnterBackground"?"#)
    }

    @Test("an empty onCallbacks, both program and onCallbacks, and neither are refused")
    func shapeErrors() {
        expectContains(Self.errors(#"{"onCallbacks": {}}"#), "strategies.s.onCallbacks: expected at least one callback's program, found none")
        expectContains(Self.errors(#"{"program": [], "onCallbacks": {"sceneDidEnterBackground": []}}"#),
            #"strategies.s.onCallbacks: expected either "program" (run in every callback of the hook) or "onCallbacks" (a program per callback), found both"#)
        expectContains(Self.errors(#"{"code": ""}"#),
            #"missing member "program" (an array), or "onCallbacks" (an object: a program per callback)"#)
        expectContains(Self.errors(#"{"onCallbacks": {"sceneDidEnterBackground": 3}}"#),
            "strategies.s.onCallbacks.sceneDidEnterBackground: expected an array (the callback's program)")
    }

    @Test("the schema accepts onCallbacks and refuses what the loader refuses for its shape", arguments: [
        (#"{"onCallbacks": {"sceneDidEnterBackground": []}}"#, true),
        (#"{"onCallbacks": {"note": "n", "sceneDidEnterBackground": [{"op": "work", "ms": 1}]}}"#, true),
        (#"{"onCallbacks": {}}"#, false),
        (#"{"onCallbacks": {"note": "n"}}"#, false),
        (#"{"program": [], "onCallbacks": {"sceneDidEnterBackground": []}}"#, false),
        (#"{"code": ""}"#, false),
        (#"{"onCallbacks": {"sceneDidEnterBackground": 3}}"#, false),
    ])
    func schema(strategy: String, valid: Bool) throws {
        let node = try #require(SchemaTests.parse(strategy))
        let definition = try #require(SchemaTests.schema["$defs"]?["strategy"])
        expectEqual(SchemaTests.validator.validate(node, against: definition).isEmpty, valid, "\(strategy)")
    }

    @Test("a wait in one callback on a semaphore only another signals is accepted; on none, refused")
    func endlessWaitAcrossCallbacks() {
        expectEqual(Self.errors("""
            {"onCallbacks": {"sceneDidEnterBackground": [{"op": "wait", "semaphore": "done"}],
              "applicationWillTerminate": [{"op": "detached", "body": [{"op": "call", "name": "save"}, {"op": "signal", "semaphore": "done"}]}]}}
            """), "")
        expectContains(Self.errors("""
            {"onCallbacks": {"sceneDidEnterBackground": [{"op": "wait", "semaphore": "done"}],
              "applicationWillTerminate": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}]}}
            """), "semaphore \"done\" is never signaled in this strategy")
    }
}
