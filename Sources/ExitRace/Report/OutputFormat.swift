/// The formats `exitrace run` prints.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned for a terminal.
    case text
    /// GitHub-flavoured Markdown.
    case md
    /// Canonical JSON with every per-procedure outcome.
    case json

    /// Renders every table in this format: text and Markdown tables one after another, JSON as a
    /// single document.
    public func render(_ tables: [ResultTable]) -> String {
        switch self {
        case .text: tables.map(TextRenderer.render).joined(separator: "\n")
        case .md: tables.map(MarkdownRenderer.render).joined(separator: "\n")
        case .json: JSONRenderer.render(tables)
        }
    }
}
