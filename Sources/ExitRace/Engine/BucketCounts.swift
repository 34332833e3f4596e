/// One counter per cooperative-pool bucket (see ``CooperativePool``), stored inline: no array
/// buffer, so no uniqueness or bounds check per access.
///
/// The event loop reads and writes the counters in place, one at a time (the subscript's getter is
/// `mutating` for that reason). Reading them through a copy of all eight (`withUnsafeBytes(of:)`
/// of the tuple, or a `SIMD8`) stores them to the stack and loads one back, and a narrow store to
/// a counter followed by a wide load of all of them cannot be forwarded by the processor: that
/// stall was two thirds of `CooperativePool.popAdmissible`'s time (`perf annotate`, 10 tasks).
/// Code that cannot mutate (invariants, the deadlock search) reads a copy with ``value(_:)``.
struct BucketCounts {
    /// Room for eight buckets; `QoSClass` has five.
    private var counts: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// Buckets there is room for.
    static let capacity = 8

    /// The counter of `bucket`, which must be below ``capacity``, read and written in place.
    @inline(__always)
    subscript(bucket: Int) -> Int32 {
        mutating get {
            assert(bucket >= 0 && bucket < Self.capacity, "no such bucket")
            return withUnsafeMutableBytes(of: &counts) { $0.load(fromByteOffset: bucket &* 4, as: Int32.self) }
        }
        set {
            assert(bucket >= 0 && bucket < Self.capacity, "no such bucket")
            withUnsafeMutableBytes(of: &counts) { $0.storeBytes(of: newValue, toByteOffset: bucket &* 4, as: Int32.self) }
        }
    }

    /// The counter of `bucket`, for code that does not mutate (the invariants, the deadlock search):
    /// a tuple element by a switch, which a debug build (where the invariants run after every
    /// event) does with no closure call, unlike the subscript.
    func value(_ bucket: Int) -> Int32 {
        switch bucket {
        case 0: counts.0
        case 1: counts.1
        case 2: counts.2
        case 3: counts.3
        case 4: counts.4
        case 5: counts.5
        case 6: counts.6
        case 7: counts.7
        default: preconditionFailure("no such bucket")
        }
    }

    /// The sum of the counters from `bucket` to the last one, read in place.
    @inline(__always)
    mutating func sum(from bucket: Int) -> Int32 {
        withUnsafeMutableBytes(of: &counts) { bytes in
            var sum: Int32 = 0
            for b in bucket..<Self.capacity { sum &+= bytes.load(fromByteOffset: b &* 4, as: Int32.self) }
            return sum
        }
    }
}
