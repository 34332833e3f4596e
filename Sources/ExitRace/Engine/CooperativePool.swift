/// The cooperative pool's ready jobs and thread counts, one bucket per QoS class, admitted by the
/// rules of XNU's `workq_cooperative_allowance` (apple-oss-distributions/xnu,
/// `bsd/pthread/pthread_workqueue.c`). A job of bucket `b` may take a thread when
/// 1. fewer than `width` cooperative threads are scheduled in all, or
/// 2. no thread is scheduled in bucket `b` (a bucket with pending work always gets one), or
/// 3. fewer than `width` threads are scheduled in bucket `b` and the buckets above it.
///
/// A scheduled thread is one that has taken a job and not finished it: a thread blocked on a
/// semaphore still counts, which is why blocking the pool can starve it. Within a bucket, jobs
/// run first come first served (``ReadyBuckets``); a freed thread takes the highest bucket it may serve.
/// At most `width` threads are scheduled in any bucket and those above it, unless rule 2
/// admitted one more, so the pool never needs more than `width` threads per bucket.
struct CooperativePool {
    /// How many buckets there are: one per QoS class.
    static let bucketCount = QoSClass.allCases.count

    /// `timing.cooperativePoolWidth`.
    private(set) var width: Int32 = 1
    /// The ready jobs, by bucket: a freed thread looks at the buckets with jobs only.
    private var ready = ReadyBuckets()
    /// Threads scheduled per bucket (by `QoSClass.index`; counters past the buckets stay 0), and in all.
    private var scheduled = BucketCounts()
    private var total: Int32 = 0

    /// Threads the pool may need at once: `width` per bucket.
    static func threadCount(width: Int) -> Int { width * bucketCount }

    /// The bucket of a job or thread priority.
    @inline(__always) static func bucket(_ priority: UInt8) -> Int { ReadyBuckets.bucket(priority) }

    /// Empty, with no thread scheduled, for a run with this width. - Complexity: O(1).
    mutating func reset(width: Int32) {
        assert(Self.bucketCount <= BucketCounts.capacity, "more QoS buckets than counters")
        self.width = width
        ready.removeAll()
        scheduled = BucketCounts()
        total = 0
    }

    /// Queues a job in its priority's bucket; whether it may take a thread at once (queuing a
    /// job changes no other job's chance).
    @discardableResult
    mutating func insert(_ job: ReadyJob) -> Bool {
        let b = ready.append(job)  // first: `mayAdmit(ready.append(job))` would hold `self` twice
        return mayAdmit(b)
    }

    /// Whether any job waits for a thread.
    @inline(__always)
    var hasJobs: Bool { ready.pending != 0 }

    /// When no job waits and `job`'s bucket may take a thread, counts a thread as scheduled for it
    /// and returns `true`: what ``insert(_:)`` then ``popAdmissible()`` would do (it would be the
    /// only job, and admissible), with the job never queued. Otherwise changes nothing.
    @inline(__always)
    mutating func admitsAtOnce(_ job: ReadyJob) -> Bool {
        guard ready.pending == 0 else { return false }
        let b = Self.bucket(job.priority)
        guard mayAdmit(b) else { return false }
        scheduled[b] &+= 1  // counters of threads: at most the pool's width
        total &+= 1
        return true
    }

    /// Whether a job of `bucket` may take a thread now, given that it has pending work (for code
    /// that does not mutate the pool, such as the deadlock search: it asks a copy).
    func admits(_ bucket: Int) -> Bool {
        var pool = self
        return pool.mayAdmit(bucket)
    }

    /// ``admits(_:)`` reading the counters in place, for the event loop (see ``BucketCounts``).
    @inline(__always)
    private mutating func mayAdmit(_ bucket: Int) -> Bool {
        if total < width || scheduled[bucket] == 0 { return true }
        return scheduled.sum(from: bucket) < width
    }

    /// Takes the first job of the highest bucket that may take a thread, and counts its thread
    /// as scheduled in that bucket.
    mutating func popAdmissible() -> ReadyJob? {
        var candidates = ready.pending
        while candidates != 0 {
            let b = 31 - candidates.leadingZeroBitCount
            candidates &= ~(1 << UInt32(b))
            guard mayAdmit(b) else { continue }
            scheduled[b] &+= 1
            total &+= 1
            return ready.popFirst(bucket: b)
        }
        return nil
    }

    /// A thread that ran a job of this priority has finished it (or left it, suspended).
    @inline(__always)
    mutating func release(priority: UInt8) {
        let b = Self.bucket(priority)
        precondition(scheduled[b] > 0, "a cooperative thread released twice")
        scheduled[b] &-= 1  // above 0, and `total` is their sum
        total &-= 1
    }

    /// A scheduled thread's priority was raised (an actor's escalation): it counts in the new bucket.
    mutating func escalate(from old: UInt8, to new: UInt8) {
        let (a, b) = (Self.bucket(old), Self.bucket(new))
        precondition(scheduled[a] > 0, "an unscheduled cooperative thread escalated")
        scheduled[a] -= 1
        scheduled[b] += 1
    }

    /// The same pool with its ready jobs in memory of its own (see ``ReadyBuckets/copied()``).
    func copied() -> CooperativePool {
        var copy = self
        copy.ready = ready.copied()
        return copy
    }

    /// Threads scheduled in all buckets.
    var scheduledTotal: Int32 { total }

    #if EXITRACE_INVARIANTS
    /// Ready-job order in every bucket, and no negative count.
    func checkInvariants() {
        ready.checkInvariants()
        // A loop over a copy of the counters: closures reading `self` would copy the pool per event.
        let counts = scheduled
        var sum: Int32 = 0
        for bucket in 0..<BucketCounts.capacity {
            let count = counts.value(bucket)
            precondition(count >= 0, "negative scheduled count")
            sum += count
        }
        precondition(total == sum, "scheduled threads miscounted")
    }
    #endif
}
