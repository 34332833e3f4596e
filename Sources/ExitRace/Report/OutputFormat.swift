/// The formats `exitrace run` prints.
package enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned for a terminal.
    case text
    /// GitHub-flavoured Markdown.
    case md
    /// Canonical JSON with every per-procedure outcome.
    case json

    /// Renders every table in this format: text and Markdown tables one after another, JSON as a
    /// single document.
    package func render(_ tables: [ResultTable]) -> String {
        var out = opening(count: tables.count)
        for (index, table) in tables.enumerated() { out += piece(table, index: index, count: tables.count) }
        return out + closing(count: tables.count)
    }

    /// What comes before the first of `count` tables, for output written as tables are computed:
    /// `opening`, then each `piece`, then `closing` is exactly ``render(_:)`` of them all.
    package func opening(count: Int) -> String {
        self == .json && count != 1 ? JSONRenderer.openingOfMany : ""
    }

    /// Table `index` of `count`, as it stands in the whole output; with `exploration`, with what
    /// exploring its cells found (`[o]` marks and races; an `"exploration"` member in JSON).
    package func piece(_ table: ResultTable, exploration: ScenarioExploration? = nil, index: Int, count: Int) -> String {
        let separator = index > 0 ? "\n" : ""
        switch self {
        case .text: return separator + TextRenderer.render(table, exploration: exploration)
        case .md: return separator + MarkdownRenderer.render(table, exploration: exploration)
        case .json:
            if count == 1 { return JSONRenderer.document(table, exploration: exploration).serialized() }
            return JSONRenderer.member(table, last: index == count - 1, exploration: exploration)
        }
    }

    /// A sampled table `index` of `count`, as it stands in the whole output.
    package func piece(_ table: RateTable, index: Int, count: Int) -> String {
        let separator = index > 0 ? "\n" : ""
        switch self {
        case .text: return separator + TextRenderer.render(table)
        case .md: return separator + MarkdownRenderer.render(table)
        case .json:
            if count == 1 { return RateJSONRenderer.render(table) }
            return "    " + RateJSONRenderer.document(table).serialized(indent: 4) + (index == count - 1 ? "\n" : ",\n")
        }
    }

    /// What comes after the last of `count` tables.
    package func closing(count: Int) -> String {
        self == .json && count != 1 ? JSONRenderer.closingOfMany : ""
    }
}
