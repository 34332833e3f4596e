/// A problem with an input file, located as precisely as possible: the file, the JSON path
/// (`procedures.background.steps[2].ms`), the line and column, what was expected and what was found.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    /// The file, or the command-line argument, the problem is in.
    public var file: String
    /// Empty for the whole document.
    public var path: String
    /// 1-based; 0 when the problem has no line (a missing file, a `--set` value).
    public var line: Int
    /// 1-based, counting Unicode scalars; 0 when `line` is 0.
    public var column: Int
    /// What was expected and what was found, e.g. `expected a number, found the string "fast"`.
    public var message: String

    /// A problem at `path` in `file`; leave `line` and `column` at 0 when it has no place in a file
    /// (a missing file, a name typed on a command line).
    public init(file: String, path: String, line: Int = 0, column: Int = 0, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    package init(at position: SourcePosition, path: String, message: String) {
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
    /// The problems, in the order they were found; the scenario decoder sorts its own in
    /// reading order (file by file, then line and column).
    public var diagnostics: [Diagnostic]

    /// Problems to report together, so that a user can fix them in one go.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// Every diagnostic on a line of its own, as the command line prints them to stderr.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension Array where Element == Diagnostic {
    /// Files in the order they first appear, and within a file by line and column, so a reader
    /// can fix a file top to bottom. The sort is stable: problems at one place keep their order.
    /// A problem found twice (the same place and words, met by two checks) is reported once.
    package func inReadingOrder() -> [Diagnostic] {
        var files: [String] = []
        for diagnostic in self where !files.contains(diagnostic.file) { files.append(diagnostic.file) }
        var seen: Set<String> = []
        let unique = filter { seen.insert($0.description).inserted }
        return unique.enumerated().sorted { a, b in
            let fileA = files.firstIndex(of: a.element.file)!
            let fileB = files.firstIndex(of: b.element.file)!
            if fileA != fileB { return fileA < fileB }
            if a.element.line != b.element.line { return a.element.line < b.element.line }
            if a.element.column != b.element.column { return a.element.column < b.element.column }
            return a.offset < b.offset
        }.map(\.element)
    }
}
