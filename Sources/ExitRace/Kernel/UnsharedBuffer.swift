#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable array of plain values for the engine's hottest state (its contexts, threads, event
/// queue, semaphores, flags, executors' queues and parameter values), read and written through a
/// pointer it keeps inline: no uniqueness check and no call per access.
///
/// Its subscript checks the index in a debug build only, as `UnsafeMutableBufferPointer`'s does:
/// every index the engine passes is one it made (a context, thread, semaphore or flag it counted
/// out, a slot of its own queue), never one read from a file; and every test runs a debug build,
/// where this check runs at every access and the engine's own invariants (`EXITRACE_INVARIANTS`)
/// after every event. In a release build the check was a compare and a branch per access, some
/// 680 a 10-task run: leaving them out took the run to 0.95× its instructions (callgrind).
/// Everything else (``truncate(to:)``, the growth, the owner's memory) is checked in every build.
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
    /// Owns the memory (from `malloc`, so that running short of it is an answer rather than an
    /// abort): frees it when the last buffer that holds it goes.
    @usableFromInline final class Owner {
        @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
        @usableFromInline private(set) var capacity: Int

        /// Memory for `capacity` elements: `elements` copied from `source`, then (for a type that is
        /// not trivial) `filler`; nil when the memory cannot be had.
        @usableFromInline init?(
            capacity: Int, copying elements: Int, from source: UnsafeMutablePointer<Element>, filler: Element?
        ) {
            precondition(elements <= capacity, "more elements than slots")
            // Slots past the elements of a type that is not trivial must be initialized (the deinit
            // deinitializes every slot): without a filler there may be none.
            precondition(
                _isPOD(Element.self) || filler != nil || elements == capacity,
                "an UnsharedBuffer of a type that is not trivial needs a filler for its slots past the elements")
            guard let memory = Self.memory(for: capacity, from: nil) else { return nil }
            base = memory
            self.capacity = capacity
            base.initialize(from: source, count: elements)
            if !_isPOD(Element.self), let filler { (base + elements).initialize(repeating: filler, count: capacity - elements) }
        }

        /// Memory for `capacity` elements from `malloc` (`realloc` of `old`, which it frees when it
        /// moves), or nil when the system has not that much (or the size overflows).
        @usableFromInline static func memory(
            for capacity: Int, from old: UnsafeMutablePointer<Element>?
        ) -> UnsafeMutablePointer<Element>? {
            precondition(MemoryLayout<Element>.alignment <= 16, "malloc aligns to 16 bytes at most")
            let (bytes, overflow) = Swift.max(capacity, 1).multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
            guard !overflow else { return nil }
            let raw = old.map { realloc($0, bytes) } ?? malloc(bytes)
            return raw?.bindMemory(to: Element.self, capacity: capacity)
        }

        /// Grows a trivial type's memory in place of this owner's, the elements kept (`realloc`:
        /// no second copy at once where the system can move the pages); false, the memory as it
        /// was, when the system has not that much.
        @usableFromInline func regrow(to capacity: Int) -> Bool {
            precondition(_isPOD(Element.self) && capacity >= self.capacity, "regrowing what realloc cannot move")
            guard let memory = Self.memory(for: capacity, from: base) else { return false }
            base = memory
            self.capacity = capacity
            return true
        }

        deinit {
            if !_isPOD(Element.self) { base.deinitialize(count: capacity) }
            free(base)
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
            assert(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            return base[index]
        }
        _modify {
            assert(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            yield &base[index]
        }
    }

    /// - Complexity: O(1), amortized when the memory grows.
    @inlinable @inline(__always)
    package mutating func append(_ element: Element) {
        // A trivial type's growth takes no filler. Not handing it the element lets code this is
        // inlined into make the element where it is stored: handed to the call, it was made on the
        // stack in pieces first and read back whole, a store-forwarding stall (perf: a new context).
        if count == capacity { grow(filling: _isPOD(Element.self) ? nil : element) }
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

    /// Makes the buffer a copy of `source`, in its own memory (grown if need be): an engine's
    /// parameter values for a run, copied rather than held, since holding the caller's array would
    /// make the caller's next change (the next sweep point) copy it. - Complexity: O(`source.count`).
    @inlinable
    package mutating func overwrite(with source: ContiguousArray<Element>) {
        source.withUnsafeBufferPointer { elements in
            guard let start = elements.baseAddress, let first = elements.first else { return empty() }
            while capacity < elements.count { grow(filling: first) }
            base.update(from: start, count: elements.count)
            count = elements.count
        }
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
        guard let owner = Owner(capacity: count, copying: count, from: base, filler: nil) else {
            fatalError("memory ran short copying \(count) elements")
        }
        copy.owner = owner
        copy.base = owner.base
        copy.capacity = count
        copy.count = count
        return copy
    }

    /// Moves the elements to memory of twice the capacity (8 slots at least), `filler` in the
    /// slots past them for a type that is not trivial (which must have one; a trivial type's may be
    /// `nil`).
    ///
    /// When the system has not that much memory, it grows by less (an eighth, down to one slot)
    /// and counts a ``MemoryShortage`` on this thread: the engine stops the run at its next check
    /// of its bounds (a bound of `[?]`, not an abort), and the smaller steps carry the run there.
    @inlinable @inline(never)
    mutating func grow(filling filler: Element?) {
        if grow(to: Swift.max(8, 2 &* capacity), filling: filler) { return }
        MemoryShortage.note()
        var step = Swift.max(1, capacity / 8)
        while !grow(to: capacity &+ step, filling: filler) {
            guard step > 1 else { fatalError("memory ran short: no room for one more element after \(count)") }
            step /= 2
        }
    }

    /// Moves the elements to memory of `grown` slots; false, nothing changed, when the system has
    /// not that much. A trivial type's memory held by this buffer alone is `realloc`ed.
    @inlinable
    mutating func grow(to grown: Int, filling filler: Element?) -> Bool {
        if _isPOD(Element.self), isKnownUniquelyReferenced(&self.owner) {
            let owner = self.owner.unsafelyUnwrapped
            guard owner.regrow(to: grown) else { return false }
            base = owner.base
            capacity = grown
            return true
        }
        guard let owner = Owner(capacity: grown, copying: count, from: base, filler: filler) else { return false }
        self.owner = owner
        base = owner.base
        capacity = grown
        return true
    }
}

/// How many times an ``UnsharedBuffer`` on this thread found the memory it wanted to grow to
/// short (and grew by less). A run reads it at its start and at each check of its bounds: a count
/// that moved stops the run, its cell `[?]` (bound `memory`), before the next growth fails for good.
/// Per thread, so that a run is stopped by its own growth only (runs on other threads go on).
@usableFromInline package enum MemoryShortage {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for the memory shortage count")
        return key
    }()

    /// The shortages on this thread so far.
    package static var count: Int { Int(bitPattern: pthread_getspecific(key)) }

    /// Counts one more shortage on this thread.
    @usableFromInline static func note() {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: count &+ 1))
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
