import ExitRace
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `exitrace bench`'s memory column: the inputs whose memory is bounded by what is shown, not by
/// what happened (issue #25 item 4) and by the limits a file may raise (#26), each run by this
/// same binary in a child process of its own.
///
/// Why a child process and not the bench's own high-water mark: a process's peak never comes
/// down, so the first heavy part would hide every later one, and the bench's own tables would
/// count in it. A child's peak, as `wait4` reports it (`ru_maxrss`: kilobytes on Linux, bytes on
/// macOS), is that command's alone; on Linux the child is started with `fork` and `execve` (the
/// copied page tables of the bench, measured first while it is still small, are the floor), as
/// glibc's `posix_spawn` would count the whole parent's peak. Beside each figure stands a
/// baseline: `validate` of a small file by the same binary, the process's fixed cost.
enum BenchMemory {
    /// One measured command: its peak resident memory and CPU time (user plus system).
    struct Measured {
        var peakBytes: Int
        var cpuSeconds: Double
        var exitCode: Int32
    }

    /// One case: what it is, the files it needs, the arguments, and its target, in words.
    struct Case {
        var label: String
        var files: [String: () -> String]
        var arguments: [String]
        var target: String
    }

    /// A `count`-timer storm: the default scenario with a strategy of `count` timers of a million
    /// fires at 1 ns, as `HostileProcessTests` writes it (100 timers: a 2 KB file).
    static func timerStorm(_ count: Int, fires: Int = 1_000_000) -> String {
        let timer = #"{"op": "timer", "intervalMs": 0.000001, "count": \#(fires), "body": [{"op": "work", "ms": 0}]}"#
        return #"{"extend": "builtin:live-activity", "name": "timers", "strategies": {"timers": {"program": ["#
            + Array(repeating: timer, count: count).joined(separator: ", ")
            + #", {"op": "task", "body": [{"op": "call", "name": "Activity.end"}]}]}}}"#
    }

    /// The default scenario with a `note` that is an array of `count` one-digit numbers.
    static func noteArray(_ count: Int) -> String {
        var text = #"{"extend": "builtin:live-activity", "note": ["#
        text.reserveCapacity(count * 2 + 64)
        for index in 0..<count { text += index == 0 ? "7" : ",7" }
        return text + "]}"
    }

    /// Nested timers whose inner fires start tasks that sleep for ever, with both memory limits at
    /// their ceiling: only the limits end the run (issue #26's `ctxbomb-raised.json`).
    static func nestedTimers(limit ceiling: Int = Limits.memoryCeiling) -> String {
        return #"{"name": "ctxbomb", "systemCalls": {"c": {"costMs": 1}}, "hooks": {"applicationWillTerminate": {}}, "#
            + #""strategies": {"bomb": {"program": [{"op": "timer", "intervalMs": 0.001, "count": 1000000, "body": ["#
            + #"{"op": "timer", "intervalMs": 0.001, "count": 1000000, "body": [{"op": "detached", "body": "#
            + #"[{"op": "taskSleep", "ms": 1000000000}]}]}]}, {"op": "detached", "body": [{"op": "call", "name": "c"}]}]}}, "#
            + #""procedures": {"kill": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}]}, "#
            + #"{"op": "delay", "ms": 100000000}, {"op": "sigkill"}]}}, "#
            + #""limits": {"maxEvents": 1000000000, "maxTimeMs": 1000000000, "maxPendingEvents": \#(ceiling), "maxContexts": \#(ceiling)}}"#
    }

    /// 16 MiB less a little: 8.4 million elements of two bytes each.
    static let noteElements = 8_380_000

    /// The cell of the storm that stays alive longest (the scene's hook, then the background kill).
    static let stormCell = ["--hook", "SceneDelegate", "--strategy", "timers", "--procedure", "background"]

