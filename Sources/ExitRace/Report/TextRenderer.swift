/// Renders tables for a terminal: columns aligned, then the legend and the details of marked cells.
///
/// Long strategy names are wrapped over several header lines (at spaces, after `.`, `(` and `:`),
/// so a column is only as wide as its cells need, or `minimumColumnWidth`: the default table fits
/// in about 110 columns. The layout depends on the table alone, never on the terminal, so the
/// output is the same everywhere.
public enum TextRenderer {
    static let minimumColumnWidth = 12

    /// The table as `exitrace run` prints it: the heading, the aligned grid, the legend and the
    /// details of marked cells.
    public static func render(_ table: ResultTable) -> String { render(layout: TableLayout(table)) }

    /// A sampled table: rates in the cells, then each cell's counts and intervals.
    public static func render(_ table: RateTable) -> String { render(layout: TableLayout(table)) }

    static func render(layout: TableLayout) -> String {
        var out = "\(layout.name): \(layout.title)\n\n"
        if !layout.summary.isEmpty { out += layout.summary.joined(separator: "\n") + "\n\n" }
        out += grid(layout) + "\n"
        for legend in layout.legend { out += legend + "\n" }
        out += "\nprocedures:\n"
        for procedure in layout.procedures { out += "  \(procedure.name): \(procedure.label)\n" }
        if !layout.rates.isEmpty {
            out += "\nrates (finished/replications, share, 95% Wilson interval):\n"
            for line in layout.rates { out += "  \(line)\n" }
        }
        if !layout.details.isEmpty {
            out += "\ndetails:\n"
            for detail in layout.details { out += "  \(detail)\n" }
        }
        return out
    }

    /// The table itself: the wrapped header lines, a rule, then one line per row, columns aligned.
    static func grid(_ layout: TableLayout) -> String {
        let headers = [TableLayout.cornerTitle] + layout.columns.map(\.title)
        let rows = layout.rows.map { [$0.title] + $0.cells.map(\.text) }
        let (wrapped, widths) = wrapHeaders(headers, rows: rows)
        func line(_ texts: [String]) -> String {
            texts.enumerated().map { column, text in text + String(repeating: " ", count: widths[column] - text.count) }
                .joined(separator: " | ").trimmingTrailingSpaces() + "\n"
        }
        var out = ""
        for index in 0..<(wrapped.map(\.count).max() ?? 1) {
            out += line(wrapped.map { index < $0.count ? $0[index] : "" })
        }
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-") + "\n"
        for row in rows { out += line(row) }
        return out
    }

    /// Each header as lines, and each column's width: as wide as its cells, its longest header
    /// word (at least `minimumColumnWidth`) and then its longest header line. The first column,
    /// the row titles, is never wrapped.
    static func wrapHeaders(_ headers: [String], rows: [[String]]) -> (lines: [[String]], widths: [Int]) {
        var widths = headers.indices.map { column in
            rows.reduce(column == 0 ? headers[0].count : max(minimumColumnWidth, longestWord(headers[column]))) {
                max($0, $1[column].count)
            }
        }
        let wrapped = headers.indices.map { column in column == 0 ? [headers[0]] : wrap(headers[column], width: widths[column]) }
        for column in headers.indices {
            widths[column] = wrapped[column].reduce(widths[column]) { max($0, $1.count) }
        }
        return (wrapped, widths)
    }

    /// The longest piece of a header between spaces and after `(`, up to a limit: a column may
    /// grow a little to keep `Task.detached(` whole, not to hold `DispatchQueue.main.async`.
    static func longestWord(_ text: String) -> Int {
        let pieces = text.split(separator: " ").flatMap { split(String($0), after: ["("]) }
            .flatMap { $0.count > maximumWordWidth ? split($0, after: ["."]) : [$0] }
        return min(pieces.map(\.count).max() ?? 0, maximumWordWidth)
    }

    /// `text` cut after each of `breaks`, which stay with the piece before them.
    static func split(_ text: String, after breaks: Set<Character>) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in text {
            piece.append(character)
            if breaks.contains(character) {
                pieces.append(piece)
                piece = ""
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    static let maximumWordWidth = 16

    /// Greedy wrapping at spaces (dropped) and after `(`; a piece still longer than `width` is
    /// broken after its dots (`DispatchQueue.` `main.async`), and what is left longer than
    /// `width` gets a line of its own.
    static func wrap(_ text: String, width: Int) -> [String] {
        var pieces: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            for piece in split(word, after: ["("]) {
                pieces += piece.count > width ? split(piece, after: ["."]) : [piece]
            }
            pieces.append(" ")
        }
        var lines: [String] = []
        var current = ""
        for piece in pieces {
            if piece == " " {
                if !current.isEmpty { current += " " }
                continue
            }
            if !current.isEmpty && current.count + piece.count > width {
                lines.append(current.trimmingTrailingSpaces())
                current = ""
            }
            current += piece
        }
        if !current.isEmpty { lines.append(current.trimmingTrailingSpaces()) }
        return lines.isEmpty ? [""] : lines
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
