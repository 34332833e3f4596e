/// Reads a measured table (`measurements/*.json`):
///
/// ```json
/// {"device": "iPhone", "os": "iOS 18.4", "notes": "…",
///  "cells": [{"hook": "AppDelegate", "strategy": "Task", "observed": "△", "procedures": ["background"]}]}
/// ```
///
/// Every problem is reported together, with file, line and column: unknown members, a symbol that
/// is not ○, △ or ×, △ without procedures, procedures on ○ or ×.
package enum MeasurementsDecoder {
    static let topLevel = ["$schema", "device", "os", "notes", "cells"]
    package static let cell = ["hook", "strategy", "observed", "procedures"]

    /// Reads and decodes the measured table at `path`: Markdown when it ends in `.md`, else JSON.
    package static func load(path: String) throws(InputError) -> MeasuredTable {
        let table = try read(path: path)
        guard table.problems.isEmpty else { throw InputError(table.problems) }
        return table
    }

    /// Reads the measured table at `path` as far as it can (Markdown when it ends in `.md`, else
    /// JSON): the cells that could be read, and every other problem in ``MeasuredTable/problems``,
    /// for ``MeasuredTable/resolve(against:)`` to report with the names the scenario does not know.
    /// Throws only when the file cannot be read, or is not JSON at all.
    package static func read(path: String) throws(InputError) -> MeasuredTable {
        let bytes = try InputFile.read(path, what: "a measurements file")
        if path.hasSuffix(".md") { return readMarkdown(String(decoding: bytes, as: UTF8.self), file: path) }
        return read(root: try JSONDocument.parse(bytes, file: path), file: path)
    }

    /// Decodes the text of the measured table `file` as ``load(path:)`` reads the file: Markdown when
    /// its name ends in `.md`, else JSON. A shard file carries the table's text and name: merging
    /// the shards of a Markdown table reads it as Markdown.
    package static func decode(text: String, of file: String) throws(InputError) -> MeasuredTable {
        file.hasSuffix(".md") ? try decodeMarkdown(text, file: file) : try decode(text, file: file)
    }

    /// Decodes a measured table from JSON text.
    package static func decode(_ text: String, file: String) throws(InputError) -> MeasuredTable {
        try decode(Array(text.utf8), file: file)
    }

    /// Decodes a measured table from JSON bytes.
    package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> MeasuredTable {
        try decode(root: JSONDocument.parse(bytes, file: file), file: file)
    }

    /// Decodes a measured table from a parsed document; `extraMembers` are top-level members a
    /// caller reads itself (a public report's `source`), allowed here and otherwise ignored.
    package static func decode(root: JSONNode, file: String, extraMembers: [String] = []) throws(InputError) -> MeasuredTable {
        let table = read(root: root, file: file, extraMembers: extraMembers)
        guard table.problems.isEmpty else { throw InputError(table.problems) }
        return table
    }

    /// ``decode(root:file:extraMembers:)``, keeping the cells that could be read and the problems
    /// in ``MeasuredTable/problems`` instead of throwing.
    static func read(root: JSONNode, file: String, extraMembers: [String] = []) -> MeasuredTable {
        let log = DiagnosticLog()
        var table = MeasuredTable(file: file, device: "", os: "", notes: "", cells: [])
        if let reader = ObjectReader(root, path: "", allowed: topLevel + extraMembers, log: log) {
            table.device = reader.string("device") ?? ""
            table.os = reader.string("os") ?? ""
            table.notes = reader.string("notes") ?? ""
            let cells = reader.array("cells", required: true)
            for (index, node) in (cells ?? []).enumerated() {
                if let cell = decodeCell(node, path: "cells[\(index)]", log: log) { table.cells.append(cell) }
            }
            if let cells, cells.isEmpty {
                log.error("cells", reader.position("cells"), "expected at least one measured cell, found none: there is nothing to calibrate against")
            }
        }
        table.problems = log.diagnostics.inReadingOrder()
        return table
    }

    private static func decodeCell(_ node: JSONNode, path: String, log: DiagnosticLog) -> MeasuredCell? {
        guard let reader = ObjectReader(node, path: path, allowed: cell, log: log) else { return nil }
        let hook = reader.string("hook", required: true)
        let strategy = reader.string("strategy", required: true)
        let symbol = reader.string("observed", required: true)
        if let symbol, !Observation.symbols.contains(symbol) {
            log.error(reader.childPath("observed"), reader.position("observed"),
                      "expected ○, △ or × (\"o\", \"^\" and \"x\" are not accepted), found \"\(symbol)\"")
        }
        var procedures: [(String, SourcePosition)] = []
        for (index, element) in (reader.array("procedures") ?? []).enumerated() {
            guard case .string(let name) = element.value else {
                log.expected("a procedure name", at: element, "\(reader.childPath("procedures"))[\(index)]")
                continue
            }
            procedures.append((name, element.position))
        }
        let observed: Observation?
        switch symbol {
        case "○": observed = .always
        case "×": observed = .never
        case "△": observed = .some(procedures.map(\.0))
        default: observed = nil
        }
        if symbol == "△" && procedures.isEmpty {
            log.error(path, reader.position("observed"), "△ needs \"procedures\": the kill procedures the cleanup finished under")
        } else if (symbol == "○" || symbol == "×") && reader["procedures"] != nil {
            log.error(reader.childPath("procedures"), reader.position("procedures"), "only △ names procedures; \(symbol!) holds for all or none")
        }
        guard let hook, let strategy, let observed else { return nil }
        let places = MeasuredCell.Places(
            cell: node.position, hook: reader.position("hook"), strategy: reader.position("strategy"),
            procedures: procedures.map(\.1), path: path)
        return MeasuredCell(hook: hook, strategy: strategy, observed: observed, places: places)
    }
}
