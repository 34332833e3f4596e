/// When the code found has nothing for the table to measure: an answer, not an input error.
extension SwiftImport {
    /// What `import` says when every entry point found was left out: its code makes no call whose
    /// end a kill could cut short (docs/import.md, "Synchronous code only"). The notes that follow
    /// it say why for each entry point.
    /// When an `await` in the code could not be translated (a note ``ImportNote/dropsAwait``), the answer says so: the code
    /// awaits something, only not something the importer could translate.
    static func nothingToSimulate(_ hooks: [Hook], droppedAwait: Bool = false) -> String {
        let names = hooks.map(\.name).joined(separator: ", ")
        let awaits = droppedAwait
            ? "awaits no call the importer could translate (each await it could not is named below: write it by hand)"
            : "awaits no call"
        return "nothing to simulate: the lifecycle code found (\(names)) \(awaits), saves nothing and hands no "
            + "work to the system that the importer can see, so the table would have nothing to measure (synchronous "
            + "code finishes before its callback returns, and a kill after the callback cannot cut it short). No "
            + "scenario written; why, for each entry point, below (docs/import.md, \"Synchronous code only\")."
    }
}
