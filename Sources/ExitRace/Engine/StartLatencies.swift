/// A run's start latency per QoS class (`timing.startLatencyMs`), in nanoseconds, read once per run
/// from its parameter values and kept inline in the engine.
///
/// Every job a pool takes waits its class's latency first, so `enqueueOnPool` reads one per job:
/// through the slots it was an array of slot numbers and then the values array, two dependent
/// loads each behind a bounds check; here it is one load at the class's offset.
struct StartLatencies {
    /// Room for eight classes, indexed by ``QoSClass/index``; `QoSClass` has five.
    private var latencies: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0, 0)

    init() {}

    /// The latencies of this run: `values` at each class's slot of `slots` (indexed by ``QoSClass/index``).
    init(slots: ContiguousArray<Int>, values: ContiguousArray<Int64>) {
        precondition(slots.count <= 8, "more QoS classes than latencies")
        withUnsafeMutableBytes(of: &latencies) { bytes in
            for (index, slot) in slots.enumerated() { bytes.storeBytes(of: values[slot], toByteOffset: index * 8, as: Int64.self) }
        }
    }

    /// The start latency of a job of this priority (a raw QoS value).
    @inline(__always)
    subscript(priority priority: UInt8) -> Int64 {
        mutating get {
            let index = QoSClass(priority: priority).index
            return withUnsafeMutableBytes(of: &latencies) { $0.load(fromByteOffset: index &* 8, as: Int64.self) }
        }
    }
}
