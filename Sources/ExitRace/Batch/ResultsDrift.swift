import Foundation

/// How committed result files differ from freshly computed results: `exitrace check`.
public struct ResultsDrift: Sendable {
    /// Cell-level changes found by reading the committed JSON.
    public var diff: ResultDiff
    /// Files whose bytes differ although no cell changed, and files that cannot be read.
    public var notes: [String]
    /// Committed results of scenarios that are no longer there: `<name>` of `<name>.json`.
    public var orphans: [String]
    /// Result names whose files must be (re)written.
    public var stale: [String]

    public var isEmpty: Bool { diff.isEmpty && notes.isEmpty && orphans.isEmpty && stale.isEmpty }

    public init(results: [BatchRunner.Result], against directory: String, includeOrphans: Bool, marginToleranceNs: Int64?) {
        var changes: [ResultDiff.Change] = []
        var notes: [String] = []
        var stale: [String] = []
        for result in results {
            let jsonPath = (directory as NSString).appendingPathComponent(result.name + ".json")
            let markdownPath = (directory as NSString).appendingPathComponent(result.name + ".md")
            let committedJSON = try? InputFile.read(jsonPath, what: "a result file")
            let committedMarkdown = try? InputFile.read(markdownPath, what: "a result file")
            let jsonSame = committedJSON == Array(result.json.utf8)
            let markdownSame = committedMarkdown == Array(result.markdown.utf8)
            if jsonSame && markdownSame { continue }
            stale.append(result.name)
            guard let committedJSON else {
                changes.append(.scenarioAdded(result.name))
                notes.append("\(jsonPath) is missing")
                continue
            }
            if committedMarkdown == nil { notes.append("\(markdownPath) is missing") }
            let fresh = (try? ResultDocument.parse(Array(result.json.utf8), file: result.name))
            guard let old = try? ResultDocument.parse(committedJSON, file: jsonPath), let fresh else {
                notes.append("\(jsonPath) cannot be read as a result file")
                continue
            }
            let diff = ResultDiff(old: [old], new: [fresh], marginToleranceNs: marginToleranceNs)
            changes += diff.changes
            if diff.isEmpty {
                if !jsonSame { notes.append("\(jsonPath) differs from the computed result, though no cell changed (details, labels or event counts)") }
                if !markdownSame && committedMarkdown != nil {
                    notes.append("\(markdownPath) differs from the computed table, though no cell changed")
                }
            }
        }
        var orphans: [String] = []
        if includeOrphans {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where name.hasSuffix(".json") {
                let base = String(name.dropLast(5))
                // Only files that are result files count: anything else in the directory is not ours.
                let path = (directory as NSString).appendingPathComponent(name)
                guard let bytes = try? InputFile.read(path, what: "a result file"), (try? ResultDocument.parse(bytes, file: path)) != nil
                else { continue }
                if !results.contains(where: { $0.name == base }) {
                    orphans.append(base)
                    changes.append(.scenarioRemoved(base))
                }
            }
        }
        diff = ResultDiff(changes: changes)
        self.notes = notes
        self.orphans = orphans
        self.stale = stale
    }

    public func render(markdown: Bool) -> String {
        var out = markdown ? diff.renderMarkdown() : (diff.isEmpty ? "" : diff.renderText())
        for note in notes { out += markdown ? "- \(MarkdownRenderer.escape(note))\n" : "\(note)\n" }
        return out
    }

    /// Writes the stale results and removes the orphans' files.
    public func update(results: [BatchRunner.Result], against directory: String) throws(InputError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw InputError([Diagnostic(file: directory, path: "", message: "cannot be created: \(error.localizedDescription)")])
        }
        for result in results where stale.contains(result.name) {
            try AtomicFile.write(result.markdown, to: (directory as NSString).appendingPathComponent(result.name + ".md"))
            try AtomicFile.write(result.json, to: (directory as NSString).appendingPathComponent(result.name + ".json"))
        }
        for orphan in orphans {
            for suffix in [".json", ".md"] {
                try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(orphan + suffix))
            }
        }
    }
}
