/// Runs the cells of one scenario: each (hook, strategy) under each kill procedure, with any
/// parameter values of the scenario's space.
///
/// The scenario is compiled once: each cell's program refers to parameter slots, so running with
/// other numbers (a sweep point, a sampled replication) costs a run, not a decode and a compile.
/// Not thread-safe: one simulator per thread. Runs reuse one engine, so repeated calls do not
/// allocate in the event loop.
public final class Simulator {
    /// The scenario whose cells this simulator runs.
    public let scenario: Scenario
    /// Every number a run reads, by path; ``defaults`` holds the scenario's own values.
    public let parameters: ParameterSpace
    /// The scenario's own values, the ones a run uses when given none.
    public let defaults: ParameterValues
    private let compiler: CellCompiler
    // The engine, and each cell's compiled program (or `nil`, not compiled yet) by procedure, then
    // hook, then strategy. A simulator is used by one thread, and nothing a run calls reaches them
    // again (a watcher's `resume` runs on a copy of the state), so no two accesses overlap: a
    // release build does not check at run time that they do not (each run paid some 175 and 75
    // instructions for the checks, 0.6% of a 10-task run; callgrind); a debug build (the tests)
    // still does.
    #if DEBUG
    var engine: Engine
    private var programs: [CellProgram?]
    #else
    @exclusivity(unchecked) var engine: Engine
    @exclusivity(unchecked) private var programs: [CellProgram?]
    #endif
    /// The scenario's hooks and strategies, counted once (a run looks its program up by them).
    private let hookCount: Int, strategyCount: Int
    /// Whether the engine's parameter values are ``defaults`` (the last run's were): a run with the
    /// defaults then leaves them as they are, where it would copy every slot's value and work out
    /// the start latencies from them again. Every run of the engine goes through this class.
    private var engineHoldsDefaults = false

    /// Prepares a simulator; cells are compiled on first use.
    public init(scenario: Scenario) {
        self.scenario = scenario
        parameters = ParameterSpace(scenario: scenario)
        defaults = parameters.defaults
        compiler = CellCompiler(scenario: scenario, space: parameters)
        engine = Engine(scenario: scenario, space: parameters)
        (hookCount, strategyCount) = (scenario.hooks.count, scenario.strategies.count)
        programs = Array(repeating: nil, count: scenario.procedures.count * hookCount * strategyCount)
    }

    /// Simulates one hook running one strategy, killed by one procedure, with the scenario's own
    /// values or with `values` (which must belong to this simulator's ``parameters``).
    package func run(hook: Int, strategy: Int, procedure: Int, values: ParameterValues? = nil) -> RunOutcome {
        let cell = program(hook: hook, strategy: strategy, procedure: procedure)
        guard let values else {
            // When the last run's values were the defaults too (a table's cells, a benchmark's
            // runs), the engine holds them already.
            assert(!engineHoldsDefaults || engine.values.elementsEqual(defaults.raw), "the engine's values are not the defaults")
            defer { engineHoldsDefaults = true }
            return engine.run(cell, values: engineHoldsDefaults ? nil : defaults.raw)
        }
        precondition(values.space === parameters, "parameter values of another scenario")
        engineHoldsDefaults = false
        return engine.run(cell, values: values.raw)
    }

    /// Simulates one run with tracing on, for explanations and trace files.
    package func trace(hook: Int, strategy: Int, procedure: Int, values: ParameterValues? = nil) -> CellTrace {
        engine.tracing = true
        defer { engine.tracing = false }
        let outcome = run(hook: hook, strategy: strategy, procedure: procedure, values: values)
        let cleanup = scenario.systemCalls.map(\.isCleanup)
        // The records leave the engine with the trace (no copy, and none kept for the next run).
        let records = Array(engine.trace)
        engine.trace = []
        var trace = CellTrace(
            scenario: scenario, hook: hook, strategy: strategy, procedure: procedure, outcome: outcome,
            records: records, contexts: engine.traceContexts { cleanup[Int($0)] },
            threads: engine.traceThreadNames(records), semaphores: engine.semaphoreNames, flags: engine.flagNames,
            callbacks: engine.callbackNames)
        trace.recordsCut = engine.traceCut
        trace.calls = engine.traceCalls
        engine.traceCalls = [:]
        // A traced run is read once, after the run: its contexts (some 76 bytes each, millions in a
        // storm of timers) need not stay allocated beside the trace while it is explained.
        engine.contexts = UnsharedBuffer()
        return trace
    }

    /// The mean number of events pending in one run (the benchmark sizes its yardstick by it).
    package func meanPendingEvents(hook: Int, strategy: Int, procedure: Int) -> Int {
        var counter = PendingCounter()
        let cell = program(hook: hook, strategy: strategy, procedure: procedure)
        let events = engine.run(cell, values: defaults.raw, observer: &counter).events
        engineHoldsDefaults = true
        return max(1, counter.sum / max(1, events))
    }

    /// The cell's compiled program, compiled on first use.
    private func program(hook: Int, strategy: Int, procedure: Int) -> CellProgram {
        let key = (procedure * hookCount + hook) * strategyCount + strategy
        if let program = programs[key] { return program }
        let program = compiler.compile(procedure: procedure, hook: hook, strategy: strategy)
        programs[key] = program
        return program
    }
}
