/// A job on a pool's ready list: higher priority first, then first come first served.
///
/// Both rules are folded into one 64-bit key (the priority's complement above the sequence
/// number), so ordering two jobs is one integer comparison. The pools keep this order without
/// comparing (``ReadyBuckets``); the invariants check it.
package struct ReadyJob: Comparable {
    /// `(255 - priority) << 32 | sequence`: smaller keys go first.
    private let key: UInt64
    package var context: Int32

    init(priority: UInt8, sequence: UInt32, context: Int32) {
        key = UInt64(UInt8.max - priority) << 32 | UInt64(sequence)
        self.context = context
    }

    /// The job's priority (a raw QoS value).
    package var priority: UInt8 { UInt8.max - UInt8(truncatingIfNeeded: key >> 32) }
    /// Its place in the order the jobs became ready.
    package var sequence: UInt32 { UInt32(truncatingIfNeeded: key) }

    package static func < (a: ReadyJob, b: ReadyJob) -> Bool { a.key < b.key }
    package static func == (a: ReadyJob, b: ReadyJob) -> Bool { a.sequence == b.sequence }
}
