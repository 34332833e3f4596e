/// Seeds derived from a user's seed and names, the same on every machine and in every order.
///
/// A replication's draws come from (seed, scenario name, replication number, setting path), so a
/// run of replications 500–999 on one machine draws exactly what the same replications draw in
/// an unsplit run, and adding a distribution to one setting leaves the draws of the others alone.
package enum StableSeed {
    /// A 64-bit hash of `text`'s UTF-8 bytes (FNV-1a), stable across runs and platforms, unlike
    /// `Hasher`.
    package static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `a` and `b` mixed into one well-spread seed (SplitMix64's finaliser).
    package static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: a ^ (b &* 0x9E37_79B9_7F4A_7C15))
        return generator.next()
    }

    /// A number in the open interval (0, 1) from 64 random bits: the top 53 bits, centred in
    /// their step, so neither 0 nor 1 is ever returned (quantile functions need neither).
    package static func unitInterval(_ bits: UInt64) -> Double {
        (Double(bits >> 11) + 0.5) * 0x1p-53
    }
}