    /// The cases at `--seconds` `seconds`: the storm's timers, the note's numbers and the limits
    /// of the nested timers scaled by it (the targets are for `--seconds 1`'s sizes).
    static func cases(seconds: Double = 1) -> [Case] {
        let timers = BenchWorkload.scaled(100, seconds, floor: 1)
        let elements = BenchWorkload.scaled(noteElements, seconds, floor: 10_000)
        let limit = min(Limits.memoryCeiling, BenchWorkload.scaled(Limits.memoryCeiling, seconds, floor: 10_000))
        let storm = ["storm.json": { timerStorm(timers) }]
        let scaled = seconds == 1 ? "" : " (sizes × --seconds; targets at --seconds 1)"
        return [
            Case(label: "run, a timer storm (\(timers) timers of a million fires at 1 ns)\(scaled)", files: storm,
                 arguments: ["run", "@storm.json"], target: "the yardstick for explain"),
            Case(label: "explain, the storm's longest cell", files: storm, arguments: ["explain", "@storm.json"] + stormCell,
                 target: "target ≤ 100 MiB (was 337–523 MB, then 171.6 MiB; the timeline folds as it is made, contexts are a table of shapes)"),
            Case(label: "explore --max-schedules 10, the same cell", files: storm,
                 arguments: ["explore", "@storm.json"] + stormCell + ["--max-schedules", "10"],
                 target: "was 9.0 s of CPU and 75 MiB side by side, then 7.75 s (the 10 deviate at the first choice point, so "
                    + "each runs whole: the gains are the candidates' scan, then the owners of the 100 timers' events counted as "
                    + "they come and go; a run paused for those resumed from it costs the memory above)"),
            Case(label: "explore --random 3, the same cell of a small storm (10 timers of 1,000 fires)",
                 files: ["small-storm.json": { timerStorm(10, fires: 1_000) }],
                 arguments: ["explore", "@small-storm.json"] + stormCell + ["--random", "3"],
                 target: "one run per random schedule (was a run per deviating choice point: 28 s of CPU)"),
            Case(label: "validate, a note of \(TimeFormatting.grouped(elements)) numbers", files: ["note.json": { noteArray(elements) }],
                 arguments: ["validate", "@note.json"], target: "target ≤ 200 MB and ≤ 2 s CPU (was ~750 MB, 2.6–4.0 s)"),
            Case(label: "run, nested timers with the memory limits at \(TimeFormatting.grouped(limit))",
                 files: ["bomb.json": { nestedTimers(limit: limit) }],
                 arguments: ["run", "@bomb.json"],
                 target: "budget ≤ \(Limits.memoryBudgetBytes / 1_048_576) MiB (limits.* ≤ \(Limits.memoryCeiling))"),
        ]
    }

    /// The memory part of `exitrace bench`: each case's peak and CPU time beside the baseline's,
    /// or why it was skipped.
    static func part(seconds scale: Double = 1) -> String {
        var out = "memory: peak resident memory of each command in a child process (wait4), beside a baseline\n"
        guard let binary = executable() else {
            return out + "  skipped: not run from an exitrace binary\n"
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(#"{"extend": "builtin:live-activity"}"#.utf8).write(to: directory.appendingPathComponent("small.json"))
            let baseline = try measure(binary, ["validate", "@small.json"], in: directory)
            out += "  baseline (validate of a 40-byte file): peak \(mebibytes(baseline.peakBytes)), CPU \(seconds(baseline.cpuSeconds))\n"
            for benchCase in cases(seconds: scale) {
                for (name, contents) in benchCase.files where !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) {
                    try Data(contents().utf8).write(to: directory.appendingPathComponent(name))
                }
                let measured = try measure(binary, benchCase.arguments, in: directory)
                let ending = measured.exitCode == 0 ? "" : ", exit \(measured.exitCode)"
                out += "  \(benchCase.label): peak \(mebibytes(measured.peakBytes)), CPU \(seconds(measured.cpuSeconds))\(ending); "
                    + "\(benchCase.target)\n"
            }
        } catch {
            out += "  stopped: \(error)\n"
        }
        return out
    }

    static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
    static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

    /// This process's executable when it is an `exitrace` binary (not a test runner).
    static func executable() -> String? {
        guard let path = Bundle.main.executablePath, (path as NSString).lastPathComponent == "exitrace" else { return nil }
        return path
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `binary` with `arguments` ("@NAME" is the file NAME in `directory`), output discarded,
    /// and waits for it with `wait4`.
    static func measure(_ binary: String, _ arguments: [String], in directory: URL) throws -> Measured {
        let arguments = arguments.map { $0.hasPrefix("@") ? directory.appendingPathComponent(String($0.dropFirst())).path : $0 }
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        let null = open("/dev/null", O_RDWR)
        guard null >= 0 else { throw SpawnError(description: "cannot open /dev/null") }
        defer { close(null) }
        var pid: pid_t = 0
        #if os(Linux)
        pid = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer in
                let child = fork()
                if child == 0 {
                    dup2(null, 0)
                    dup2(null, 1)
                    dup2(null, 2)
                    execve(argvBuffer[0]!, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
                    _exit(127)
                }
                return child
            }
        }
        guard pid > 0 else { throw SpawnError(description: "fork failed: \(errno)") }
        #else
        var actions: posix_spawn_file_actions_t? = nil
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [Int32(0), 1, 2] { posix_spawn_file_actions_adddup2(&actions, null, descriptor) }
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnError(description: "posix_spawn failed: \(spawned)") }
        #endif
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SpawnError(description: "wait4 failed: \(errno)") }
        }
        #if os(macOS)
        let peak = Int(usage.ru_maxrss)  // bytes
        #else
        let peak = Int(usage.ru_maxrss) * 1024  // kilobytes
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let exited = status & 0x7f == 0
        return Measured(
            peakBytes: peak, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            exitCode: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }
}
