#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the calling thread: the work a body does, which a loaded machine does not inflate the
/// way it inflates wall time (a bound on it cannot fail because other processes ran).
enum ThreadCPUTime {
    /// The calling thread's CPU time so far.
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// `body`'s result and the CPU time this thread spent in it.
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let start = now()
        let result = try body()
        return (result, now() - start)
    }
}
