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
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        return documents
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
