/// A pool's ready jobs, one first-in first-out list per QoS bucket, with a bit per bucket that has
/// jobs.
///
/// Every job's priority is a ``QoSClass`` raw value (the compiler and the engine make no others),
/// so the jobs of one bucket share one priority, and since they arrive in the order of their
/// sequence numbers, each list is already in ``ReadyJob`` order: taking the front of the highest
/// bucket with jobs takes the job a priority heap would, at O(1) instead of O(log n).
struct ReadyBuckets {
    private var lists = ContiguousArray<RingQueue<ReadyJob>>(repeating: RingQueue(), count: QoSClass.allCases.count)
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
        lists[b].append(job)
        pending |= 1 << UInt32(b)
        return b
    }

    /// Takes the front job of bucket `b`, which must have jobs.
    @inline(__always)
    mutating func popFirst(bucket b: Int) -> ReadyJob {
        guard let job = lists[b].popFirst() else { preconditionFailure("an empty bucket was served") }
        if lists[b].isEmpty { pending &= ~(1 << UInt32(b)) }
        return job
    }

    /// Takes the front job of the highest bucket with jobs: the highest priority, first come
    /// first served; `nil` when there is none.
    @inline(__always)
    mutating func popHighest() -> ReadyJob? {
        guard pending != 0 else { return nil }
        return popFirst(bucket: 31 - pending.leadingZeroBitCount)
    }

    /// Empties the buckets, costing as much as the buckets that have jobs.
    mutating func removeAll() {
        while pending != 0 {
            lists[pending.trailingZeroBitCount].removeAll()
            pending &= pending - 1
        }
    }

    #if EXITRACE_INVARIANTS
    /// Each bucket's jobs are in ready-job order (so a heap would pop them in the same order),
    /// of its bucket, and its pending bit is right.
    func checkInvariants() {
        for (b, list) in lists.enumerated() {
            precondition(list.isEmpty == (pending & (1 << UInt32(b)) == 0), "a bucket's pending bit is wrong")
            for offset in 0..<list.count {
                precondition(Self.bucket(list[offset].priority) == b, "a job in the wrong bucket")
                precondition(offset == 0 || list[offset - 1] < list[offset], "a bucket out of ready-job order")
            }
        }
    }
    #endif
}
