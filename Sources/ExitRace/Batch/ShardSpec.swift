/// Which part of a sampled experiment one machine runs: shard `index` of `count`, 1-based as in
/// `--shard 2/4` (the spelling of Jest and Playwright).
///
/// Shard `i` of `n` covers the replications `(i-1)·N/n ..< i·N/n` of an experiment of `N`
/// (integer division), so the shards of one `n` cover every replication exactly once. With more
/// shards than replications some shards are empty.
package struct ShardSpec: Equatable, Sendable, CustomStringConvertible {
    /// The shard, from 1 to ``count``.
    package let index: Int
    /// How many shards the experiment is cut into.
    package let count: Int

    /// The most shards an experiment may be cut into (as many as it may have replications).
    package static let maxCount = SamplingSettings.maxRuns

    /// Shard `index` of `count`; `nil` unless `1 <= index <= count <= maxCount`.
    package init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maxCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`; the error says what was expected.
    package static func parse(_ text: String) -> Result<ShardSpec, ShardSpecError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        func digits(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count == 2, digits(parts[0]), digits(parts[1]) else {
            return .failure(ShardSpecError(message: "expected i/n with whole numbers, shard i of n (e.g. 1/4), found '\(text)'"))
        }
        guard let count = Int(parts[1]), count >= 1, count <= maxCount else {
            return .failure(ShardSpecError(message: "expected a number of shards n from 1 to \(maxCount), found '\(text)'"))
        }
        guard let index = Int(parts[0]), index >= 1, index <= count, let spec = ShardSpec(index: index, count: count) else {
            return .failure(ShardSpecError(message: "expected a shard i from 1 to \(count) (shards count from 1), found '\(text)'"))
        }
        return .success(spec)
    }

    /// The replications this shard runs of an experiment of `runs`.
    package func replications(of runs: Int) -> Range<Int> {
        (index - 1) * runs / count..<index * runs / count
    }

    /// `i/n`.
    package var description: String { "\(index)/\(count)" }
}

/// Why a `--shard` argument is not a shard.
package struct ShardSpecError: Error, Equatable, Sendable {
    /// What was expected and found, e.g. "expected a shard i from 1 to 4 …, found '5/4'".
    package var message: String
}
