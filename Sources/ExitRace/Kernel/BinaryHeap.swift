/// A binary min-heap over contiguous storage.
///
/// Equal elements come out in no particular order, so callers that need first-in first-out ties
/// (the event queue, the thread pools' ready lists) put a sequence number into the element and
/// make every element distinct.
struct BinaryHeap<Element: Comparable> {
    private(set) var storage: ContiguousArray<Element> = []

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }
    var min: Element? { storage.first }

    /// - Complexity: O(log n).
    mutating func insert(_ element: Element) {
        storage.append(element)
        siftUp(from: storage.count - 1)
    }

    /// - Complexity: O(log n).
    mutating func popMin() -> Element? {
        guard let last = storage.popLast() else { return nil }
        guard !storage.isEmpty else { return last }
        let first = storage[0]
        storage[0] = last
        siftDown(from: 0)
        return first
    }

    /// Empties the heap and keeps its capacity, so a reused heap does not allocate again.
    mutating func removeAll() { storage.removeAll(keepingCapacity: true) }

    private mutating func siftUp(from index: Int) {
        var child = index
        let element = storage[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard element < storage[parent] else { break }
            storage[child] = storage[parent]
            child = parent
        }
        storage[child] = element
    }

    private mutating func siftDown(from index: Int) {
        let count = storage.count
        var parent = index
        let element = storage[parent]
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && storage[right] < storage[left] ? right : left
            guard storage[child] < element else { break }
            storage[parent] = storage[child]
            parent = child
        }
        storage[parent] = element
    }

    #if EXITRACE_INVARIANTS
    func checkInvariants() {
        for index in storage.indices.dropFirst() {
            precondition(!(storage[index] < storage[(index - 1) / 2]), "heap order broken at \(index)")
        }
    }
    #endif
}
