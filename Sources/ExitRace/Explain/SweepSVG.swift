import Foundation

/// Pictures of a sweep, as self-contained SVG: for one varied setting, a strip per cell coloured
/// ○/△/× along the setting, with each procedure's margin drawn as a curve under it; for two, a
/// phase map per cell (first setting across, second up). More settings: the first two, at the
/// first value of the others.
public enum SweepSVG {
    static let colours: [String: String] = ["○": "#2e7d32", "×": "#c62828"]
    static let partial = "#f9a825"
    static let curveColours = ["#1565c0", "#6a1b9a", "#00838f", "#4e342e", "#ad1457", "#37474f"]

    /// The picture of `report`; `points` are its grid's outcomes (``SweepPoint/run``) for margins
    /// and phase maps.
    public static func render(_ report: FlipReport, points: [SweepPoint]) -> String {
        report.axes.count == 1 ? strips(report, points) : phaseMaps(report, points)
    }

    static func colour(_ state: String) -> String { colours[state] ?? partial }

    // MARK: - One setting: strips

    static func strips(_ report: FlipReport, _ points: [SweepPoint]) -> String {
        let axis = report.axes[0], line = report.lines[0]
        let left = 300.0, width = 460.0, row = 44.0, top = 56.0
        let height = top + row * Double(line.cells.count) + 40
        let scale = AxisScale(axis, width: width)
        var svg = header(width: left + width + 20, height: height, title: "\(report.scenario.name): sweep of \(axis.path)")
        svg += legend(report, x: 10, y: 38)
        for (index, cell) in line.cells.enumerated() {
            let y = top + row * Double(index)
            svg += text(cellName(report, cell.cell), x: left - 8, y: y + 12, anchor: "end")
            for (k, segment) in cell.segments.enumerated() {
                let x0 = scale.x(segment.from)
                let x1 = k + 1 < cell.segments.count ? scale.x(cell.segments[k + 1].from) : width
                let state = report.stateText(segment.finished)
                svg += "<rect x=\"\(f(left + x0))\" y=\"\(f(y))\" width=\"\(f(max(1, x1 - x0)))\" height=\"16\" fill=\"\(colour(state))\">"
                svg += "<title>\(escape(state))</title></rect>\n"
            }
            let margins = marginRange(points, cell: index, procedures: report.scenario.procedures.count)
            svg += curves(report, points, cell: index, scale: scale, x: left, y: y + 19, height: 20, range: margins)
        }
        svg += axisTicks(scale, axis, x: left, y: top + row * Double(line.cells.count) + 4)
        return svg + "</svg>\n"
    }

    /// Each procedure's margin along the axis, in a band under the strip (zero in the middle).
    static func curves(
        _ report: FlipReport, _ points: [SweepPoint], cell: Int, scale: AxisScale, x: Double, y: Double, height: Double,
        range: Double
    ) -> String {
        let procedures = report.scenario.procedures.count
        var out = "<line x1=\"\(f(x))\" x2=\"\(f(x + scale.width))\" y1=\"\(f(y + height / 2))\" y2=\"\(f(y + height / 2))\" stroke=\"#bbb\" stroke-width=\"0.5\"/>\n"
        for procedure in 0..<procedures {
            var coordinates: [String] = []
            for point in points {
                guard let margin = point.outcomes[cell * procedures + procedure].marginNs else { continue }
                let value = report.axes[0].values[point.index]
                let clamped = max(-1, min(1, Double(margin) / range))
                coordinates.append("\(f(x + scale.x(value))),\(f(y + height / 2 - clamped * height / 2))")
            }
            guard coordinates.count > 1 else { continue }
            out += "<polyline fill=\"none\" stroke=\"\(curveColours[procedure % curveColours.count])\" stroke-width=\"1\" points=\"\(coordinates.joined(separator: " "))\">"
            out += "<title>margin, \(escape(report.scenario.procedures[procedure].name))</title></polyline>\n"
        }
        return out
    }

    /// The cell's largest margin in absolute value (nanoseconds): its curves share one scale, so
    /// where they cross zero — where the cell flips — shows at any size.
    static func marginRange(_ points: [SweepPoint], cell: Int, procedures: Int) -> Double {
        var largest: Int64 = 1
        for point in points {
            for outcome in point.outcomes[(cell * procedures)..<((cell + 1) * procedures)] {
                guard let margin = outcome.marginNs else { continue }
                largest = max(largest, margin == .min ? .max : abs(margin))
            }
        }
        return Double(largest)
    }

    // MARK: - Two settings: phase maps

