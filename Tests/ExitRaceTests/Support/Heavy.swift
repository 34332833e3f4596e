import Foundation
import Testing

/// Whether `swift test` runs the heavy tests: with `EXITRACE_FULL=1`, as `.ci/run` does.
enum HeavyTests {
    static let run = ProcessInfo.processInfo.environment["EXITRACE_FULL"] == "1"
}

extension Trait where Self == ConditionTrait {
    /// A test that takes half a second or more in a debug build (end to end over every shipped
    /// scenario, every shard count, a fuzz run, child processes): `swift test` skips it, so the suite
    /// stays quick to run while working, and `EXITRACE_FULL=1 swift test` runs it, as `.ci/run` does
    /// on every push. Marked from serial runs' timings of each test (2026-12-02): 93 tests, about two
    /// thirds of the suite's time.
    static var heavy: Self {
        .enabled(if: HeavyTests.run, "heavy: EXITRACE_FULL=1 swift test runs it (.ci/run does)")
    }
}
