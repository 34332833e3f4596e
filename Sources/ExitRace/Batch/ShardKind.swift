/// Which experiment a shard file holds: the string member `kind` at its top (`sweep`, …); the
/// shards of `exitrace run` have none.
package enum ShardKind {
    /// The `kind` of the shard file at `path`, or `nil` when its top holds no string `kind` (a run
    /// shard, or no shard at all: the run shard reader then says what it expected). A file that
    /// cannot be read, or is not JSON, is an error naming the file and the place.
    package static func of(path: String) throws(InputError) -> String? {
        let root = try JSONDocument.parse(try InputFile.read(path, what: "a shard file"), file: path)
        guard case .object(let members) = root.value, let kind = members.first(where: { $0.key == "kind" }),
            case .string(let name) = kind.value.value
        else { return nil }
        return name
    }
}
