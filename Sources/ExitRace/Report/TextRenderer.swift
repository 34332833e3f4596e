/// Renders tables for a terminal: columns aligned, then the legend and the details of marked cells.
///
/// Long strategy names are wrapped over several header lines (at spaces, after `.`, `(` and `:`),
/// so a column is only as wide as its cells need, or `minimumColumnWidth`: the default table fits
/// in about 110 columns. A table that would still be wider than `maximumLineWidth` (long row
/// titles, cells that name several procedures) has its widest columns narrowed and their text —
/// row titles, headers and cells alike — wrapped inside the column onto several lines, with a rule
/// between rows; see ``fittedWidths(headers:rows:)``. A column is never narrower than its longest
/// word (up to `maximumUncutWordWidth`): a table whose words cannot fit in `maximumLineWidth`
/// is wider instead (`didEnterBackground`, not `didEnter` / `Background`), except in a sampled
/// table, whose names break at their camel-case humps before a cell's shares are parted. The layout depends on
/// the table alone, never on the terminal (`COLUMNS` is not read), so the output is the same
/// bytes everywhere, a terminal, a file or a pipe. The prose around the grid wraps at
/// `maximumLineWidth` (``ProseWrapping``).
public enum TextRenderer {
    static let minimumColumnWidth = 12

    /// The table as `exitrace run` prints it: the heading, the aligned grid, the legend and the
    /// details of marked cells.
    public static func render(_ table: ResultTable) -> String { render(layout: TableLayout(table)) }

    /// The table with what exploring its cells found: `[o]` marks and the races in the details.
    package static func render(_ table: ResultTable, exploration: ScenarioExploration?) -> String {
        render(layout: TableLayout(table, exploration: exploration))
    }

    /// A sampled table: rates in the cells, then each cell's counts and intervals.
    package static func render(_ table: RateTable) -> String { render(layout: TableLayout(table)) }

    package static func render(layout: TableLayout) -> String {
        var out = ProseWrapping.text(layout.heading) + "\n"
        if !layout.summary.isEmpty { out += layout.summary.map { ProseWrapping.text($0) }.joined() + "\n" }
        out += grid(layout) + "\n"
        for legend in layout.legend { out += ProseWrapping.text(legend) }
        out += "\nprocedures:\n"
        for procedure in layout.procedures { out += ProseWrapping.text(procedure.name + procedure.labelSuffix(": "), indent: "  ") }
        if !layout.rates.isEmpty {
            out += "\nrates (\(layout.rateHeading)):\n"
            for line in layout.rates { out += ProseWrapping.text(line, indent: "  ") }
        }
        if !layout.details.isEmpty {
            out += "\ndetails:\n"
            for detail in layout.details { out += ProseWrapping.text(detail, indent: "  ") }
        }
        return out
    }

