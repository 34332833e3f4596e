import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile inputs given to the built `exitrace` binary, each in a child process of its own: every
/// case asserts the exit code, a piece of the message, a bound on the child's CPU time (user and
/// system, as `wait4` reports it: the work done, which a loaded machine does not inflate the way
/// it does wall time; it catches quadratic blow-ups), a hang (a child alive after `hardLimit` is
/// killed and fails its exit code) and a bound on the child's peak memory: the figure `wait4`
/// reports for that child and, on Linux, the child's own high-water mark sampled from /proc while
/// it runs. Big inputs are generated at test time into a temporary directory.
///
/// `swift test` takes the first three light cases; with `EXITRACE_FULL=1` every case runs, the
/// heaviest (seconds of simulation in a debug build) too, as `.ci/run` does against the release
/// binary named by `EXITRACE_BIN`.
@Suite("Hostile inputs to the binary: exit code, message, CPU time and memory", .serialized)
struct HostileProcessTests {
    /// The binary under test: `EXITRACE_BIN` when set (`.ci/run`: the release build), else the
    /// one built beside the tests.
    static let binary: URL? = ProcessInfo.processInfo.environment["EXITRACE_BIN"].map { URL(fileURLWithPath: $0) }
        ?? CommandLineTests.binary
    /// Whether the heavy cases run too (`EXITRACE_FULL=1`).
    static let isFull = TestRun.full

    /// What one child did.
    struct Measured: CustomStringConvertible {
        var exitCode: Int32?
        var signal: Int32?
        var stdout: String
        var stderr: String
        var seconds: Double
        /// User plus system CPU time of the child, in seconds.
        var cpuSeconds: Double
        /// Peak resident memory of the child, in bytes, as `wait4` reports it.
        var maxRSS: Int
        /// On Linux, the test process's resident memory when it forked the child. The forked copy's
        /// pages count in the child's `maxRSS` up to its exec, so a `maxRSS` no larger than this may
        /// be this process's rather than the child's; `ownPeak` is the child's alone.
        var parentResident: Int
        /// On Linux, the largest peak (VmHWM) the child's own memory showed while it was sampled
        /// (every 2 ms, after its exec): a floor, 0 for a child too quick to be sampled.
        var ownPeak: Int

        var description: String {
            let ending = exitCode.map { "exit \($0)" } ?? "signal \(signal ?? -1)"
            let mib = Double(maxRSS) / 1_048_576
            let parent = Double(parentResident) / 1_048_576
            return "\(ending), \(String(format: "%.2f", seconds)) s (CPU \(String(format: "%.2f", cpuSeconds)) s), peak \(String(format: "%.1f", mib)) MiB "
                + "(test process at fork: \(String(format: "%.1f", parent)) MiB; "
                + "sampled: \(String(format: "%.1f", Double(ownPeak) / 1_048_576)) MiB), "
                + "stderr: \(stderr.prefix(300).debugDescription), stdout: \(stdout.count) bytes"
        }
    }

    /// A child that outlives this (wall time) is killed and the case fails: no test waits forever.
    /// Far above any case's CPU budget, so only a hang or a machine stalled for minutes reaches it.
    static let hardLimit: Double = 300

    /// Runs the binary with `arguments` in `directory`, stdin from /dev/null, stdout to `stdoutPath`
    /// (a file in `directory` when nil), stderr to a file; waits for it with `wait4`.
    static func spawn(_ arguments: [String], in directory: URL, stdoutPath: String? = nil) throws -> Measured {
        let binary = try #require(Self.binary).path
        let outPath = stdoutPath ?? directory.appendingPathComponent("child.stdout").path
        let errPath = directory.appendingPathComponent("child.stderr").path
        // "@NAME" is the file NAME in the case's directory.
        let arguments = arguments.map { $0.hasPrefix("@") ? directory.appendingPathComponent(String($0.dropFirst())).path : $0 }
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }

