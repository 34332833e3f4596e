import ExitRace
import Foundation
import Testing

/// Memory bounded by what a limit allows, measured on the built binary: each case runs the binary
/// in a child process (``HostileProcessTests/spawn(_:in:stdoutPath:)``: `wait4`'s peak resident
/// memory, and on Linux the child's own high-water mark) and compares its peak with a small
/// baseline run of the same binary in the same test (`validate` of the same file: the process's
/// fixed cost), never with a wall-clock figure. The heavy cases (the limits at their ceilings) run
/// only with `EXITRACE_FULL=1`, as `.ci/run` does against the release binary.
@Suite("Memory peaks of the binary against a baseline run", .serialized)
struct MemoryPeakTests {
    /// Nested timers of a million fires at 1 µs whose inner fires start tasks that sleep for ever
    /// (the issue's `ctxbomb-raised.json`): every fire adds a context and a pending event, so only
    /// `limits.maxContexts` or `limits.maxPendingEvents` can end the run.
    static func nestedTimers(maxContexts: Int, maxPendingEvents: Int) -> String {
        let inner = #"{"op": "timer", "intervalMs": 0.001, "count": 1000000, "body": [{"op": "detached", "body": "#
            + #"[{"op": "taskSleep", "ms": 1000000000}]}]}"#
        return #"{"name": "ctxbomb", "systemCalls": {"c": {"costMs": 1}}, "hooks": {"applicationWillTerminate": {}}, "#
            + #""strategies": {"bomb": {"program": [{"op": "timer", "intervalMs": 0.001, "count": 1000000, "body": ["#
            + inner + #"]}, {"op": "detached", "body": [{"op": "call", "name": "c"}]}]}}, "#
            + #""procedures": {"kill": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]}, "#
            + #"{"op": "delay", "ms": 100000000}, {"op": "sigkill"}]}}, "#
            + #""limits": {"maxEvents": 1000000000, "maxTimeMs": 1000000000, "#
            + #""maxPendingEvents": \#(maxPendingEvents), "maxContexts": \#(maxContexts)}}"#
    }

    /// The child's peak, when known: `wait4`'s figure when it is above the test process's memory
    /// at the fork (below it, it may be the fork's copy of this process's pages), else the
    /// child's own sampled high-water mark (0 when the child was too quick to be sampled).
    static func knownPeak(_ measured: HostileProcessTests.Measured) -> Int? {
        if measured.maxRSS > measured.parentResident { return max(measured.maxRSS, measured.ownPeak) }
        return measured.ownPeak > 0 ? measured.ownPeak : nil
    }

    /// Runs the binary (``HostileProcessTests/spawn(_:in:stdoutPath:)``) until its peak is known
    /// (a quick child may end before it is sampled; at most five tries), with that peak.
    static func spawn(_ arguments: [String], in directory: URL) throws -> (HostileProcessTests.Measured, peak: Int) {
        var measured = try HostileProcessTests.spawn(arguments, in: directory)
        for _ in 0..<4 where knownPeak(measured) == nil {
            measured = try HostileProcessTests.spawn(arguments, in: directory)
        }
        let peak = try #require(knownPeak(measured), "no peak measured for \(arguments): \(measured)")
        return (measured, peak)
    }

    /// A baseline's peak: the largest of six runs (a sampled peak is a floor, so one run may
    /// read low and make the growth of the case measured against it look larger than it is). A
    /// baseline lives some 30 ms: on a loaded machine all three runs of an earlier version were
    /// sampled before their peak (10.2 MiB where they reach 22 MiB; 2026-12-02, `.ci/run`), which
    /// failed the timer storm's bound with the storm's own peak unchanged.
    static func baseline(_ arguments: [String], in directory: URL) throws -> (HostileProcessTests.Measured, peak: Int) {
        var best = try spawn(arguments, in: directory)
        for _ in 0..<5 {
            let next = try spawn(arguments, in: directory)
            if next.peak > best.peak { best = next }
        }
        return best
    }

