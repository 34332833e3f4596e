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
        let table = readMarkdown(text, file: file)
        guard table.problems.isEmpty else { throw InputError(table.problems) }
        return table
    }

    /// Reads a Markdown measured table as far as it can: every cell that could be read, and in
    /// ``MeasuredTable/problems`` every problem of layout (a cell without ○, △ or ×, a row with
    /// too few or too many cells, a header column without a name or named twice), each with its
    /// line, column and the row and column it is in. Resolving the table against a scenario adds
    /// the names it does not know, so that one run reports every problem.
    package static func readMarkdown(_ text: String, file: String) -> MeasuredTable {
        var table = MeasuredTable(file: file, device: "", os: "", notes: "", cells: [])
        var diagnostics: [Diagnostic] = []
        var header: MarkdownHeader?
        var notes: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingSpaces
            guard trimmed.hasPrefix("|") else {
                if trimmed.lowercased().hasPrefix("device:") { table.device = String(trimmed.dropFirst(7)).trimmingSpaces }
                else if trimmed.lowercased().hasPrefix("os:") { table.os = String(trimmed.dropFirst(3)).trimmingSpaces }
                else if !trimmed.isEmpty && header == nil { notes.append(trimmed) }
                continue
            }
            let fields = markdownFields(String(line))
            if fields.allSatisfy({ $0.text.allSatisfy { "-: ".contains($0) } }) { continue }
            let number = index + 1
            guard let columns = header else {
                header = MarkdownHeader(fields, line: number, file: file, diagnostics: &diagnostics)
                continue
            }
            table.cells += markdownRow(fields, line: number, length: line.unicodeScalars.count, header: columns, file: file, diagnostics: &diagnostics)
        }
        if header == nil { diagnostics.append(Diagnostic(file: file, path: "", message: "expected a Markdown table (| hook | strategy | … |), found none")) }
        else if diagnostics.isEmpty && table.cells.isEmpty {
            diagnostics.append(Diagnostic(
                at: SourcePosition(file: file, line: header!.line, column: 1), path: "",
                message: "expected at least one measured cell (○, △ or ×) in the table, found none: there is nothing to calibrate against"))
        }
        table.notes = notes.joined(separator: " ")
        table.problems = diagnostics.inReadingOrder()
        return table
    }

    /// The measured cells of one row, and a diagnostic for each cell that cannot be read, for an
    /// empty hook, and for a row whose cells do not match the header's columns.
    private static func markdownRow(
        _ fields: [(text: String, column: Int)], line: Int, length: Int, header: MarkdownHeader, file: String,
        diagnostics: inout [Diagnostic]
    ) -> [MeasuredCell] {
        let hook = fields[0].text
        let row = MarkdownHeader.rowPath(hook)
        let hookPlace = SourcePosition(file: file, line: line, column: fields[0].column)
        // Worded only for a row that does not fit: a wide table's every row is not made to list its columns.
        func expected() -> String {
            "expected \(header.columns.count + 1) cells (the hook, then one per strategy: "
                + "\(listed(header.columns.lazy.map(\.name), quoted: false)))"
        }
        if fields.count <= header.columns.count {
            let missing = header.columns[(fields.count - 1)...].lazy.map(\.name)
            diagnostics.append(Diagnostic(
                at: SourcePosition(file: file, line: line, column: length), path: row,
                message: "\(expected()), found \(fields.count): no cell for \(missing.count == 1 ? "column" : "columns") "
                    + "\(listed(missing, quoted: true)) (a cell not measured is written empty, | |)"))
        } else if fields.count > header.columns.count + 1 {
            let extra = fields[(header.columns.count + 1)...]
            diagnostics.append(Diagnostic(
                at: SourcePosition(file: file, line: line, column: extra.first!.column), path: row,
                message: "\(expected()), found \(fields.count): \(extra.count == 1 ? "this cell has" : "these \(extra.count) cells have") "
                    + "no column in the header (\(listed(extra.lazy.map(\.text), quoted: true)))"))
        }
        var cells: [MeasuredCell] = []
        for (offset, field) in fields.dropFirst().prefix(header.columns.count).enumerated() where !field.text.isEmpty {
            let column = header.columns[offset]
            let at = SourcePosition(file: file, line: line, column: field.column)
            let path = "\(row), column \"\(column.name)\""
            guard column.readable else { continue }  // its header's problem is reported, once
            if hook.isEmpty {
                diagnostics.append(Diagnostic(at: hookPlace, path: row, message: "expected the hook's name or label in the row's first cell, found an empty cell"))
                break
            }
            switch markdownObservation(field.text) {
            case .success(let observed):
                // A hook is placed at its row's header, a strategy at its column's: a misspelled
                // one is reported once, there, however many cells it heads.
                var places = MeasuredCell.Places(
                    cell: at, hook: hookPlace, strategy: SourcePosition(file: file, line: header.line, column: column.column),
                    procedures: [], path: path)
                places.hookPath = row
                places.strategyPath = MarkdownHeader.columnPath(column.name)
                places.proceduresPath = nil
                places.name = "line \(line), column \(field.column)"
                var written: String?
                if case .some = observed {
                    let raw = String(field.text.dropFirst())
                    written = markdownUnescaped(raw)
                    if !raw.contains("\\") { places.procedureTextColumn = field.column + 1 }
                }
                cells.append(MeasuredCell(hook: hook, strategy: column.name, observed: observed, places: places, procedureText: written))
            case .failure(let error):
                diagnostics.append(Diagnostic(at: at, path: path, message: error.message))
            }
        }
        return cells
    }

    /// `Task, Task.detached`, or with `quoted` `"Task", "Task.detached"`: at most ten names, then how
    /// many more, so that a message about a wide table stays one readable line.
    private static func listed<Names: Collection<String>>(_ names: Names, quoted: Bool) -> String {
        let shown = names.prefix(10).map { quoted ? "\"\($0)\"" : $0 }.joined(separator: ", ")
        return names.count > 10 ? "\(shown) and \(names.count - 10) more" : shown
    }

    /// The header row of a Markdown table: the strategies heading its columns (backticks dropped),
    /// each with where it is written and whether its cells can be read (a column without a name,
    /// or naming a strategy an earlier column names, cannot: it is reported once, at the header).
    struct MarkdownHeader {
        var columns: [(name: String, column: Int, readable: Bool)]
        var line: Int

        init(_ fields: [(text: String, column: Int)], line: Int, file: String, diagnostics: inout [Diagnostic]) {
            self.line = line
            columns = []
            var seen: [String: Int] = [:]  // name → column: a wide header is checked in linear time
            for (offset, field) in fields.dropFirst().enumerated() {
                let name = field.text.filter { $0 != "`" }
                let at = SourcePosition(file: file, line: line, column: field.column)
                var readable = true
                if name.isEmpty {
                    diagnostics.append(Diagnostic(
                        at: at, path: "header, column \(offset + 2)",
                        message: "expected a strategy's name heading the column, found an empty cell"))
                    readable = false
                } else if let first = seen[name] {
                    diagnostics.append(Diagnostic(
                        at: at, path: Self.columnPath(name),
                        message: "expected each strategy to head one column, found \"\(name)\" again (first at column \(first))"))
                    readable = false
                } else {
                    seen[name] = field.column
                }
                columns.append((name, field.column, readable))
            }
            if columns.isEmpty {
                diagnostics.append(Diagnostic(
                    at: SourcePosition(file: file, line: line, column: fields.first?.column ?? 1), path: "header",
                    message: "expected the hook column, then a column per strategy (| hook | Task | … |), found no strategy column"))
            }
        }

        /// `header, column "Task.detached"`: where a strategy is named.
        static func columnPath(_ name: String) -> String { "header, column \"\(name)\"" }

        /// `row "AppDelegate"`: the row of a hook.
        static func rowPath(_ hook: String) -> String { hook.isEmpty ? "row" : "row \"\(hook)\"" }
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
            guard !names.isEmpty else {
                return .failure(MarkdownCellError("expected the procedures the cleanup finished under after △ (e.g. △ background), found none"))
            }
            return .success(.some(names))
        default:
            return .failure(MarkdownCellError(
                "expected ○, △ or × at the start of the cell (or nothing, for a cell not measured), found \"\(text)\""))
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
