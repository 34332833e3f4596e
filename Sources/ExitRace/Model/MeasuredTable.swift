/// A table of ○/△/× measured on a device: what a user saw when they killed their app, cell by
/// cell, for comparing with a scenario's predictions (`exitrace calibrate --measured FILE`).
///
/// Cells nobody measured are simply absent. Names are kept as written; they are matched to a
/// scenario's hooks, strategies and procedures when the table is resolved against it.
package struct MeasuredTable: Equatable, Sendable {
    /// The file the table was read from.
    package var file: String
    /// The device measured on (`iPhone 15 Pro`), as written; may be empty.
    package var device: String
    /// The operating system (`iOS 18.4`), as written; may be empty.
    package var os: String
    /// Free notes on how the measurement was made.
    package var notes: String
    /// The measured cells, in file order.
    package var cells: [MeasuredCell]
    /// The problems met reading the file (a cell that is not ○, △ or ×, a row that does not fit the
    /// header), in reading order; empty for a table read whole. Resolving the table against a
    /// scenario reports them with the names the scenario does not know: every problem at once.
    package var problems: [Diagnostic] = []

    /// A table of `cells` measured on `device` running `os`.
    package init(file: String, device: String, os: String, notes: String, cells: [MeasuredCell]) {
        self.file = file
        self.device = device
        self.os = os
        self.notes = notes
        self.cells = cells
    }
}

/// One measured cell: a hook running a strategy, and what was observed.
package struct MeasuredCell: Equatable, Sendable {
    /// The hook's name or label, as written (`AppDelegate`).
    package var hook: String
    /// The strategy's name, as written (`Task.detached`).
    package var strategy: String
    /// What was observed.
    package var observed: Observation
    /// Where the cell, its hook, its strategy and its procedures are written.
    package var places: Places
    /// For a △ cell of a Markdown table, the text after the △ as written: its procedures are matched
    /// against the scenario's names when the table is resolved, so that a name may hold spaces or
    /// `+` (``observed`` holds the text read word by word). `nil` in a JSON table.
    package var procedureText: String?

    /// Where each part of a cell is written, for diagnostics.
    package struct Places: Equatable, Sendable {
        package var cell: SourcePosition
        package var hook: SourcePosition
        package var strategy: SourcePosition
        package var procedures: [SourcePosition]
        /// The cell in diagnostics: `cells[2]` in JSON, `row "AppDelegate", column "Task"` in Markdown.
        package var path: String
        /// The hook's path in diagnostics: `cells[2].hook`; `row "AppDelegate"` in Markdown.
        package var hookPath: String
        /// The strategy's path in diagnostics: `cells[2].strategy`; `header, column "Task"` in Markdown.
        package var strategyPath: String
        /// The procedures' path, each indexed (`cells[2].procedures[0]`); `nil` when they are named
        /// at the cell's own path (a Markdown cell's text).
        package var proceduresPath: String?
        /// How another diagnostic refers to the cell (`cells[2]`; `line 5, column 19` in Markdown).
        package var name: String
        /// In a Markdown △ cell written without backslash escapes, the column its ``MeasuredCell/procedureText``
        /// starts at, so that an unknown procedure is placed at its own name; nil otherwise (at the cell).
        package var procedureTextColumn: Int?

        package init(
            cell: SourcePosition, hook: SourcePosition, strategy: SourcePosition, procedures: [SourcePosition],
            path: String
        ) {
            self.cell = cell
            self.hook = hook
            self.strategy = strategy
            self.procedures = procedures
            self.path = path
            hookPath = path + ".hook"
            strategyPath = path + ".strategy"
            proceduresPath = path + ".procedures"
            name = path
        }

        /// Where the procedure `name`, read from `text` (the scalars of the cell's
        /// ``MeasuredCell/procedureText``) at or after offset `from`, is written, and the offset just past
        /// it; the cell's place when the text's columns are not known or the name is not found as written.
        package func place(ofProcedure name: String, in text: [Unicode.Scalar], from: Int) -> (SourcePosition, Int) {
            guard let start = procedureTextColumn, !name.isEmpty else { return (cell, from) }
            let wanted = Array(name.unicodeScalars)
            var offset = from
            while offset + wanted.count <= text.count {
                if text[offset..<(offset + wanted.count)].elementsEqual(wanted) {
                    var at = cell
                    at.column = start + offset
                    return (at, offset + wanted.count)
                }
                offset += 1
            }
            return (cell, from)
        }

        /// The path of the cell's `index`th procedure in diagnostics.
        package func procedurePath(_ index: Int) -> String {
            proceduresPath.map { "\($0)[\(index)]" } ?? path
        }
    }

    /// `hook` running `strategy`, observed as `observed`.
    package init(hook: String, strategy: String, observed: Observation) {
        let nowhere = SourcePosition(file: "measurements", line: 0, column: 0)
        self.init(hook: hook, strategy: strategy, observed: observed,
                  places: Places(cell: nowhere, hook: nowhere, strategy: nowhere, procedures: [], path: ""))
    }

    package init(hook: String, strategy: String, observed: Observation, places: Places, procedureText: String? = nil) {
        self.hook = hook
        self.strategy = strategy
        self.observed = observed
        self.places = places
        self.procedureText = procedureText
    }
}

extension MeasuredTarget {
    /// The mask with a bit for each of `count` procedures (0…32): "finished under every one".
    package static func everyProcedure(_ count: Int) -> UInt32 {
        precondition((0...32).contains(count), "a mask holds 32 procedures")
        return count == 0 ? 0 : UInt32.max >> UInt32(32 - count)
    }
}

/// A measured cell matched to a scenario: indices of its hook and strategy, and the set of
/// procedures (a bit per procedure index) the cleanup must finish under to agree with it.
package struct MeasuredTarget: Equatable, Sendable {
    /// The hook's index in the scenario.
    package var hook: Int
    /// The strategy's index in the scenario.
    package var strategy: Int
    /// Bit `p` set: the cleanup finished under procedure `p`.
    package var finishedMask: UInt32
    /// The cell as the file wrote it.
    package var cell: MeasuredCell

    /// The target of `cell` at (`hook`, `strategy`), finishing under the procedures of `finishedMask`.
    package init(hook: Int, strategy: Int, finishedMask: UInt32, cell: MeasuredCell) {
        self.hook = hook
        self.strategy = strategy
        self.finishedMask = finishedMask
        self.cell = cell
    }
}
