/// A 4-ary min-heap over contiguous storage: the event queue's heap.
///
/// A node's children are `4i+1 ... 4i+4`, so the tree is half as deep as a binary heap's and a
/// removal (the event loop's commonest heap operation) moves an element through half as many
/// levels; the four children it compares at each level sit next to each other in memory, and a
/// full set of four is compared as a tournament (two independent pairs, then their winners).
///
/// Equal elements come out in no particular order, so callers that need first-in first-out ties
/// put a sequence number into the element and make every element distinct: then the order in
/// which elements come out is the same as any other heap's. The heap is an ``UnsharedBuffer``
/// (slots past it keep removed elements, overwritten as it grows again): an insertion or a
/// removal sifts on its memory directly, with no uniqueness check and no bounds check per level.
/// A plain copy shares that memory: ``copied()`` is a heap of its own. Meant for trivial types,
/// whose stale copies hold nothing alive.
///
/// A removal leaves its slot at the root empty (a *hole*) until the heap is next changed: the event
/// loop nearly always pops an event and then schedules one, so the insertion that follows a
/// removal drops the new element into the hole and sifts it down once, where a removal done at
/// once would sift the last element down and the insertion would then sift the new one up (the
/// replace-top of a textbook heap, found lazily). In a loop holding about eight entries that pops
/// one and pushes one, this took the pair from 23.4 to 12.7 ns (a standalone benchmark, thread
/// CPU time). Elements come out in the same order either way: the order of a set of distinct
/// elements does not depend on the heap's shape.
@usableFromInline struct QuaternaryHeap<Element: Comparable> {
    /// `storage[0]` is the smallest element, or, while ``hasHole``, the last one removed (stale):
    /// then the elements are `storage[1...]`, each subtree of the root still a heap.
    @usableFromInline var storage = UnsharedBuffer<Element>()
    /// Whether the root's slot is empty: the last change was a removal.
    @usableFromInline var hasHole = false

    @inlinable package var count: Int { hasHole ? storage.count &- 1 : storage.count }
    @inlinable package var isEmpty: Bool { count == 0 }

    /// The smallest element: the root, or, while the root is a hole, the smallest of its children
    /// (each the smallest of its subtree).
    @inlinable package var min: Element? {
        guard hasHole else { return storage.count > 0 ? storage.base[0] : nil }
        guard storage.count > 1 else { return nil }
        let heap = UnsafeMutableBufferPointer(start: storage.base, count: storage.count)
        return heap[Self.smallest(heap, from: 1, to: Swift.min(5, storage.count))]
    }

    /// - Complexity: O(log n).
    @inlinable @inline(__always)
    mutating func insert(_ element: Element) {
        if hasHole {
            hasHole = false
            Self.siftDown(
                UnsafeMutableBufferPointer(start: storage.base, count: storage.count), count: storage.count,
                placing: element)
            return
        }
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
    @inlinable func copied() -> QuaternaryHeap {
        var copy = self
        copy.storage = storage.copied()
        return copy
    }

    /// Puts `element` into the hole at `index`, moving larger parents down.
    @inlinable static func siftUp(_ heap: UnsafeMutableBufferPointer<Element>, placing element: Element, from index: Int) {
        var child = index
        while child > 0 {
            let parent = (child &- 1) >> 2
            guard element < heap[parent] else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = element
    }

    /// Puts `element` into the hole at the root of `heap[..<count]`, moving smaller children up.
    @inlinable static func siftDown(_ heap: UnsafeMutableBufferPointer<Element>, count: Int, placing element: Element) {
        var parent = 0
        while true {
            let first = 4 &* parent &+ 1
            guard first < count else { break }
            let child =
                first &+ 3 < count ? smallestOfFour(heap, from: first) : smallest(heap, from: first, to: count)
            guard heap[child] < element else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = element
    }

    /// The index of the smallest of `heap[start ..< start + 4]`: two independent comparisons, then one.
    @inlinable @inline(__always)
    static func smallestOfFour(_ heap: UnsafeMutableBufferPointer<Element>, from start: Int) -> Int {
        let left = heap[start &+ 1] < heap[start] ? start &+ 1 : start
        let right = heap[start &+ 3] < heap[start &+ 2] ? start &+ 3 : start &+ 2
        return heap[right] < heap[left] ? right : left
    }

    /// The index of the smallest element of `heap[start..<end]` (not empty).
    @inlinable @inline(__always)
    static func smallest(_ heap: UnsafeMutableBufferPointer<Element>, from start: Int, to end: Int) -> Int {
        var best = start
        var index = start &+ 1
        while index < end {
            if heap[index] < heap[best] { best = index }
            index &+= 1
        }
        return best
    }

    #if EXITRACE_INVARIANTS
    func checkInvariants() {
        // A hole's stale slot is ordered with nothing: the root's children start subtrees.
        for index in 1..<Swift.max(storage.count, 1) where !(hasHole && index <= 4) {
            precondition(!(storage[index] < storage[(index - 1) / 4]), "heap order broken at \(index)")
        }
    }
    #endif
}