        let start = ContinuousClock.now
        var pid: pid_t = 0
        var parentResident = 0
        #if os(Linux)
        // fork, not posix_spawn: glibc's posix_spawn shares this process's memory until the exec, and
        // Linux counts that memory's high-water mark in the child's ru_maxrss. A forked child starts
        // from this process's resident memory now (its copied page tables), not its high-water mark:
        // `parentResident` records it. Between fork and exec the child only calls dup2, execve, _exit.
        parentResident = Self.residentBytes()
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let output = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let error = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(input >= 0 && output >= 0 && error >= 0, "cannot open the child's standard files")
        defer { close(input); close(output); close(error) }
        pid = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer in
                let child = fork()
                if child == 0 {
                    dup2(input, 0)
                    dup2(output, 1)
                    dup2(error, 2)
                    execve(argvBuffer[0]!, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
                    _exit(127)
                }
                return child
            }
        }
        try #require(pid > 0, "fork failed: \(errno)")
        #else
        var actions: posix_spawn_file_actions_t? = nil
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        try #require(spawned == 0, "posix_spawn failed: \(String(cString: strerror(spawned)))")
        #endif

        var status: Int32 = 0
        var usage = rusage()
        var ownPeak = 0
        while true {
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result < 0 && errno != EINTR { Issue.record("wait4 failed: \(errno)"); break }
            if (ContinuousClock.now - start) > .seconds(hardLimit) {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            ownPeak = max(ownPeak, Self.highWaterMark(of: pid))
            usleep(2_000)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        #if os(macOS)
        let maxRSS = Int(usage.ru_maxrss)  // bytes
        #else
        let maxRSS = Int(usage.ru_maxrss) * 1024  // kilobytes
        #endif
        let termination = status & 0x7f
        func read(_ path: String) -> String {
            (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        return Measured(
            exitCode: termination == 0 ? (status >> 8) & 0xff : nil,
            signal: termination == 0 ? nil : termination,
            stdout: stdoutPath == nil ? read(outPath) : "", stderr: read(errPath),
            seconds: seconds, cpuSeconds: Self.seconds(usage.ru_utime) + Self.seconds(usage.ru_stime), maxRSS: maxRSS,
            parentResident: parentResident, ownPeak: ownPeak)
    }

    static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    /// The peak resident memory of process `pid` once it runs `exitrace` (Linux: VmHWM in
    /// /proc/PID/status), 0 before its exec, after its exit or elsewhere.
    static func highWaterMark(of pid: pid_t) -> Int {
        // Read with read(2): /proc files report a size of 0, which Foundation may take at its word.
        let descriptor = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16_384)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got <= 0 { break }
            count += got
        }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        var name = ""
        var peak = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Name:") { name = line.dropFirst(5).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("VmHWM:"), let kilobytes = Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") {
                peak = kilobytes * 1024
            }
        }
        return name == "exitrace" ? peak : 0
    }

    /// This process's resident memory in bytes (Linux), 0 where unknown.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// One hostile case: the files it needs, the command, and what must come of it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// File name → contents, written into the case's directory.
        var files: [String: @Sendable () -> String] = [:]
        var fifo: String? = nil
        /// Bytes written to `raw.json`, for what is not UTF-8.
        var raw: [UInt8]? = nil
        var arguments: [String]
        var stdoutPath: String? = nil
        var exitCode: Int32
        var stderr: String
        var stdout: String = ""
        /// The most CPU time (user plus system) the child may use, in seconds.
        var cpuSeconds: Double = 20
        var mebibytes: Int = 300
        /// Seconds of simulation in a debug build: run only with `EXITRACE_FULL=1` (`.ci/run`).
        var heavy = false

        var testDescription: String { name }
    }

    static let timer = #"{"op": "timer", "intervalMs": 0.000001, "count": 1000000, "body": [{"op": "work", "ms": 0}]}"#

    /// The default scenario with `count` timers of a million fires at 1 ns in a strategy of its own.
    static func timers(_ count: Int) -> String {
        #"{"extend": "builtin:live-activity", "name": "timers", "strategies": {"timers": {"program": ["#
            + Array(repeating: timer, count: count).joined(separator: ", ")
            + #", {"op": "task", "body": [{"op": "call", "name": "Activity.end"}]}]}}}"#
    }

    static let validScenario = #"{"extend": "builtin:live-activity"}"#

    static func withNote(_ note: String) -> String { #"{"extend": "builtin:live-activity", "note": "# + note + "}" }

    static let cases: [Case] = [
        Case(
            name: "a note object of 20,000 keys", files: ["s.json": { withNote("{" + (0..<20_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}") }],
            arguments: ["validate", "@s.json"], exitCode: 0, stderr: "", stdout: "/s.json: valid"),
        Case(
            name: "a note array of 80,000 numbers", files: ["s.json": { withNote("[" + (0..<80_000).map(String.init).joined(separator: ",") + "]") }],
            arguments: ["validate", "@s.json"], exitCode: 0, stderr: "", stdout: "/s.json: valid"),
        Case(
            name: "a 2 MB array", files: ["s.json": { withNote("[" + Array(repeating: "7", count: 1_048_576).joined(separator: ",") + "]") }],
            arguments: ["validate", "@s.json"], exitCode: 0, stderr: "", stdout: "/s.json: valid"),
        Case(
            name: "a 2 MB array as the whole document", files: ["s.json": { "[" + Array(repeating: "7", count: 1_048_576).joined(separator: ",") + "]" }],
            arguments: ["validate", "@s.json"], exitCode: 2, stderr: "/s.json:1:1: error: expected an object, found an array"),
        Case(
            name: "nesting 100,000 deep", files: ["s.json": { #"{"note": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}" }],
            arguments: ["validate", "@s.json"], exitCode: 2, stderr: "error: not valid JSON: expected at most 64 levels of nesting"),
        Case(
            name: "a 15 MiB file, under the limit", files: ["s.json": { withNote("\"" + String(repeating: "x", count: 15 * 1_048_576) + "\"") }],
            arguments: ["validate", "@s.json"], exitCode: 0, stderr: "", stdout: "/s.json: valid"),
        Case(
            name: "a 17 MiB file, over the limit", files: ["s.json": { String(repeating: " ", count: 17 * 1_048_576) + "{}" }],
            arguments: ["validate", "@s.json"], exitCode: 2, stderr: "/s.json: error: expected a scenario file of at most 16 MiB, found a larger file"),
        Case(
            name: "bytes that are not UTF-8", raw: Array(#"{"note": ""#.utf8) + [0xFF, 0xFE, 0x00] + Array(#""}"#.utf8),
            arguments: ["validate", "@raw.json"], exitCode: 2, stderr: "raw.json:1:11: error: not valid JSON: expected UTF-8 text, found byte 0xFF"),
        Case(
            name: "10 timers of 1,000,000 fires at 1 ns, explained", files: ["s.json": { timers(10) }],
            arguments: ["explain", "@s.json", "--hook", "AppDelegate", "--strategy", "timers", "--procedure", "background",
                        "--set", "limits.maxEvents=30000"],
            exitCode: 0, stderr: "", stdout: "timer fires, but its last block is still queued: skipped ×"),
        Case(
            name: "100 timers of 1,000,000 fires at 1 ns, every cell", files: ["s.json": { timers(100) }],
            arguments: ["run", "@s.json", "--set", "limits.maxEvents=30000"],
            exitCode: 0, stderr: "", stdout: "timers (foreground, background): stopped at limits.maxEvents while the process was alive",
            heavy: true),
        Case(
            name: "10 timers of 1,000,000 fires at 1 ns, reported", files: ["s.json": { timers(10) }],
            arguments: ["report", "@s.json", "--out", "@report", "--set", "limits.maxEvents=10000"],
            exitCode: 0, stderr: "", stdout: "/report/index.html", cpuSeconds: 40, heavy: true),
        Case(
            name: "100 timers of 1,000,000 fires at 1 ns, validated", files: ["s.json": { timers(100) }],
            arguments: ["validate", "@s.json"], exitCode: 0, stderr: "", stdout: "/s.json: valid"),
        Case(
            name: "a procedure of 20,000 steps",
            files: ["s.json": {
                #"{"extend": "builtin:live-activity", "procedures": {"long": {"steps": ["#
                    + #"{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]}, "#
                    + Array(repeating: #"{"op": "delay", "ms": 1}"#, count: 20_000).joined(separator: ", ") + #", {"op": "sigkill"}]}}}"#
            }],
            arguments: ["validate", "@s.json"], exitCode: 0, stderr: "", stdout: "/s.json: valid: 3 hooks × 6 strategies × 3 procedures"),
        Case(
            name: "a FIFO as the scenario does not block", fifo: "pipe.json", arguments: ["validate", "@pipe.json"],
            exitCode: 2, stderr: "/pipe.json: error: expected a scenario file, found a FIFO (named pipe)"),
        Case(
            name: "a FIFO as a file extended does not block", files: ["s.json": { #"{"extend": "pipe.json"}"# }], fifo: "pipe.json",
            arguments: ["validate", "@s.json"], exitCode: 2, stderr: "error: expected a scenario file, found a FIFO (named pipe) (extended at "),
        Case(
            name: "/dev/full as --output", arguments: ["run", "--output", "/dev/full"],
            exitCode: 2, stderr: "/dev/full: error: expected a regular file or a new path to write, found a device"),
        Case(
            name: "/dev/stdout as --output (it leads to wherever a redirect points)", arguments: ["run", "--output", "/dev/stdout"],
            exitCode: 2, stderr: "/dev/stdout: error: expected a regular file or a new path to write, found a name for a standard stream"),
        Case(
            name: "- as --trace", arguments: ["explain", "--hook", "AppDelegate", "--strategy", "Task", "--procedure", "foreground", "--trace", "-"],
            exitCode: 2, stderr: "-: error: expected a regular file or a new path to write, found a name for a standard stream"),
        Case(
            name: "--output naming the input", files: ["s.json": { validScenario }], arguments: ["run", "@s.json", "--output", "@s.json"],
            exitCode: 2, stderr: "/s.json: error: is an input of this run ("),
        Case(
            name: "a temporary file left by a dead run is removed by the next",
            // No process has an id above the system's maximum (2^22 on Linux, 99,999 on macOS).
            files: [".out.txt.tmp-99999999": { "partial" }], arguments: ["run", "--output", "@out.txt"], exitCode: 0, stderr: ""),
        Case(
            name: "standard output on /dev/full", arguments: ["run"], stdoutPath: "/dev/full",
            exitCode: 2, stderr: "exitrace: cannot write to standard output: "),
        Case(
            name: "a scenario named ../../escaped",
            files: ["s.json": { #"{"extend": "builtin:live-activity", "name": "../../escaped"}"# }],
            arguments: ["batch", "@s.json", "--out", "@results"], exitCode: 2,
            stderr: #"name: expected a name without "/" or "\\" (it names the result files), found "../../escaped""#),
        Case(
            name: "an unknown family in --set", arguments: ["run", "--set", "timing.exitDurationMs=unifrom(1,2)"], exitCode: 2,
            stderr: #"--set timing.exitDurationMs=unifrom(1,2): error: expected a distribution"#),
        Case(name: "--runs 0", arguments: ["run", "--runs", "0"], exitCode: 2, stderr: "--runs expects a whole number from 1 to"),
        Case(name: "--shard 5/4", arguments: ["run", "--shard", "5/4"], exitCode: 2, stderr: "--shard expected a shard i from 1 to 4"),
        Case(
            // A cell run of 10 ms a run: 100,000 schedules took 17 minutes; the default budget cuts it (issue 26).
            name: "explore of 10-ms runs with default options: the default --max-events budget cuts the search",
            arguments: ["explore", Repository.root.path + "/scenarios/dynamic-island-animation.json", "--strategy", "renew every 20 s",
                        "--procedure", "home"],
            exitCode: 0, stderr: "",
            stdout: "exitrace explore: the budget --max-events 100,000,000 (the default) cut the search of 1 cell run short",
            cpuSeconds: 60, heavy: true),
        Case(
            name: "a malformed schedule for explain",
            arguments: ["explain", "--hook", "AppDelegate", "--strategy", "Task.detached", "--procedure", "background", "--schedule", "v1:nope"],
            exitCode: 2, stderr: "--schedule: a schedule has 4 fields separated by ':'"),
    ]

    /// The cases this run takes: all with `EXITRACE_FULL=1`, else the first three light ones.
    static let selected = isFull ? cases : Array(cases.filter { !$0.heavy }.prefix(3))

    @Test("a hostile case ends with its exit code and message, in bounded CPU time and memory",
          .enabled(if: binary != nil), arguments: selected)
    func hostile(_ hostile: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-hostile-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, contents) in hostile.files {
            try Data(contents().utf8).write(to: directory.appendingPathComponent(name))
        }
        if let raw = hostile.raw { try Data(raw).write(to: directory.appendingPathComponent("raw.json")) }
        if let fifo = hostile.fifo { try #require(mkfifo(directory.appendingPathComponent(fifo).path, 0o600) == 0) }

        let measured = try Self.spawn(hostile.arguments, in: directory, stdoutPath: hostile.stdoutPath)
        let context = "\(hostile.name): \(measured)"
        print("hostile case: \(context)")
        expectEqual(measured.exitCode, hostile.exitCode, "\(context)")
        if hostile.stderr.isEmpty {
            #expect(measured.stderr.isEmpty, "\(context)")
        } else {
            expectContains(measured.stderr, hostile.stderr, "\(context)")
            #expect(measured.stderr.hasSuffix("\n") && !measured.stderr.contains("Fatal error"), "\(context)")
        }
        if !hostile.stdout.isEmpty { expectContains(measured.stdout, hostile.stdout, "\(context)") }
        if hostile.exitCode != 0 { #expect(measured.stdout.isEmpty, "\(context)") }
        #expect(measured.cpuSeconds < hostile.cpuSeconds, "\(context)")
        // A figure no larger than the test process's own resident memory at the fork says only
        // that the child stayed below it.
        #expect(measured.maxRSS < hostile.mebibytes * 1_048_576 || measured.maxRSS <= measured.parentResident, "\(context)")
        #expect(measured.ownPeak < hostile.mebibytes * 1_048_576, "\(context)")
        // No temporary file stayed in the case's directory, not even one a dead run left there.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(!entries.contains { $0.contains(".tmp-") }, "\(context): \(entries)")
    }
}
