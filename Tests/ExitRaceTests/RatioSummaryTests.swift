import Testing

@testable import ExitRaceBenchmark

/// `bench`'s ratios measured in pairs (`PairedTiming`) are the median of the pairs' ratios, with the
/// lowest and highest pair beside it: a load spike that skews one pair does not move the figure.
@Suite("bench's median of pairs")
struct RatioSummaryTests {
    @Test("an odd count: the middle ratio, and the extremes")
    func oddCount() throws {
        let pairs = [
            TimedPair(a: 10, b: 2), TimedPair(a: 9, b: 2), TimedPair(a: 50, b: 2), TimedPair(a: 8, b: 2),
            TimedPair(a: 10, b: 4),
        ]
        let summary = try #require(RatioSummary(ratiosOf: pairs))
        expectEqual(summary, RatioSummary(median: 4.5, lowest: 2.5, highest: 25))
    }

    @Test("an even count: the mean of the two middle ratios")
    func evenCount() throws {
        let summary = try #require(RatioSummary([3, 1, 4, 2]))
        expectEqual(summary, RatioSummary(median: 2.5, lowest: 1, highest: 4))
    }

    @Test("one pair is its own median; no pair, no summary")
    func edges() {
        expectEqual(RatioSummary(ratiosOf: [TimedPair(a: 6, b: 2)]), RatioSummary(median: 3, lowest: 3, highest: 3))
        expectEqual(RatioSummary(ratiosOf: []), nil)
    }
}
