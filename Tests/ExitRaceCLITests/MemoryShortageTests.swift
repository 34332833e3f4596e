import ExitRace
import ExitRaceCLI
import Foundation
import Testing

/// Issue #26's memory point: a run whose limits allow more contexts and pending events than the
/// machine's memory holds stops as at a bound (its cell `[?]`, the run's exit code as for any
/// other bound) instead of dying on an allocation. The release binary runs the issue's nested
/// timers at the memory ceiling (5,000,000 contexts and pending events) under `ulimit -v`, through
/// /bin/bash: at the issue's 1,000,000 KiB (where it aborted, exit 134, growing its buffers), and at
/// 300,000 KiB, which a million contexts outgrow.
@Suite("Memory that runs short stops a run as a bound", .serialized)
struct MemoryShortageTests {
    /// The release binary: `EXITRACE_BIN` when set (`.ci/run`), else the release build beside the
    /// debug one the tests were built in (a debug build takes far longer to fill its memory).
    static let binary: URL? = {
        if let named = ProcessInfo.processInfo.environment["EXITRACE_BIN"] { return URL(fileURLWithPath: named) }
        guard let debug = CommandLineTests.binary else { return nil }
        let release = debug.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("release").appendingPathComponent("exitrace")
        return FileManager.default.isExecutableFile(atPath: release.path) ? release : nil
    }()

    /// Runs the binary with `arguments` under `ulimit -v virtualKiB`: its exit status (a signal as
    /// 128 + it), stdout and stderr.
    static func run(_ arguments: [String], virtualKiB: Int) throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = try #require(Self.binary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -v \(virtualKiB) && exec \"$0\" \"$@\"", binary.path] + arguments
        // No CI=true, no backtracer: a crash is an exit status here, quickly.
        var environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-shortage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8))
    }

    static func withScenario(_ body: (String) throws -> Void) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-ctxbomb-\(UUID().uuidString).json")
        try MemoryPeakTests.nestedTimers(maxContexts: Limits.memoryCeiling, maxPendingEvents: Limits.memoryCeiling)
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try body(file.path)
    }

    /// `run` of the issue's file under `ulimit -v virtualKiB`: a bound's exit code, nothing on
    /// stderr, the cell `[?]`; the table's text for more checks.
    static func runAsBound(virtualKiB: Int) throws -> String {
        var stdout = ""
        try withScenario { path in
            let result = try run(["run", path], virtualKiB: virtualKiB)
            expectEqual(result.status, ExitCode.success.rawValue, "status \(result.status), stderr: \(result.stderr.prefix(400))")
            #expect(result.stderr.isEmpty, "\(result.stderr.prefix(400))")
            expectContains(result.stdout, "applicationWillTerminate | × [?]", "\(result.stdout)")
            stdout = result.stdout
        }
        return stdout
    }

    @Test("the issue's reproduction: [?] and the exit code of a bound, not an abort", .enabled(if: binary != nil, "needs a release build of exitrace"))
    func issueReproduction() throws {
        // A contexts buffer that grows by realloc fits 5,000,000 contexts here: either bound may stop it.
        expectContains(try Self.runAsBound(virtualKiB: 1_000_000), "bomb (kill): stopped")
    }

    @Test("run: the cell is [?], memory named, the exit code a bound's", .enabled(if: binary != nil, "needs a release build of exitrace"))
    func runStopsAtMemory() throws {
        let stdout = try Self.runAsBound(virtualKiB: 300_000)
        expectContains(stdout, "is incomplete; memory ran short below limits.maxContexts and limits.maxPendingEvents", "\(stdout)")
        expectContains(stdout, "bomb (kill): stopped: memory ran short at ", "\(stdout)")
        expectNotContains(stdout, "stopped at limits.maxContexts", "\(stdout)")
    }

    @Test("explain: the verdict says memory ran short, at how many contexts", .enabled(if: binary != nil, "needs a release build of exitrace"))
    func explainStopsAtMemory() throws {
        try Self.withScenario { path in
            // The default --max-events budget ends the run first; few trace records keep it quick.
            let result = try Self.run(
                ["explain", path, "--hook", "applicationWillTerminate", "--strategy", "bomb", "--max-events", "50000000",
                 "--set", "limits.maxTraceRecords=1000"], virtualKiB: 300_000)
            expectEqual(result.status, ExitCode.success.rawValue, "status \(result.status), stderr: \(result.stderr.prefix(400))")
            expectContains(result.stdout, "? memory ran short at ", "\(result.stdout)")
            expectContains(result.stdout, " contexts and ", "\(result.stdout)")
        }
    }
}
