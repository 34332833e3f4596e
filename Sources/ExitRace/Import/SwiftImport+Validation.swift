/// When the scenario an import writes does not validate (a semaphore a closure of unknown run signals
/// is never signaled, say): its problems placed at the Swift they came from, for the summary and the
/// exit 2, since the scenario file itself is never written.
extension SwiftImport {
    /// Each problem of the written `text`, at the `source` (FILE:LINE:COLUMN of the Swift) of the step it
    /// is about: the nearest step that starts at or before the problem's line. A problem outside any
    /// step keeps the scenario's name, without a position in a file that is not written.
    static func placedAtSource(_ error: InputError, text: String, name: String) -> [Diagnostic] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let head = Diagnostic(file: "exitrace import", path: "", message: "the scenario imported from your code does "
            + "not validate, so none was written (\(name).json); the step each problem is about, at its Swift:")
        return [head] + error.diagnostics.compactMap { diagnostic in
            guard diagnostic.line > 0 else {
                return diagnostic.message.hasPrefix("the imported scenario does not validate") ? nil : Diagnostic(
                    file: "\(name).json (not written)", path: diagnostic.path, message: diagnostic.message)
            }
            guard let source = stepSource(before: diagnostic.line, in: lines) else {
                return Diagnostic(file: "\(name).json (not written)", path: diagnostic.path, message: diagnostic.message)
            }
            return Diagnostic(file: source.file, path: "", line: source.line, column: source.column,
                message: diagnostic.path.isEmpty ? diagnostic.message : "\(diagnostic.path): \(diagnostic.message)")
        }
    }

    /// The `"source": "FILE:LINE:COLUMN"` nearest at or before the 1-based `line` of the text.
    static func stepSource(before line: Int, in lines: [Substring]) -> (file: String, line: Int, column: Int)? {
        let marker = "\"source\": \""
        for index in stride(from: min(line, lines.count) - 1, through: 0, by: -1) {
            guard let start = lines[index].range(of: marker) else { continue }
            let rest = lines[index][start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            let parts = rest[..<end].split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, let row = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { continue }
            return (parts.dropLast(2).joined(separator: ":"), row, column)
        }
        return nil
    }
}
