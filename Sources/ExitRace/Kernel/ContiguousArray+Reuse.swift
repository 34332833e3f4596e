extension ContiguousArray {
    /// Empties the array for reuse, keeping its capacity; an empty array is left alone, which
    /// saves the uniqueness check and the call that `removeAll(keepingCapacity:)` costs even then.
    @inlinable @inline(__always)
    package mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }

    /// Makes the array equal to `source`, copying in place when the counts agree: holding the
    /// caller's buffer would make the caller's next change (the next sweep point) copy it.
    @inlinable @inline(__always)
    package mutating func overwrite(with source: ContiguousArray<Element>) {
        guard count == source.count else { return self = source }
        withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { _ = target.update(fromContentsOf: $0) }
        }
    }
}
