/// Everything needed to explain one run: its outcome, the engine's trace records, and names for
/// the numbers in them. Produced by ``Simulator/trace(hook:strategy:procedure:)``.
public struct CellTrace: Sendable {
    /// A task, block or turn of the run.
    package struct Context: Equatable, Sendable {
        /// What kind of code the context runs.
        package enum Kind: String, Sendable {
            case turn, mainBlock, globalBlock, task, detachedTask, expirationHandler, timerBlock, queueBlock, completionHandler,
                childTask
        }

        /// E.g. "Task.detached from applicationWillTerminate".
        package var name: String
        /// A turn, a dispatched block, a task, an expiration handler or a timer block.
        package var kind: Kind
        /// The QoS class its priority falls into.
        package var qos: QoSClass
        /// Whether it runs on the main actor (the main thread).
        package var mainIsolated: Bool
        /// Cleanup calls in its own code (not in the bodies it starts).
        package var cleanupCalls: Int
        /// An empty completion handler on a global queue: the scenario language's spelling of a
        /// blocking, synchronous call (`try context.save()`), which `explain` tells as such.
        package var isBlockingCall = false
    }

    /// The scenario the run belongs to.
    public package(set) var scenario: Scenario
    /// The row: an index into `scenario.hooks`.
    public package(set) var hook: Int
    /// The column: an index into `scenario.strategies`.
    public package(set) var strategy: Int
    /// The kill procedure: an index into `scenario.procedures`.
    public package(set) var procedure: Int
    /// What happened, as `Simulator.run` reports it.
    public package(set) var outcome: RunOutcome
    /// Everything the engine did, in the order it did it, up to `limits.maxTraceRecords`.
    package var records: [TraceRecord]
    /// Whether the run did more than `limits.maxTraceRecords` records could hold: `records` stops
    /// there, while the run (and its outcome) went on to its end.
    package var recordsCut = false
    /// Whether the run followed a schedule (`explain --schedule`) that departs from the default order
    /// at the instant the process died: a tie of the cleanup with the death was decided by that
    /// schedule, not by scheduling order.
    package var deviatesAtDeath = false
    /// Per `callStarted` record (by index in `records`): its strategy step and completion handler.
    package var calls: [Int: TraceCall] = [:]

    /// What the `callStarted` record at `index` does not hold, or `nil` for another record.
    package func call(at index: Int) -> TraceCall? { calls[index] }
    /// The run's contexts, indexed by the records' `context`.
    package var contexts: ContextTable
    /// Names of threads 0…n (the main thread, then pool threads), as far as the run used them.
    package var threads: [String]
    /// Semaphore names, indexed by the semaphore records' operand.
    package var semaphores: [String]
    /// Flag names, indexed by the flag records' operand.
    package var flags: [String]
    /// Callback names, indexed by the hook records' operand.
    package var callbacks: [String]

    /// `scenario · hook label · strategy · procedure`.
    public var title: String {
        "\(scenario.name) · \(scenario.hooks[hook].label) · \(scenario.strategies[strategy].name) · \(scenario.procedures[procedure].name)"
    }
}

extension Engine {
    /// Names and facts about the last run's contexts, for a ``CellTrace``: one pass over them, a
    /// few bytes each (a timer storm's half a million contexts took some 64 MB as named values).
    func traceContexts(cleanupCall: (Int32) -> Bool) -> ContextTable {
        var table = ContextTable.Builder(callbacks: program.callbacks)
        table.reserve(contexts.count)
        for context in contexts {
            table.append(context) { cleanupCalls(from: context.start, to: context.end, cleanupCall) }
        }
        return table.table()
    }

    /// Cleanup calls in the ops from `start` to `end` (a context's own code, not the bodies it starts).
    private func cleanupCalls(from start: Int32, to end: Int32, _ cleanupCall: (Int32) -> Bool) -> Int {
        var cleanupCalls = 0
        var pc = Int(start)
        while pc < Int(end) {
            let op = program.ops[pc]
            if op.bodyRunsElsewhere {
                pc = Int(op.bodyEnd)
                continue
            }
            if (op.kind == .call || op.kind == .callCompletion) && cleanupCall(op.a) { cleanupCalls += 1 }
            pc += 1
        }
        return cleanupCalls
    }

    /// Names of the threads the last run used, as far as its `records` show.
    func traceThreadNames(_ records: [TraceRecord]) -> [String] {
        var highest = 0
        for record in records where record.thread > highest { highest = Int(record.thread) }
        for record in records where record.kind == .signal || record.kind == .waitWoken || record.kind == .inversion {
            highest = max(highest, Int(record.b))
        }
        return (0...highest).map { threadName(Int32($0)) }
    }

    package var semaphoreNames: [String] { program.semaphores.map(\.name) }
    var flagNames: [String] { program.flags.map(\.name) }
    var callbackNames: [String] { program.callbacks }
}
