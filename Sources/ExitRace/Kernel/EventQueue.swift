/// The simulator's agenda: events ordered by (time, sequence number).
///
/// Every scheduled event gets the next sequence number, so events at the same instant run in the
/// order they were scheduled. Scheduling in the past is a programmer error: the clock never moves
/// backwards.
///
/// A radix heap. Since no event is scheduled before `now`, an event can be filed by the highest
/// bit in which its time differs from `now`: bucket `b` (1...63) holds the events whose times first
/// differ from `now` at bit `b - 1`, so every time in a lower bucket is earlier than every time in
/// a higher one, and events tied on time share a bucket. The events due `now` (waking a thread,
/// continuing the script: nearly half of the default scenario's events) wait in their own
/// first-in first-out list, `due`. Scheduling appends to a list; taking the next event takes the
/// first of `due`, and when `due` is empty the lowest bucket that is not is spread first: `now`
/// becomes its earliest time and each of its events is filed again, those at that time in `due`,
/// the rest in lower buckets.
///
/// Each list stays in sequence order: it is appended to in that order, and a bucket is spread only
/// into lists that are empty (`due` and every lower bucket). So ties come out first-in first-out,
/// with time alone compared, never the sequence numbers. An event is filed again at most once per
/// bit of its distance from `now`, and in practice a few times (10 tasks: 24 spreads of 3–4
/// events a run of 86 events).
///
/// Measured against the binary heap with a hole at its root that this replaced (`exitrace bench`,
/// the two binaries alternately, six rounds): 0.843× the instructions of a 10-task run
/// (callgrind), about the same time there (a 10-task event 2.04–2.34× the bare heap's against
/// 1.95–2.48×: slower while the machine is fast, faster while it is slow), and 0.51–0.69× against 0.88–1.19× at 10,000 tasks, where a heap's sift goes
/// through a dozen levels and this files an event a few times. A version with each bucket a list
/// linked through one buffer of nodes took 0.89× the instructions but more time: spreading a
/// bucket walked its list, each node's load waiting for the one before; here a bucket is
/// contiguous.
///
/// Unlike the heap, taking an event can ask for memory (a spread files events into other lists):
/// when the system has not that much, the lists grow by less and count a ``MemoryShortage``, as
/// every buffer of the engine does, and a spread of events all at one time asks for none. Memory
/// follows the events pending: a list larger than ``EventBuckets/keptCapacity`` gives its block
/// back once empty.
///
/// The lists' memory is an ``EventBuckets``: a plain copy of the queue shares it, counts included,
/// so of two plain copies only one may change the queue (the engine makes plain copies only to
/// read them); ``copied()`` has memory of its own. The payload must be trivial (plain bytes), as
/// the engine's events are: the lists copy and free their entries as bytes.
@usableFromInline package struct EventQueue<Payload> {
    @usableFromInline package struct Entry: Comparable {
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
        /// Two entries are equal only when they are the same scheduling (sequence numbers are unique).
        @inlinable package static func == (a: Entry, b: Entry) -> Bool {
            a.time == b.time && a.sequence == b.sequence
        }
    }

    /// Slots of `buckets`: 0 is `due`, 1...63 the buckets (times are never negative, so two differ
    /// below bit 63), so that a slot's number is its bit in `occupied`.
    @usableFromInline static var bucketSlots: Int { 64 }

    /// Each slot's events, in sequence order (its memory; `slots` is `buckets.slots`, read without
    /// going through the class). Slot 0, `due`: the events due `now`, taken from `dueHead` on.
    @usableFromInline var buckets: EventBuckets
    @usableFromInline var slots: UnsafeMutablePointer<EventBuckets.Bucket>
    @usableFromInline var dueHead = 0
    /// Bit `b` set exactly when slot `b` holds an event (bit 0: `due` holds one not yet taken).
    @usableFromInline var occupied: UInt64 = 0
    @usableFromInline var nextSequence: UInt64 = 0
    /// The time of the last event handed out; nothing may be scheduled before it.
    @usableFromInline package internal(set) var now = VirtualInstant.start
    /// Whether a spread found no memory for one more event: ``next()`` then gives no event past
    /// those already due, though events are pending, and the run stops at its memory bound.
    @usableFromInline package private(set) var isStalled = false

    @inlinable package init() {
        precondition(_isPOD(Payload.self), "an event queue's payload is plain bytes")
        precondition(MemoryLayout<Entry>.alignment <= 16, "malloc aligns to 16 bytes at most")
        buckets = EventBuckets(
            slotCount: Self.bucketSlots, stride: MemoryLayout<Entry>.stride, initialCapacity: EventBuckets.initialCapacity)
        slots = buckets.slots
        for slot in 0..<Self.bucketSlots where slots[slot].capacity > 0 {
            slots[slot].base.unsafelyUnwrapped.bindMemory(to: Entry.self, capacity: slots[slot].capacity)
        }
    }

    @inlinable package var isEmpty: Bool { occupied == 0 }

    /// Whether an event is due `now`: the next one taken is then at `now`.
    @inlinable package var hasEventNow: Bool { occupied & 1 != 0 }

    /// The pending events: a sum over the slots that hold any. No count is kept per event: the
    /// event loop asks at its checks of the run's bounds (every 1,024 events), and an observer
    /// that wants the pending count at every event (the benchmark's) asks then.
    @inlinable package var count: Int {
        var count = -dueHead  // 0 unless events due now are being taken
        var rest = occupied
        while rest != 0 {
            count &+= slots[rest.trailingZeroBitCount].count
            rest &= rest &- 1
        }
        return count
    }

    /// The time of the earliest pending event, without removing it; `nil` when none is pending.
    /// - Complexity: O(1) when an event is due `now`, else a scan of the lowest bucket.
    @inlinable package var nextTime: VirtualInstant? {
        guard occupied != 0 else { return nil }
        guard occupied & 1 == 0 else { return now }
        return VirtualInstant(nanoseconds: timeRange(of: occupied.trailingZeroBitCount).earliest)
    }

    /// - Complexity: O(1), amortized when a slot's memory grows.
    @inlinable @inline(__always)
    package mutating func schedule(_ payload: Payload, at time: VirtualInstant) {
        precondition(time >= now, "an event was scheduled in the past")
        let entry = Entry(time: time, sequence: nextSequence, payload: payload)
        nextSequence &+= 1
        let difference = UInt64(bitPattern: time.nanoseconds ^ now.nanoseconds)
        let slot = difference == 0 ? 0 : 64 &- difference.leadingZeroBitCount
        append(entry, to: slot)
        occupied |= 1 &<< UInt64(slot)
    }

    /// Appends `entry` to slot `slot`'s events (its occupied bit is the caller's to set).
    @inlinable @inline(__always)
    mutating func append(_ entry: Entry, to slot: Int) {
        if slots[slot].count == slots[slot].capacity {
            buckets.grow(slot)
            slots[slot].base.unsafelyUnwrapped.bindMemory(to: Entry.self, capacity: slots[slot].capacity)
        }
        events(in: slot)[slots[slot].count] = entry
        slots[slot].count &+= 1
    }

    /// ``append(_:to:)`` for a spread: false, nothing appended, when the system has not the memory
    /// for one more entry.
    @inlinable @inline(__always)
    mutating func appendIfPossible(_ entry: Entry, to slot: Int) -> Bool {
        if slots[slot].count == slots[slot].capacity {
            guard buckets.growIfPossible(slot) else { return false }
            slots[slot].base.unsafelyUnwrapped.bindMemory(to: Entry.self, capacity: slots[slot].capacity)
        }
        events(in: slot)[slots[slot].count] = entry
        slots[slot].count &+= 1
        return true
    }

    /// Slot `slot`'s entries, `[0..<slots[slot].count]` (no memory while it has held none).
    @inlinable @inline(__always)
    func events(in slot: Int) -> UnsafeMutablePointer<Entry> {
        assert(slot >= 0 && slot < Self.bucketSlots && slots[slot].capacity > 0, "a slot with no memory")
        return slots[slot].base.unsafelyUnwrapped.assumingMemoryBound(to: Entry.self)
    }

    /// Removes the earliest event and advances `now` to its time.
    /// - Complexity: O(1) amortized (each event is spread at most once per bit of its distance
    ///   from `now` when it was scheduled).
    @inlinable @inline(__always)
    package mutating func next() -> Entry? {
        if occupied & 1 == 0 {
            guard occupied != 0 && spread(occupied.trailingZeroBitCount) else { return nil }
        }
        let entry = events(in: 0)[dueHead]
        dueHead &+= 1
        if dueHead == slots[0].count { dueTaken() }
        return entry
    }

    /// Every event due `now` has been taken: `due` is emptied, its block kept unless large.
    @inlinable @inline(__always)
    mutating func dueTaken() {
        dueHead = 0
        slots[0].count = 0
        occupied &= ~1
        if slots[0].capacity > EventBuckets.keptCapacity { buckets.release(0) }
    }

    /// The earliest and the latest time in bucket `bucket`, which holds an event.
    @inlinable func timeRange(of bucket: Int) -> (earliest: Int64, latest: Int64) {
        let events = events(in: bucket), count = slots[bucket].count
        var earliest = events[0].time.nanoseconds, latest = earliest
        for index in 1..<count {
            earliest = Swift.min(earliest, events[index].time.nanoseconds)
            latest = Swift.max(latest, events[index].time.nanoseconds)
        }
        return (earliest, latest)
    }

    /// Moves `now` to the earliest time in bucket `bucket`, the lowest that holds events while
    /// `due` is empty, and files each of its events again, in order: those at that time in `due`,
    /// the rest in lower buckets (empty until now, so each list stays in sequence order). A bucket
    /// whose events are all at one time (a timer storm's) becomes `due` as it is, its block and
    /// `due`'s traded: nothing is copied and no memory is asked for. False when the queue is
    /// stalled: now, or because the memory for filing an event again could not be had.
    @inlinable @inline(never)
    mutating func spread(_ bucket: Int) -> Bool {
        guard !isStalled else { return false }
        let (earliest, latest) = timeRange(of: bucket)
        now = VirtualInstant(nanoseconds: earliest)
        let bit: UInt64 = 1 &<< UInt64(bucket)
        guard earliest != latest else {
            let emptyDue = slots[0]
            slots[0] = slots[bucket]
            slots[bucket] = emptyDue
            occupied = occupied & ~bit | 1
            return true
        }
        let events = events(in: bucket), count = slots[bucket].count
        var filed: UInt64 = 0
        for index in 0..<count {
            let difference = UInt64(bitPattern: events[index].time.nanoseconds ^ earliest)
            let lower = difference == 0 ? 0 : 64 &- difference.leadingZeroBitCount
            guard appendIfPossible(events[index], to: lower) else {
                stall(bucket, filed: index, into: filed)
                return false
            }
            filed |= 1 &<< UInt64(lower)
        }
        slots[bucket].count = 0
        occupied = occupied & ~bit | filed
        if slots[bucket].capacity > EventBuckets.keptCapacity { buckets.release(bucket) }
        return true
    }

    /// A spread of bucket `bucket` found no memory after filing its first `filed` events again
    /// (into the slots whose bits `filedSlots` sets): the rest stay in the bucket, moved to its
    /// front, so every event is still pending once; and the queue hands out no event past those
    /// due now.
    @inlinable @inline(never)
    mutating func stall(_ bucket: Int, filed: Int, into filedSlots: UInt64) {
        let events = events(in: bucket), remaining = slots[bucket].count &- filed
        UnsafeMutableRawPointer(events).copyMemory(from: events + filed, byteCount: remaining &* MemoryLayout<Entry>.stride)
        slots[bucket].count = remaining
        occupied |= filedSlots
        isStalled = true
    }

    /// Empties the queue and rewinds the clock for a new run, keeping the slots' memory (a block
    /// larger than ``EventBuckets/keptCapacity`` given back).
    @inlinable package mutating func reset() {
        var rest = occupied
        while rest != 0 {
            let slot = rest.trailingZeroBitCount
            slots[slot].count = 0
            if slots[slot].capacity > EventBuckets.keptCapacity { buckets.release(slot) }
            rest &= rest &- 1
        }
        occupied = 0
        dueHead = 0
        nextSequence = 0
        now = .start
        isStalled = false
    }

    /// A queue with the same events in memory of its own: what a copy that goes on independently
    /// of this one takes (see ``UnsharedBuffer``).
    @inlinable package func copied() -> EventQueue {
        var copy = self
        copy.buckets = buckets.copied(occupied: occupied)
        copy.slots = copy.buckets.slots
        var rest = occupied
        while rest != 0 {
            let slot = rest.trailingZeroBitCount
            copy.slots[slot].base.unsafelyUnwrapped.bindMemory(to: Entry.self, capacity: copy.slots[slot].capacity)
            rest &= rest &- 1
        }
        return copy
    }
}

