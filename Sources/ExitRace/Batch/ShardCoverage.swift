/// Checks that shards of one experiment cover its items (replications or grid points) exactly
/// once: no shard missing, none given twice, none overlapping another.
package enum ShardCoverage {
    /// One shard as read: the file, its spec and the items it holds.
    package struct Part: Sendable {
        /// The file it was read from.
        package var file: String
        /// Which shard it is.
        package var shard: ShardSpec
        /// The items it holds.
        package var range: Range<Int>

        /// A shard read from `file`.
        package init(file: String, shard: ShardSpec, range: Range<Int>) {
            self.file = file
            self.shard = shard
            self.range = range
        }
    }

    /// The problems with how `parts` cover `0..<total` items called `items` ("points").
    package static func problems(_ parts: [Part], total: Int, items: String) -> [Diagnostic] {
        let counts = Set(parts.map(\.shard.count))
        if counts.count == 1, let count = counts.first { return byIndex(parts, count: count) }
        return byRange(parts, total: total, items: items)
    }

    /// One way of cutting: which shards are missing or given twice (at most 10 missing named).
    private static func byIndex(_ parts: [Part], count: Int) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: [Int: String] = [:]
        for part in parts {
            if let earlier = seen[part.shard.index] {
                diagnostics.append(
                    Diagnostic(file: part.file, path: "shard", message: "expected each shard once, found shard \(part.shard) again (also in \(earlier))"))
            } else {
                seen[part.shard.index] = part.file
            }
        }
        let missingCount = count - seen.count
        guard missingCount > 0 else { return diagnostics }
        // Only the first few are looked for: at most seen.count + 10 indices are visited.
        var shown: [String] = []
        var index = 1
        while shown.count < Swift.min(10, missingCount) {
            if seen[index] == nil { shown.append("\(index)/\(count)") }
            index += 1
        }
        let more = missingCount > shown.count ? " and \(missingCount - shown.count) more" : ""
        diagnostics.append(
            Diagnostic(
                file: "merge", path: "",
                message: "expected all \(count) shards, found \(seen.count): missing \(shown.joined(separator: ", "))\(more)"))
        return diagnostics
    }

    /// Shards cut different ways: they must still tile the items.
    private static func byRange(_ parts: [Part], total: Int, items: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var covered = 0, coveredBy = "the start"
        for part in parts.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where !part.range.isEmpty {
            let range = part.range
            if range.lowerBound > covered {
                diagnostics.append(
                    Diagnostic(
                        file: "merge", path: "",
                        message: "expected every \(items.dropLast()), found \(items) \(covered)..<\(range.lowerBound) in no shard (between \(coveredBy) and \(part.file))"))
            } else if range.lowerBound < covered {
                diagnostics.append(
                    Diagnostic(
                        file: part.file, path: "shard",
                        message: "expected shards that do not overlap, found shard \(part.shard) (\(items) \(range.lowerBound)..<\(range.upperBound)) overlapping \(coveredBy) (up to \(covered))"))
            }
            if range.upperBound > covered {
                covered = range.upperBound
                coveredBy = part.file
            }
        }
        if covered < total {
            diagnostics.append(
                Diagnostic(
                    file: "merge", path: "",
                    message: "expected every \(items.dropLast()), found \(items) \(covered)..<\(total) in no shard (after \(coveredBy))"))
        }
        return diagnostics
    }
}
