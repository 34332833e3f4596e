/// When the code found has nothing for the table to measure: an answer, not an input error.
extension SwiftImport {
    /// What `import` says when every entry point found was left out: its code makes no call whose
    /// end a kill could cut short (docs/import.md, "Synchronous code only"). The notes that follow
    /// it say why for each entry point.
    static func nothingToSimulate(_ hooks: [Hook]) -> String {
        let names = hooks.map(\.name).joined(separator: ", ")
        return "nothing to simulate: the lifecycle code found (\(names)) awaits no call, saves nothing and hands no "
            + "work to the system that the importer can see, so the table would have nothing to measure (synchronous "
            + "code finishes before its callback returns, and a kill after the callback cannot cut it short). No "
            + "scenario written; why, for each entry point, below (docs/import.md, \"Synchronous code only\")."
    }
}
