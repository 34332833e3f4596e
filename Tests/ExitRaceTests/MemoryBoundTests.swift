import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark

/// Runs are bounded in memory: `limits.maxContexts` and `limits.maxPendingEvents` stop a run that
/// would grow without end (reported as their own bound), and `limits.maxTraceRecords` cuts a trace.
/// The cases are the issue's (timers of a million fires at 1 ns) with limits small enough for a
/// debug build; each checks the bound reached, the engine's sizes after the run, and the time taken.
@Suite("Memory bounds")
struct MemoryBoundTests {
    static let call = #"{"op": "call", "name": "request"}"#
    /// The hook runs the strategy and the app lives on: only a bound can end the run.
    static let alive: KeyValuePairs<String, String> = [
        "alive": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]"#
    ]

    /// `count` timers of a million fires at 1 ns, each fire running `body`.
    static func timers(_ count: Int, body: String) -> String {
        let timer = #"{"op": "timer", "intervalMs": 0.000001, "count": 1000000, "body": [\#(body)]}"#
        return "[" + Array(repeating: timer, count: count).joined(separator: ", ") + #", {"op": "task", "body": [\#(call)]}]"#
    }

    /// Runs the first cell on an engine of its own, so the test can see the engine's sizes after.
    static func run(_ scenario: Scenario) -> (outcome: RunOutcome, engine: Engine, elapsed: Duration) {
        let space = ParameterSpace(scenario: scenario)
        let cell = CellCompiler(scenario: scenario, space: space).compile(procedure: 0, hook: 0, strategy: 0)
        var engine = Engine(scenario: scenario, space: space)
        // This thread's CPU time, not wall time: a loaded machine cannot fail the bound.
        let (outcome, elapsed) = ThreadCPUTime.measure { engine.run(cell, values: space.defaults.raw) }
        return (outcome, engine, elapsed)
    }

    @Test("ten timers of a million fires at 1 ns stop at limits.maxContexts")
    func contexts() {
        let scenario = TestScenario.make(
            limits: #""maxEvents": 1000000000, "maxContexts": 20000"#,
            strategies: ["timers": Self.timers(10, body: #"{"op": "work", "ms": 0}"#)], procedures: Self.alive)
        let (outcome, engine, elapsed) = Self.run(scenario)
        expectEqual(outcome.boundReached, .contexts)
        expectEqual(outcome.death, nil)
        #expect(engine.contexts.count > 20000)
        #expect(engine.contexts.count <= 20000 + 2 * Engine.memoryCheckInterval)
        #expect(elapsed < .seconds(10), "took \(elapsed) of CPU time")
    }

    @Test("tasks that sleep, started by a hundred timers, stop at limits.maxPendingEvents")
    func pendingEvents() {
        let sleeper = #"{"op": "detached", "body": [{"op": "taskSleep", "ms": 100000}]}"#
        let scenario = TestScenario.make(
            limits: #""maxEvents": 1000000000, "maxPendingEvents": 5000"#,
            strategies: ["timers": Self.timers(100, body: sleeper)], procedures: Self.alive)
        let (outcome, engine, elapsed) = Self.run(scenario)
        expectEqual(outcome.boundReached, .pendingEvents)
        #expect(engine.queue.count + engine.lifecycle.frozen.count > 5000)
        #expect(engine.queue.count + engine.lifecycle.frozen.count <= 5000 + 2 * Engine.memoryCheckInterval)
        #expect(engine.contexts.count <= Limits.default.maxContexts)
        #expect(elapsed < .seconds(10), "took \(elapsed) of CPU time")
    }

    @Test("a bound reached is shown as [?] with the setting named under the table")
    func reported() {
        let scenario = TestScenario.make(
            limits: #""maxEvents": 1000000000, "maxContexts": 2000"#,
            strategies: ["timers": Self.timers(10, body: #"{"op": "work", "ms": 0}"#)], procedures: Self.alive)
        let text = TextRenderer.render(Simulator(scenario: scenario).table())
        expectContains(text, "[?]")
        expectContains(text, "hook · timers (alive): stopped at limits.maxContexts while the process was alive")
    }

    @Test("the default limits leave every run of the default scenario as it was")
    func defaultsUnreached() {
        let simulator = Simulator(scenario: DefaultScenario.load())
        for hook in simulator.scenario.hooks.indices {
            for strategy in simulator.scenario.strategies.indices {
                for procedure in simulator.scenario.procedures.indices {
                    expectEqual(simulator.run(hook: hook, strategy: strategy, procedure: procedure).boundReached, nil)
                }
            }
        }
    }

    @Test("a trace past limits.maxTraceRecords is cut, said so, and the verdict is the whole run's", .heavy)
    func traceCut() {
        let scenario = TestScenario.make(
            limits: #""maxEvents": 100000, "maxTraceRecords": 50"#,
            strategies: ["timers": Self.timers(1, body: #"{"op": "work", "ms": 0}"#)], procedures: Self.alive)
        let simulator = Simulator(scenario: scenario)
        let trace = simulator.trace(hook: 0, strategy: 0, procedure: 0)
        #expect(trace.recordsCut)
        expectEqual(trace.records.count, 50)
        expectEqual(trace.outcome, simulator.run(hook: 0, strategy: 0, procedure: 0))
        let text = CellExplanation(trace).renderText()
        expectContains(text,
            "  ---- the trace was cut after 50 records (limits.maxTraceRecords); the run went on unrecorded ----\n\n")
    }

    @Test("a trace within limits.maxTraceRecords is whole")
    func traceWhole() {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let trace = simulator.trace(hook: 0, strategy: 0, procedure: 0)
        #expect(!trace.recordsCut)
        expectEqual(CellExplanation(trace).cutNotice, nil)
    }
}