#if EXITRACE_INVARIANTS
extension EventQueue {
    /// Every pending event is in the bucket its time belongs in (so none is earlier than `now`),
    /// each bucket in sequence order, its occupied bit set exactly when it holds events and no
    /// count past its memory; and ``checkTimeInvariants()`` holds.
    package func checkInvariants() {
        let slots = self.slots, occupied = self.occupied, now = self.now.nanoseconds
        for bucket in 1..<Self.bucketSlots {
            let count = slots[bucket].count
            let agrees = (occupied & (1 << UInt64(bucket)) != 0) == (count > 0)
            let fits = count <= slots[bucket].capacity
            precondition(agrees, "a bucket's occupied bit disagrees with its events")
            precondition(fits, "a bucket holds more events than its memory")
            guard count > 0 else { continue }
            let events = events(in: bucket)
            for index in 0..<count {
                let difference = UInt64(bitPattern: events[index].time.nanoseconds ^ now)
                let filed = events[index].time.nanoseconds > now && 64 - difference.leadingZeroBitCount == bucket
                let inOrder = index == 0 || events[index - 1].sequence < events[index].sequence
                precondition(filed, "an event is not in the bucket of its time")
                precondition(inOrder, "a bucket is out of order")
            }
        }
        checkTimeInvariants()
    }

