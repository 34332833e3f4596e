/// A calibration's report as terminal text or GitHub-flavoured Markdown.
package enum CalibrationRenderer {
    /// The report, aligned for a terminal.
    /// Prose wraps at ``TextRenderer/maximumLineWidth`` columns; the settings table and the
    /// `--set` lines stay whole (they are copied and pasted).
    package static func text(_ words: CalibrationText) -> String {
        var lines = words.headerLines().flatMap { ProseWrapping.lines($0) }
        lines.append("")
        lines += ProseWrapping.lines("settings (histogram: accepted sets per twentieth of the prior, from its lowest to its highest value)")
        lines += aligned([["setting", "prior", "accepted", "histogram"]] + words.settingRows(aligned: true)).map { "  " + $0 }
        section(&lines, words.representativeLines().enumerated().flatMap { $0.offset == 0 ? ProseWrapping.lines($0.element) : ["  " + $0.element] })
        section(&lines, words.predictionLines().isEmpty ? [] : ["predictions for the cells nobody measured:"] + words.predictionLines().flatMap { ProseWrapping.lines($0, indent: "  ") })
        section(&lines, words.nearMissLines().enumerated().flatMap { $0.offset == 0 ? ProseWrapping.lines($0.element) : [$0.element] })
        section(&lines, words.missLines().isEmpty ? [] : ["measured cells most often missed (over every set drawn):"] + words.missLines().flatMap { ProseWrapping.lines($0, indent: "  ") })
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report in Markdown.
    package static func markdown(_ words: CalibrationText) -> String {
        let header = words.headerLines()
        var lines = ["### " + header[0], ""] + header.dropFirst().map { "- " + $0 }
        lines += ["", "| setting | prior | accepted | histogram |", "|---|---|---|---|"]
        lines += words.settingRows().map { "| `\($0[0])` | `\($0[1])` | \($0[2]) | `\($0[3])` |" }
        let representative = words.representativeLines()
        if representative.count == 2 { lines += ["", representative[0], "", "```", representative[1], "```"] }
        let predictions = words.predictionLines()
        if !predictions.isEmpty { lines += ["", "Predictions for the cells nobody measured:", ""] + predictions.map { "- " + $0 } }
        let near = words.nearMissLines()
        if !near.isEmpty { lines += ["", near[0], "", "```"] + near.dropFirst() + ["```"] }
        let misses = words.missLines()
        if !misses.isEmpty { lines += ["", "Measured cells most often missed (over every set drawn):", ""] + misses.map { "- " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rows with their columns padded to a common width (counted in characters).
    static func aligned(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }.joined(separator: "  ")
        }
    }

    private static func section(_ lines: inout [String], _ more: [String]) {
        guard !more.isEmpty else { return }
        lines.append("")
        lines += more
    }
}
