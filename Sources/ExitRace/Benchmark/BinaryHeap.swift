/// A binary min-heap over contiguous storage: the benchmark's yardstick (``BareHeap``), the plain
/// textbook heap the engine's cost is measured against. The engine itself uses a radix heap for its
/// events (``EventQueue``) and first-in first-out rings for ready jobs (``ReadyBuckets``); this one
/// stays the plain textbook heap so that the yardstick stays what the benchmark says it is.
///
/// Equal elements come out in no particular order. Sifting works on the storage's buffer
/// directly: no uniqueness or bounds check per level (the indices are kept in range by
/// construction).
struct BinaryHeap<Element: Comparable> {
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
            buffer[0] = last
            Self.siftDown(buffer, from: 0)
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
            let parent = (child - 1) / 2
            guard element < heap[parent] else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = element
    }

    private static func siftDown(_ heap: UnsafeMutableBufferPointer<Element>, from index: Int) {
        let count = heap.count
        var parent = index
        let element = heap[parent]
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && heap[right] < heap[left] ? right : left
            guard heap[child] < element else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = element
    }

    #if EXITRACE_INVARIANTS
    func checkInvariants() {
        for index in storage.indices.dropFirst() {
            precondition(!(storage[index] < storage[(index - 1) / 2]), "heap order broken at \(index)")
        }
    }
    #endif
}
