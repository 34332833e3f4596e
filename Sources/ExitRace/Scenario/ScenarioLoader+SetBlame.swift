/// A scenario that a `--set` makes invalid elsewhere than at its own path (a call's `cleanup` set to
/// `false`, and a strategy that calls only it no longer calls any cleanup): the problem names the `--set`
/// that caused it, not only the file, which validates without it.
extension ScenarioLoader {
    /// `error` (from decoding `document` with `overrides` applied) with each problem that the file alone
    /// does not have placed on the first `--set` that brings it, and the way to leave the strategy or hook out.
    static func blamingOverrides(
        _ error: InputError, document: JSONNode, overrides: [SettingOverride], file: String
    ) -> InputError {
        guard !overrides.isEmpty else { return error }
        // The problems with the first k overrides applied, k = 0 … n (decoded only on this error path).
        var problems: [Set<String>] = []
        for count in 0...overrides.count {
            var root = document
            for override in overrides.prefix(count) { try? override.apply(to: &root) }
            do {
                _ = try ScenarioDecoder.decode(root, file: file)
                problems.append([])
            } catch {
                problems.append(Set(error.diagnostics.map(key)))
            }
        }
        return InputError(error.diagnostics.map { diagnostic in
            let key = key(diagnostic)
            guard !diagnostic.file.hasPrefix("--set "), !problems[0].contains(key),
                let first = problems.indices.dropFirst().first(where: { problems[$0].contains(key) })
            else { return diagnostic }
            let override = overrides[first - 1]
            var place = diagnostic.file
            if diagnostic.line > 0 { place += ":\(diagnostic.line):\(diagnostic.column)" }
            return Diagnostic(
                file: "--set \(override.argument)", path: diagnostic.path,
                message: diagnostic.message + " (at \(place), which is valid without this --set: the --set makes it so)"
                    + removal(diagnostic.path))
        })
    }

    /// A problem's identity across decodes: its path and message (its position moves with a `--set`).
    private static func key(_ diagnostic: Diagnostic) -> String { diagnostic.path + "\u{0}" + diagnostic.message }

    /// `; to leave that strategy out, add --set 'strategies["…"]=null'` for a problem in a strategy or
    /// hook; `; to leave that sweep out, add --set sweeps.name=null` for one in a sweep (a sweep is
    /// not inherited: no file that extends this one has it).
    static func removal(_ path: String) -> String {
        if path.hasPrefix("sweeps.") || path.hasPrefix("sweeps["), let components = JSONPath.components(path), components.count >= 2,
            case .key(let name) = components[1]
        {
            return "; to leave that sweep out, add --set \(ShellQuoting.quoted("\(join("sweeps", name))=null"))"
        }
        for (top, what) in [("strategies", "strategy"), ("hooks", "hook")] {
            guard path.hasPrefix(top + "["), let components = JSONPath.components(path), components.count >= 2,
                components[0] == .key(top),
                case .key(let name) = components[1]
            else { continue }
            let member = join(top, name)
            return "; to leave that \(what) out, add --set \(ShellQuoting.quoted("\(member)=null")) (a file that extends this "
                + "one can set it to null too)"
        }
        return ""
    }
}
