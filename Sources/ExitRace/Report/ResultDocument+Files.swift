import Foundation

extension ResultDocument {
    /// The result documents in a file, or in a directory's `*.json` files (sorted by name).
    ///
    /// Every file is read before anything is reported, so one run names every bad file at once.
    package static func load(_ path: String) throws(InputError) -> [ResultDocument] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError([Diagnostic(file: path, path: "", message: "no such file or directory")])
        }
        var documents: [ResultDocument] = []
        var diagnostics: [Diagnostic] = []
        for file in resultFiles(path) {
            do {
                documents.append(try ResultDocument.parse(try InputFile.read(file, what: "a result file"), file: file))
            } catch {
                diagnostics += notJSONHint(file) ?? error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        return documents
    }

    /// For a table written as text, Markdown or HTML (`live-activity.md`) rather than a result
    /// file: what is read instead, and the `.json` beside it when there is one.
    private static func notJSONHint(_ file: String) -> [Diagnostic]? {
        let name = file as NSString
        guard ["md", "txt", "html", "svg", "csv"].contains(name.pathExtension.lowercased()) else { return nil }
        let json = name.deletingPathExtension + ".json"
        let beside = FileManager.default.fileExists(atPath: json) ? "; the result file beside it is \(json)" : ""
        return [Diagnostic(
            file: file, path: "",
            message: "expected a result file in JSON (the .json files that batch and run --format json write), "
                + "found a .\(name.pathExtension) file\(beside)")]
    }

    /// The file itself, or a directory's visible `*.json` files in byte order of their names.
    private static func resultFiles(_ path: String) -> [String] {
        guard Directory.exists(path) else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { (path as NSString).appendingPathComponent($0) }
    }
}
