/// Renders tables as GitHub-flavoured Markdown.
public enum MarkdownRenderer {
    /// The table as a Markdown section: a heading, the table, the legend, the procedures and the
    /// details of marked cells, as `exitrace run --format md` prints it.
    public static func render(_ table: ResultTable) -> String { render(layout: TableLayout(table)) }

    /// The table with what exploring its cells found: `[o]` marks and the races in the details.
    package static func render(_ table: ResultTable, exploration: ScenarioExploration?) -> String {
        render(layout: TableLayout(table, exploration: exploration))
    }

    /// A sampled table: rates in the cells, then each cell's counts and intervals.
    package static func render(_ table: RateTable) -> String { render(layout: TableLayout(table)) }

    package static func render(layout: TableLayout) -> String {
        var out = "### \(escape(layout.heading))\n\n"
        for line in layout.summary {
            out += line.hasPrefix("  ") ? "- \(escape(String(line.dropFirst(2))))\n" : "\(escape(line))\n\n"
        }
        if !layout.summary.isEmpty { out += "\n" }
        out += "| \(escape(TableLayout.cornerTitle)) | " + layout.columns.map { codeSpan($0.title) }.joined(separator: " | ") + " |\n"
        out += "|---|" + String(repeating: "---|", count: layout.columns.count) + "\n"
        for row in layout.rows {
            out += "| \(escape(row.title)) | " + row.cells.map { escape($0.text) }.joined(separator: " | ") + " |\n"
        }
        out += "\n"
        for line in layout.legend { out += "- \(escape(line))\n" }
        out += "\nProcedures:\n\n"
        for procedure in layout.procedures { out += "- \(codeSpan(procedure.name))\(escape(procedure.labelSuffix(": ")))\n" }
        if !layout.rates.isEmpty {
            out += "\nRates (\(layout.rateHeading)):\n\n"
            for line in layout.rates { out += "- \(escape(line))\n" }
        }
        if !layout.details.isEmpty {
            out += "\nDetails:\n\n"
            for line in layout.details { out += "- \(escape(line))\n" }
        }
        return out
    }

    /// Text in backticks; a name with a backtick in it gets double backticks.
    static func codeSpan(_ text: String) -> String {
        let clean = text.replacingPipes()
        return clean.contains("`") ? "`` \(clean) ``" : "`\(clean)`"
    }

    /// Escapes the characters that would break a table or start formatting.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|", "\\", "*", "_", "<", ">", "[", "]", "`": out += "\\\(character)"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}

extension String {
    /// Pipes end a table cell even inside a code span.
    fileprivate func replacingPipes() -> String {
        var out = ""
        for character in self { out += character == "|" ? "\\|" : String(character) }
        return out
    }
}
