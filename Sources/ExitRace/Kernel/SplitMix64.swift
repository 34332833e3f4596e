/// SplitMix64: a small, fast, seeded generator (Steele, Lea and Flood, 2014).
///
/// Every random choice in ExitRace comes from a generator like this one with a stated seed, so any
/// run can be repeated exactly. Not for cryptography.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: a copy continues the same sequence.
    package private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