    /// The table itself: the wrapped header lines, a rule, then one line per row, columns aligned.
    package static func grid(_ layout: TableLayout) -> String {
        let headers = [TableLayout.cornerTitle] + layout.columns.map(\.title)
        let rows = layout.rows.map { [$0.title] + $0.cells.map(\.text) }
        var (wrapped, widths) = wrapHeaders(headers, rows: rows)
        var body = rows.map { row in row.map { [$0] } }
        if lineWidth(widths) > maximumLineWidth {
            let fitted = fittedWidths(headers: headers, rows: rows)
            // Headers break at spaces first, a number with its unit; only what is still too wide is cut.
            wrapped = headers.indices.map { column in
                wrap(headers[column], width: fitted[column]).flatMap {
                    $0.count > fitted[column] ? wrapCell($0, width: fitted[column]) : [$0]
                }
            }
            body = rows.map { row in
                row.indices.map { column in
                    column == 0 ? wrapCell(row[column], width: fitted[column]) : wrapVerdictCell(row[column], width: fitted[column])
                }
            }
            widths = headers.indices.map { column in
                body.reduce(wrapped[column].map(\.count).max() ?? 0) { max($0, $1[column].map(\.count).max() ?? 0) }
            }
        }
        func line(_ texts: [String]) -> String {
            let padded: [String] = texts.enumerated().map { column, text in
                text + String(repeating: " ", count: widths[column] - text.count)
            }
            return padded.joined(separator: " | ").trimmingTrailingSpaces() + "\n"
        }
        func lines(_ cells: [[String]]) -> String {
            let height: Int = cells.map(\.count).max() ?? 1
            return (0..<height).map { (index: Int) -> String in
                line(cells.map { (cell: [String]) -> String in index < cell.count ? cell[index] : "" })
            }.joined()
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-") + "\n"
        // Rows of several lines are told apart by a rule between them.
        let multiline = body.contains { $0.contains { $0.count > 1 } }
        return lines(wrapped) + rule + body.map(lines).joined(separator: multiline ? rule : "")
    }

    /// The widest a line of the table may be.
    static let maximumLineWidth = 120

    /// The narrowest a column gets when its words are longer than `maximumUncutWordWidth` and
    /// the table is still too wide: such words are cut. `× [d]` still fits.
    static let minimumFittedWidth = 5

    /// The longest word (between spaces, `+`, `(`, `.` and `:`) a column always keeps whole: the
    /// table grows past `maximumLineWidth` rather than cut it. Longer words may be cut.
    static let maximumUncutWordWidth = 24

    /// The width of a grid line whose columns are `widths` wide, separators included.
    static func lineWidth(_ widths: [Int]) -> Int {
        widths.reduce(0, +) + 3 * max(widths.count - 1, 0)
    }

    /// Column widths for a table too wide for `maximumLineWidth`: each column starts as wide as
    /// its longest header or cell text on one line, then the widest column is narrowed by one,
    /// again and again (the leftmost of equals first), down to a floor, until the table fits; the
    /// floors are lowered in turn, so that what is kept whole longest is, in order:
    /// 1. every piece whole: a name's words (headers, row titles) and a cell's groups
    ///    (``verdictCellWords(_:)``: `△ 100% · 0%`, `○ [i]`);
    /// 2. names' words longer than `maximumUncutWordWidth` cut to that width;
    /// 3. in a sampled table (cells of shares, `△ 35% · 0% · 100% · 100%`), names broken at their
    ///    camel-case humps (`applicationWill` / `Terminate`; a name as short as
    ///    `minimumColumnWidth` stays whole), so that columns of long names narrow before a
    ///    column of shares, read by position against the legend's procedures, is parted;
    /// 4. cells broken at every space, groups too (a share keeps its `·`: `100% ·` / `95%`);
    /// 5. only if it still does not fit, columns whose pieces are longer than
    ///    `maximumUncutWordWidth` narrowed to `minimumFittedWidth`, and those words cut.
    /// A table without shares skips step 3: its names' words up to `maximumUncutWordWidth` stay
    /// whole, and where they cannot all fit the table is wider instead.
    static func fittedWidths(headers: [String], rows: [[String]]) -> [Int] {
        let texts = headers.indices.map { column in [headers[column]] + rows.map { $0[column] } }
        var widths = texts.map { $0.map(\.count).max() ?? 0 }
        // Names (the headers, and the row titles of the first column) and cells break apart differently.
        func longestPiece(_ column: Int, namePieces: (String) -> [String], cellPieces: (String) -> [String]) -> Int {
            let names = column == 0 ? texts[column] : [headers[column]]
            let cells = column == 0 ? [] : rows.map { $0[column] }
            return (names.flatMap(namePieces) + cells.flatMap(cellPieces)).map(\.count).max() ?? 0
        }
        func floors(names: @escaping (String) -> [String], cells: @escaping (String) -> [String]) -> [Int] {
            headers.indices.map { longestPiece($0, namePieces: names, cellPieces: cells) }
        }
        let grouped = floors(names: namePieces, cells: verdictCellPieces)
        let humped = floors(names: nameHumps, cells: verdictCellPieces)
        let words = floors(names: nameHumps, cells: cellPieces)
        let unbreakable = floors(names: namePieces, cells: cellPieces)
        let hasShares = rows.contains { row in row.dropFirst().contains { $0.contains(" · ") } }
        var stages = [grouped, grouped.map { min($0, maximumUncutWordWidth) }]
        stages += hasShares ? [humped, words] : [unbreakable.map { min($0, maximumUncutWordWidth) }]
        stages += [unbreakable.map { $0 > maximumUncutWordWidth ? minimumFittedWidth : $0 }]
        for floor in stages {
            while lineWidth(widths) > maximumLineWidth {
                var widest: Int?
                for column in widths.indices where widths[column] > floor[column] {
                    if widest.map({ widths[column] > widths[$0] }) ?? true { widest = column }
                }
                guard let widest else { break }
                widths[widest] -= 1
            }
        }
        return widths
    }

    /// The pieces a name may be broken into when columns of long names must narrow: a name as
    /// short as `minimumColumnWidth` whole, else each of its ``cellPieces(_:)`` at its camel-case
    /// humps (``humps(_:)``), humps joined back up to `minimumColumnWidth` (`AppDelegate.` stays whole).
    static func nameHumps(_ text: String) -> [String] {
        guard text.count > minimumColumnWidth else { return [text] }
        return cellPieces(text).flatMap { piece in
            piece.count <= minimumColumnWidth ? [piece] : cutAtHumps(piece, width: minimumColumnWidth)
        }
    }

    /// The pieces a cell, header or row title may be broken into: words (at spaces), cut after
    /// `+`, `(`, `.` and `:`, which stay with the piece before them.
    static func cellPieces(_ text: String) -> [String] {
        text.split(separator: " ").flatMap { cellBreaks(String($0)) }
    }

    /// The pieces a header or row title may be broken into: a name as short as
    /// `minimumColumnWidth` is one piece (`your app` is never `your` / `app`), a longer one its
    /// ``cellPieces(_:)``.
    static func namePieces(_ text: String) -> [String] {
        text.count <= minimumColumnWidth ? [text] : cellPieces(text)
    }

    /// The pieces a cell of verdicts may be broken into: its ``verdictCellWords(_:)``, each cut as
    /// ``cellPieces(_:)`` cuts a word.
    static func verdictCellPieces(_ text: String) -> [String] {
        verdictCellWords(text).flatMap { cellBreaks($0) }
    }

    /// A cell's words, grouped where a break would part what reads as one: a verdict with the word
    /// after it (`△ background`, `△ 100%`), the shares of a sampled cell (`100% · 0%`: one per
    /// procedure, as a number keeps its unit in a header) and its marks (`[i] [d]`). A group
    /// wider than its column is broken at its spaces after all (``wrapVerdictCell(_:width:)``).
    static func verdictCellWords(_ text: String) -> [String] {
        var groups: [String] = []
        var previous: Substring?
        for word in text.split(separator: " ") {
            let joins = previous.map { previous in
                isVerdictSymbol(previous) || previous == "·" || word == "·" || (isMark(previous) && isMark(word))
            } ?? false
            if joins { groups[groups.count - 1] += " " + word } else { groups.append(String(word)) }
            previous = word
        }
        return groups
    }

    /// `○`, `△`, `×` or `?`: what a cell begins with.
    static func isVerdictSymbol(_ word: Substring) -> Bool { ["○", "△", "×", "?"].contains(word) }

    /// `[t]`, `[i]`, `[d]`, `[w]`, `[o]`: a mark after a verdict.
    static func isMark(_ word: Substring) -> Bool { word.count == 3 && word.first == "[" && word.last == "]" }

    /// A cell of verdicts wrapped in `width`: its ``verdictCellWords(_:)`` greedily, a group wider
    /// than `width` broken as ``wrapCell(_:width:)`` breaks a text.
    static func wrapVerdictCell(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for group in verdictCellWords(text) {
            for piece in group.count > width ? groupPieces(group, width: width) : [group] {
                if !current.isEmpty && current.count + 1 + piece.count > width {
                    lines.append(current)
                    current = piece
                } else {
                    current += (current.isEmpty ? "" : " ") + piece
                }
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [""] : lines
    }

    /// A group wider than `width` in pieces to pack: its words, each `·` kept with the share
    /// before it (`100% ·` / `95%`, never `100%` / `· 95%`), a piece still wider broken as
    /// ``wrapCell(_:width:)`` breaks a text.
    static func groupPieces(_ group: String, width: Int) -> [String] {
        var pieces: [String] = []
        for word in group.split(separator: " ") {
            if word == "·", !pieces.isEmpty { pieces[pieces.count - 1] += " ·" } else { pieces.append(String(word)) }
        }
        return pieces.flatMap { $0.count > width ? wrapCell($0, width: width) : [$0] }
    }

    /// A word cut after each `+`, `(`, `.` and `:` that does not start it (`.high)` stays whole).
    static func cellBreaks(_ word: String) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in word {
            piece.append(character)
            if piece.count > 1 && ["+", "(", ".", ":"].contains(character) {
                pieces.append(piece)
                piece = ""
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// Greedy wrapping of a cell at spaces (dropped) and after `+`, `(`, `.` and `:`; a piece
    /// longer than `width` is broken at its camel-case humps, and a hump still too long is cut, so
    /// no line is longer than `width`.
    static func wrapCell(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            var pieces: [String] = []
            for piece in cellBreaks(String(word)) {
                pieces += piece.count > width ? cutAtHumps(piece, width: width) : [piece]
            }
            for (index, piece) in pieces.enumerated() {
                let gap = index == 0 && !current.isEmpty ? " " : ""
                if !current.isEmpty && current.count + gap.count + piece.count > width {
                    lines.append(current)
                    current = piece
                } else {
                    current += gap + piece
                }
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [""] : lines
    }

    /// A piece longer than `width` in lines of at most `width`, broken before the humps of its
    /// camel case (`applicationDidEnter` / `Background`); a hump longer than `width` is cut.
    static func cutAtHumps(_ piece: String, width: Int) -> [String] {
        var humps: [String] = []
        var previous: Character?
        for character in piece {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                humps.append("")
            }
            if humps.isEmpty { humps.append("") }
            humps[humps.count - 1].append(character)
            previous = character
        }
        var lines: [String] = []
        var current = ""
        for hump in humps {
            if !current.isEmpty && current.count + hump.count > width {
                lines.append(current)
                current = ""
            }
            var rest = Substring(hump)
            while current.count + rest.count > width {
                let room = width - current.count
                lines.append(current + rest.prefix(room))
                current = ""
                rest = rest.dropFirst(room)
            }
            current += rest
        }
        if !current.isEmpty { lines.append(current) }
        return lines
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
    package static func split(_ text: String, after breaks: Set<Character>) -> [String] {
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

    /// Greedy wrapping at spaces (dropped); a number keeps its unit (`wait(2 s)`). Only a word longer
    /// than `width` is broken, after its `(` (`Task.detached(` `.high)`), then, where a piece is still
    /// longer, after its dots (`DispatchQueue.` `main.async`); what is left longer than `width` gets a
    /// line of its own.
    static func wrap(_ text: String, width: Int) -> [String] {
        var pieces: [(text: String, spaceBefore: Bool)] = []
        for word in headerWords(text) {
            guard word.count > width else {
                pieces.append((word, true))
                continue
            }
            for (index, piece) in split(word, after: ["("]).flatMap({ $0.count > width ? split($0, after: ["."]) : [$0] })
                .enumerated()
            {
                pieces.append((piece, index == 0))
            }
        }
        var lines: [String] = []
        var current = ""
        for piece in pieces {
            let gap = piece.spaceBefore && !current.isEmpty ? " " : ""
            if !current.isEmpty && current.count + gap.count + piece.text.count > width {
                lines.append(current)
                current = piece.text
            } else {
                current += gap + piece.text
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [""] : lines
    }

    /// A header's words, split at spaces, with a unit kept beside the number before it (`2 s)`).
    static func headerWords(_ text: String) -> [String] {
        var words: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let last = words.last, last.last?.isNumber == true, isUnit(word) {
                words[words.count - 1] += " " + word
            } else {
                words.append(word)
            }
        }
        return words
    }

    /// Whether a word is a unit of time or a share, possibly followed by closing punctuation: `s)`, `ms`, `%`.
    static func isUnit(_ word: String) -> Bool {
        let letters = word.prefix { !")],.;:".contains($0) }
        return ["ns", "µs", "us", "ms", "s", "min", "h", "%", "x", "×"].contains(String(letters))
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
