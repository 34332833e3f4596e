/// Renders tables as GitHub-flavoured Markdown.
public enum MarkdownRenderer {
    public static func render(_ table: ResultTable) -> String {
        let scenario = table.scenario
        var out = "### \(escape(scenario.name)): \(escape(scenario.title))\n\n"
        out += "| hook | " + scenario.strategies.map { codeSpan($0.name) }.joined(separator: " | ") + " |\n"
        out += "|---|" + String(repeating: "---|", count: scenario.strategies.count) + "\n"
        for hook in scenario.hooks.indices {
            let cells = scenario.strategies.indices.map { escape(table.cellText(table.cell(hook: hook, strategy: $0))) }
            out += "| \(escape(scenario.hooks[hook].label)) | " + cells.joined(separator: " | ") + " |\n"
        }
        out += "\n"
        for line in table.legendLines() { out += "- \(escape(line))\n" }
        out += "\nProcedures:\n\n"
        for procedure in scenario.procedures { out += "- \(codeSpan(procedure.name)): \(escape(procedure.label))\n" }
        let details = table.detailLines()
        if !details.isEmpty {
            out += "\nDetails:\n\n"
            for line in details { out += "- \(escape(line))\n" }
        }
        return out
    }

    /// Text in backticks; a name with a backtick in it gets double backticks.
    static func codeSpan(_ text: String) -> String {
        let clean = text.replacingPipes()
        return clean.contains("`") ? "`` \(clean) ``" : "`\(clean)`"
    }

    /// Escapes the characters that would break a table or start formatting.
    static func escape(_ text: String) -> String {
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
