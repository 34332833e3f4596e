/// A first-in first-out queue in a ring buffer: O(1) to add at the back and take from the front,
/// and once it has grown to the most elements it ever held, no allocation.
///
/// Emptying it only resets two counts, so it is meant for trivial types (integers and structs of
/// them), whose stale copies in the buffer hold nothing alive.
struct RingQueue<Element> {
    /// A power-of-two number of slots (or none); the queue is `count` slots from `head`, wrapping.
    private var storage = ContiguousArray<Element>()
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The element `offset` places from the front (`offset < count`).
    subscript(offset: Int) -> Element {
        precondition(offset >= 0 && offset < count, "offset out of range")
        return storage[(head &+ offset) & (storage.count &- 1)]
    }

    /// - Complexity: O(1), amortized when the storage grows.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == storage.count { grow(filling: element) }
        let slot = (head &+ count) & (storage.count &- 1)
        storage.withUnsafeMutableBufferPointer { $0[slot] = element }
        count &+= 1
    }

    /// Takes the front element; `nil` when empty.
    @inline(__always)
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage.withUnsafeBufferPointer { $0[head] }
        head = (head &+ 1) & (storage.count &- 1)
        count &-= 1
        return element
    }

    /// Empties the queue, keeping its storage. - Complexity: O(1).
    @inline(__always)
    mutating func removeAll() {
        head = 0
        count = 0
    }

    /// Doubles the slots (8 at first), moving the elements to the front; `element` fills the new
    /// slots past them.
    private mutating func grow(filling element: Element) {
        var grown = ContiguousArray<Element>()
        let capacity = Swift.max(8, 2 * storage.count)
        grown.reserveCapacity(capacity)
        for offset in 0..<count { grown.append(self[offset]) }
        while grown.count < capacity { grown.append(element) }
        storage = grown
        head = 0
    }
}
