/// A pool's ready jobs, one first-in first-out ring per QoS bucket, with a bit per bucket that has
/// jobs.
///
/// Every job's priority is a ``QoSClass`` raw value (the compiler and the engine make no others),
/// so the jobs of one bucket share one priority, and since they arrive in the order of their
/// sequence numbers, each ring is already in ``ReadyJob`` order: taking the front of the highest
/// bucket with jobs takes the job a priority heap would, at O(1) instead of O(log n).
///
/// The rings share one ``UnsharedBuffer``, `capacity` slots each, and keep their heads and counts
/// inline, so adding or taking a job makes no uniqueness check; the buffer grows (doubling every
/// ring) only when a ring is full, so a warm engine does not allocate here. A plain copy shares
/// the buffer: ``copied()`` does not.
struct ReadyBuckets {
    static let bucketCount = QoSClass.allCases.count
    /// Bucket `b`'s ring is `slots[b * capacity ..< (b + 1) * capacity]`.
    private var slots = UnsharedBuffer<ReadyJob>()
    /// Slots per ring: 0 or a power of two.
    private var capacity = 0
    /// Per bucket: the slot of its front job within its ring, and its number of jobs.
    private var heads = BucketCounts()
    private var counts = BucketCounts()
    /// Bit `b` is set while bucket `b` has jobs.
    private(set) var pending: UInt32 = 0

    /// The bucket of a job or thread priority.
    @inline(__always) static func bucket(_ priority: UInt8) -> Int { QoSClass(priority: priority).index }

    /// Queues a job at the back of its bucket; returns the bucket.
    @inline(__always)
    @discardableResult
    mutating func append(_ job: ReadyJob) -> Int {
        assert(QoSClass(rawValue: job.priority) != nil, "a job priority that is not a QoS class")
        let b = Self.bucket(job.priority)
        let count = Int(counts[b])
        if count == capacity { grow(filling: job) }
        let slot = b &* capacity &+ ((Int(heads[b]) &+ count) & (capacity &- 1))
        slots[slot] = job
        counts[b] = Int32(count &+ 1)
        pending |= 1 << UInt32(b)
        return b
    }

    /// Takes the front job of bucket `b`, which must have jobs.
    @inline(__always)
    mutating func popFirst(bucket b: Int) -> ReadyJob {
        let count = counts[b]
        precondition(count > 0, "an empty bucket was served")
        let head = Int(heads[b])
        let job = slots[b &* capacity &+ head]
        heads[b] = Int32((head &+ 1) & (capacity &- 1))
        counts[b] = count &- 1
        if count == 1 { pending &= ~(1 << UInt32(b)) }
        return job
    }

    /// Takes the front job of the highest bucket with jobs: the highest priority, first come
    /// first served; `nil` when there is none.
    @inline(__always)
    mutating func popHighest() -> ReadyJob? {
        guard pending != 0 else { return nil }
        return popFirst(bucket: 31 - pending.leadingZeroBitCount)
    }

    /// The same jobs in a buffer of their own.
    func copied() -> ReadyBuckets {
        var copy = self
        copy.slots = slots.copied()
        return copy
    }

    /// Empties the buckets, keeping the buffer. - Complexity: O(1).
    mutating func removeAll() {
        heads = BucketCounts()
        counts = BucketCounts()
        pending = 0
    }

    /// The job `offset` places from the front of bucket `b`.
    private func job(bucket b: Int, offset: Int) -> ReadyJob {
        slots[b * capacity + ((Int(heads.value(b)) + offset) & (capacity - 1))]
    }

    /// Doubles every ring (8 slots at first), moving each bucket's jobs to the front of its new
    /// ring; `filler` fills the slots past them.
    private mutating func grow(filling filler: ReadyJob) {
        let grown = Swift.max(8, 2 * capacity)
        var newSlots = UnsharedBuffer<ReadyJob>()
        newSlots.refill(filler, count: Self.bucketCount * grown)
        for b in 0..<Self.bucketCount {
            for offset in 0..<Int(counts.value(b)) { newSlots[b * grown + offset] = job(bucket: b, offset: offset) }
            heads[b] = 0
        }
        slots = newSlots
        capacity = grown
    }

    #if EXITRACE_INVARIANTS
    /// Each bucket's jobs are of its bucket and in ready-job order (so a heap would pop them in
    /// the same order), and its pending bit is right.
    func checkInvariants() {
        // Locals: a `precondition`'s condition that read `self` would copy the rings per check.
        let counts = self.counts
        let capacity = self.capacity, pending = self.pending
        for b in 0..<Self.bucketCount {
            let count = Int(counts.value(b))
            precondition(count <= capacity, "a ring holds more jobs than slots")
            let bitRight = (count == 0) == (pending & (1 << UInt32(b)) == 0)
            precondition(bitRight, "a bucket's pending bit is wrong")
            var previous: ReadyJob?
            for offset in 0..<count {
                let job = job(bucket: b, offset: offset)
                let inBucket = Self.bucket(job.priority) == b
                precondition(inBucket, "a job in the wrong bucket")
                let inOrder = previous.map { $0 < job } ?? true
                precondition(inOrder, "a bucket out of ready-job order")
                previous = job
            }
        }
    }
    #endif
}
