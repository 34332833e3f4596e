import Foundation

/// Inputs that are not Swift files: a directory, a file of another kind (docs/import.md, "Bad input").
extension SwiftImport {
    /// A directory given as a file: `import` reads files, not directories (it would not know which of a
    /// tree's files are the app's); the message says how to give the Swift files in it.
    static func directoryMessage(_ path: String) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let count = names.filter { $0.hasSuffix(".swift") }.count
        let directory = ShellQuoting.quoted(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path)
        let files = "\(count) .swift file\(count == 1 ? "" : "s")"
        return "expected a Swift source file, found a directory; import reads the files it is given: to import the "
            + (count > 0
                ? "Swift files in it (\(files)), give them: exitrace import \(directory)/*.swift"
                : "Swift files under it (none is directly in it), give them: exitrace import $(find \(directory) -name '*.swift')")
    }

    /// The paths to read, each file once: a file given twice (`App.swift ./App.swift`, or through a symbolic
    /// link) would give every entry point twice. Each repeat is named, at the file, as read once.
    static func uniquePaths(_ paths: [String]) -> (unique: [String], repeats: [ImportNote]) {
        var seen: [String: String] = [:], unique: [String] = [], repeats: [ImportNote] = []
        for path in paths {
            let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            if let first = seen[resolved] {
                repeats.append(ImportNote(kind: .assumption, file: path, line: 1, column: 1,
                    message: "this file is given twice (also as \(first)): it is read once"))
                continue
            }
            seen[resolved] = path
            unique.append(path)
        }
        return (unique, repeats)
    }

    /// A file given whose name does not end in `.swift` (`app.json` among `v2/*.swift v2/app.json`):
    /// `import` reads `.swift` files only, and says how to run a scenario, the likelier intent.
    /// The diagnostic names the file first (`v2/app.json: error: not a Swift file (…)`); a `.json` file is
    /// named again in the `run` command, which is what a scenario is given to.
    static func notSwiftFileMessage(_ path: String) -> String {
        let run = path.hasSuffix(".json") ? ShellQuoting.quoted(path) : "FILE"
        return "not a Swift file (exitrace import reads .swift files; to run a scenario, exitrace run \(run))"
    }

    /// Why a file whose name does not end in `.swift` is not taken for Swift source: it declares nothing
    /// (no type, function or property). `nil` for a `.swift` file, or one that declares something.
    static func notSwiftByName(_ path: String, _ file: SwiftFile) -> String? {
        guard !path.hasSuffix(".swift"), file.declarations.isEmpty else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let kind = name.split(separator: ".").count > 1 ? " (a .\(name.split(separator: ".").last!) file?)" : ""
        return "expected Swift source, found a file that is not Swift\(kind): its name does not end in .swift and it "
            + "declares no type, function or property; give the app's .swift files"
    }
}
