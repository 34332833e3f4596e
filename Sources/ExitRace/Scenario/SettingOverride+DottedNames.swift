/// A `--set` path that splits a name with a dot in it (`systemCalls.context.save.costMs`, for the
/// system call `context.save` an import names): the error says how to spell it.
extension SettingOverride {
    /// When the keys at the start of `path`, joined with dots, are a member of `keys`: the path
    /// spelled with that member's name in brackets after `walked`, and how to quote it for the
    /// shell; `nil` otherwise.
    /// Linear in the path's length: the dotted name grows by one key a step, and the search stops
    /// once it is longer than every key (joining the names afresh each step took 27 s for a path of
    /// 32,000 keys).
    static func dottedNameHint(_ path: ArraySlice<Component>, keys: [String], walked: String, source: String) -> String? {
        let longest = keys.map(\.utf8.count).max() ?? 0
        var dotted = ""
        for (offset, component) in path.enumerated() {
            guard case .key(let key) = component else { return nil }
            dotted = offset == 0 ? key : dotted + "." + key
            guard dotted.utf8.count <= longest else { return nil }
            guard offset >= 1, keys.contains(dotted) else { continue }
            var spelled = join(walked, dotted)
            for rest in path.dropFirst(offset + 1) {
                switch rest {
                case .key(let key): spelled = join(spelled, key)
                case .index(let index): spelled += "[\(index)]"
                }
            }
            let value = source.firstIndex(of: "=").map { String(source[source.index(after: $0)...]) } ?? "VALUE"
            return "; \"\(dotted)\" is one name with a dot in it: write \(spelled), with the name in brackets and quotes "
                + "(and the whole PATH=VALUE in single quotes so that the shell keeps those quotes: --set "
                + ShellQuoting.quoted("\(spelled)=\(value)") + ")"
        }
        return nil
    }
}
