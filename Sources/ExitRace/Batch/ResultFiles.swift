import Foundation

/// Where one scenario's results live in a results directory: `<name>.md` and `<name>.json`.
///
/// `exitrace batch` writes these files and `exitrace check` reads them back; both name them here,
/// so the two can never disagree on the scheme.
package struct ResultFiles: Equatable, Sendable {
    /// The Markdown table, for people.
    package var markdown: String
    /// The canonical JSON, which comparisons read.
    package var json: String

    /// The files of the scenario called `name` in `directory`.
    package init(name: String, directory: String) {
        markdown = (directory as NSString).appendingPathComponent(name + ".md")
        json = (directory as NSString).appendingPathComponent(name + ".json")
    }

    /// Both paths, JSON first: the order in which a removed scenario's files are deleted.
    package var all: [String] { [json, markdown] }

    /// The scenario name a file name in a results directory stands for: `live-activity` for
    /// `live-activity.json`; nil for any other file, whose JSON may not even be ours.
    static func scenarioName(ofJSONFile fileName: String) -> String? {
        fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : nil
    }

    /// Checks that the result files of the scenarios called `names` may be written into
    /// `directory` (see ``AtomicFile/checkWritable(_:protecting:)``), reporting every problem at once.
    package static func checkWritable(names: [String], directory: String, protecting inputs: ProtectedFiles) throws(InputError) {
        var diagnostics: [Diagnostic] = []
        for name in names {
            for file in ResultFiles(name: name, directory: directory).all.reversed() {
                do {
                    try AtomicFile.checkWritable(file, protecting: inputs)
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
    }

    /// Writes a scenario's result files into `directory` (which must exist), each whole or not at
    /// all, never over one of `inputs`; both are written before either is renamed.
    @discardableResult
    package static func write(
        _ result: BatchRunner.Result, to directory: String, protecting inputs: ProtectedFiles = .none
    ) throws(InputError) -> ResultFiles {
        let set = AtomicFileSet(protecting: inputs)
        let files = try add(result, to: set, directory: directory)
        try set.commit()
        return files
    }

    /// Adds a scenario's result files in `directory` to `set`, the Markdown first: the JSON,
    /// which check compares, goes in place last.
    @discardableResult
    package static func add(_ result: BatchRunner.Result, to set: AtomicFileSet, directory: String) throws(InputError) -> ResultFiles {
        let files = ResultFiles(name: result.name, directory: directory)
        try set.add(result.markdown, for: files.markdown)
        try set.add(result.json, for: files.json)
        return files
    }
}