    /// `due` holds events for `now` only, in sequence order, its occupied bit set exactly when some
    /// are still to be taken (and, when none is, it is empty): what the engine checks after every
    /// event, in time independent of the pending count. The buckets' order is the kernel's to keep
    /// (its seeded tests check ``checkInvariants()`` after every change to a queue).
    ///
    /// Plain loops over locals, as the engine's checks are: a closure that reads `self` (a
    /// `precondition`'s condition, `map`) copies the queue in a debug build, after every event.
    package func checkTimeInvariants() {
        let count = slots[0].count, dueHead = self.dueHead, now = self.now.nanoseconds
        let agrees = occupied & 1 != 0 ? dueHead < count : dueHead == 0 && count == 0
        precondition(agrees, "the due list's occupied bit disagrees with it")
        guard count > 0 else { return }
        let events = events(in: 0)
        for index in dueHead..<count {
            let forNow = events[index].time.nanoseconds == now
            let inOrder = index == dueHead || events[index - 1].sequence < events[index].sequence
            precondition(forNow, "the due list holds an event not for now")
            precondition(inOrder, "the due list is out of order")
        }
    }

    /// Calls `body` with every pending event, in no particular order (for invariants over them).
    package func forEachPending(_ body: (Entry) -> Void) {
        var rest = occupied
        while rest != 0 {
            let slot = rest.trailingZeroBitCount
            let events = events(in: slot)
            for index in (slot == 0 ? dueHead : 0)..<slots[slot].count { body(events[index]) }
            rest &= rest &- 1
        }
    }
}
#endif
