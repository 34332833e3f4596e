/// Where a value came from: a file and a 1-based line and column (columns count Unicode scalars).
/// Values given on the command line (`--set`) have no line: `line` is 0 and the "file" is the
/// argument itself.
package struct SourcePosition: Equatable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, or just the file when there is no line.
    package var description: String { line > 0 ? "\(file):\(line):\(column)" : file }
}
