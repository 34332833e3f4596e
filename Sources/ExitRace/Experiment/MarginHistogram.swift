/// How far runs were from the other outcome: a histogram of margins (positive: the cleanup won
/// by this much; negative: it would have needed this much longer), in bins a quarter of a decade
/// wide from 1 µs up, mirrored for negative margins.
///
/// Bin edges are whole nanoseconds fixed here, so histograms from any machine add up exactly.
package struct MarginHistogram: Equatable, Sendable {
    /// Runs per bin: ``binCount`` bins, see ``range(ofBin:)``.
    package private(set) var counts: [Int]
    /// Runs without a margin (the process did not die, or the cleanup could never finish).
    package private(set) var withoutMargin: Int

    /// Magnitude edges in nanoseconds: 1 µs × 10^(j/4), j = 0…40 (up to 10⁴ s).
    static let edges: [Int64] = (0...40).map { j in
        var value = 1_000.0
        for _ in 0..<(j / 4) { value *= 10 }
        let quarter = [1.0, 1.778_279_410_038_922_8, 3.162_277_660_168_379_5, 5.623_413_251_903_491][j % 4]
        return Int64((value * quarter).rounded())
    }
    /// Magnitude classes: 0 below 1 µs, then one per edge.
    static let magnitudes = edges.count + 1
    /// Bins in all: the negative classes, largest first, then zero, then the positive ones.
    package static let binCount = 2 * magnitudes - 1

    /// An empty histogram.
    package init() {
        counts = Array(repeating: 0, count: Self.binCount)
        withoutMargin = 0
    }

    /// A histogram with these counts (`counts` indexed by bin, ``binCount`` of them), as a
    /// result file holds it.
    package init(counts: [Int], withoutMargin: Int) {
        precondition(counts.count == Self.binCount && counts.allSatisfy { $0 >= 0 } && withoutMargin >= 0)
        self.counts = counts
        self.withoutMargin = withoutMargin
    }

    /// Counts one run's margin.
    package mutating func record(_ margin: VirtualDuration?) {
        guard let margin else {
            withoutMargin += 1
            return
        }
        counts[Self.bin(of: margin.nanoseconds)] += 1
    }

    /// Adds another histogram's counts.
    package mutating func merge(_ other: MarginHistogram) {
        for index in counts.indices { counts[index] += other.counts[index] }
        withoutMargin += other.withoutMargin
    }

    /// The bin of a margin in nanoseconds.
    static func bin(of nanoseconds: Int64) -> Int {
        let magnitude = nanoseconds.magnitude
        var low = 0, high = edges.count  // the class is 1 + the last edge at or below the magnitude
        while low < high {
            let middle = (low + high) / 2
            if UInt64(edges[middle]) <= magnitude { low = middle + 1 } else { high = middle }
        }
        let centre = magnitudes - 1
        return nanoseconds < 0 ? centre - low : centre + low
    }

    /// The margins a bin holds, in nanoseconds: `lower..<upper` of the magnitude, signed.
    package static func range(ofBin bin: Int) -> (low: Int64, high: Int64) {
        let centre = magnitudes - 1, magnitude = abs(bin - centre)
        let inner: Int64 = magnitude == 0 ? 0 : edges[magnitude - 1]
        let outer: Int64 = magnitude < edges.count ? edges[magnitude] : Int64.max
        if magnitude == 0 { return (-edges[0] + 1, edges[0] - 1) }
        return bin < centre ? (-outer + 1, -inner) : (inner, outer - 1)
    }
}
