/// `#if` branches not compiled in the build `import` reads (``CompilationConditions``): never dropped
/// silently, each named at its directive.
extension SwiftImport {
    /// A note per branch of `file` with code that is not read: which, why, and what to do.
    static func skippedBranchNotes(_ file: SwiftFile) -> [ImportNote] {
        file.skippedBranches.map { branch in
            let first = branch.line + 1
            let lines = branch.lastLine > first ? "lines \(first)–\(branch.lastLine)" : "line \(max(first, branch.lastLine))"
            let why: String
            switch branch.why {
            case .falseCondition(let flags):
                let unset = flags.isEmpty ? ""
                    : " (\(flags.joined(separator: ", ")) \(flags.count == 1 ? "is" : "are") not set)"
                why = "its condition is false\(unset) for the build import reads"
            case .unreadCondition:
                why = "its condition is one the importer cannot read, taken as false, for the build import reads"
            case .earlierBranch(let line):
                why = "the branch at line \(line) is the one compiled in the build import reads"
            }
            return ImportNote(
                kind: .untranslated, file: file.path, line: branch.line, column: branch.column,
                message: "\(branch.directive): \(why), \(buildRead): its code (\(lines)) is not read; if your build "
                    + "compiles it, import a copy of the file with that branch's code outside the #if")
        }
    }

    /// The build whose `#if` branches are read, in words.
    static var buildRead: String {
        "an iOS device release build (os(iOS) and canImport of iOS modules true, targetEnvironment(simulator) and "
            + "DEBUG false, no other flag set, Swift \(CompilationConditions.swiftVersion.map(String.init).joined(separator: ".")))"
    }
}
