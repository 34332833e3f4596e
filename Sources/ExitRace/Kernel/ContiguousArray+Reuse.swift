extension ContiguousArray {
    /// Empties the array for reuse, keeping its capacity; an empty array is left alone, which
    /// saves the uniqueness check and the call that `removeAll(keepingCapacity:)` costs even then.
    @inlinable @inline(__always)
    package mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
