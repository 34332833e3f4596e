import Foundation

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceBatch

/// A seeded sample of the cases a heavy equivalence test covers (parallel = serial, slot = `--set`,
/// fuzz rounds), so `swift test` stays fast in a debug build while the engine's invariants still run
/// on every sampled case. `EXITRACE_FULL=1` takes every case (`.ci/run` does); `EXITRACE_SAMPLE_SEED`
/// picks another sample. Failure messages name both, so a failing sample can be replayed.
enum TestSample {
    /// Whether every case runs (`EXITRACE_FULL=1`), not a sample.
    static let isFull = TestRun.full

    /// The sample's seed: `EXITRACE_SAMPLE_SEED`, else a fixed one (the same sample on every run).
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["EXITRACE_SAMPLE_SEED"], let value = UInt64(text) { return value }
        return 0x5A3B_2026
    }()

    /// What to set to run this sample again, or every case: for failure messages.
    static var replay: String {
        isFull ? "EXITRACE_FULL=1" : "EXITRACE_SAMPLE_SEED=\(seed) (EXITRACE_FULL=1 runs every case)"
    }

    /// `count` of `items` chosen with SplitMix64 from the seed mixed with `salt` (so each test draws
    /// its own sample), in their original order; every item when `isFull` or `count >= items.count`.
    ///
    /// `evenWhenFull`: a sample under `EXITRACE_FULL=1` too, for a check whose every case `.ci/run`
    /// makes elsewhere against the release binary.
    static func choose<T>(_ count: Int, of items: [T], salt: String, evenWhenFull: Bool = false) -> [T] {
        guard (evenWhenFull || !isFull) && count < items.count else { return items }
        var rng = SplitMix64(seed: seed ^ fnv1a(salt))
        var indices = Array(items.indices)
        // A partial Fisher–Yates shuffle: the first `count` places are a uniform sample.
        for place in 0..<count {
            let pick = place + Int(rng.next() % UInt64(indices.count - place))
            indices.swapAt(place, pick)
        }
        return indices.prefix(count).sorted().map { items[$0] }
    }

    /// A stable 64-bit hash of `text` (FNV-1a), unlike `Hasher`, which is seeded per process.
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
