#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory of an ``EventQueue``'s buckets (slot 0: its events due now): per slot a block of
/// entries from `malloc`, of which the first `count` are its events in order, freed when the last
/// queue that holds it goes. A block is kept while its slot is empty, for the next events, unless
/// it is larger than ``keptCapacity``: then the queue gives it back (``release(_:)``), so that what
/// the queue holds follows the events pending, not the largest each of its 64 slots ever held.
///
/// Plain bytes, not ``UnsharedBuffer``s: a buffer of buffers is not trivial, and copying or freeing
/// one went through the buffers' value witnesses and a generic-metadata lookup per bucket, which
/// took schedule exploration (it copies the engine at its choice points) from 14× a warm table to
/// 20× (`exitrace bench --part explore`); with these, 12–14×, as before. The entries are
/// trivial (the queue requires it), so a bucket is copied with `memcpy` and freed with `free`, and
/// nothing here is generic. It is shared by plain copies of the queue, counts included (unlike an
/// ``UnsharedBuffer``'s, which each copy keeps): of two plain copies only one may change the queue.
/// ``copied(occupied:)`` has memory of its own.
@usableFromInline final class EventBuckets {
    /// One bucket's block: `count` entries of `capacity`, or no block yet.
    @usableFromInline struct Bucket {
        @usableFromInline var base: UnsafeMutableRawPointer?
        @usableFromInline var count: Int
        @usableFromInline var capacity: Int
    }

    /// The buckets, `slotCount` of them, read and written through this pointer by the queue.
    @usableFromInline let slots: UnsafeMutablePointer<Bucket>
    @usableFromInline let slotCount: Int
    /// The bytes of an entry (`MemoryLayout<Entry>.stride`).
    @usableFromInline let stride: Int

    /// The most entries an empty slot keeps room for (128 KiB of the engine's 32-byte events; 8 MiB
    /// for all 64 slots at most): a larger block is given back once its slot is empty.
    @usableFromInline static var keptCapacity: Int { 4_096 }

    /// The entries the slots have room for, in all: what the queue holds beyond its events.
    package var reservedEntries: Int { (0..<slotCount).reduce(0) { $0 + slots[$1].capacity } }

    /// The entries a new queue's slots have room for before any event (512 bytes each of the
    /// engine's events): enough for the lists of most runs, so that a run with new parameter
    /// values, whose events fall into buckets the runs before it left empty, allocates nothing
    /// (`HotLoopAllocationTests`).
    @usableFromInline static var initialCapacity: Int { 16 }

    /// `slotCount` slots of `stride`-byte entries, each with room for `initialCapacity` (none where
    /// the memory cannot be had: it is asked for again when needed).
    @usableFromInline init(slotCount: Int, stride: Int, initialCapacity: Int = 0) {
        precondition(stride > 0 && stride <= 64, "an event's entry is a few words")
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Bucket(base: nil, count: 0, capacity: 0), count: slotCount)
        self.slotCount = slotCount
        self.stride = stride
        guard initialCapacity > 0 else { return }
        for slot in 0..<slotCount {
            guard let memory = malloc(initialCapacity &* stride) else { continue }
            slots[slot] = Bucket(base: memory, count: 0, capacity: initialCapacity)
        }
    }

    deinit {
        for slot in 0..<slotCount { free(slots[slot].base) }
        slots.deallocate()
    }

    /// Grows slot `slot`'s block to twice its capacity (8 entries at least), its entries kept.
    /// When the system has not that much memory, grows by less (an eighth, down to one entry) and
    /// counts a ``MemoryShortage``, as ``UnsharedBuffer`` does: the engine stops the run at its
    /// next check of its bounds.
    @usableFromInline @inline(never)
    func grow(_ slot: Int) {
        guard growIfPossible(slot) else {
            fatalError("memory ran short: no room for one more event after \(slots[slot].capacity)")
        }
    }

    /// ``grow(_:)``, or false, nothing changed, when not even one more entry can be had: for a
    /// spread, which the queue then stops (``EventQueue/isStalled``) rather than the process.
    @usableFromInline @inline(never)
    func growIfPossible(_ slot: Int) -> Bool {
        let capacity = slots[slot].capacity
        let (doubled, overflow) = capacity.multipliedReportingOverflow(by: 2)
        if !overflow && regrow(slot, to: Swift.max(8, doubled)) { return true }
        MemoryShortage.note()
        var step = Swift.max(1, capacity / 8)
        while !regrow(slot, to: capacity &+ step) {
            guard step > 1 else { return false }
            step /= 2
        }
        return true
    }

    /// Moves bucket `slot`'s block to `capacity` entries (`realloc`); false, nothing changed, when
    /// the system has not that much (or the size overflows).
    private func regrow(_ slot: Int, to capacity: Int) -> Bool {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: stride)
        guard !overflow, let memory = realloc(slots[slot].base, bytes) else { return false }
        slots[slot].base = memory
        slots[slot].capacity = capacity
        return true
    }

    /// Frees slot `slot`'s block, which holds no event.
    @usableFromInline @inline(never)
    func release(_ slot: Int) {
        precondition(slots[slot].count == 0, "a block released with its events")
        free(slots[slot].base)
        slots[slot] = Bucket(base: nil, count: 0, capacity: 0)
    }

    /// Buckets with the same entries in memory of their own, each block exactly as large as its
    /// entries; only the buckets whose bits are set in `occupied` hold any.
    @usableFromInline func copied(occupied: UInt64) -> EventBuckets {
        let copy = EventBuckets(slotCount: slotCount, stride: stride)
        var rest = occupied
        while rest != 0 {
            let slot = rest.trailingZeroBitCount
            rest &= rest &- 1
            let count = slots[slot].count
            guard count > 0, let memory = malloc(count &* stride), let source = slots[slot].base else {
                precondition(count == 0, "memory ran short copying an event queue")
                continue
            }
            memcpy(memory, source, count &* stride)
            copy.slots[slot] = Bucket(base: memory, count: count, capacity: count)
        }
        return copy
    }
}
