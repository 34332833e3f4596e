// exitrace-hot-loop: counts the allocations of the engine's hot loop, for the allocation guard
// (Tests/ExitRaceTests/HotLoopAllocationTests.swift, run by `.ci/run` against the release build).
//
//   exitrace-hot-loop ROUNDS
//
// Runs every cell of the built-in default scenario ROUNDS times, each round with a new exit duration,
// after three warm-up rounds, and prints `EXITRACE_ALLOCATIONS=N`: the `malloc`, `calloc` and `realloc`
// calls of the counted rounds. The count comes from a small shim loaded with `LD_PRELOAD` that exports
// `exitrace_count_allocations(int)` and `exitrace_allocations()` (the test compiles it); without the
// shim the probe says so and exits 2. It is a program of its own, built by `swift build -c release`
// with the `exitrace` binary, so that the guard measures optimized code without an optimized build of
// the whole test target.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExitRace
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("exitrace-hot-loop: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let rounds = Int(arguments.first!), rounds > 0 else {
    fail("usage: exitrace-hot-loop ROUNDS (a positive number of rounds)")
}
guard let handle = dlopen(nil, RTLD_NOW), let on = dlsym(handle, "exitrace_count_allocations"),
    let read = dlsym(handle, "exitrace_allocations")
else {
    fail("the allocation-counting shim is not loaded (LD_PRELOAD): see HotLoopAllocationTests")
}
let switchCounting = unsafeBitCast(on, to: (@convention(c) (Int32) -> Void).self)
let allocations = unsafeBitCast(read, to: (@convention(c) () -> Int).self)

/// Runs `rounds` rounds of every default-scenario cell, each with a new exit duration, after three
/// warm-up rounds; counts the allocations of the counted rounds only.
func measure(rounds: Int, counting switchCounting: (Int32) -> Void) -> (events: Int, died: Int) {
    let simulator = Simulator(scenario: DefaultScenario.load())
    guard let slot = simulator.parameters.index(of: "timing.exitDurationMs") else {
        fail("the default scenario has no timing.exitDurationMs")
    }
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
    died = 0
    switchCounting(1)
    run(rounds: rounds)
    switchCounting(0)
    return (events, died)
}

let measured = measure(rounds: rounds) { switchCounting($0) }
print("EXITRACE_ALLOCATIONS=\(allocations())")
print("EXITRACE_OPTIMIZED=\(_isDebugAssertConfiguration() ? 0 : 1)")
print("(\(measured.events) events, \(measured.died) runs ended in a death)")
