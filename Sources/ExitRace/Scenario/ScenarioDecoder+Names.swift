/// Checks of the names and labels a scenario gives: the scenario's name becomes a file name
/// (`results/<name>.md`), and the names and labels of hooks, strategies, procedures and system
/// calls become cells and headings of one-line tables.
extension ScenarioDecoder {
    /// The longest scenario name, in UTF-8 bytes: with `.md`, `.json` and a temporary file's
    /// `.NAME.tmp-PID` it stays well under the usual 255-byte limit of a file name.
    static let maxNameBytes = 200

    /// Why `name` cannot be a scenario's name (a file name), or `nil`.
    package static func scenarioNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "expected a name, found an empty string" }
        if let problem = lineProblem(name) { return problem }
        let found = "found \"\(name.count > 40 ? String(name.prefix(40)) + "…" : name)\""
        if name.contains("/") || name.contains("\\") {
            return "expected a name without \"/\" or \"\\\\\" (it names the result files), \(found)"
        }
        if name.hasPrefix(".") || name.contains("..") {
            return "expected a name that does not start with \".\" nor contain \"..\" (it names the result files), \(found)"
        }
        if name.utf8.count > maxNameBytes {
            return "expected a name of at most \(maxNameBytes) bytes in UTF-8 (it names the result files), found \(name.utf8.count) bytes"
        }
        return nil
    }

    /// Why `text` cannot stand on one line of a table, or `nil`: control characters (a line break,
    /// a tab, an escape) would break the table.
    static func lineProblem(_ text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else {
            return nil
        }
        let what: String
        switch scalar {
        case "\n", "\r": what = "a line break"
        case "\t": what = "a tab"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            what = "the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)"
        }
        return "expected text without control characters (it is shown in tables), found \(what)"
    }

    /// The scenario's stated name, checked, or `nil` (after a diagnostic) when it cannot be one.
    static func checkedName(_ object: ObjectReader) -> String? {
        guard let name = object.string("name") else { return nil }
        if let problem = scenarioNameProblem(name) {
            object.log.error(object.childPath("name"), object.position("name"), problem)
            return nil
        }
        return name
    }

    /// A label (or other text shown in tables) checked like a name.
    static func checkedLabel(_ reader: ObjectReader, _ key: String = "label") -> String? {
        guard let label = reader.string(key) else { return nil }
        if let problem = lineProblem(label) {
            reader.log.error(reader.childPath(key), reader.position(key), problem)
        }
        return label
    }
}
