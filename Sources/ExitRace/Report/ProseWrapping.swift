/// Wraps the prose under a text table — the heading, procedures, rates and details — so that no
/// line is wider than ``TextRenderer/maximumLineWidth``: greedy at spaces, each continuation line
/// indented four spaces more than the first. A word longer than the width (a path, a schedule)
/// keeps its line whole rather than being cut.
package enum ProseWrapping {
    /// `text` as lines starting with `indent`, continuation lines with `indent` and four spaces.
    package static func lines(_ text: String, indent: String = "", width: Int = TextRenderer.maximumLineWidth) -> [String] {
        let hanging = indent + "    "
        var lines: [String] = []
        var current = indent
        var currentIsEmpty = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !currentIsEmpty && current.count + 1 + word.count > width {
                lines.append(current.trimmingTrailingSpaces())
                current = hanging
                currentIsEmpty = true
            }
            current += (currentIsEmpty ? "" : " ") + word
            currentIsEmpty = false
        }
        lines.append(current.trimmingTrailingSpaces())
        return lines
    }

    /// The lines of ``lines(_:indent:width:)``, each ending in a newline.
    package static func text(_ text: String, indent: String = "") -> String {
        lines(text, indent: indent).map { $0 + "\n" }.joined()
    }
}
