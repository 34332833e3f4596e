import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark

/// The engine's hot loop allocates nothing once warm (README, "Performance"): rounds of the default
/// scenario's runs, each round with a new parameter value, make no more allocations over 100 rounds
/// than over 10.
///
/// Counted as the README's measurement was: a small `LD_PRELOAD` shim, compiled at test time with
/// the C compiler beside the toolchain, counts `malloc`, `calloc` and `realloc` calls on the thread
/// that switches it on. It runs in a child: this test binary again, filtered to `childRounds` and told
/// how many rounds to run by `EXITRACE_ALLOCATION_ROUNDS`. Linux only; elsewhere, or without a C
/// compiler on the PATH, the test is skipped with a message.
///
/// Only an optimized build can show it: a debug build checks the engine's invariants after every
/// event (`EXITRACE_INVARIANTS`), and those checks allocate (about 14 calls per event, measured
/// November 2026). So a debug `swift test` skips it; run
/// `swift test -c release -Xswiftc -enable-testing --filter HotLoopAllocationTests`.
@Suite("The hot loop does not allocate")
struct HotLoopAllocationTests {
    static let environment = ProcessInfo.processInfo.environment
    /// Set in the child: how many rounds it counts.
    static let childRounds = environment["EXITRACE_ALLOCATION_ROUNDS"].flatMap(Int.init)

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

    static let marker = "EXITRACE_ALLOCATIONS="
    /// Whether this build is optimized (the library is built with the tests, in one configuration).
    static let isOptimized = !_isDebugAssertConfiguration()

    @Test("default-scenario runs with new parameter values: 100 rounds allocate no more than 10",
          .enabled(if: childRounds == nil && compiler != nil, "needs Linux and a C compiler on the PATH (or CC)"),
          .enabled(if: isOptimized, "debug builds check invariants after every event, and the checks allocate: use -c release"))
    func noAllocationPerRound() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-alloc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("count.c"), library = directory.appendingPathComponent("count.so")
        try Data(Self.shim.utf8).write(to: source)
        let compiled = try Self.run(try #require(Self.compiler), ["-shared", "-fPIC", "-O2", "-o", library.path, source.path], in: directory)
        try #require(compiled.status == 0, "the shim did not compile: \(compiled.output)")
        func count(rounds: Int) throws -> Int {
            let child = try Self.run(
                CommandLine.arguments[0], ["--testing-library", "swift-testing", "--filter", "HotLoopAllocationTests/child"],
                in: directory, environment: ["LD_PRELOAD": library.path, "EXITRACE_ALLOCATION_ROUNDS": "\(rounds)"])
            let line = child.output.split(separator: "\n").first { $0.hasPrefix(Self.marker) }
            let count = try #require(line.flatMap { Int($0.dropFirst(Self.marker.count)) }, "the child said: \(child.output)")
            return count
        }
        let ten = try count(rounds: 10), hundred = try count(rounds: 100)
        print("hot loop: \(ten) allocations over 10 rounds, \(hundred) over 100 rounds")
        #expect(hundred <= ten, "allocations: \(ten) over 10 rounds, \(hundred) over 100 rounds of every default-scenario run")
    }

    @Test("child: counts the allocations of EXITRACE_ALLOCATION_ROUNDS rounds", .enabled(if: childRounds != nil))
    func child() throws {
        guard let handle = dlopen(nil, RTLD_NOW), let on = dlsym(handle, "exitrace_count_allocations"),
            let read = dlsym(handle, "exitrace_allocations")
        else {
            Issue.record("the allocation shim is not loaded")
            return
        }
        let switchCounting = unsafeBitCast(on, to: (@convention(c) (Int32) -> Void).self)
        let allocations = unsafeBitCast(read, to: (@convention(c) () -> Int).self)
        let simulator = Simulator(scenario: DefaultScenario.load())
        let slot = try #require(simulator.parameters.index(of: "timing.exitDurationMs"))
        var values = simulator.defaults
        let base = values[slot]
        let scenario = simulator.scenario
        var died = 0, events = 0
        func run(rounds: Int) {
            for round in 0..<rounds {
                values[slot] = base + Int64(round % 50) * 10_000  // a new exit duration every round
                for hook in scenario.hooks.indices {
                    for strategy in scenario.strategies.indices {
                        for procedure in scenario.procedures.indices {
                            let outcome = simulator.run(hook: hook, strategy: strategy, procedure: procedure, values: values)
                            events += outcome.events
                            if outcome.death != nil { died += 1 }
                        }
                    }
                }
            }
        }
        run(rounds: 3)  // compiles every cell and sizes the engine's storage
        events = 0
        switchCounting(1)
        run(rounds: try #require(Self.childRounds))
        switchCounting(0)
        print("\(Self.marker)\(allocations())")
        print("(\(events) events)")
        #expect(died > 0)
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
