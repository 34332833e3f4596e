#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the calling thread: the work a block does, which other processes on a loaded machine
/// do not inflate the way they inflate wall time (`CLOCK_THREAD_CPUTIME_ID`, on Linux and macOS alike).
/// The same helper as the tests' (`Tests/*/Support/ThreadCPUTime.swift`).
enum ThreadCPUTime {
    /// The calling thread's CPU time so far.
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// The CPU time this thread spent in `body`.
    static func measure(_ body: () -> Void) -> Duration {
        let start = now()
        body()
        return now() - start
    }
}
