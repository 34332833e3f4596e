/// The simulator's agenda: events ordered by (time, sequence number).
///
/// Every scheduled event gets the next sequence number, so events at the same instant run in the
/// order they were scheduled. Scheduling in the past is a programmer error: the clock never moves
/// backwards.
///
/// Events scheduled for the current instant (a third or more of a typical run: waking a thread,
/// continuing the script) skip the heap: they go to a first-in first-out lane. The order stays
/// (time, sequence): an event in the heap for the current instant was scheduled at an earlier
/// instant, so before anything in the lane, and comes out first.
@usableFromInline package struct EventQueue<Payload> {
    @usableFromInline package struct Entry: SequencedElement {
        @usableFromInline package var time: VirtualInstant
        @usableFromInline package var sequence: UInt64
        @usableFromInline package var payload: Payload

        @inlinable package init(time: VirtualInstant, sequence: UInt64, payload: Payload) {
            self.time = time
            self.sequence = sequence
            self.payload = payload
        }

        @inlinable package static func < (a: Entry, b: Entry) -> Bool {
            a.time != b.time ? a.time < b.time : a.sequence < b.sequence
        }
        /// An entry scheduled later comes after every entry at its time: only the times are compared.
        @inlinable package func precedes(newer: Entry) -> Bool { time <= newer.time }
        /// Two entries are equal only when they are the same scheduling (sequence numbers are unique).
        @inlinable package static func == (a: Entry, b: Entry) -> Bool {
            a.time == b.time && a.sequence == b.sequence
        }
    }

    @usableFromInline var heap = EventHeap<Entry>()
    /// Events for `now`, in the order they were scheduled: `lane[laneHead...]`. Emptied (its
    /// memory kept) once all are taken. The heap and the lane are ``UnsharedBuffer``s: a plain
    /// copy of the queue shares them, ``copied()`` does not.
    @usableFromInline var lane = UnsharedBuffer<Entry>()
    @usableFromInline var laneHead = 0
    @usableFromInline var nextSequence: UInt64 = 0
    /// The time of the last event handed out; nothing may be scheduled before it.
    @usableFromInline package internal(set) var now = VirtualInstant.start

    @inlinable package init() {}

    @inlinable package var isEmpty: Bool { heap.isEmpty && laneHead == lane.count }
    @inlinable package var count: Int { heap.count + lane.count - laneHead }

    /// The time of the earliest pending event, without removing it; `nil` when none is pending.
    @inlinable package var nextTime: VirtualInstant? { laneHead < lane.count ? now : heap.min?.time }

    /// - Complexity: O(1) for the current instant, O(log n) otherwise.
    @inlinable @inline(__always)
    package mutating func schedule(_ payload: Payload, at time: VirtualInstant) {
        precondition(time >= now, "an event was scheduled in the past")
        let entry = Entry(time: time, sequence: nextSequence, payload: payload)
        nextSequence &+= 1
        guard time == now else { return heap.insert(entry) }
        lane.append(entry)
    }

    /// Removes the earliest event and advances `now` to its time.
    /// - Complexity: O(1) from the lane, O(log n) from the heap.
    @inlinable @inline(__always)
    package mutating func next() -> Entry? {
        if laneHead < lane.count && !(heap.min.map { $0.time == now } ?? false) {
            let entry = lane.base[laneHead]
            laneHead += 1
            if laneHead == lane.count {
                laneHead = 0
                lane.empty()
            }
            return entry
        }
        guard let entry = heap.popMin() else { return nil }
        now = entry.time
        return entry
    }

    /// Empties the queue and rewinds the clock for a new run, keeping the allocated capacity.
    @inlinable package mutating func reset() {
        heap.removeAll()
        laneHead = 0
        lane.empty()
        nextSequence = 0
        now = .start
    }

    /// A queue with the same events in memory of its own: what a copy that goes on independently
    /// of this one takes (see ``UnsharedBuffer``).
    @inlinable package func copied() -> EventQueue {
        var copy = self
        copy.heap = heap.copied()
        copy.lane = lane.copied()
        return copy
    }
}

#if EXITRACE_INVARIANTS
extension EventQueue {
    /// The heap is ordered, and ``checkTimeInvariants()`` holds.
    package func checkInvariants() {
        heap.checkInvariants()
        checkTimeInvariants()
    }

    /// Nothing pending is earlier than `now`, and the lane holds events for `now` only, in sequence
    /// order, each later than any heap event for `now`: what the engine checks after every event.
    /// The heap's own order is the kernel's to keep (its seeded tests pop against a sorted reference
    /// and check ``checkInvariants()`` after every change to a queue): checked after every event,
    /// its comparisons through `Comparable` (unspecialized in a debug build) took about a
    /// twentieth of a debug test's time (`perf`, the shard suites).
    ///
    /// Plain loops over locals, as the engine's checks are: a closure that reads `self` (a
    /// `precondition`'s condition, `map`) copies the queue in a debug build, after every event.
    package func checkTimeInvariants() {
        let now = self.now, lane = self.lane, laneHead = self.laneHead
        if let first = heap.min {
            let notEarlier = first.time >= now
            precondition(notEarlier, "a pending event is earlier than now")
        }
        var previous: UInt64 = 0
        for index in laneHead..<lane.count {
            let entry = lane[index]
            let forNow = entry.time == now, inOrder = index == laneHead || previous < entry.sequence
            precondition(forNow, "the lane holds an event not for now")
            precondition(inOrder, "the lane is out of order")
            previous = entry.sequence
        }
    }

    /// Calls `body` with every pending event, in no particular order (for invariants over them).
    package func forEachPending(_ body: (Entry) -> Void) {
        heap.forEach(body)
        for entry in lane[laneHead...] { body(entry) }
    }
}
#endif
