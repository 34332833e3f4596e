/// A problem with an input file, located as precisely as possible: the file, the JSON path
/// (`procedures.background.steps[2].ms`), the line and column, what was expected and what was found.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    /// The file, or the command-line argument, the problem is in.
    public var file: String
    /// Empty for the whole document.
    public var path: String
    /// 1-based; 0 when the problem has no line (a missing file, a `--set` value).
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, path: String, line: Int = 0, column: Int = 0, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    init(at position: SourcePosition, path: String, message: String) {
        self.init(file: position.file, path: path, line: position.line, column: position.column, message: message)
    }

    /// `file:line:column: error: path: message`, the form editors and CI logs link.
    public var description: String {
        var text = file
        if line > 0 { text += ":\(line):\(column)" }
        text += ": error: "
        if !path.isEmpty { text += "\(path): " }
        return text + message
    }
}

/// Every problem found in one input, reported together.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension Array where Element == Diagnostic {
    /// Files in the order they first appear, and within a file by line and column, so a reader
    /// can fix a file top to bottom. The sort is stable: problems at one place keep their order.
    func inReadingOrder() -> [Diagnostic] {
        var files: [String] = []
        for diagnostic in self where !files.contains(diagnostic.file) { files.append(diagnostic.file) }
        return enumerated().sorted { a, b in
            let fileA = files.firstIndex(of: a.element.file)!
            let fileB = files.firstIndex(of: b.element.file)!
            if fileA != fileB { return fileA < fileB }
            if a.element.line != b.element.line { return a.element.line < b.element.line }
            if a.element.column != b.element.column { return a.element.column < b.element.column }
            return a.offset < b.offset
        }.map(\.element)
    }
}
