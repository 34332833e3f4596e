/// The members every shard file decoder reads first.
enum ShardHeader {
    /// Whether the file's format version, the whole number `member` at its top, is `expected`;
    /// otherwise the problem is logged, the version named as `what` ("sweep shard format version").
    /// Read first: a file of another format is reported as that, not as its members.
    static func hasFormatVersion(
        _ object: ObjectReader, member: String, what: String, expected: Int, log: DiagnosticLog
    ) -> Bool {
        guard let version = object.integer(member, in: 0...Int(Int32.max), required: true) else { return false }
        guard version == expected else {
            log.error(
                member, object.position(member), "expected \(what) \(expected) (the one this exitrace reads), found \(version)")
            return false
        }
        return true
    }

    /// The `shard` member of a sweep, calibration or sensitivity shard file: its `index` and
    /// `count`, and the items it holds (`firstItem ..< endItem`, each at most `maxItem`), which must
    /// be `items(spec, total)`; `nil` with every problem logged. The message calls the items
    /// `described` ("points") and adds `note` after the total (" in words of 64").
    static func shard(
        _ object: ObjectReader, first firstItem: String, end endItem: String, maxItem: Int, total: Int?,
        items: (ShardSpec, Int) -> Range<Int>, described: String, note: String = "", log: DiagnosticLog
    ) -> ShardSpec? {
        guard object.members("shard", required: true) != nil, let node = object["shard"],
            let reader = ObjectReader(node, path: "shard", allowed: ["index", "count", firstItem, endItem], log: log),
            let count = reader.integer("count", in: 1...ShardSpec.maxCount, required: true),
            let index = reader.integer("index", in: 1...count, required: true),
            let first = reader.integer(firstItem, in: 0...maxItem, required: true),
            let end = reader.integer(endItem, in: 0...maxItem, required: true),
            let spec = ShardSpec(index: index, count: count), let total
        else { return nil }
        let range = items(spec, total)
        guard first <= end, range == first..<end else {
            log.error(
                "shard", node.position,
                "expected \(described) \(range.lowerBound)..<\(range.upperBound) (shard \(spec) of \(total)\(note)), "
                    + "found \(first)..<\(end)")
            return nil
        }
        return spec
    }
}
