/// The engine's tracing state: when on, every run records ``TraceRecord``s (for explanations and
/// trace files), up to `limits.maxTraceRecords`. Off, recording costs one test per record.
struct TraceRecorder {
    /// Whether runs record (``Simulator/trace(hook:strategy:procedure:values:)`` turns it on).
    var isOn = false
    /// What the last run recorded.
    var records = ContiguousArray<TraceRecord>()
    /// Whether the last run had more to record than the limit allowed.
    var cut = false
    /// Per `callStarted` record kept (by its index in `records`): what the record does not hold.
    var calls: [Int: TraceCall] = [:]

    /// Empties the records for a new run (keeping their capacity).
    mutating func reset() {
        records.empty()
        cut = false
        if !calls.isEmpty { calls = [:] }
    }

    /// Appends `record` unless `limit` records are kept already (then the trace is cut).
    @inline(__always)
    mutating func record(_ record: TraceRecord, limit: Int) {
        guard records.count < limit else { return cut = true }
        records.append(record)
    }

    /// Appends a `callStarted` record and what it does not hold, unless the trace is cut.
    mutating func record(call record: TraceRecord, _ call: TraceCall, limit: Int) {
        guard records.count < limit else { return cut = true }
        calls[records.count] = call
        records.append(record)
    }
}
