/// A problem with an input file, located as precisely as possible: the file, the JSON path
/// (`procedures.background.steps[2].ms`), the line and column, what was expected and what was found.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// Empty for the whole document.
    public var path: String
    public var position: SourcePosition?
    public var message: String

    public init(file: String, path: String, position: SourcePosition?, message: String) {
        self.file = file
        self.path = path
        self.position = position
        self.message = message
    }

    /// `file:line:column: error: path: message`, the form editors and CI logs link.
    public var description: String {
        var text = file
        if let position { text += ":\(position.line):\(position.column)" }
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