    static func phaseMaps(_ report: FlipReport, _ points: [SweepPoint]) -> String {
        let scenario = report.scenario
        let across = report.axes[0], up = report.axes[1]
        let size = 150.0, gap = 80.0, top = 84.0, left = 60.0
        let columns = scenario.strategies.count, rows = scenario.hooks.count
        let width = left + Double(columns) * (size + gap), height = top + Double(rows) * (size + gap) + 20
        var svg = header(width: width, height: height, title: "\(scenario.name): \(across.path) (across) × \(up.path) (up)")
        svg += legend(report, x: left, y: 34)
        let procedures = scenario.procedures.count
        let cellWidth = size / Double(across.values.count), cellHeight = size / Double(up.values.count)
        for hook in 0..<rows {
            for strategy in 0..<columns {
                let cell = hook * columns + strategy
                let x0 = left + Double(strategy) * (size + gap), y0 = top + Double(hook) * (size + gap)
                svg += text(scenario.hooks[hook].label, x: x0, y: y0 - 18, anchor: "start")
                svg += text(scenario.strategies[strategy].name, x: x0, y: y0 - 5, anchor: "start")
                for point in points {
                    let coordinates = SweepGrid(axes: report.axes).coordinates(of: point.index)
                    guard coordinates.dropFirst(2).allSatisfy({ $0 == 0 }) else { continue }
                    var finished: UInt64 = 0
                    for p in 0..<procedures where point.outcomes[cell * procedures + p].finished { finished |= 1 << UInt64(p) }
                    let x = x0 + Double(coordinates[0]) * cellWidth
                    let y = y0 + size - Double(coordinates[1] + 1) * cellHeight
                    svg += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(cellWidth + 0.2))\" height=\"\(f(cellHeight + 0.2))\" fill=\"\(colour(report.stateText(finished)))\"/>\n"
                }
                svg += "<rect x=\"\(f(x0))\" y=\"\(f(y0))\" width=\"\(f(size))\" height=\"\(f(size))\" fill=\"none\" stroke=\"#555\" stroke-width=\"0.5\"/>\n"
            }
        }
        let first = FlipReportRenderer.value(across.values[0], isDuration: across.isDuration)
        let last = FlipReportRenderer.value(across.values[across.values.count - 1], isDuration: across.isDuration)
        let low = FlipReportRenderer.value(up.values[0], isDuration: up.isDuration)
        let high = FlipReportRenderer.value(up.values[up.values.count - 1], isDuration: up.isDuration)
        svg += text("across: \(across.path) \(first) … \(last); up: \(up.path) \(low) … \(high)", x: left, y: height - 8, anchor: "start")
        return svg + "</svg>\n"
    }

    // MARK: - Pieces

    /// Where a value of the axis falls, linearly or logarithmically as the axis was spaced.
    struct AxisScale {
        let low: Double, high: Double, width: Double, logarithmic: Bool

        init(_ axis: SweepAxis, width: Double) {
            logarithmic = axis.spec.contains("logarithmic") && (axis.values.first ?? 0) > 0
            low = Double(axis.values.first ?? 0)
            high = Double(axis.values.last ?? 1)
            self.width = width
        }

        func x(_ value: Int64) -> Double {
            guard high > low else { return 0 }
            let fraction = logarithmic ? log(Double(value) / low) / log(high / low) : (Double(value) - low) / (high - low)
            return max(0, min(1, fraction)) * width
        }
    }

    /// Round values along the axis: powers of ten on a logarithmic axis, else five even steps.
    static func tickValues(_ scale: AxisScale, _ axis: SweepAxis) -> [Int64] {
        guard let low = axis.values.first, let high = axis.values.last, high > low else { return axis.values }
        if scale.logarithmic {
            var ticks: [Int64] = []
            var decade: Int64 = 1
            while decade <= high {
                if decade >= low { ticks.append(decade) }
                decade *= 10
            }
            return ticks.count >= 2 ? ticks : [low, high]
        }
        return (0...4).map { low + (high - low) * Int64($0) / 4 }
    }

    static func axisTicks(_ scale: AxisScale, _ axis: SweepAxis, x: Double, y: Double) -> String {
        var out = ""
        for value in tickValues(scale, axis) {
            let position = x + scale.x(value)
            out += "<line x1=\"\(f(position))\" x2=\"\(f(position))\" y1=\"\(f(y))\" y2=\"\(f(y + 4))\" stroke=\"#555\"/>\n"
            out += text(FlipReportRenderer.value(value, isDuration: axis.isDuration), x: position, y: y + 16, anchor: "middle")
        }
        return out + text(axis.path, x: x + scale.width / 2, y: y + 32, anchor: "middle")
    }

    static func legend(_ report: FlipReport, x: Double, y: Double) -> String {
        var out = ""
        var position = x
        for (label, fill) in [("○ every procedure", colours["○"]!), ("△ some", partial), ("× none", colours["×"]!)] {
            out += "<rect x=\"\(f(position))\" y=\"\(f(y - 10))\" width=\"12\" height=\"12\" fill=\"\(fill)\"/>"
            out += text(label, x: position + 16, y: y, anchor: "start")
            position += 140
        }
        guard report.axes.count == 1 else { return out }
        for (index, procedure) in report.scenario.procedures.enumerated() {
            out += "<line x1=\"\(f(position))\" x2=\"\(f(position + 14))\" y1=\"\(f(y - 4))\" y2=\"\(f(y - 4))\" stroke=\"\(curveColours[index % curveColours.count])\" stroke-width=\"2\"/>"
            out += text("margin, \(procedure.name)", x: position + 18, y: y, anchor: "start")
            position += 150
        }
        return out
    }

    static func header(width: Double, height: Double, title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n" + text(title, x: 10, y: 18, anchor: "start", size: 14)
    }

    static func text(_ content: String, x: Double, y: Double, anchor: String, size: Int = 11) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\" font-size=\"\(size)\">\(escape(content))</text>\n"
    }

    static func cellName(_ report: FlipReport, _ cell: CellIndex) -> String {
        "\(report.scenario.hooks[cell.hook].label) · \(report.scenario.strategies[cell.strategy].name)"
    }

    static func escape(_ text: String) -> String { HTML.escape(text) }

    /// A coordinate with at most one decimal: the same picture on every machine.
    static func f(_ value: Double) -> String {
        let tenths = Int64((abs(value) * 10).rounded())
        let sign = value < 0 && tenths > 0 ? "-" : ""
        return sign + (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)")
    }
}
