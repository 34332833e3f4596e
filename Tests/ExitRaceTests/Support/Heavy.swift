import Foundation
import Testing

/// Whether `swift test` runs the heavy tests: with `EXITRACE_FULL=1`, as `.ci/run` does.
enum HeavyTests {
    static let run = ProcessInfo.processInfo.environment["EXITRACE_FULL"] == "1"
}

extension Trait where Self == ConditionTrait {
    /// A test that takes a second or more in a debug build (end to end over every shipped scenario,
    /// every shard count, a fuzz run, child processes): `swift test` skips it, so the suite stays
    /// quick to run while working, and `EXITRACE_FULL=1 swift test` runs it, as `.ci/run` does on
    /// every push. Marked from a serial run's timings (2026-12-02): the 51 tests of a second or more
    /// took 117 s of the suite's 169 s.
    static var heavy: Self {
        .enabled(if: HeavyTests.run, "heavy: EXITRACE_FULL=1 swift test runs it (.ci/run does)")
    }
}
