/// A binary min-heap over contiguous storage whose removals are finished lazily: the event queue's
/// heap.
///
/// A node's children are `2i+1` and `2i+2`. A removal leaves its slot at the root empty (a *hole*)
/// until the heap is next changed: the event loop nearly always pops an event and then schedules
/// one, so the insertion that follows a removal drops the new element into the hole and sifts it
/// down once, where a removal done at once would sift the last element down and the insertion would
/// then sift the new one up (the replace-top of a textbook heap, found lazily). A removal with no
/// insertion after it is finished by the next removal (or by ``count`` and ``min``, which look
/// past the hole without filling it).
///
/// Measured in a loop that pops one element and pushes one later (a standalone program, thread CPU
/// time, the engine's 32-byte entries), against the 4-ary heap without a hole that this replaced:
/// 0.3–0.35× at 8 entries (the synthetic load's 10 tasks), 0.4–0.5× at 10, 0.65–0.8× at 20–40,
/// 0.65–0.75× at 113 (the `engine` part's load) and 0.85–0.9× at 800. The 4-ary heap with a hole
/// was 0.55–0.65× at 8 entries: it compares four children a level where this compares two, which
/// pays only in deeper heaps (it was 0.9× this one at 113 entries and 800). Elements come out in
/// the same order whatever the heap's shape: callers that need first-in first-out ties put a
/// sequence number into the element, so that no two are equal.
///
/// An insertion is the newest element (``SequencedElement``): whatever ties with it on time goes
/// before it, so placing it compares times alone (`precedes(newer:)`), one comparison a level
/// where `<` makes two; callgrind, 10 tasks: 0.97× the instructions of a run. Filling a hole with
/// the last element, which is not the newest, compares with `<`.
///
/// The heap is an ``UnsharedBuffer`` (slots past it keep removed elements, overwritten as it
/// grows again): an insertion or a removal sifts on its memory directly, with no uniqueness check
/// and no bounds check per level. A plain copy shares that memory: ``copied()`` is a heap of its
/// own. Meant for trivial types, whose stale copies hold nothing alive.
@usableFromInline struct EventHeap<Element: SequencedElement> {
    /// `storage[0]` is the smallest element, or, while ``hasHole``, the last one removed (stale):
    /// then the elements are `storage[1...]`, each subtree of the root still a heap.
    @usableFromInline var storage = UnsharedBuffer<Element>()
    /// Whether the root's slot is empty: the last change was a removal.
    @usableFromInline var hasHole = false

    @inlinable package var count: Int { hasHole ? storage.count &- 1 : storage.count }
    @inlinable package var isEmpty: Bool { count == 0 }

    /// The smallest element: the root, or, while the root is a hole, the smaller of its children
    /// (each the smallest of its subtree).
    @inlinable package var min: Element? {
        guard hasHole else { return storage.count > 0 ? storage.base[0] : nil }
        guard storage.count > 1 else { return nil }
        guard storage.count > 2 else { return storage.base[1] }
        return storage.base[2] < storage.base[1] ? storage.base[2] : storage.base[1]
    }

    /// Inserts `element`, which must come after every element in the heap that ties with it on
    /// time (``SequencedElement``). - Complexity: O(log n).
    ///
    /// Every path ends in a sift, and growing the storage is a call of its own: so code this is
    /// inlined into calls nothing on the way and needs no registers saved for it (the engine's
    /// `schedule` is inlined into most handlers).
    @inlinable @inline(__always)
    mutating func insert(_ element: Element) {
        if hasHole {
            hasHole = false
            return Self.siftDown(
                UnsafeMutableBufferPointer(start: storage.base, count: storage.count), count: storage.count,
                placingNewest: element)
        }
        guard storage.count < storage.capacity else { return insertGrowing(element) }
        storage.append(element)
        Self.siftUp(
            UnsafeMutableBufferPointer(start: storage.base, count: storage.count), placing: element,
            from: storage.count &- 1)
    }

