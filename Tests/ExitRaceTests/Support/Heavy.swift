import Foundation
import Testing

/// What the environment asks of a test run: every test and every case, or new golden files.
enum TestRun {
    /// `EXITRACE_FULL=1` (`.ci/run`): the `.heavy` tests run, and the sampled ones take every case.
    static let full = ProcessInfo.processInfo.environment["EXITRACE_FULL"] == "1"
    /// `EXITRACE_RECORD=1`: golden files are re-recorded (Golden.swift), the heavy tests' too.
    static let records = ProcessInfo.processInfo.environment["EXITRACE_RECORD"] == "1"
}

extension Trait where Self == ConditionTrait {
    /// A test that takes half a second or more in a debug build (end to end over every shipped
    /// scenario, every shard count, a fuzz run, child processes): `swift test` skips it, so the suite
    /// stays quick to run while working, and `EXITRACE_FULL=1 swift test` runs it, as `.ci/run` does
    /// on every push (and `EXITRACE_RECORD=1`, since some check golden files). Marked from serial
    /// runs' timings of each test (2026-12-02): about 150 s of a serial run's 180 s. A cheaper test
    /// of the same thing stays in `swift test` where one exists (one shard count, one scenario).
    static var heavy: Self {
        .enabled(if: TestRun.full || TestRun.records, "heavy: EXITRACE_FULL=1 swift test runs it (.ci/run does)")
    }
}
