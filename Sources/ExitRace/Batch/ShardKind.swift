/// Which experiment a shard file holds: the string member `kind` at its top (`sweep`, …), or
/// `run` for the shards of `exitrace run`, which have none.
package enum ShardKind {
    /// The kind of the shard file at `path`; `run` when it cannot be read or parsed (the run
    /// shard reader then reports why).
    package static func of(path: String) -> String {
        guard let bytes = try? InputFile.read(path, what: "a shard file"),
            let root = try? JSONDocument.parse(bytes, file: path),
            case .object(let members) = root.value,
            let kind = members.first(where: { $0.key == "kind" }),
            case .string(let name) = kind.value.value
        else { return "run" }
        return name
    }
}
