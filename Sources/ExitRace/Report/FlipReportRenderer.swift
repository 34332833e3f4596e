/// A sweep's flip report as text, Markdown or canonical JSON: for each cell, along each varied
/// setting, the stretches where it is ○, △ (which procedures) or ×.
public enum FlipReportRenderer {
    /// The report for a terminal, its prose wrapped at 120 columns. With more than one line, what
    /// never moves is said once, first (``FlipReportSummary``), and each line names only the cells
    /// that flip along it.
    public static func text(_ report: FlipReport) -> String {
        let out = header(report).split(separator: "\n").map { ProseWrapping.text(String($0)) }.joined()
        guard report.lines.count > 1 else { return out + report.lines.map { lineText(report, $0) }.joined() }
        let summary = FlipReportSummary(report)
        var top: [String] = []
        if !summary.steadyEverywhere.isEmpty {
            let cells = summary.steadyEverywhere.map { "\(cellName(report, $0.cell)) (\(report.stateText($0.state)))" }
            top.append("never flip anywhere in the sweep: " + cells.joined(separator: ", "))
        }
        var text = out + top.map { "\n" + ProseWrapping.text($0) }.joined()
        for uniform in summary.uniformCells {
            text += "\n" + ProseWrapping.text(FlipReportSummary.uniformTitle(report, axis: uniform.axis))
            for cell in uniform.cells {
                text += ProseWrapping.text("\(cellName(report, cell.cell)): \(segmentsText(report, uniform.axis, cell.segments))", indent: "  ")
            }
        }
        var closing = summary.quietLines.map { quiet in
            FlipReportSummary.quietSentence(
                report, axis: quiet.axis, lines: quiet.lines, others: summary.uniformCells.contains { $0.axis == quiet.axis })
        }
        if !summary.movingLines.isEmpty { closing.append(FlipReportSummary.linesNameOnlyFlips) }
        text += closing.map { "\n" + ProseWrapping.text($0) }.joined()
        for moving in summary.movingLines {
            text += "\n" + ProseWrapping.text("\(lineTitle(report, moving.line)):")
            for cell in moving.cells {
                text += ProseWrapping.text("\(cellName(report, cell.cell)): \(segmentsText(report, moving.line.axis, cell.segments))", indent: "  ")
            }
        }
        return text
    }

    /// A report's only line: every cell that flips, then those that do not, in one list.
    private static func lineText(_ report: FlipReport, _ line: FlipReport.Line) -> String {
        var out = "\n" + ProseWrapping.text("\(lineTitle(report, line)):")
        for cell in line.cells where !cell.neverFlips {
            out += ProseWrapping.text("\(cellName(report, cell.cell)): \(segmentsText(report, line.axis, cell.segments))", indent: "  ")
        }
        let steady = line.cells.filter(\.neverFlips)
        if !steady.isEmpty {
            let names = steady.map { "\(cellName(report, $0.cell)) (\(report.stateText($0.segments[0].finished)))" }
            out += ProseWrapping.text("never flip in the range: " + names.joined(separator: ", "), indent: "  ")
        }
        return out
    }

    /// The report as GitHub-flavoured Markdown: a table per line. With more than one line, what
    /// never moves is said once, first, and each table holds only the cells that flip along its line.
    public static func markdown(_ report: FlipReport, title: String = "sweep") -> String {
        var out = "### \(report.scenario.name): \(title)\n\n" + header(report).split(separator: "\n").map { "- \($0)" }.joined(separator: "\n")
        out += "\n"
        guard report.lines.count > 1 else {
            return out + report.lines.map { markdownTable(report, $0, cells: $0.cells) }.joined()
        }
        let summary = FlipReportSummary(report)
        if !summary.steadyEverywhere.isEmpty {
            let cells = summary.steadyEverywhere.map { "\(cellName(report, $0.cell)) (\(report.stateText($0.state)))" }
            out += "\n**Never flip anywhere in the sweep:** " + cells.joined(separator: ", ") + "\n"
        }
        for uniform in summary.uniformCells {
            out += "\n**" + FlipReportSummary.uniformTitle(report, axis: uniform.axis) + "**\n\n| cell | along the range |\n|---|---|\n"
            for cell in uniform.cells {
                out += "| \(cellName(report, cell.cell)) | \(segmentsText(report, uniform.axis, cell.segments)) |\n"
            }
        }
        for quiet in summary.quietLines {
            let others = summary.uniformCells.contains { $0.axis == quiet.axis }
            out += "\n" + FlipReportSummary.quietSentence(report, axis: quiet.axis, lines: quiet.lines, others: others) + "\n"
        }
        if !summary.movingLines.isEmpty { out += "\n" + FlipReportSummary.linesNameOnlyFlips + "\n" }
        for moving in summary.movingLines { out += markdownTable(report, moving.line, cells: moving.cells) }
        return out
    }

