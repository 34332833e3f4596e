/// How every output names kill procedures in a list, so that each name reads as one: a name that
/// holds a list's separator (`,`, `+`, `/`, `;`, parentheses, a quote, or the word `and` or `only`)
/// is put in double quotes, so that `"swipe, then home"+leave` reads as two procedures, not three;
/// in a `+` list (a △ cell, a sweep's state) a name with a space is quoted too, so that
/// `background+"home then swipe"` does not read as `background+home`, then words. A Markdown
/// measured table reads the quotes back.
package enum ProcedureListing {
    /// The procedures joined as a △ cell writes them, e.g. `background+foreground`.
    package static func list(_ names: [String]) -> String {
        names.map { quoted($0, spaces: true) }.joined(separator: "+")
    }

    /// `name`, in double quotes when it could be taken for more than one name in a list; with
    /// `spaces`, also when it holds a space.
    package static func quoted(_ name: String, spaces: Bool = false) -> String {
        let separators = ",+/;()\"".unicodeScalars
        let words = name.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        let ambiguous = name.unicodeScalars.contains { separators.contains($0) } || words.contains { $0 == "and" || $0 == "only" }
            || (spaces && name.unicodeScalars.contains { $0 == " " || $0 == "\t" })
        guard ambiguous else { return name }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
