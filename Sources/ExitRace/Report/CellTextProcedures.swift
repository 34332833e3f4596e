/// How tables, legends, details and diffs name kill procedures in a list (``ProcedureListing``).
package enum CellText {
    /// The procedures joined as a △ cell writes them, e.g. `background+foreground`; a name with a
    /// space or a separator in quotes (`background+"home then swipe"`).
    package static func procedureList(_ names: [String]) -> String {
        ProcedureListing.list(names)
    }

    /// The procedures joined for prose, e.g. `foreground, background`.
    package static func procedureProse(_ names: [String]) -> String {
        names.map(procedureName).joined(separator: ", ")
    }

    /// `name`, in double quotes when it could be taken for more than one name in a list.
    package static func procedureName(_ name: String) -> String {
        ProcedureListing.quoted(name)
    }
}
