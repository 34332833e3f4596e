/// How a table cell names the procedures a △ finished under: `△ background+foreground`.
enum CellText {
    /// The procedures joined as a △ cell writes them, e.g. `background+foreground`.
    static func procedureList(_ names: [String]) -> String {
        names.joined(separator: "+")
    }
}
