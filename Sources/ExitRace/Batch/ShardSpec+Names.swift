extension ShardSpec {
    /// The positions in `names` of the items this shard takes: the names sorted by byte order and
    /// cut as replications are (`(i-1)·N/n ..< i·N/n` of `N` names), returned in their order in
    /// `names`. The shards of one `n` take every item exactly once, whatever order the items came
    /// in; with more shards than items some shards take none.
    package func positions(of names: [String]) -> [Int] {
        let sorted = names.indices.sorted { a, b in
            names[a] == names[b] ? a < b : names[a].utf8.lexicographicallyPrecedes(names[b].utf8)
        }
        return sorted[replications(of: names.count)].sorted()
    }
}
