/// The Wilson score interval of a binomial proportion: k successes in n trials.
///
/// Unlike the textbook p ± z·√(p(1−p)/n), it stays inside 0…1 and is not empty at k = 0 or
/// k = n, which is where ○ and × cells sit.
package struct WilsonInterval: Equatable, Sendable {
    /// The lower end, 0…1.
    package var low: Double
    /// The upper end, 0…1.
    package var high: Double

    /// The 95% interval of `successes` in `trials` (trials > 0).
    package init(successes: Int, trials: Int, z: Double = StandardNormal.z95) {
        precondition(trials > 0 && (0...trials).contains(successes))
        let n = Double(trials), p = Double(successes) / n, z2 = z * z
        let centre = p + z2 / (2 * n)
        let spread = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        let scale = 1 + z2 / n
        low = successes == 0 ? 0 : Swift.max(0, (centre - spread) / scale)
        high = successes == trials ? 1 : Swift.min(1, (centre + spread) / scale)
    }

    /// Whether the two intervals share a value.
    package func overlaps(_ other: WilsonInterval) -> Bool { low <= other.high && other.low <= high }
}
