extension ContiguousArray {
    /// Empties the array for reuse, keeping its capacity; an empty array is left alone, which
    /// saves the uniqueness check and the call that `removeAll(keepingCapacity:)` costs even then.
    @inline(__always)
    mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }

    /// Empties the array and fills it with `count` copies of `value`, keeping its capacity.
    @inline(__always)
    mutating func refill(_ value: Element, count: Int) {
        empty()
        for _ in 0..<count { append(value) }
    }
}
