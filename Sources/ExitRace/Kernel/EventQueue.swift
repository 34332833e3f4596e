/// The simulator's agenda: events ordered by (time, sequence number).
///
/// Every scheduled event gets the next sequence number, so events at the same instant run in the
/// order they were scheduled. Scheduling in the past is a programmer error: the clock never moves
/// backwards.
struct EventQueue<Payload> {
    struct Entry: Comparable {
        var time: VirtualInstant
        var sequence: UInt64
        var payload: Payload

        static func < (a: Entry, b: Entry) -> Bool {
            a.time != b.time ? a.time < b.time : a.sequence < b.sequence
        }
        /// Two entries are equal only when they are the same scheduling (sequence numbers are unique).
        static func == (a: Entry, b: Entry) -> Bool {
            a.time == b.time && a.sequence == b.sequence
        }
    }

    private var heap = BinaryHeap<Entry>()
    private var nextSequence: UInt64 = 0
    /// The time of the last event handed out; nothing may be scheduled before it.
    private(set) var now = VirtualInstant.start

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    /// - Complexity: O(log n).
    mutating func schedule(_ payload: Payload, at time: VirtualInstant) {
        precondition(time >= now, "an event was scheduled in the past")
        heap.insert(Entry(time: time, sequence: nextSequence, payload: payload))
        nextSequence &+= 1
    }

    /// Removes the earliest event and advances `now` to its time.
    /// - Complexity: O(log n).
    mutating func next() -> Entry? {
        guard let entry = heap.popMin() else { return nil }
        now = entry.time
        return entry
    }

    /// Empties the queue and rewinds the clock for a new run, keeping the allocated capacity.
    mutating func reset() {
        heap.removeAll()
        nextSequence = 0
        now = .start
    }
}

#if EXITRACE_INVARIANTS
extension EventQueue {
    /// The heap is ordered and nothing pending is earlier than `now`.
    func checkInvariants() {
        heap.checkInvariants()
        if let first = heap.min { precondition(first.time >= now, "a pending event is earlier than now") }
    }
}
#endif
