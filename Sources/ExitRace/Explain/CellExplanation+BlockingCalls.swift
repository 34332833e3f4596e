/// A blocking call told as one: the scenario language spells a synchronous call (`try
/// context.save()`, as `import` writes it) as a `call` with an empty `completion` on a global
/// queue (an empty one on the main queue or a queue of the scenario's is told as it is), and the timeline
/// says "calls context.save synchronously", not "creates completion handler … #2" and the handler's
/// wait for a thread, which are the spelling, not the app.
extension CellExplanation {
    /// ``describe(_:_:)``, with a blocking call's lines told as such: its empty handler's lines
    /// left out, and the call (the record after the handler's creation, `previous`) said to block.
    static func describe(_ record: TraceRecord, _ trace: CellTrace, previous: TraceRecord?) -> (String, String)? {
        switch record.kind {
        case .created, .queuedOnPool, .ready, .started, .stopped:
            if trace.contexts.isBlockingCall(record.context) { return nil }
        case .callStarted:
            if let previous, previous.kind == .created, previous.a == record.context,
                trace.contexts.isBlockingCall(previous.context)
            {
                return (thread(record.thread, trace),
                        "calls \(call(record.a, trace)) synchronously (blocks this thread for \(ms(record.b)))")
            }
        default: break
        }
        return describe(record, trace)
    }
}
