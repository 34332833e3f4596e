import Foundation

/// Results written from several threads, each to its own index, read once all are in.
package final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]
    private var filled = 0

    package init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores the value of `index`; returns how many slots are filled now.
    @discardableResult
    package func store(_ value: Value, at index: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        precondition(slots[index] == nil, "slot \(index) filled twice")
        slots[index] = value
        filled += 1
        return filled
    }

    /// Every value, in index order; every slot must be filled.
    package func values() -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
