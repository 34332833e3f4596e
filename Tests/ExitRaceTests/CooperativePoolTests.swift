import Testing

@testable import ExitRace
@testable import ExitRaceEngine

/// The cooperative pool's admission rules, after XNU's `workq_cooperative_allowance`.
@Suite("Cooperative pool buckets")
struct CooperativePoolTests {
    static func job(_ qos: QoSClass, _ sequence: UInt32) -> ReadyJob {
        ReadyJob(priority: qos.rawValue, sequence: sequence, context: Int32(sequence))
    }

    @Test("under the width any bucket is admitted; at the width only an unserved bucket or one above the load")
    func admission() {
        var pool = CooperativePool()
        pool.reset(width: 2)
        pool.insert(Self.job(.utility, 0))
        pool.insert(Self.job(.utility, 1))
        pool.insert(Self.job(.utility, 2))
        expectEqual(pool.popAdmissible()?.sequence, 0)  // rule 1: 0 < 2
        expectEqual(pool.popAdmissible()?.sequence, 1)  // rule 1: 1 < 2
        expectEqual(pool.popAdmissible(), nil)  // two utility threads: the third waits
        #expect(pool.admits(QoSClass.background.index))  // rule 2: no background thread
        #expect(pool.admits(QoSClass.userInitiated.index))  // rule 3: none at or above user-initiated
        pool.insert(Self.job(.userInitiated, 3))
        pool.insert(Self.job(.userInitiated, 4))
        pool.insert(Self.job(.userInitiated, 5))
        expectEqual(pool.popAdmissible()?.sequence, 3)
        expectEqual(pool.popAdmissible()?.sequence, 4)
        expectEqual(pool.popAdmissible(), nil)  // two at or above user-initiated, one in its bucket
        pool.release(priority: QoSClass.userInitiated.rawValue)
        expectEqual(pool.popAdmissible()?.sequence, 5)  // the highest bucket that may go first
        pool.release(priority: QoSClass.utility.rawValue)
        expectEqual(pool.popAdmissible(), nil)  // one utility thread, three at or above utility
        pool.release(priority: QoSClass.userInitiated.rawValue)
        pool.release(priority: QoSClass.userInitiated.rawValue)
        expectEqual(pool.popAdmissible()?.sequence, 2)  // rule 3: one at or above utility
        #if DEBUG  // the library's invariant checks exist in debug builds only (EXITRACE_INVARIANTS)
        pool.checkInvariants()
        #endif
    }

    @Test("a freed thread serves an unserved lower bucket before a saturated higher one")
    func unservedBucketFirst() {
        var pool = CooperativePool()
        pool.reset(width: 1)
        pool.insert(Self.job(.userInitiated, 0))
        expectEqual(pool.popAdmissible()?.sequence, 0)
        pool.insert(Self.job(.userInitiated, 1))
        pool.insert(Self.job(.background, 2))
        expectEqual(pool.popAdmissible()?.sequence, 2)  // rule 2 for background; user-initiated is full
        expectEqual(pool.popAdmissible(), nil)
    }

    @Test("the pool needs at most width threads per bucket")
    func threadCount() {
        expectEqual(CooperativePool.threadCount(width: 6), 30)
    }
}
