import Foundation

/// Pictures of a sweep, as self-contained SVG: for one varied setting, a strip per cell coloured
/// ○/△/× along the setting, with each procedure's margin drawn as a curve under it, the cells that
/// flip first, in panels of ``panelRows`` with a scale each, then those that never flip, a thin
/// strip each with the margin closest to zero; for two, a
/// phase map per cell (first setting across, second up). More settings: the first two, at the
/// first value of the others.
///
/// Colours stay apart with every common colour-vision deficiency (checked on Machado et al.'s
/// simulations of protanopia, deuteranopia and tritanopia: see `SweepPaletteTests`): ○ bluish
/// green (Okabe and Ito's), × a dark vermilion, far from every other fill, and each △ (a set of
/// procedures) a colour from Paul Tol's palettes in turn: yellow, purple, pale cyan, sand, grey,
/// only the △ drawn taking one, and with a hatch when more than five are drawn (see
/// `SweepSVG+Fills.swift`).
/// Margin curves differ by colour and by dash. Margins are drawn on a symmetric logarithmic scale
/// (linear within ±``linearMarginNs``), so that a thin margin shows beside a wide one.
package enum SweepSVG {
    static let colours: [String: String] = ["○": "#009E73", "×": "#A32000"]
    static let partials = ["#F0E442", "#AA4499", "#88CCEE", "#DDCC77", "#BBBBBB"]
    static let curveColours = ["#0072B2", "#AA4499", "#000000", "#997700", "#44AA99", "#A32000"]
    static let curveDashes = ["", "5 2", "1.5 1.5", "6 2 1.5 2"]

    /// The picture of `report`; `points` are its grid's outcomes (``SweepPoint/run``) for margins
    /// and phase maps.
    package static func render(_ report: FlipReport, points: [SweepPoint]) -> String {
        report.axes.count == 1 ? strips(report, points) : phaseMaps(report, points)
    }

    /// Every state that occurs in the report, ○ first, then each △ by its procedures, then ×.
    package static func states(_ report: FlipReport) -> [UInt64] {
        var seen = Set<UInt64>()
        for line in report.lines { for cell in line.cells { for segment in cell.segments { seen.insert(segment.finished) } } }
        return orderedStates(report, seen)
    }

    /// The states `seen`, ○ first, then each △ by its procedures, then ×: the legend's order, and
    /// the order in which the △ take their looks (``fill(_:_:states:)``).
    static func orderedStates(_ report: FlipReport, _ seen: Set<UInt64>) -> [UInt64] {
        let all: UInt64 = report.scenario.procedures.count >= 64 ? .max : (1 << UInt64(report.scenario.procedures.count)) - 1
        return seen.sorted { a, b in
            func rank(_ state: UInt64) -> Int { state == all ? 0 : state == 0 ? 2 : 1 }
            return rank(a) != rank(b) ? rank(a) < rank(b) : a > b
        }
    }

    // MARK: - One setting: strips

    static func strips(_ report: FlipReport, _ points: [SweepPoint]) -> String {
        let axis = report.axes[0], line = report.lines[0]
        let states = orderedStates(report, Set(line.cells.flatMap { $0.segments.map(\.finished) }))
        // The cells that flip lead, in panels of a few, each with its scale; those that never flip
        // follow, a thin strip each.
        let moving = line.cells.indices.filter { line.cells[$0].segments.count > 1 }
        let steady = line.cells.indices.filter { line.cells[$0].segments.count <= 1 }
        // Row names right-aligned before the strips: as wide as the longest needs, at most
        // `maximumLabelShare` of the picture (a longer name is cut, whole in its tooltip).
        let longest = line.cells.map { cellName(report, $0.cell).count }.max() ?? 0
        let width = 460.0
        let widest = (maximumLabelShare / (1 - maximumLabelShare) * (width + 80)).rounded(.down)
        let left = min(16 + textWidth(longest), widest)
        let drawn = drawnCurves(report, points, cells: moving)
        let title = "\(report.scenario.name): sweep of \(axis.path)"
        let heading = steady.isEmpty ? "" : steadyHeading(count: steady.count, of: line.cells.count)
        let closest = steady.map { SteadyLabel(report, points, cell: $0) }
        // As wide as the strips, their scale, the margins beside the steady strips, the title and the
        // captions need; the legend wraps to that width (only an entry wider than it all widens the picture).
        let plotWidth = max(
            left + width + 80, 20 + textWidth(title.count, size: 14),
            drawn.isEmpty ? 0 : 20 + textWidth(marginCaption.count, size: 9), 20 + textWidth(heading.count),
            left + width + 16 + textWidth(closest.map(\.text.count).max() ?? 0, size: 9))
        let legend = legend(report, states, curves: drawn, x: 10, y: 38, width: plotWidth - 20)
        let scale = AxisScale(axis, width: width)
        var body = "", y = 40.0 + legendRowHeight * Double(legend.rows)
        let panels = stride(from: 0, to: moving.count, by: panelRows).map { Array(moving[$0..<min($0 + panelRows, moving.count)]) }
        for panel in panels {
            for index in panel {
                body += movingRow(report, points, cell: index, states: states, scale: scale, x: left, y: y)
                y += stripPitch
            }
            body += axisTicks(scale, axis, x: left, y: y + 4)
            y += axisHeight
        }
        if !steady.isEmpty {
            body += text(heading, x: 10, y: y + 12, anchor: "start")
            y += steadyHeadingHeight
            for (index, label) in zip(steady, closest) {
                body += steadyRow(report, cell: index, label: label, states: states, scale: scale, x: left, y: y)
                y += steadyPitch
            }
            body += axisTicks(scale, axis, x: left, y: y + 4)
            y += axisHeight
        }
        if !drawn.isEmpty { body += text(marginCaption, x: 10, y: y + 6, anchor: "start", size: 9) }
        var svg = header(width: max(plotWidth, legend.right + 10), height: y + 20, title: title)
        svg += hatchDefinitions(report, states) + legend.svg + body
        return svg + "</svg>\n"
    }

    /// A strip picture's layout, in pixels: the pitch of a cell that flips (its strip and its
    /// margin band), how many such cells share a panel and its scale, the height of a scale (ticks,
    /// their labels and the setting's name), the pitch of a cell that never flips and the height of
    /// the heading above those.
    static let stripPitch = 76.0, panelRows = 4, axisHeight = 46.0, steadyPitch = 16.0, steadyHeadingHeight = 20.0

    /// The heading above the cells that never flip: `9 of 18 cells never flip (one outcome
    /// throughout; at the right, the margin closest to zero)`.
    static func steadyHeading(count: Int, of total: Int) -> String {
        "\(count) of \(total) cells never flip (one outcome throughout; at the right, the margin closest to zero)"
    }

    /// A cell that flips: its name, its strip coloured by outcome along the axis, and each
    /// procedure's margin as a curve under it.
    static func movingRow(
        _ report: FlipReport, _ points: [SweepPoint], cell index: Int, states: [UInt64], scale: AxisScale, x left: Double,
        y: Double
    ) -> String {
        let cell = report.lines[0].cells[index]
        var svg = rowLabel(cellName(report, cell.cell), left: left, y: y + 12)
        for (k, segment) in cell.segments.enumerated() {
            let x0 = scale.x(segment.from)
            let x1 = k + 1 < cell.segments.count ? scale.x(cell.segments[k + 1].from) : scale.width
            let state = report.stateText(segment.finished)
            svg += filledRect(
                x: left + x0, y: y, width: max(1, x1 - x0), height: 16, fill(report, segment.finished, states: states),
                inside: "<title>\(escape(state))</title>") + "\n"
        }
        let margins = marginRange(points, cell: index, procedures: report.scenario.procedures.count)
        return svg + curves(report, points, cell: index, scale: scale, x: left, y: y + 22, height: 48, range: margins)
    }

    /// The most of a strip picture's width its row names take; ``rowLabel(_:left:y:)`` cuts a longer one.
    static let maximumLabelShare = 0.35

    /// A row's name, right-aligned before a strip starting at `left`; a name longer than the room
    /// there is cut (``cutLabel(_:characters:)``), and the whole name is its tooltip (`<title>`).
    static func rowLabel(_ name: String, left: Double, y: Double) -> String {
        let characters = max(2, Int((left - 16) / textWidth(1)))
        guard name.count > characters else { return text(name, x: left - 8, y: y, anchor: "end") }
        let label = text(cutLabel(name, characters: characters), x: left - 8, y: y, anchor: "end")
        return "<g><title>\(escape(name))</title>" + label + "</g>"
    }

    /// `hook · strategy` in at most `characters`: the hook is cut first (`applicationWill… · Task.detached`),
    /// to no less than a third of the room, then the strategy; a cut ends in `…`, except that a name
    /// ending in a qualified member (`SceneDelegate.sceneDidDisconnect`, `your code:
    /// AppDelegate.applicationWillTerminate`, as `import` names rows and columns) keeps its end and
    /// starts with `…`: its type is what such names share, the member what tells them apart.
    static func cutLabel(_ name: String, characters: Int) -> String {
        func cut(_ text: String, _ room: Int) -> String {
            guard text.count > room else { return text }
            if endsInQualifiedMember(text) {
                return "…" + String(text.suffix(max(1, room - 1))).trimmingCharacters(in: .whitespaces)
            }
            return String(text.prefix(max(1, room - 1))).trimmingCharacters(in: .whitespaces) + "…"
        }
        guard name.count > characters else { return name }
        let parts = name.components(separatedBy: " · ")
        guard parts.count == 2 else { return cut(name, characters) }
        let hook = cut(parts[0], max(characters / 3, characters - 3 - parts[1].count))
        return hook + " · " + cut(parts[1], characters - 3 - hook.count)
    }

    /// Whether `text` ends in `Type.member`: a dot followed by an identifier to the end.
    static func endsInQualifiedMember(_ text: String) -> Bool {
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
            return false
        }
        let before = text[text.index(before: dot)]
        return (before.isLetter || before.isNumber || before == "_")
            && text[text.index(after: dot)...].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// A cell that never flips, in one thin row: its name, a thin strip of its one outcome, and at
    /// the right its `label` (``SteadyLabel``: its margin closest to zero, or that it has none).
    static func steadyRow(
        _ report: FlipReport, cell index: Int, label: SteadyLabel, states: [UInt64], scale: AxisScale, x left: Double, y: Double
    ) -> String {
        let cell = report.lines[0].cells[index]
        let finished = cell.segments.first?.finished ?? 0
        var svg = rowLabel(cellName(report, cell.cell), left: left, y: y + 10)
        svg += filledRect(
            x: left, y: y + 2, width: scale.width, height: 10, fill(report, finished, states: states),
            inside: "<title>\(escape(report.stateText(finished)))</title>") + "\n"
        let words = text(label.text, x: left + scale.width + 6, y: y + 10, anchor: "start", size: 9)
        return svg + (label.tooltip.map { "<g><title>\(escape($0))</title>" + words + "</g>\n" } ?? words)
    }

    /// `+13 ms`, `−2.5 ms`: a margin in nanoseconds, signed as the bands' labels are.
    static func marginLabel(_ margin: Int64) -> String {
        (margin < 0 ? "−" : "+") + TimeFormatting.exactMilliseconds(margin == .min ? .max : abs(margin)) + " ms"
    }

    /// Under a strip picture with margin curves: how to read their scale.
    static let marginCaption =
        "margins (ms) on a symmetric log scale: linear within ±\(TimeFormatting.exactMilliseconds(Int64(linearMarginNs))) ms, "
        + "a decade per step beyond; each cell to its largest margin, rounded up"

    /// Each procedure's margin along the axis, in a band under the strip (zero in the middle), on
    /// the symmetric log scale of ``marginFraction(_:range:)``, with its labelled ticks.
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
                let clamped = marginFraction(Double(margin), range: range)
                coordinates.append("\(f(x + scale.x(value))),\(f(y + height / 2 - clamped * height / 2))")
            }
            guard coordinates.count >= minimumCurvePoints else { continue }
            out += "<polyline fill=\"none\" \(curveStroke(procedure, width: 1.2)) points=\"\(coordinates.joined(separator: " "))\">"
            out += "<title>margin, \(escape(report.scenario.procedures[procedure].name))</title></polyline>\n"
        }
        // The band's scale: its top and bottom are ± the cell's largest margin, its middle zero,
        // with a tick at each power of ten between and a label where one stands clear of the others.
        guard out.contains("<polyline") else { return out }
        let extent = TimeFormatting.exactMilliseconds(Int64(range)) + " ms"
        let right = x + scale.width + 4, middle = y + height / 2
        out += "<line x1=\"\(f(right - 4))\" x2=\"\(f(right - 4))\" y1=\"\(f(y))\" y2=\"\(f(y + height))\" stroke=\"#555\" stroke-width=\"0.5\"/>\n"
        let ticks = marginTicks(range: range, halfHeight: height / 2, gap: 9)
        for tick in ticks.marks {
            for sign in [1.0, -1.0] {
                let at = middle - sign * marginFraction(tick, range: range) * height / 2
                out += "<line x1=\"\(f(right - 6))\" x2=\"\(f(right - 4))\" y1=\"\(f(at))\" y2=\"\(f(at))\" stroke=\"#555\" stroke-width=\"0.5\"/>\n"
            }
        }
        for tick in ticks.labelled {
            let label = TimeFormatting.exactMilliseconds(Int64(tick)) + " ms"
            for (sign, word) in [(1.0, "+"), (-1.0, "−")] {
                let at = middle - sign * marginFraction(tick, range: range) * height / 2
                out += "<line x1=\"\(f(x))\" x2=\"\(f(right - 4))\" y1=\"\(f(at))\" y2=\"\(f(at))\" stroke=\"#ddd\" stroke-width=\"0.5\" stroke-dasharray=\"2 2\"/>\n"
                out += text(word + label, x: right, y: at + 3, anchor: "start", size: 8)
            }
        }
        // The edges' labels stand 2 pixels outside the band, in the gaps above and below it.
        out += text("+" + extent, x: right, y: y + 1, anchor: "start", size: 8)
        out += text("0", x: right, y: middle + 3, anchor: "start", size: 8)
        out += text("−" + extent, x: right, y: y + height + 5, anchor: "start", size: 8)
        return out
    }

    /// Margins within ± this many nanoseconds (0.01 ms) are drawn linearly; beyond, each power of
    /// ten takes the same height. Small enough that a thin win (`thinWinMs`, 3 ms by default) or a
    /// 0.1 ms margin stands well off the zero line, large enough that a tie (0) is not a pole.
    static let linearMarginNs = 10_000.0

    /// Where a margin of `margin` ns falls in a band whose edges are ±`range` ns, from −1 (bottom)
    /// to 1 (top): symmetric log, `sign(m) · log10(1 + |m|/c) / log10(1 + range/c)` with c =
    /// ``linearMarginNs``.
    static func marginFraction(_ margin: Double, range: Double) -> Double {
        let scale = log10(1 + range / linearMarginNs)
        guard scale > 0 else { return 0 }
        let fraction = min(1, log10(1 + abs(margin) / linearMarginNs) / scale)
        return margin < 0 ? -fraction : fraction
    }

    /// A band's ticks, in nanoseconds (each drawn on both sides of zero): a mark at every power of
    /// ten of milliseconds from 0.01 ms up to, not including, the band's edge (`range`), and a label
    /// on those, largest first, whose label stands at least `gap` pixels from zero, the edge's label
    /// (centred 2 pixels outside the band) and the other labels on a band of half-height
    /// `halfHeight` (labels are centred on their ticks).
    static func marginTicks(range: Double, halfHeight: Double, gap: Double) -> (marks: [Double], labelled: [Double]) {
        var marks: [Double] = []
        var decade = linearMarginNs
        while decade < range {
            marks.append(decade)
            decade *= 10
        }
        var taken = [0.0, halfHeight + 2]
        var labelled: [Double] = []
        for mark in marks.reversed() {
            let at = marginFraction(mark, range: range) * halfHeight
            if taken.allSatisfy({ abs($0 - at) >= gap }) {
                labelled.append(mark)
                taken.append(at)
            }
        }
        return (marks, labelled)
    }

    /// The fewest points with a margin that make a curve: one point draws nothing.
    static let minimumCurvePoints = 2

    /// The procedures whose margin is drawn as a curve in some of `cells` of a one-setting picture
    /// (those with at least ``minimumCurvePoints`` margins along the axis in a cell): the legend
    /// names only these. `cells` are the cells that flip: a cell that never flips draws no curve.
    /// None for a phase map, which draws no curves.
    static func drawnCurves(_ report: FlipReport, _ points: [SweepPoint], cells: [Int]) -> [Int] {
        guard report.axes.count == 1 else { return [] }
        let procedures = report.scenario.procedures.count
        return (0..<procedures).filter { procedure in
            cells.contains { cell in
                var count = 0
                for point in points where point.outcomes[cell * procedures + procedure].marginNs != nil {
                    count += 1
                    if count >= minimumCurvePoints { return true }
                }
                return false
            }
        }
    }

    /// A margin curve's stroke: its colour and dash, by procedure.
    static func curveStroke(_ procedure: Int, width: Double) -> String {
        let dash = curveDashes[procedure % curveDashes.count]
        return "stroke=\"\(curveColours[procedure % curveColours.count])\" stroke-width=\"\(f(width))\""
            + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")
    }

    /// The cell's largest margin in absolute value (nanoseconds), rounded up to a round value
    /// (``roundedUp(_:)``): its curves share one scale, so where they cross zero — where the cell
    /// flips — shows at any size, and the band's edges are labelled with a readable number.
    static func marginRange(_ points: [SweepPoint], cell: Int, procedures: Int) -> Double {
        var largest: Int64 = 1
        for point in points {
            for outcome in point.outcomes[(cell * procedures)..<((cell + 1) * procedures)] {
                guard let margin = outcome.marginNs else { continue }
                largest = max(largest, margin == .min ? .max : abs(margin))
            }
        }
        return Double(roundedUp(largest))
    }

    /// `value` rounded up to the next round value, 1, 2, 2.5 or 5 times a power of ten (98,900,000 ns →
    /// 100,000,000 ns, labelled `100 ms`; 9,238,195,338 ns → `10000 ms`; 2.1 ms → `2.5 ms`), so that a band's
    /// edges are labelled with a number a reader can take in; `value` itself where none fits in an `Int64`.
    static func roundedUp(_ value: Int64) -> Int64 {
        guard value > 1 else { return value }
        var decade: Int64 = 1
        while true {
            if let round = roundValues(decade).first(where: { $0 >= value }) { return round }
            let (next, overflow) = decade.multipliedReportingOverflow(by: 10)
            if overflow { return value }
            decade = next
        }
    }

    /// 1, 2, 2.5 and 5 times `decade`, those that are whole numbers and fit in an `Int64`, in order.
    static func roundValues(_ decade: Int64) -> [Int64] {
        var values = [decade]
        let twice = decade.multipliedReportingOverflow(by: 2), fivefold = decade.multipliedReportingOverflow(by: 5)
        if !twice.overflow { values.append(twice.partialValue) }
        if decade >= 10, !fivefold.overflow { values.append(fivefold.partialValue / 2) }
        if !fivefold.overflow { values.append(fivefold.partialValue) }
        return values
    }

    // MARK: - Two settings: phase maps

    static func phaseMaps(_ report: FlipReport, _ points: [SweepPoint]) -> String {
        let scenario = report.scenario
        let across = report.axes[0], up = report.axes[1]
        let drawn = drawnPoints(report, points)
        let states = orderedStates(report, Set(drawn.flatMap(\.finished)))
        let size = 150.0, gap = 90.0, left = 60.0
        let columns = scenario.strategies.count, rows = scenario.hooks.count
        let first = FlipReportRenderer.value(across.values[0], isDuration: across.isDuration)
        let last = FlipReportRenderer.value(across.values[across.values.count - 1], isDuration: across.isDuration)
        let low = FlipReportRenderer.value(up.values[0], isDuration: up.isDuration)
        let high = FlipReportRenderer.value(up.values[up.values.count - 1], isDuration: up.isDuration)
        let caption = "across: \(axisTitle(across)) \(first) … \(last); up: \(axisTitle(up)) \(low) … \(high)"
        let title = "\(scenario.name): \(across.path) (across) × \(up.path) (up)"
        // As wide as the grid, the title and the caption each need: nothing is cut off; the legend
        // wraps to that width (only an entry wider than it all widens the picture).
        let plotWidth = max(
            left + Double(columns) * (size + gap), 20 + textWidth(title.count, size: 14),
            left + textWidth(caption.count) + 20)
        let legend = legend(report, states, x: left, y: 38, width: plotWidth - left - 20)
        // Each panel's title (its hook, then its strategy) wraps to the panel's pitch; the
        // panels start low enough for the tallest.
        let titleCharacters = Int((size + gap - panelTitleGap) / textWidth(1))
        let titles = (0..<rows).flatMap { hook in
            (0..<columns).map { strategy in
                wrap(scenario.hooks[hook].label, characters: titleCharacters, lines: panelTitleLines)
                    + wrap(scenario.strategies[strategy].name, characters: titleCharacters, lines: panelTitleLines)
            }
        }
        let titleLines = titles.map(\.count).max() ?? 0
        let top = 58.0 + legendRowHeight * Double(legend.rows) + panelTitleLineHeight * Double(titleLines)
        let width = max(plotWidth, legend.right + 10)
        let height = top + Double(rows) * (size + gap) + 20
        var svg = header(width: width, height: height, title: title)
        svg += hatchDefinitions(report, states) + legend.svg
        let acrossAxis = MapAxis(axis: across, size: size), upAxis = MapAxis(axis: up, size: size)
        // Bottom row first, each row from the left: each cell reaches into the next ones drawn.
        let ordered = drawn.sorted { ($0.up, $0.across) < ($1.up, $1.across) }
        for hook in 0..<rows {
            for strategy in 0..<columns {
                let cell = hook * columns + strategy
                let x0 = left + Double(strategy) * (size + gap), y0 = top + Double(hook) * (size + gap)
                let full = scenario.hooks[hook].label + " · " + scenario.strategies[strategy].name
                svg += panelTitle(titles[cell], full: full, x: x0, bottom: y0 - 5)
                for point in ordered {
                    let look = fill(report, point.finished[cell], states: states)
                    svg += mapCell(across: point.across, up: point.up, acrossAxis, upAxis, x0: x0, y0: y0, look) + "\n"
                }
                svg += "<rect x=\"\(f(x0))\" y=\"\(f(y0))\" width=\"\(f(size))\" height=\"\(f(size))\" fill=\"none\" stroke=\"#555\" stroke-width=\"0.5\"/>\n"
                svg += mapTicks(acrossAxis, upAxis, x: x0, y: y0, size: size)
            }
        }
        svg += text(caption, x: left, y: height - 8, anchor: "start")
        return svg + "</svg>\n"
    }

    /// The grid points a phase map draws (those at the first value of every setting after the
    /// second): where each stands across and up, and each cell's state there.
    static func drawnPoints(_ report: FlipReport, _ points: [SweepPoint]) -> [(across: Int, up: Int, finished: [UInt64])] {
        let procedures = report.scenario.procedures.count
        let cells = report.scenario.hooks.count * report.scenario.strategies.count
        let grid = SweepGrid(axes: report.axes)
        return points.compactMap { point in
            let coordinates = grid.coordinates(of: point.index)
            guard coordinates.dropFirst(2).allSatisfy({ $0 == 0 }) else { return nil }
            let finished = (0..<cells).map { cell in
                var state: UInt64 = 0
                for p in 0..<procedures where point.outcomes[cell * procedures + p].finished { state |= 1 << UInt64(p) }
                return state
            }
            return (coordinates[0], coordinates[1], finished)
        }
    }

    /// A panel's title: its lines (``wrap(_:characters:lines:)``) upwards from `bottom`, with the
    /// full text as a tooltip.
    static func panelTitle(_ lines: [String], full: String, x: Double, bottom: Double) -> String {
        var out = "<g><title>\(escape(full))</title>\n"
        for (index, line) in lines.enumerated() {
            out += text(line, x: x, y: bottom - panelTitleLineHeight * Double(lines.count - 1 - index), anchor: "start")
        }
        return out + "</g>\n"
    }

    /// A phase map's panel titles: at most this many lines for the hook and as many for the
    /// strategy, this far apart, and this much room kept before the next panel, in pixels.
    static let panelTitleLines = 2, panelTitleLineHeight = 13.0, panelTitleGap = 12.0

    /// `text` in lines of at most `characters` characters, broken as the text tables break a cell
    /// (``TextRenderer/wrapCell(_:width:)``: at spaces, after `+`, `(`, `.` and `:`, then at
    /// camel-case humps, and only a hump still too long is cut), and at most `lines` of them: the
    /// last ends in `…` when the text goes on.
    static func wrap(_ text: String, characters: Int, lines: Int) -> [String] {
        let width = max(2, characters)
        let out = TextRenderer.wrapCell(text, width: width)
        guard out.count > lines, lines > 0 else { return out }
        let last = out[lines - 1].count < width ? out[lines - 1] : String(out[lines - 1].prefix(width - 1))
        return Array(out.prefix(lines - 1)) + [last + "…"]
    }

    // MARK: - Pieces

    /// Where a value of the axis falls, linearly or logarithmically as the axis was spaced: a range
    /// given `--log`, or a geometric list (`1,10,100`, ``isGeometric(_:)``), logarithmically.
    struct AxisScale {
        let low: Double, high: Double, width: Double, logarithmic: Bool

        init(_ axis: SweepAxis, width: Double) {
            logarithmic = (axis.spec.contains("logarithmic") || isGeometric(axis)) && (axis.values.first ?? 0) > 0
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

    /// Whether `axis` is a list of at least three positive values, each at least twice the one
    /// before, whose ratios differ by less than a factor of two (`1,10,100`; `2,5,10,20,40`):
    /// drawn logarithmically, its values stand evenly apart.
    static func isGeometric(_ axis: SweepAxis) -> Bool {
        let values = axis.values.map(Double.init)
        guard !axis.spec.contains("..."), values.count >= 3, values[0] > 0 else { return false }
        let ratios = zip(values, values.dropFirst()).map { $1 / $0 }
        guard let smallest = ratios.min(), let largest = ratios.max() else { return false }
        return smallest >= 2 && largest < 2 * smallest
    }

    /// Round values along the axis: powers of ten on a logarithmic axis, else the multiples of a
    /// round step (1, 2 or 5 times a power of ten) that give four or five ticks, or the next
    /// smaller round step where that gives fewer than two; the ends themselves only when no round
    /// step does.
    static func tickValues(_ scale: AxisScale, _ axis: SweepAxis) -> [Int64] {
        guard let low = axis.values.first, let high = axis.values.last, high > low else { return axis.values }
        if scale.logarithmic {
            var ticks: [Int64] = []
            var decade: Int64 = 1
            while decade <= high {
                if decade >= low { ticks.append(decade) }
                decade *= 10
            }
            if ticks.count >= 2 { return ticks }
        }
        let raw = Double(high - low) / 4
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        var step = Int64(max(1, ([1.0, 2, 5, 10].first { $0 * magnitude >= raw } ?? 10) * magnitude))
        while true {
            var ticks: [Int64] = []
            var tick = (low + step - 1) / step * step
            while tick <= high {
                ticks.append(tick)
                tick += step
            }
            if ticks.count >= 2 { return ticks }
            guard step > 1 else { return [low, high] }
            step = smallerRoundStep(step)
        }
    }

    /// The round step (1, 2 or 5 times a power of ten) just below `step`, itself round.
    static func smallerRoundStep(_ step: Int64) -> Int64 {
        var decade: Int64 = 1
        while decade * 10 <= step { decade *= 10 }
        let leading = step / decade
        return leading >= 5 ? 2 * decade : leading >= 2 ? decade : max(1, decade / 2)
    }

    static func axisTicks(_ scale: AxisScale, _ axis: SweepAxis, x: Double, y: Double) -> String {
        var out = ""
        for value in tickValues(scale, axis) {
            let position = x + scale.x(value)
            out += "<line x1=\"\(f(position))\" x2=\"\(f(position))\" y1=\"\(f(y))\" y2=\"\(f(y + 4))\" stroke=\"#555\"/>\n"
            out += text(FlipReportRenderer.value(value, isDuration: axis.isDuration), x: position, y: y + 16, anchor: "middle")
        }
        return out + text(axisTitle(axis), x: x + scale.width / 2, y: y + 32, anchor: "middle")
    }

    /// `timing.exitDurationMs (ms)`: the setting and its unit.
    static func axisTitle(_ axis: SweepAxis) -> String { axis.path + (axis.isDuration ? " (ms)" : " (count)") }

    /// ` ms` after a duration's last tick; nothing after a count's.
    static func unitSuffix(_ axis: SweepAxis) -> String { axis.isDuration ? " ms" : "" }

    /// A tick's number, without the unit the axis title gives.
    static func tickLabel(_ value: Int64, _ axis: SweepAxis) -> String {
        axis.isDuration ? TimeFormatting.exactMilliseconds(value) : "\(value)"
    }

    /// The legend laid out: its SVG, how many rows it takes and how far right it reaches.
    struct Legend {
        let svg: String, rows: Int, right: Double
    }

    /// The legend's entries flow left to right and wrap onto a new row where the next would reach
    /// past `x + width` (an entry wider than that has a row of its own): the states, then the
    /// margin curves drawn (`curves`), if any, from a new row.
    static func legend(
        _ report: FlipReport, _ states: [UInt64], curves: [Int] = [], x: Double, y: Double, width: Double
    ) -> Legend {
        var out = "", row = 0, position = x, right = x
        func place(_ label: String) -> (x: Double, y: Double) {
            let extent = legendSwatch + textWidth(label.count)
            if position > x && position + extent > x + width {
                row += 1
                position = x
            }
            defer { position += extent + legendGap }
            right = max(right, position + extent)
            return (position, y + legendRowHeight * Double(row))
        }
        for state in states {
            let label = legendLabel(report, state)
            let at = place(label)
            out += filledRect(x: at.x, y: at.y - 10, width: 12, height: 12, fill(report, state, states: states))
            out += text(label, x: at.x + legendSwatch, y: at.y, anchor: "start")
        }
        if !curves.isEmpty && !states.isEmpty {
            row += 1
            position = x
        }
        for index in curves {
            let label = curveLabel(report.scenario.procedures[index].name)
            let at = place(label)
            out += "<line x1=\"\(f(at.x))\" x2=\"\(f(at.x + 14))\" y1=\"\(f(at.y - 4))\" y2=\"\(f(at.y - 4))\" "
                + curveStroke(index, width: 2) + "/>"
            out += text(label, x: at.x + legendSwatch, y: at.y, anchor: "start")
        }
        return Legend(svg: out, rows: states.isEmpty && curves.isEmpty ? 0 : row + 1, right: right)
    }

    /// The legend's layout: the swatch and the space before its label, the space between entries
    /// and the height of a row, in pixels.
    static let legendSwatch = 18.0, legendGap = 18.0, legendRowHeight = 18.0

    /// `△ finished under background only`: what a state's colour means, each procedure named as
    /// the tables name it (``CellText/procedureName(_:)``: in quotes when it holds `and`, `only` or
    /// a list's separator).
    static func legendLabel(_ report: FlipReport, _ state: UInt64) -> String {
        switch report.stateText(state) {
        case "○": return "○ finished under every procedure"
        case "×": return "× finished under none"
        default:
            let names = report.scenario.procedures.indices.filter { state & (1 << UInt64($0)) != 0 }
                .map { CellText.procedureName(report.scenario.procedures[$0].name) }
            return "△ finished under \(names.joined(separator: " and ")) only"
        }
    }

    static func curveLabel(_ procedure: String) -> String { "margin, \(procedure) (+ won by, − lost by)" }


    /// About how wide `characters` characters of the pictures' sans-serif font are at `size` px: a
    /// generous average, so that a label is never cut (a little white space is the price).
    static func textWidth(_ characters: Int, size: Double = 11) -> Double {
        Double(characters) * size * 0.6
    }

    package static func header(width: Double, height: Double, title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n" + text(title, x: 10, y: 18, anchor: "start", size: 14)
    }

    package static func text(_ content: String, x: Double, y: Double, anchor: String, size: Int = 11) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\" font-size=\"\(size)\">\(escape(content))</text>\n"
    }

    package static func cellName(_ report: FlipReport, _ cell: CellIndex) -> String {
        "\(report.scenario.hooks[cell.hook].label) · \(report.scenario.strategies[cell.strategy].name)"
    }

    package static func escape(_ text: String) -> String { HTML.escape(text) }

    /// A coordinate with at most one decimal: the same picture on every machine.
    static func f(_ value: Double) -> String {
        let tenths = Int64((abs(value) * 10).rounded())
        let sign = value < 0 && tenths > 0 ? "-" : ""
        return sign + (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)")
    }
}
