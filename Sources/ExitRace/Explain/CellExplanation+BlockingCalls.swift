/// A blocking call told as one: the scenario language spells a synchronous call (`try
/// context.save()`, as `import` writes it) as a `call` with an empty `completion` on a global
/// queue (an empty one on the main queue or a queue of the scenario's is told as it is), and the timeline
/// says "calls context.save synchronously", not "creates completion handler … #2" and the handler's
/// wait for a thread, which are the spelling, not the app.
extension CellExplanation {
    /// ``describe(_:_:)``, with a blocking call's lines told as such: its empty handler's lines
    /// left out, and the call (whose ``TraceCall`` names that handler) said to block. `index` is the
    /// record's in `trace.records`.
    static func describeBlocking(_ record: TraceRecord, at index: Int, _ trace: CellTrace) -> (String, String)? {
        switch record.kind {
        case .created, .queuedOnPool, .ready, .started, .stopped:
            if trace.contexts.isBlockingCall(record.context) { return nil }
        case .callStarted:
            if let handler = trace.call(at: index)?.handler, trace.contexts.isBlockingCall(handler) {
                return (thread(record.thread, trace),
                        "calls \(call(record.a, trace)) synchronously (blocks this thread for \(ms(record.b)))")
            }
        default: break
        }
        return describe(record, trace)
    }
}
