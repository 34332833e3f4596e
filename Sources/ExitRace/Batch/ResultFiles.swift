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
    /// all, never over one of `inputs`.
    @discardableResult
    package static func write(
        _ result: BatchRunner.Result, to directory: String, protecting inputs: ProtectedFiles = .none
    ) throws(InputError) -> ResultFiles {
        let files = ResultFiles(name: result.name, directory: directory)
        // Both written before either is renamed; the JSON, which check compares, goes in place last.
        try AtomicFile.write([(result.markdown, files.markdown), (result.json, files.json)], protecting: inputs)
        return files
    }
}
