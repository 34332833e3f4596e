/// A `--set` path that splits a name with a dot in it (`systemCalls.context.save.costMs`, for the
/// system call `context.save` an import names): the error says how to spell it.
extension SettingOverride {
    /// When the keys at the start of `path`, joined with dots, are a member of `keys`: the path
    /// spelled with that member's name in brackets after `walked`, and how to quote it for the
    /// shell; `nil` otherwise.
    static func dottedNameHint(_ path: ArraySlice<Component>, keys: [String], walked: String, source: String) -> String? {
        var names: [String] = []
        for (offset, component) in path.enumerated() {
            guard case .key(let key) = component else { return nil }
            names.append(key)
            let dotted = names.joined(separator: ".")
            guard names.count >= 2, keys.contains(dotted) else { continue }
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
