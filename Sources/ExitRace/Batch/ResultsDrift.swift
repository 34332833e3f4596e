import Foundation

/// How committed result files differ from freshly computed results: `exitrace check`.
///
/// Cells are compared by reading the committed JSON back, so a reformatted file is not a flipped
/// cell; any other byte difference is still named in `notes`, because committed files must be
/// exactly what the tool writes.
package struct ResultsDrift: Sendable {
    /// Cell-level changes found by reading the committed JSON.
    package var diff: ResultDiff
    /// Files whose bytes differ although no cell changed, and files that cannot be read.
    package var notes: [String]
    /// Committed results of scenarios that are no longer there: `<name>` of `<name>.json`.
    package var orphans: [String]
    /// Result names whose files must be (re)written.
    package var stale: [String]

    /// Whether the committed results are exactly the computed ones.
    package var isEmpty: Bool { diff.isEmpty && notes.isEmpty && orphans.isEmpty && stale.isEmpty }

    /// Compares `results` with the files in `directory`; `includeOrphans` also reports result files
    /// of scenarios not among `results` (only meaningful when whole directories were simulated).
    /// `rateTolerance`: see ``ResultDiff/init(old:new:marginToleranceNs:rateTolerance:)``.
    /// `simulatedElsewhere`: names of scenarios that exist but were not simulated here (other
    /// shards of `check --shard`), whose results are not orphans.
    package init(
        results: [BatchRunner.Result], against directory: String, includeOrphans: Bool, marginToleranceNs: Int64?,
        rateTolerance: Double = ResultDiff.defaultRateTolerance, simulatedElsewhere: [String] = []
    ) {
        var changes: [ResultDiff.Change] = []
        (diff, notes, orphans, stale) = (ResultDiff(changes: []), [], [], [])
        for result in results {
            guard let resultChanges = compare(result, in: directory, marginToleranceNs: marginToleranceNs, rateTolerance: rateTolerance) else { continue }
            stale.append(result.name)
            changes += resultChanges
        }
        orphans = includeOrphans ? Self.orphans(in: directory, besides: Set(results.map(\.name) + simulatedElsewhere)) : []
        changes += orphans.map { .scenarioRemoved($0) }
        // Said in so many words: a scenario left out of the files given looks removed, and --update deletes its results.
        notes += orphans.map { orphan in
            let paths = ResultFiles(name: orphan, directory: directory).all.joined(separator: " and ")
            return "\(paths): no scenario among those checked stands for them (removed, or not given): --update deletes them"
        }
        diff = ResultDiff(changes: changes)
    }

    /// The cell changes of one result against its committed files, nil when both files are
    /// byte-identical; adds a note for any difference the cells do not show.
    private mutating func compare(
        _ result: BatchRunner.Result, in directory: String, marginToleranceNs: Int64?, rateTolerance: Double
    ) -> [ResultDiff.Change]? {
        let files = ResultFiles(name: result.name, directory: directory)
        let committedJSON = try? InputFile.read(files.json, what: "a result file")
        let committedMarkdown = try? InputFile.read(files.markdown, what: "a result file")
        let jsonSame = committedJSON == Array(result.json.utf8)
        let markdownSame = committedMarkdown == Array(result.markdown.utf8)
        if jsonSame && markdownSame { return nil }
        guard let committedJSON else {
            notes.append("\(files.json) is missing")
            return [.scenarioAdded(result.name)]
        }
        if committedMarkdown == nil { notes.append("\(files.markdown) is missing") }
        let fresh = (try? ResultDocument.parse(Array(result.json.utf8), file: result.name))
        guard let old = try? ResultDocument.parse(committedJSON, file: files.json), let fresh else {
            notes.append("\(files.json) cannot be read as a result file")
            return []
        }
        let diff = ResultDiff(old: [old], new: [fresh], marginToleranceNs: marginToleranceNs, rateTolerance: rateTolerance)
        if diff.isEmpty {
            if !jsonSame && (old.isSampled || fresh.isSampled) {
                notes.append(
                    "\(files.json) differs from the computed result, though no cell changed and no rate moved beyond "
                        + "--rate-tolerance (counts, margins, failing replications or labels)")
            } else if !jsonSame {
                notes.append("\(files.json) differs from the computed result, though no cell changed (details, labels or event counts)")
            }
            if !markdownSame && committedMarkdown != nil {
                notes.append("\(files.markdown) differs from the computed table, though no cell changed")
            }
        }
        return diff.changes
    }

    /// Names of the result files in `directory` that no result stands for, sorted by byte order.
    private static func orphans(in directory: String, besides known: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var orphans: [String] = []
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let base = ResultFiles.scenarioName(ofJSONFile: name) else { continue }
            // Only files that are result files count: anything else in the directory is not ours.
            let path = (directory as NSString).appendingPathComponent(name)
            guard let bytes = try? InputFile.read(path, what: "a result file"), (try? ResultDocument.parse(bytes, file: path)) != nil
            else { continue }
            if !known.contains(base) { orphans.append(base) }
        }
        return orphans
    }

    /// The changes and notes as text, or as Markdown for a CI job summary.
    package func render(markdown: Bool) -> String {
        var out = markdown ? diff.renderMarkdown() : (diff.isEmpty ? "" : diff.renderText())
        for note in notes { out += markdown ? "- \(MarkdownRenderer.escape(note))\n" : "\(note)\n" }
        return out
    }

    /// Writes the stale results and removes the orphans' files.
    package func update(results: [BatchRunner.Result], against directory: String) throws(InputError) {
        try Directory.create(directory)
        // Every file checked before any is written: no update stops half done on an unwritable one.
        try ResultFiles.checkWritable(
            names: results.filter { stale.contains($0.name) }.map(\.name), directory: directory, protecting: .none)
        // Every file written before any is renamed: a full disk or a file that cannot be written
        // leaves every committed result as it was.
        let files = AtomicFileSet()
        for result in results where stale.contains(result.name) {
            try ResultFiles.add(result, to: files, directory: directory)
        }
        try files.commit()
        for orphan in orphans {
            for path in ResultFiles(name: orphan, directory: directory).all {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
