/// A 4-ary min-heap over contiguous storage: the event queue's heap.
///
/// A node's children are `4i+1 ... 4i+4`, so the tree is half as deep as a binary heap's and a
/// removal (the event loop's commonest heap operation) moves an element through half as many
/// levels; the four children it compares at each level sit next to each other in memory.
///
/// Equal elements come out in no particular order, so callers that need first-in first-out ties
/// put a sequence number into the element and make every element distinct: then the order in
/// which elements come out is the same as any other heap's. Sifting works on the storage's buffer
/// directly, with no uniqueness or bounds check per level.
struct QuaternaryHeap<Element: Comparable> {
    private(set) var storage: ContiguousArray<Element> = []

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }
    var min: Element? { storage.first }

    /// - Complexity: O(log n).
    @inline(__always)
    mutating func insert(_ element: Element) {
        storage.append(element)
        storage.withUnsafeMutableBufferPointer { Self.siftUp($0, from: $0.count - 1) }
    }

    /// - Complexity: O(log n).
    @inline(__always)
    mutating func popMin() -> Element? {
        guard let last = storage.popLast() else { return nil }
        guard !storage.isEmpty else { return last }
        return storage.withUnsafeMutableBufferPointer { buffer in
            let first = buffer[0]
            Self.siftDown(buffer, placing: last)
            return first
        }
    }

    /// Empties the heap and keeps its capacity, so a reused heap does not allocate again.
    mutating func removeAll() {
        storage.empty()
    }

    private static func siftUp(_ heap: UnsafeMutableBufferPointer<Element>, from index: Int) {
        var child = index
        let element = heap[child]
        while child > 0 {
            let parent = (child - 1) >> 2
            guard element < heap[parent] else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = element
    }

    /// Puts `element` into the hole at the root, moving smaller children up.
    private static func siftDown(_ heap: UnsafeMutableBufferPointer<Element>, placing element: Element) {
        let count = heap.count
        var parent = 0
        while true {
            let first = 4 * parent + 1
            guard first < count else { break }
            let child = smallest(heap, from: first, to: Swift.min(first + 4, count))
            guard heap[child] < element else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = element
    }

    /// The index of the smallest element of `heap[start..<end]` (not empty).
    @inline(__always)
    private static func smallest(_ heap: UnsafeMutableBufferPointer<Element>, from start: Int, to end: Int) -> Int {
        var best = start
        var index = start + 1
        while index < end {
            if heap[index] < heap[best] { best = index }
            index += 1
        }
        return best
    }

    #if EXITRACE_INVARIANTS
    func checkInvariants() {
        for index in storage.indices.dropFirst() {
            precondition(!(storage[index] < storage[(index - 1) / 4]), "heap order broken at \(index)")
        }
    }
    #endif
}
