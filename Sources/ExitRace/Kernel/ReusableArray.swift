/// An array for plain values that a reused engine empties at every run: emptying it only sets
/// its count to zero (no call, no uniqueness check), and appending overwrites the slots the last
/// run left behind before it grows the storage.
///
/// Slots past `count` keep old elements, so it is meant for trivial types (integers and structs
/// of them), whose stale copies hold nothing alive.
@usableFromInline package struct ReusableArray<Element>: RandomAccessCollection, MutableCollection {
    @usableFromInline var storage = ContiguousArray<Element>()
    @usableFromInline var used = 0

    @inlinable package init() {}

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { used }

    /// Reading checks the index once (`used` never exceeds the storage's count), not again in
    /// the storage's own subscript: the engine reads its contexts several times per event.
    @inlinable @inline(__always)
    package subscript(index: Int) -> Element {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: used), "index out of range")
            return storage.withUnsafeBufferPointer { $0[index] }
        }
        _modify {
            precondition(index < used, "index out of range")
            yield &storage[index]
        }
    }

    /// - Complexity: O(1), amortized when the storage grows.
    @inlinable @inline(__always)
    package mutating func append(_ element: Element) {
        if used < storage.count { storage[used] = element } else { storage.append(element) }
        used += 1
    }

    @inlinable @inline(__always)
    package mutating func popLast() -> Element? {
        guard used > 0 else { return nil }
        used -= 1
        return storage[used]
    }

    /// Makes the array `count` copies of `value`, reusing its storage.
    /// - Complexity: O(`count`).
    @inlinable @inline(__always)
    package mutating func refill(_ value: Element, count: Int) {
        while storage.count < count { storage.append(value) }
        used = count
        for index in 0..<count { storage[index] = value }
    }

    /// Empties the array, keeping its storage. - Complexity: O(1).
    @inlinable @inline(__always)
    package mutating func empty() {
        used = 0
    }
}
