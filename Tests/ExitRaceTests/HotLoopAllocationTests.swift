import Foundation
import Testing

/// The engine's hot loop allocates nothing once warm (README, "Performance"): rounds of the default
/// scenario's runs, each round with a new parameter value, make no more allocations over 100 rounds
/// than over 10.
///
/// Counted as the README's measurement was: a small `LD_PRELOAD` shim, compiled at test time with
/// the C compiler beside the toolchain, counts `malloc`, `calloc` and `realloc` calls on the thread
/// that switches it on. The rounds run in `exitrace-hot-loop` (Sources/HotLoopProbe), the probe the
/// release build puts beside the `exitrace` binary that `EXITRACE_BIN` names.
///
/// Only an optimized build can show it: a debug build checks the engine's invariants after every
/// event (`EXITRACE_INVARIANTS`), and those checks allocate (about 14 calls per event, measured
/// November 2026). So the test needs `EXITRACE_BIN` pointing at a release build (`.ci/run` sets it),
/// Linux and a C compiler on the PATH; elsewhere it is skipped with a message.
@Suite("The hot loop does not allocate")
struct HotLoopAllocationTests {
    static let environment = ProcessInfo.processInfo.environment

    /// `exitrace-hot-loop` beside the binary `EXITRACE_BIN` names, if it is there.
    static let probe: URL? = {
        guard let binary = environment["EXITRACE_BIN"] else { return nil }
        let probe = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("exitrace-hot-loop")
        return FileManager.default.isExecutableFile(atPath: probe.path) ? probe : nil
    }()

    static let shim = #"""
        #include <stddef.h>
        extern void *__libc_malloc(size_t);
        extern void *__libc_calloc(size_t, size_t);
        extern void *__libc_realloc(void *, size_t);
        static __thread __attribute__((tls_model("initial-exec"))) long calls;
        static __thread __attribute__((tls_model("initial-exec"))) int counting;
        void *malloc(size_t n) { if (counting) calls++; return __libc_malloc(n); }
        void *calloc(size_t a, size_t b) { if (counting) calls++; return __libc_calloc(a, b); }
        void *realloc(void *p, size_t n) { if (counting) calls++; return __libc_realloc(p, n); }
        void exitrace_count_allocations(int on) { if (on) calls = 0; counting = on; }
        long exitrace_allocations(void) { return calls; }
        """#

    /// A C compiler on the PATH (`CC` first), on Linux.
    static let compiler: String? = {
        #if os(Linux)
        if let cc = environment["CC"], FileManager.default.isExecutableFile(atPath: cc) { return cc }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            for name in ["clang", "cc", "gcc"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        #endif
        return nil
    }()

    @Test("default-scenario runs with new parameter values: 100 rounds allocate no more than 10",
          .enabled(if: compiler != nil, "needs Linux and a C compiler on the PATH (or CC)"),
          .enabled(if: probe != nil, "needs EXITRACE_BIN naming a release build's exitrace, with exitrace-hot-loop beside it"))
    func noAllocationPerRound() throws {
        let probe = try #require(Self.probe)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-alloc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("count.c"), library = directory.appendingPathComponent("count.so")
        try Data(Self.shim.utf8).write(to: source)
        let compiled = try Self.run(try #require(Self.compiler), ["-shared", "-fPIC", "-O2", "-o", library.path, source.path], in: directory)
        try #require(compiled.status == 0, "the shim did not compile: \(compiled.output)")
        func count(rounds: Int) throws -> Int {
            let child = try Self.run(probe.path, ["\(rounds)"], in: directory, environment: ["LD_PRELOAD": library.path])
            try #require(child.status == 0, "exitrace-hot-loop \(rounds) failed: \(child.output)")
            try #require(Self.value("EXITRACE_OPTIMIZED", in: child.output) == 1,
                         "exitrace-hot-loop is a debug build (its invariant checks allocate): point EXITRACE_BIN at a release build")
            return try #require(Self.value("EXITRACE_ALLOCATIONS", in: child.output), "the probe said: \(child.output)")
        }
        let ten = try count(rounds: 10), hundred = try count(rounds: 100)
        print("hot loop: \(ten) allocations over 10 rounds, \(hundred) over 100 rounds")
        #expect(hundred <= ten, "allocations: \(ten) over 10 rounds, \(hundred) over 100 rounds of every default-scenario run")
    }

    /// The number after `NAME=` on a line of `output`.
    static func value(_ name: String, in output: String) -> Int? {
        let marker = name + "="
        return output.split(separator: "\n").first { $0.hasPrefix(marker) }.flatMap { Int($0.dropFirst(marker.count)) }
    }

    /// Runs `executable` with `arguments`, its output (stdout and stderr) to a file, and waits.
    static func run(
        _ executable: String, _ arguments: [String], in directory: URL, environment extra: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let log = directory.appendingPathComponent("output-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
