/// Renders tables for a terminal: columns aligned, then the legend and the details of marked cells.
public enum TextRenderer {
    public static func render(_ table: ResultTable) -> String {
        let scenario = table.scenario
        var rows: [[String]] = [["hook"] + scenario.strategies.map(\.name)]
        for hook in scenario.hooks.indices {
            rows.append(
                [scenario.hooks[hook].label]
                    + scenario.strategies.indices.map { table.cellText(table.cell(hook: hook, strategy: $0)) })
        }
        var widths = Array(repeating: 0, count: rows[0].count)
        for row in rows {
            for (column, text) in row.enumerated() { widths[column] = max(widths[column], text.count) }
        }
        var out = "\(scenario.name): \(scenario.title)\n\n"
        for (index, row) in rows.enumerated() {
            let padded = row.enumerated().map { column, text in
                text + String(repeating: " ", count: widths[column] - text.count)
            }
            out += padded.joined(separator: " | ").trimmingTrailingSpaces() + "\n"
            if index == 0 {
                out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-") + "\n"
            }
        }
        out += "\n"
        for line in table.legendLines() { out += line + "\n" }
        out += "\nprocedures:\n"
        for procedure in scenario.procedures { out += "  \(procedure.name): \(procedure.label)\n" }
        let details = table.detailLines()
        if !details.isEmpty {
            out += "\ndetails:\n"
            for line in details { out += "  \(line)\n" }
        }
        return out
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
