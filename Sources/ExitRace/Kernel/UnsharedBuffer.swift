/// A growable array of plain values for the engine's hottest state (its contexts, threads, event
/// queue, semaphores, flags and executors' queues), read and written through a pointer it keeps
/// inline: no uniqueness check and no call per access, one bounds check.
///
/// Unlike an array it is **not** copy-on-write. Its invariants:
/// - `base[0..<count]` are the elements; `base[count..<capacity]` are slots left by earlier
///   elements or filler, or (trivial types) never written since the memory grew. `count <= capacity`.
/// - `base` is the start of `owner`'s memory (or, with no owner, a dangling pointer never read:
///   `capacity` is 0). The owner frees it when the last copy of the buffer that holds it goes.
/// - A plain copy of the struct **shares** its elements with the original: a write through one
///   is seen by the other, and growing one leaves the other on the old memory. Code that keeps a
///   copy it or the original will change (the engine's state at a choice point) must take
///   ``copied()``, which owns its own memory. The engine does so in one place
///   (`Engine.copy()`, which a choice point's state and a run resumed from one take).
/// - For a trivial element type (integers and structs of them: the engine's), a slot past `count`
///   needs no initialization before it is written (assigning a trivial value is initializing it)
///   and nothing needs deinitializing, so the slack a growth leaves is never touched until it is
///   used and costs no resident memory (a buffer of a million contexts grows to two million slots,
///   of which only the first million are written). Any other type gets every slot initialized
///   (a new one with the element whose append made it grow, or the refill's value), so that
///   writing a slot is a plain assignment, and its owner deinitializes them all.
@usableFromInline package struct UnsharedBuffer<Element>: RandomAccessCollection, MutableCollection {
    /// Owns the memory: frees it when the last buffer that holds it goes.
    @usableFromInline final class Owner {
        @usableFromInline let base: UnsafeMutablePointer<Element>
        @usableFromInline let capacity: Int

        /// Memory for `capacity` elements: `elements` copied from `source`, then (for a type that is
        /// not trivial) `filler`.
        @usableFromInline init(
            capacity: Int, copying elements: Int, from source: UnsafeMutablePointer<Element>, filler: Element?
        ) {
            precondition(elements <= capacity, "more elements than slots")
            // Slots past the elements of a type that is not trivial must be initialized (the deinit
            // deinitializes every slot): without a filler there may be none.
            precondition(
                _isPOD(Element.self) || filler != nil || elements == capacity,
                "an UnsharedBuffer of a type that is not trivial needs a filler for its slots past the elements")
            base = .allocate(capacity: capacity)
            self.capacity = capacity
            base.initialize(from: source, count: elements)
            if !_isPOD(Element.self), let filler { (base + elements).initialize(repeating: filler, count: capacity - elements) }
        }

        deinit {
            if !_isPOD(Element.self) { base.deinitialize(count: capacity) }
            base.deallocate()
        }
    }

    @usableFromInline var owner: Owner?
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline package private(set) var count = 0
    @usableFromInline var capacity = 0

    /// Empty, owning no memory.
    @inlinable package init() {
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    @inlinable @inline(__always)
    package subscript(index: Int) -> Element {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            return base[index]
        }
        _modify {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            yield &base[index]
        }
    }

    /// - Complexity: O(1), amortized when the memory grows.
    @inlinable @inline(__always)
    package mutating func append(_ element: Element) {
        if count == capacity { grow(filling: element) }
        base[count] = element
        count &+= 1
    }

    @inlinable @inline(__always)
    package mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count &-= 1
        return base[count]
    }

    /// Makes the buffer `count` copies of `value`, reusing its memory.
    /// - Complexity: O(`count`).
    @inlinable
    package mutating func refill(_ value: Element, count: Int) {
        while capacity < count { grow(filling: value) }
        base.update(repeating: value, count: count)
        self.count = count
    }

    /// Keeps the first `count` elements (at most the present count). - Complexity: O(1).
    @inlinable @inline(__always)
    package mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "truncated past the end")
        self.count = count
    }

    /// Empties the buffer, keeping its memory. - Complexity: O(1).
    @inlinable @inline(__always)
    package mutating func empty() {
        count = 0
    }

    /// A buffer with the same elements in memory of its own (exactly as many slots as elements):
    /// what a copy that must not share with this one takes.
    /// - Complexity: O(`count`).
    @inlinable package func copied() -> UnsharedBuffer {
        var copy = UnsharedBuffer()
        guard count > 0 else { return copy }
        let owner = Owner(capacity: count, copying: count, from: base, filler: nil)
        copy.owner = owner
        copy.base = owner.base
        copy.capacity = count
        copy.count = count
        return copy
    }

    /// Moves the elements to memory of twice the capacity (8 slots at least), `filler` in the
    /// slots past them for a type that is not trivial.
    @inlinable @inline(never)
    mutating func grow(filling filler: Element) {
        let grown = Swift.max(8, 2 &* capacity)
        let owner = Owner(capacity: grown, copying: count, from: base, filler: filler)
        self.owner = owner
        base = owner.base
        capacity = grown
    }
}

/// An ``UnsharedBuffer`` seen without its element type: what code that walks a value's fields
/// (`Mirror`) needs to tell whether two buffers share memory. `Engine.copy()`'s test finds every
/// buffer of an engine this way, so that one left out of the copy fails it.
package protocol UnsharedStorage {
    /// The start of the buffer's memory (`nil` when it owns none).
    var memoryStart: UnsafeMutableRawPointer? { get }
    /// The bytes of its elements, `base[0..<count]`.
    var usedBytes: Int { get }
    /// Whether its elements are trivial (plain bytes, which may be overwritten as such).
    var isTrivial: Bool { get }
}

extension UnsharedBuffer: UnsharedStorage {
    package var memoryStart: UnsafeMutableRawPointer? { capacity > 0 ? UnsafeMutableRawPointer(base) : nil }
    package var usedBytes: Int { count * MemoryLayout<Element>.stride }
    package var isTrivial: Bool { _isPOD(Element.self) }
}
