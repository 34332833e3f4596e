/// The yardstick for the engine: a bare binary heap of (time, priority, sequence) entries that
/// does nothing but pop the earliest entry and push a later one, keeping its pending count.
///
/// The engine can never be faster than this per event: every event goes through such a heap. The
/// ratio of the two rates is what the engine's bookkeeping costs, and unlike either rate it holds
/// from one machine (or minute) to the next.
struct BareHeap {
    struct Entry: Comparable {
        var time: Int64
        var priority: UInt8
        var sequence: UInt64

        static func < (a: Entry, b: Entry) -> Bool {
            if a.time != b.time { return a.time < b.time }
            if a.priority != b.priority { return a.priority > b.priority }
            return a.sequence < b.sequence
        }
    }

    private var heap = BinaryHeap<Entry>()
    /// Delays from 20 µs to about 2 ms, like the synthetic load's work, sleeps and calls, drawn
    /// once: the loop itself does nothing but heap work.
    private let delays: [Int64]
    private var sequence: UInt64 = 0

    /// A heap holding `pending` entries.
    init(pending: Int) {
        var random = SplitMix64(seed: 1)
        delays = (0..<1024).map { _ in 20_000 + Int64(random.next() % 2_000_000) }
        for _ in 0..<pending { push(after: 0) }
    }

    @inline(__always)
    private mutating func push(after time: Int64) {
        let delay = delays[Int(sequence & 1023)]
        heap.insert(Entry(time: time + delay, priority: UInt8(truncatingIfNeeded: sequence & 3), sequence: sequence))
        sequence &+= 1
    }

    /// Pops `events` entries, pushing one later entry for each; returns a checksum so the work
    /// cannot be optimized away.
    mutating func run(events: Int) -> Int64 {
        var checksum: Int64 = 0
        for _ in 0..<events {
            guard let entry = heap.popMin() else { break }
            checksum &+= entry.time
            push(after: entry.time)
        }
        return checksum
    }
}
