/// Runs a scenario: every (hook, strategy) cell under every kill procedure.
///
/// Not thread-safe: one simulator per thread. Runs reuse one engine, so repeated calls do not
/// allocate in the event loop.
public final class Simulator {
    public let scenario: Scenario
    private let compiler: CellCompiler
    private var engine: Engine
    private var programs: [CellProgram?]

    public init(scenario: Scenario) {
        self.scenario = scenario
        compiler = CellCompiler(scenario: scenario)
        engine = Engine(scenario: scenario)
        programs = Array(
            repeating: nil, count: scenario.procedures.count * scenario.hooks.count * scenario.strategies.count)
    }

    /// Simulates one hook running one strategy, killed by one procedure.
    public func run(hook: Int, strategy: Int, procedure: Int) -> RunOutcome {
        let key = (procedure * scenario.hooks.count + hook) * scenario.strategies.count + strategy
        if programs[key] == nil {
            programs[key] = compiler.compile(procedure: procedure, hook: hook, strategy: strategy)
        }
        return engine.run(programs[key]!)
    }

    /// Simulates one run with tracing on, for explanations and trace files.
    public func trace(hook: Int, strategy: Int, procedure: Int) -> CellTrace {
        engine.tracing = true
        defer { engine.tracing = false }
        let outcome = run(hook: hook, strategy: strategy, procedure: procedure)
        let cleanup = scenario.systemCalls.map(\.isCleanup)
        return CellTrace(
            scenario: scenario, hook: hook, strategy: strategy, procedure: procedure, outcome: outcome,
            records: Array(engine.trace), contexts: engine.traceContexts { cleanup[Int($0)] },
            threads: engine.traceThreadNames(), semaphores: engine.semaphoreNames, flags: engine.flagNames,
            callbacks: engine.callbackNames)
    }

    /// Simulates every cell.
    public func table() -> ResultTable {
        var cells: [ResultTable.Cell] = []
        cells.reserveCapacity(scenario.hooks.count * scenario.strategies.count)
        for hook in scenario.hooks.indices {
            for strategy in scenario.strategies.indices {
                let outcomes = scenario.procedures.indices.map {
                    run(hook: hook, strategy: strategy, procedure: $0)
                }
                cells.append(ResultTable.Cell(hook: hook, strategy: strategy, outcomes: outcomes))
            }
        }
        return ResultTable(scenario: scenario, cells: cells)
    }
}
