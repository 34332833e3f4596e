import ExitRace
import Foundation

extension Tool {
    /// `calibrate … --check FILE [--update]`: exit 0 when FILE holds this calibration (as
    /// `--format json` writes it), else 1 with the changes in words; `--update` rewrites FILE
    /// and its `.md` sibling instead.
    static func checkCalibration(
        _ words: CalibrationText, against path: String, update: Bool, protecting inputs: ProtectedFiles
    ) throws(Stop) -> ToolOutput {
        let current = CalibrationRenderer.json(words)
        let changes: [String]
        do {
            changes = try CalibrationDrift.changes(committedFile: path, current: current)
        } catch {
            guard update else { throw inputError(error) }
            changes = ["(no committed calibration could be read: \(error.diagnostics.first?.message ?? "unreadable"))"]
        }
        let summary = CalibrationDrift.acceptedSummary(words)
        if changes.isEmpty { return ToolOutput(stdout: "calibration matches \(path) (\(summary))\n") }
        let listed = changes.prefix(maxListedChanges).map { "  " + $0 } + (changes.count > maxListedChanges ? ["  … and \(changes.count - maxListedChanges) more"] : [])
        if update {
            let markdown = markdownSibling(of: path)
            // Both written before either is renamed; the JSON, which --check compares, goes in place last.
            try reporting { () throws(InputError) in
                try AtomicFile.write([(CalibrationRenderer.markdown(words), markdown), (current, path)], protecting: inputs)
            }
            return ToolOutput(stdout: wrapped(["updated \(path) and \(markdown) (\(summary)):"] + listed))
        }
        let lines = ["calibration drifted from \(path) (now \(summary)); accept it with --update:"] + listed
        return ToolOutput(stdout: wrapped(lines), exitCode: .difference)
    }

    /// `cal.md` for `cal.json`: the Markdown that `--update` writes beside the committed calibration.
    static func markdownSibling(of path: String) -> String { (path as NSString).deletingPathExtension + ".md" }

    /// Refuses, before any work, a `--check FILE --update` whose FILE or `.md` sibling cannot be written.
    static func checkCalibrationWritable(_ path: String, protecting inputs: ProtectedFiles) throws(Stop) {
        try reporting { () throws(InputError) in
            var diagnostics: [Diagnostic] = []
            for file in [path, markdownSibling(of: path)] {
                do throws(InputError) { try AtomicFile.checkWritable(file, protecting: inputs) } catch { diagnostics += error.diagnostics }
            }
            guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        }
    }

    /// Lines wrapped at 120 columns, each keeping its indentation (a long histogram change
    /// continues four spaces further in).
    static func wrapped(_ lines: [String]) -> String {
        lines.map { line in
            let indent = String(line.prefix { $0 == " " })
            return ProseWrapping.text(String(line.dropFirst(indent.count)), indent: indent)
        }.joined()
    }

    /// Changes listed before the rest are counted.
    static let maxListedChanges = 40
}
