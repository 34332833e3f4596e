/// What a sweep of more than one line says once, before any line, so that its lines name only
/// what moves: the cells that never flip anywhere (each with its one state); per varied setting,
/// the cells that flip along it alike on every line, and the lines along it on which nothing else
/// flips, in one sentence.
///
/// A cell that keeps one state on a line but not everywhere is not listed on that line: its state
/// there is read on the lines along the other settings, where it flips (a grid is connected, so a
/// cell that flips on no line at all is one of those that never flip anywhere).
struct FlipReportSummary {
    /// A cell that keeps one state at every grid point.
    struct SteadyCell {
        var cell: CellIndex
        var state: UInt64
    }

    /// A line on which some cell flips, with only those cells.
    struct MovingLine {
        var line: FlipReport.Line
        var cells: [FlipReport.CellSegments]
    }

    /// The cells that never flip anywhere, in scenario order.
    let steadyEverywhere: [SteadyCell]
    /// By axis (in the report's order, those with more than one line): the cells that flip along it
    /// in the same stretches on every line, whatever the other settings, as on its first line.
    let uniformCells: [(axis: Int, cells: [FlipReport.CellSegments])]
    /// By axis (in the report's order): the lines along it on which no other cell flips.
    let quietLines: [(axis: Int, lines: [FlipReport.Line])]
    /// The lines on which some other cell flips, in the report's order.
    let movingLines: [MovingLine]

    init(_ report: FlipReport) {
        steadyEverywhere = Self.steadyEverywhere(report)
        let uniform = report.axes.indices.map { Self.uniformPositions(report, axis: $0) }
        uniformCells = report.axes.indices.compactMap { axis in
            guard let first = report.lines.first(where: { $0.axis == axis }), !uniform[axis].isEmpty else { return nil }
            return (axis, uniform[axis].sorted().map { first.cells[$0] })
        }
        var quiet: [Int: [FlipReport.Line]] = [:]
        var moving: [MovingLine] = []
        for line in report.lines {
            let cells = line.cells.indices.filter { !line.cells[$0].neverFlips && !uniform[line.axis].contains($0) }.map { line.cells[$0] }
            if cells.isEmpty { quiet[line.axis, default: []].append(line) } else { moving.append(MovingLine(line: line, cells: cells)) }
        }
        quietLines = report.axes.indices.compactMap { axis in quiet[axis].map { (axis, $0) } }
        movingLines = moving
    }

    /// The positions of the cells that flip along `axis` in the same stretches on each of its lines
    /// (none when it has one line only: nothing to compare).
    private static func uniformPositions(_ report: FlipReport, axis: Int) -> Set<Int> {
        let lines = report.lines.filter { $0.axis == axis }
        guard lines.count > 1 else { return [] }
        return Set(lines[0].cells.indices.filter { position in
            !lines[0].cells[position].neverFlips && lines.allSatisfy { $0.cells[position].segments == lines[0].cells[position].segments }
        })
    }

    /// `along timing.exitDurationMs, whatever timing.startLatencyMs.default:` (with more than two
    /// settings, `whatever the other settings`).
    static func uniformTitle(_ report: FlipReport, axis: Int) -> String {
        let others = report.axes.indices.filter { $0 != axis }
        let whatever = others.count == 1 ? report.axes[others[0]].path : "the other settings"
        return "along \(report.axes[axis].path), whatever \(whatever):"
    }

    /// The cells that never flip on any line and are in the same state on all of them.
    private static func steadyEverywhere(_ report: FlipReport) -> [SteadyCell] {
        guard let first = report.lines.first else { return [] }
        return first.cells.enumerated().compactMap { position, cell in
            let state = cell.segments[0].finished
            let steady = report.lines.allSatisfy { line in
                line.cells[position].neverFlips && line.cells[position].segments[0].finished == state
            }
            return steady ? SteadyCell(cell: cell.cell, state: state) : nil
        }
    }

    /// `along timing.startLatencyMs.default, no cell flips at timing.exitDurationMs = 1 ms to 3 ms,
    /// 20 ms (4 of 10 values)`: consecutive grid values of three or more as a stretch (`to`); with
    /// more than two settings, the lines are counted.
    static func quietSentence(_ report: FlipReport, axis: Int, lines: [FlipReport.Line], others uniform: Bool) -> String {
        let along = "along \(report.axes[axis].path), no \(uniform ? "other " : "")cell flips"
        let total = report.lines.filter { $0.axis == axis }.count
        let others = report.axes.indices.filter { $0 != axis }
        guard others.count == 1, let other = others.first else {
            return "\(along) on \(TimeFormatting.grouped(lines.count)) of \(TimeFormatting.grouped(total)) lines"
        }
        let otherAxis = report.axes[other]
        let stretches = Self.stretches(lines.map { $0.fixed[other] }).map { stretch in
            let first = FlipReportRenderer.value(otherAxis.values[stretch.lowerBound], isDuration: otherAxis.isDuration)
            guard stretch.count > 1 else { return first }
            let last = FlipReportRenderer.value(otherAxis.values[stretch.upperBound - 1], isDuration: otherAxis.isDuration)
            return first + (stretch.count == 2 ? ", " : " to ") + last
        }
        let count = lines.count == total ? "all \(TimeFormatting.grouped(total)) values" : "\(TimeFormatting.grouped(lines.count)) of \(TimeFormatting.grouped(total)) values"
        return "\(along) at \(otherAxis.path) = \(stretches.joined(separator: ", ")) (\(count))"
    }

    /// Ascending indices gathered into runs of consecutive ones: `[0, 1, 2, 5]` → `[0..<3, 5..<6]`.
    static func stretches(_ indices: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for index in indices {
            if let last = runs.last, last.upperBound == index {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
            } else {
                runs.append(index..<(index + 1))
            }
        }
        return runs
    }

    /// Said once before the lines: what a line leaves out.
    static let linesNameOnlyFlips = "each line below names only what flips along it besides the above; a cell it leaves out flips as "
        + "above or keeps one state there (read it on the lines along the other settings)"
}