    /// Writes `files` into a fresh directory, runs `body` there and removes it.
    static func inDirectory(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, contents) in files { try Data(contents.utf8).write(to: directory.appendingPathComponent(name)) }
        try body(directory)
    }

    /// What a limit above the ceiling costs: nothing, it is refused before any run, naming the
    /// setting (the issue's file raised both limits to 1e8 and grew to 6 GB).
    @Test("limits raised to 1e8 are refused before the run, naming the setting",
          .enabled(if: HostileProcessTests.binary != nil))
    func raisedPastTheCeiling() throws {
        let scenario = Self.nestedTimers(maxContexts: 100_000_000, maxPendingEvents: 100_000_000)
        try Self.inDirectory(["bomb.json": scenario]) { directory in
            let measured = try HostileProcessTests.spawn(["run", "@bomb.json"], in: directory)
            print("raised past the ceiling: \(measured)")
            expectEqual(measured.exitCode, 2, "\(measured)")
            #expect(measured.stdout.isEmpty, "\(measured)")
            expectContains(measured.stderr,
                "error: limits.maxPendingEvents: expected a whole number from 1 to 5000000, found the number 100000000",
                "\(measured)")
            expectContains(measured.stderr,
                "error: limits.maxContexts: expected a whole number from 1 to 5000000, found the number 100000000", "\(measured)")
            let refused = try HostileProcessTests.spawn(["run", "--set", "limits.maxContexts=5000001"], in: directory)
            expectEqual(refused.exitCode, 2, "\(refused)")
            expectContains(refused.stderr,
                "--set limits.maxContexts=5000001: error: limits.maxContexts: expected a whole number from 1 to 5000000, found the number 5000001",
                "\(refused)")
        }
    }

    /// A run's growth above the baseline, per context it may create, stays within what the
    /// ceiling's budget allows one context (``Limits/memoryBudgetBytes`` over ``Limits/memoryCeiling``,
    /// some 214 bytes), plus 8 MiB for the allocator's granularity and the sampling (it matters
    /// only at small limits: the small case shows no blow-up, the ceiling in `.ci/run` the budget).
    /// Here 10,000 (a debug build checks its invariants at every event, over every context); in
    /// `.ci/run` (`EXITRACE_FULL=1`, release binary) 100,000 and the ceiling itself.
    @Test("a run that reaches raised limits stops with [?] within the memory budget per context",
          .enabled(if: HostileProcessTests.binary != nil),
          arguments: HostileProcessTests.isFull ? [100_000, Limits.memoryCeiling] : [10_000])
    func raisedToTheCeiling(limit: Int) throws {
        let scenario = Self.nestedTimers(maxContexts: limit, maxPendingEvents: limit)
        try Self.inDirectory(["bomb.json": scenario]) { directory in
            let (baseline, baselinePeak) = try Self.baseline(["validate", "@bomb.json"], in: directory)
            expectEqual(baseline.exitCode, 0, "\(baseline)")
            let (measured, peak) = try Self.spawn(["run", "@bomb.json"], in: directory)
            let growth = peak - baselinePeak
            let allowed = limit * (Limits.memoryBudgetBytes / Limits.memoryCeiling) + 8 * 1_048_576
            print("limits at \(limit): \(measured); baseline \(baseline); growth \(growth / 1_048_576) MiB of \(allowed / 1_048_576) MiB")
            expectEqual(measured.exitCode, 0, "\(measured)")
            expectContains(measured.stdout, "[?]", "\(measured)")
            expectContains(measured.stdout, "stopped at limits.maxContexts while the process was alive", "\(measured)")
            #expect(growth <= allowed, "\(measured); baseline \(baseline)")
        }
    }

    /// `validate` of a note that is an array of `elements` one-digit numbers: its peak above the
    /// baseline stays under 24 bytes an element (built, the array took some 90 bytes an element:
    /// ~750 MB for 8.4 million). With `EXITRACE_FULL=1` (`.ci/run`, release binary) the issue's
    /// case too: 8.4 million elements (16 MiB) within 200 MB of the baseline and 2 s of CPU time.
    @Test("validate of a note array does not build it", .heavy,
          .enabled(if: HostileProcessTests.binary != nil),
          arguments: HostileProcessTests.isFull ? [500_000, 8_380_000] : [500_000])
    func noteArray(elements: Int) throws {
        var note = #"{"extend": "builtin:live-activity", "note": [7"#
        note.reserveCapacity(elements * 2 + 64)
        for _ in 1..<elements { note += ",7" }
        note += "]}"
        try Self.inDirectory(["note.json": note, "small.json": #"{"extend": "builtin:live-activity"}"#]) { directory in
            let (baseline, baselinePeak) = try Self.baseline(["validate", "@small.json"], in: directory)
            let (measured, peak) = try Self.spawn(["validate", "@note.json"], in: directory)
            let growth = peak - baselinePeak
            print("note of \(elements): \(measured); baseline \(baseline); growth \(growth / 1_048_576) MiB")
            #expect(measured.exitCode == 0 && measured.stdout.contains("note.json: valid"), "\(measured)")
            #expect(growth <= 24 * elements, "\(measured); baseline \(baseline)")
            if elements > 1_000_000 {
                #expect(growth <= 200_000_000, "\(measured); baseline \(baseline)")
                #expect(measured.cpuSeconds <= 2, "\(measured)")
            }
        }
    }

    /// `explain` of a timer storm (the default scenario with `timers` timers of a million fires at
    /// 1 ns) folds its timeline as it makes it and keeps its contexts as a table of shapes
    /// (``ContextTable``): its peak above the baseline stays within 78 MiB for the 100-timer
    /// storm's longest cell, so that with the baseline (some 21 MiB) the peak is within the issue's
    /// 100 MiB (measured: 74 MiB above a 21 MiB baseline; it was 316 MB above, then some 150 MB,
    /// when each of the half million contexts had a name of its own). What remains is the run's
    /// contexts (76 bytes each, 38 MB) and the trace's million records (32 bytes each). Here 10
    /// timers and 30,000 events; the 100-timer storm with the default limits in `.ci/run`
    /// (`EXITRACE_FULL=1`).
    @Test("explain of a timer storm stays within 78 MiB of the baseline", .heavy,
          .enabled(if: HostileProcessTests.binary != nil),
          arguments: HostileProcessTests.isFull ? [10, 100] : [10])
    func explainStorm(timers: Int) throws {
        let storm = HostileProcessTests.timers(timers)
        try Self.inDirectory(["storm.json": storm]) { directory in
            let (baseline, baselinePeak) = try Self.baseline(["validate", "@storm.json"], in: directory)
            var arguments = ["explain", "@storm.json", "--hook", "SceneDelegate", "--strategy", "timers", "--procedure", "background"]
            if timers < 100 { arguments += ["--set", "limits.maxEvents=30000"] }
            let (measured, peak) = try Self.spawn(arguments, in: directory)
            let growth = peak - baselinePeak
            print("explain of \(timers) timers: \(measured); baseline \(baseline); growth \(growth / 1_048_576) MiB")
            #expect(measured.exitCode == 0 && measured.stdout.contains("⋮  the "), "\(measured)")
            #expect(growth <= 78 * 1_048_576, "\(measured); baseline \(baseline)")
        }
    }

    /// The issue's `gen_wide.py`: `hooks` hooks × `strategies` strategies × `procedures` procedures,
    /// exit's duration drawn from a distribution; the first procedure calls every hook.
    static func wideScenario(hooks: Int, strategies: Int, procedures: Int) -> String {
        let hookNames = (0..<hooks).map { "h\($0)" }
        let strategy = #"{"program": [{"op": "detached", "body": [{"op": "call", "name": "c"}]}]}"#
        func procedure(_ calls: [String]) -> String {
            #"{"steps": [{"op": "turn", "actions": ["# + calls.map { #"{"op": "hook", "name": "\#($0)"}"# }.joined(separator: ",")
                + #", {"op": "exit"}]}]}"#
        }
        return #"{"name": "wide", "timing": {"exitDurationMs": {"uniform": [1, 20]}}, "systemCalls": {"c": {"costMs": 1}}, "hooks": {"#
            + hookNames.map { #""\#($0)": {}"# }.joined(separator: ",")
            + #"}, "strategies": {"# + (0..<strategies).map { #""s\#($0)": "# + strategy }.joined(separator: ",")
            + #"}, "procedures": {"# + (0..<procedures).map { #""p\#($0)": "# + procedure($0 == 0 ? hookNames : ["h0"]) }.joined(separator: ",")
            + "}}"
    }

    /// `calibrate --samples 1` of a wide scenario (the issue's 200 hooks × 200 strategies × 12
    /// procedures took 2.0 GB: a counter per cell and set of procedures, 2^12 of them, allocated again
    /// per chunk) grows no more above the `validate` baseline than one table of the same scenario
    /// does as text (measured in release: 768 MiB against the table's 871 MiB). Here 40 × 40; the issue's size in
    /// `.ci/run` (`EXITRACE_FULL=1`, release binary).
    @Test("calibrate of a wide scenario takes no more memory than one table of it", .heavy,
          .enabled(if: HostileProcessTests.binary != nil),
          arguments: HostileProcessTests.isFull ? [200] : [40])
    func wideCalibration(width: Int) throws {
        let files = [
            "wide.json": Self.wideScenario(hooks: width, strategies: width, procedures: 12),
            "measured.json": #"{"cells": [{"hook": "h0", "strategy": "s0", "observed": "×"}]}"#,
        ]
        try Self.inDirectory(files) { directory in
            let (baseline, baselinePeak) = try Self.baseline(["validate", "@wide.json"], in: directory)
            let (table, tablePeak) = try Self.spawn(["run", "@wide.json", "--set", "timing.exitDurationMs=3"], in: directory)
            let (measured, peak) = try Self.spawn(["calibrate", "@wide.json", "--measured", "@measured.json", "--samples", "1"], in: directory)
            print("wide \(width): calibrate \(measured); table \(table); baseline \(baseline)")
            #expect(baseline.exitCode == 0 && table.exitCode == 0, "\(baseline); \(table)")
            expectEqual(measured.exitCode, 0, "\(measured)")
            #expect(peak - baselinePeak <= tablePeak - baselinePeak + 32 * 1_048_576, "\(measured); table \(table); baseline \(baseline)")
        }
    }
}
