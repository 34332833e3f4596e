/// The class of a raw priority as a dense index (``QoSClass/index``), worked out without a branch.
///
/// `QoSClass(priority:)` is a chain of comparisons, one branch each. The pools ask for a job's
/// class several times per job (its bucket, its start latency, the thread it frees), and jobs of
/// different classes take turns, so those branches were mispredicted about once per job
/// (`valgrind --branch-sim`, 10 tasks: a third of the run's mispredicted branches outside the
/// heap). Here each comparison is a sign bit, added up: written as `p >= 17 ? 1 : 0` and so on, the
/// optimizer turned the sum back into a chain of branches.
enum QoSIndex {
    /// `QoSClass(priority: priority).index`: 0 (background) below 17, 1 (utility) from 17, 2
    /// (default) from 21, 3 (user-initiated) from 25, 4 (user-interactive) from 33 (the classes'
    /// raw values, written out so that they are constants here; a test checks every priority).
    @inline(__always)
    static func of(priority: UInt8) -> Int {
        let p = Int(priority)
        // `(p - k) >> 63` is -1 below `k` and 0 from `k` on.
        return 4 &+ ((p &- 17) >> 63) &+ ((p &- 21) >> 63) &+ ((p &- 25) >> 63) &+ ((p &- 33) >> 63)
    }
}
