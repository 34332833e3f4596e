/// How tables, legends, details and diffs name kill procedures in a list. A name that holds a list's
/// separator (`,`, `+`, `/`, `;`, parentheses, a quote, or the word `and` or `only`) is put in double
/// quotes, so that `"swipe, then home"+leave` reads as two procedures, not three (a Markdown
/// measured table reads the quotes back).
package enum CellText {
    /// The procedures joined as a △ cell writes them, e.g. `background+foreground`.
    package static func procedureList(_ names: [String]) -> String {
        names.map(procedureName).joined(separator: "+")
    }

    /// The procedures joined for prose, e.g. `foreground, background`.
    package static func procedureProse(_ names: [String]) -> String {
        names.map(procedureName).joined(separator: ", ")
    }

    /// `name`, in double quotes when it could be taken for more than one name in a list.
    package static func procedureName(_ name: String) -> String {
        let separators = ",+/;()\"".unicodeScalars
        let words = name.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        let ambiguous = name.unicodeScalars.contains { separators.contains($0) } || words.contains { $0 == "and" || $0 == "only" }
        guard ambiguous else { return name }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
