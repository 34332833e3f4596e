#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the calling thread: the work a block does, which other processes on a loaded machine
/// do not inflate the way they inflate wall time (`CLOCK_THREAD_CPUTIME_ID`, on Linux and macOS alike).
/// `bench` times its per-event blocks with it; tests bound work with it where load must not fail them.
package enum ThreadCPUTime {
    /// The calling thread's CPU time so far.
    package static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// `body`'s result and the CPU time this thread spent in it.
    package static func measure<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let start = now()
        let result = try body()
        return (result, now() - start)
    }
}