    /// A line's table, with `cells`.
    private static func markdownTable(_ report: FlipReport, _ line: FlipReport.Line, cells: [FlipReport.CellSegments]) -> String {
        var out = "\n**\(lineTitle(report, line))**\n\n| cell | along the range |\n|---|---|\n"
        for cell in cells {
            out += "| \(cellName(report, cell.cell)) | \(segmentsText(report, line.axis, cell.segments)) |\n"
        }
        return out
    }

    /// The report as canonical JSON: values in stored units (`…Ns` for durations).
    public static func json(_ report: FlipReport) -> String {
        guard case .object(var members) = document(report) else { preconditionFailure("a report is an object") }
        members.pairs += [
            (key: "formatVersion", value: .integer(JSONRenderer.formatVersion)),
            (key: "scenario", value: .string(report.scenario.name)),
        ]
        return CanonicalJSON.object(members).serialized()
    }

    /// The report as it stands in a result file's `"sweeps"`: every line and cell, each with the
    /// words the text report prints, which diffs compare.
    package static func document(_ report: FlipReport) -> CanonicalJSON {
        let axes: [CanonicalJSON] = report.axes.enumerated().map { index, axis in
            .object([
                "path": .string(axis.path), "values": .integer(Int64(axis.values.count)),
                "unit": .string(axis.isDuration ? "ns" : "count"), "tolerance": .integer(report.tolerances[index]),
                "from": .integer(axis.values.first ?? 0), "to": .integer(axis.values.last ?? 0),
            ])
        }
        let lines: [CanonicalJSON] = report.lines.map { line in
            .object([
                "along": .string(report.axes[line.axis].path),
                "title": .string(lineTitle(report, line)),
                "fixed": .object(fixedMembers(report, line)),
                "cells": .array(line.cells.map { cell in
                    .object([
                        "hook": .string(report.scenario.hooks[cell.cell.hook].name),
                        "strategy": .string(report.scenario.strategies[cell.cell.strategy].name),
                        "text": .string(segmentsText(report, line.axis, cell.segments)),
                        "segments": .array(cell.segments.map { segment in
                            .object([
                                "verdict": .string(report.stateText(segment.finished)),
                                "from": .integer(segment.from), "to": .integer(segment.to),
                            ])
                        }),
                    ])
                }),
            ])
        }
        return .object(["axes": .array(axes), "lines": .array(lines), "runs": .integer(Int64(report.runs))])
    }

    private static func fixedMembers(_ report: FlipReport, _ line: FlipReport.Line) -> CanonicalJSON.Members {
        var members: CanonicalJSON.Members = [:]
        for (axis, index) in line.fixed.enumerated() where axis != line.axis {
            members.pairs.append((key: report.axes[axis].path, value: .integer(report.axes[axis].values[index])))
        }
        return members
    }

    private static func header(_ report: FlipReport) -> String {
        var out = "\(report.scenario.name): sweep of "
        out += report.axes.map { "\($0.path) (\($0.spec))" }.joined(separator: " × ")
        out += "\n\(TimeFormatting.grouped(report.runs)) cell-runs; a change lies between the last value of one state and the first of the next"
        let durations = report.axes.indices.filter { report.axes[$0].isDuration }
        if let first = durations.first { out += " (at most \(value(report.tolerances[first], isDuration: true)) apart)" }
        out += "; at a tie with the process's death, the event scheduled first happens first\n"
        return out
    }

    private static func lineTitle(_ report: FlipReport, _ line: FlipReport.Line) -> String {
        var title = "along \(report.axes[line.axis].path)"
        let others = line.fixed.enumerated().filter { $0.offset != line.axis }.map { axis, index in
            "\(report.axes[axis].path) = \(value(report.axes[axis].values[index], isDuration: report.axes[axis].isDuration))"
        }
        if !others.isEmpty { title += " at " + others.joined(separator: ", ") }
        return title
    }

    private static func cellName(_ report: FlipReport, _ cell: CellIndex) -> String {
        "\(report.scenario.hooks[cell.hook].label) · \(report.scenario.strategies[cell.strategy].name)"
    }

    /// `× up to 11 ms, ○ from 11.001 ms`.
    static func segmentsText(_ report: FlipReport, _ axis: Int, _ segments: [FlipReport.Segment]) -> String {
        let isDuration = report.axes[axis].isDuration
        guard segments.count > 1 else { return "\(report.stateText(segments[0].finished)) over the whole range" }
        return segments.enumerated().map { index, segment in
            let state = report.stateText(segment.finished)
            if index == 0 { return "\(state) up to \(value(segment.to, isDuration: isDuration))" }
            if index == segments.count - 1 { return "\(state) from \(value(segment.from, isDuration: isDuration))" }
            return "\(state) from \(value(segment.from, isDuration: isDuration)) to \(value(segment.to, isDuration: isDuration))"
        }.joined(separator: ", ")
    }

    /// A stored value in the file's unit: `11.001 ms`, or a whole number.
    package static func value(_ stored: Int64, isDuration: Bool) -> String {
        isDuration ? TimeFormatting.exactMilliseconds(stored) + " ms" : "\(stored)"
    }
}