    /// ``insert(_:)`` when the storage is full.
    @inlinable @inline(never)
    mutating func insertGrowing(_ element: Element) {
        storage.append(element)
        Self.siftUp(
            UnsafeMutableBufferPointer(start: storage.base, count: storage.count), placing: element,
            from: storage.count &- 1)
    }

    /// Removes the smallest element, leaving its slot a hole that the next change fills.
    /// - Complexity: O(log n).
    @inlinable @inline(__always)
    mutating func popMin() -> Element? {
        if hasHole { fillHole() }
        guard storage.count > 0 else { return nil }
        hasHole = true
        return storage.base[0]
    }

    /// Fills the hole at the root with the last element. - Complexity: O(log n).
    @inlinable @inline(__always)
    mutating func fillHole() {
        hasHole = false
        guard let last = storage.popLast() else { return }
        let remaining = storage.count
        guard remaining > 0 else { return }  // the hole was the last slot
        Self.siftDown(UnsafeMutableBufferPointer(start: storage.base, count: remaining), count: remaining, placing: last)
    }

    /// Empties the heap and keeps its storage, so a reused heap does not allocate again.
    @inlinable package mutating func removeAll() {
        storage.empty()
        hasHole = false
    }

    /// A heap with the same elements in memory of its own (see ``UnsharedBuffer/copied()``).
    @inlinable func copied() -> EventHeap {
        var copy = self
        copy.storage = storage.copied()
        return copy
    }

    /// Puts `element`, the newest, into the hole at `index`, moving later parents down.
    @inlinable static func siftUp(_ heap: UnsafeMutableBufferPointer<Element>, placing element: Element, from index: Int) {
        var child = index
        while child > 0 {
            let parent = (child &- 1) >> 1
            guard !heap[parent].precedes(newer: element) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = element
    }

    /// Puts `element` into the hole at the root of `heap[..<count]`, moving smaller children up.
    @inlinable static func siftDown(_ heap: UnsafeMutableBufferPointer<Element>, count: Int, placing element: Element) {
        var parent = 0
        while let child = smallerChild(of: parent, in: heap, count: count), heap[child] < element {
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = element
    }

    /// ``siftDown(_:count:placing:)`` for the newest element, which every element tied with it on
    /// time precedes.
    @inlinable static func siftDown(
        _ heap: UnsafeMutableBufferPointer<Element>, count: Int, placingNewest element: Element
    ) {
        var parent = 0
        while let child = smallerChild(of: parent, in: heap, count: count), heap[child].precedes(newer: element) {
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = element
    }

    /// The smaller of `parent`'s children in `heap[..<count]`, or `nil` when it has none.
    @inlinable @inline(__always)
    static func smallerChild(of parent: Int, in heap: UnsafeMutableBufferPointer<Element>, count: Int) -> Int? {
        let child = 2 &* parent &+ 1
        guard child < count else { return nil }
        return child &+ 1 < count && heap[child &+ 1] < heap[child] ? child &+ 1 : child
    }

    #if EXITRACE_INVARIANTS
    /// Calls `body` with every element, in storage order (the hole's stale slot left out).
    func forEach(_ body: (Element) -> Void) {
        for index in (hasHole ? 1 : 0)..<storage.count { body(storage[index]) }
    }

    func checkInvariants() {
        // A hole's stale slot is ordered with nothing: the root's children start subtrees.
        for index in 1..<Swift.max(storage.count, 1) where !(hasHole && index <= 2) {
            precondition(!(storage[index] < storage[(index - 1) / 2]), "heap order broken at \(index)")
        }
    }
    #endif
}

/// An element of an ``EventHeap``: ordered by `<`, and able to say more cheaply whether it precedes
/// an element made after it. The event queue's entries are ordered by time, then by a sequence
/// number that grows with every scheduling: an entry precedes a newer one exactly when its time is
/// not later.
@usableFromInline package protocol SequencedElement: Comparable {
    /// `self < newer`, given that `newer` was made after `self`.
    func precedes(newer: Self) -> Bool
}
