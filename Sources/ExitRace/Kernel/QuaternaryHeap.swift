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
@usableFromInline struct QuaternaryHeap<Element: Comparable> {
    @usableFromInline var storage = UnsharedBuffer<Element>()

    @inlinable package var count: Int { storage.count }
    @inlinable package var isEmpty: Bool { storage.count == 0 }
    @inlinable package var min: Element? { storage.count > 0 ? storage.base[0] : nil }

    /// - Complexity: O(log n).
    @inlinable @inline(__always)
    mutating func insert(_ element: Element) {
        storage.append(element)
        Self.siftUp(
            UnsafeMutableBufferPointer(start: storage.base, count: storage.count), placing: element,
            from: storage.count &- 1)
    }

    /// - Complexity: O(log n).
    @inlinable @inline(__always)
    mutating func popMin() -> Element? {
        guard let last = storage.popLast() else { return nil }
        let first = storage.base[0]  // `last` itself when it was the only one
        let remaining = storage.count
        if remaining > 0 {
            let heap = UnsafeMutableBufferPointer(start: storage.base, count: remaining)
            Self.siftDown(heap, count: remaining, placing: last)
        }
        return first
    }

    /// Empties the heap and keeps its storage, so a reused heap does not allocate again.
    @inlinable package mutating func removeAll() {
        storage.empty()
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
        for index in 1..<Swift.max(count, 1) {
            precondition(!(storage[index] < storage[(index - 1) / 4]), "heap order broken at \(index)")
        }
    }
    #endif
}
