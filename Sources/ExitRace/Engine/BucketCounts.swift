/// One counter per cooperative-pool bucket (see ``CooperativePool``), stored inline: no array
/// buffer, so no uniqueness or bounds check per access. (A `SIMD8` would do the same job, but a
/// store to one lane followed by a load of the whole vector stalls the processor.)
struct BucketCounts {
    /// Room for eight buckets; `QoSClass` has five.
    private var counts: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// Buckets there is room for.
    static let capacity = 8

    /// The counter of `bucket`, which must be below ``capacity``.
    @inline(__always)
    subscript(bucket: Int) -> Int32 {
        get {
            assert(bucket >= 0 && bucket < Self.capacity, "no such bucket")
            return withUnsafeBytes(of: counts) { $0.load(fromByteOffset: bucket &* 4, as: Int32.self) }
        }
        set {
            assert(bucket >= 0 && bucket < Self.capacity, "no such bucket")
            withUnsafeMutableBytes(of: &counts) { $0.storeBytes(of: newValue, toByteOffset: bucket &* 4, as: Int32.self) }
        }
    }

    /// The sum of the counters from `bucket` to the last one.
    @inline(__always)
    func sum(from bucket: Int) -> Int32 {
        withUnsafeBytes(of: counts) { bytes in
            var sum: Int32 = 0
            for b in bucket..<Self.capacity { sum &+= bytes.load(fromByteOffset: b &* 4, as: Int32.self) }
            return sum
        }
    }
}
