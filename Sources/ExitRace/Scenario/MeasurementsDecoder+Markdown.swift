/// Reads a measured table written in the table's own Markdown layout, as a user notes it down:
///
/// ```markdown
/// | hook | Task | Task.detached |
/// |---|---|---|
/// | AppDelegate | △ background | × |
/// | SceneDelegate | ○ (hang risk) | |
/// ```
///
/// Strategies head the columns (backticks are dropped), hooks head the rows; an empty cell was
/// not measured. A cell starts with ○, △ or ×; after △ come the procedures it held for
/// (`△ background`, `△ (background only)`, `△ foreground, background`, `△ home then swipe and
/// leave`: see ``MeasuredProcedureList``); after ○ or ×, anything is a remark. Lines before the table give `device:` and `os:`; other lines are notes.
extension MeasurementsDecoder {
    /// Decodes a Markdown measured table; every problem is reported with its line and column.
    package static func decodeMarkdown(_ text: String, file: String) throws(InputError) -> MeasuredTable {
        var table = MeasuredTable(file: file, device: "", os: "", notes: "", cells: [])
        var diagnostics: [Diagnostic] = []
        var strategies: [(String, Int)]?
        var headerLine = 0
        var notes: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingSpaces
            guard trimmed.hasPrefix("|") else {
                if trimmed.lowercased().hasPrefix("device:") { table.device = String(trimmed.dropFirst(7)).trimmingSpaces }
                else if trimmed.lowercased().hasPrefix("os:") { table.os = String(trimmed.dropFirst(3)).trimmingSpaces }
                else if !trimmed.isEmpty && strategies == nil { notes.append(trimmed) }
                continue
            }
            let fields = markdownFields(String(line))
            if fields.allSatisfy({ $0.text.allSatisfy { "-: ".contains($0) } }) { continue }
            guard let columns = strategies else {
                strategies = fields.dropFirst().map { ($0.text.filter { $0 != "`" }, $0.column) }
                headerLine = index + 1
                continue
            }
            let hook = fields[0].text
            for (offset, field) in fields.dropFirst().enumerated() where !field.text.isEmpty {
                let at = SourcePosition(file: file, line: index + 1, column: field.column)
                guard offset < columns.count else {
                    diagnostics.append(Diagnostic(at: at, path: "", message: "a cell beyond the \(columns.count) strategy columns"))
                    continue
                }
                let path = "\(hook) · \(columns[offset].0)"
                switch markdownObservation(field.text) {
                case .success(let observed):
                    // A hook is placed at its row's header, a strategy at its column's: a misspelled
                    // one is reported once, there, however many cells it heads.
                    let places = MeasuredCell.Places(
                        cell: at, hook: SourcePosition(file: file, line: index + 1, column: fields[0].column),
                        strategy: SourcePosition(file: file, line: headerLine, column: columns[offset].1), procedures: [], path: path)
                    var written: String?
                    if case .some = observed { written = markdownUnescaped(String(field.text.dropFirst())) }
                    table.cells.append(MeasuredCell(
                        hook: hook, strategy: columns[offset].0, observed: observed, places: places, procedureText: written))
                case .failure(let error):
                    diagnostics.append(Diagnostic(at: at, path: path, message: error.message))
                }
            }
        }
        if strategies == nil { diagnostics.append(Diagnostic(file: file, path: "", message: "expected a Markdown table (| hook | strategy | … |), found none")) }
        else if diagnostics.isEmpty && table.cells.isEmpty {
            diagnostics.append(Diagnostic(
                at: SourcePosition(file: file, line: headerLine, column: 1), path: "",
                message: "expected at least one measured cell (○, △ or ×) in the table, found none: there is nothing to calibrate against"))
        }
        table.notes = notes.joined(separator: " ")
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        return table
    }

    /// The fields of a table row and the column (1-based, in Unicode scalars) each starts at.
    static func markdownFields(_ line: String) -> [(text: String, column: Int)] {
        var fields: [(text: String, column: Int)] = []
        var current = "", first = 0, column = 0, open = false
        for scalar in line.unicodeScalars {
            column += 1
            if scalar == "|" {
                if open { fields.append((current.trimmingSpaces, first == 0 ? column : first)) }
                current = ""
                first = 0
                open = true
            } else {
                if first == 0 && scalar != " " && scalar != "\t" { first = column }
                current.unicodeScalars.append(scalar)
            }
        }
        if open && !current.trimmingSpaces.isEmpty { fields.append((current.trimmingSpaces, first)) }
        return fields
    }

    /// `△ (background only)` → `.some(["background"])`; a message when it starts with no symbol.
    static func markdownObservation(_ text: String) -> Result<Observation, MarkdownCellError> {
        let symbol = String(text.prefix(1))
        switch symbol {
        case "○": return .success(.always)
        case "×": return .success(.never)
        case "△":
            let names = MeasuredProcedureList.names(in: markdownUnescaped(String(text.dropFirst())))
            guard !names.isEmpty else { return .failure(MarkdownCellError("△ needs the procedures it held for, e.g. △ background")) }
            return .success(.some(names))
        default: return .failure(MarkdownCellError("expected ○, △ or × at the start of the cell, found \"\(text)\""))
        }
    }

    /// `text` with the backslash escapes a rendered Markdown table writes (`\_`, `\\`, `\*`, …)
    /// undone, so that a cell copied from a table's Markdown source names what the table named;
    /// any other backslash (`\"` in a quoted name) stays.
    static func markdownUnescaped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                if !"|\\*_<>[]`".unicodeScalars.contains(scalar) { out.append("\\") }
                out.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        if escaping { out.append("\\") }
        return String(out)
    }

    /// Why a Markdown cell could not be read.
    struct MarkdownCellError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

extension StringProtocol {
    /// The text without leading or trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()))
    }
}
