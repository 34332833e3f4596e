/// The bits of a run's cleanup mask: one per cleanup system call, numbered over the cleanup calls
/// only (in the order of `systemCalls`), so that calls that are not cleanup take none; the places
/// of ``CleanupSites`` come after them.
extension Scenario {
    /// Per system call (by index): its bit in the cleanup mask, or -1 for a call that is not cleanup.
    var cleanupBits: [Int8] {
        var next: Int8 = 0
        return systemCalls.map { call in
            guard call.isCleanup else { return -1 }
            defer { next += 1 }
            return next
        }
    }

    /// How many bits the cleanup calls take.
    var cleanupCallCount: Int { systemCalls.count { $0.isCleanup } }
}
