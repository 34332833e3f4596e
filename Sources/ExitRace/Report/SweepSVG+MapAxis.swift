/// A phase map's axes: each grid value is a cell of equal width, in the axis's order, so a range's
/// values (evenly spaced, linearly or logarithmically) fall on their own scale and a list's values
/// (`--vary X=1,10,100`) on evenly spaced categories; a boundary between two colours is drawn between
/// the two values it lies between, never at a value that was not run.
extension SweepSVG {
    /// Where a phase map draws an axis's values, `size` pixels long.
    struct MapAxis {
        let axis: SweepAxis, size: Double

        /// Whether the axis is a list of values (`X=1,10,100`) rather than a range (`X=1...100`).
        var isList: Bool { !axis.spec.contains("...") }

        /// The start of value `index`'s cell; `edge(count)` is the far end.
        func edge(_ index: Int) -> Double { size * Double(index) / Double(max(1, axis.values.count)) }

        /// The middle of value `index`'s cell.
        func centre(_ index: Int) -> Double { (edge(index) + edge(index + 1)) / 2 }

        /// The ticks, as (position from the axis's start, label): a list's values at their cells' middles
        /// (every few when there are many); a range's round values (``tickValues(_:_:)``) where they fall
        /// between its cells' middles.
        func ticks() -> [(position: Double, label: String)] {
            let count = axis.values.count
            if isList {
                let every = max(1, (count + maximumListTicks - 1) / maximumListTicks)
                return stride(from: 0, to: count, by: every).map { (centre($0), tickLabel(axis.values[$0], axis)) }
            }
            let scale = AxisScale(axis, width: 1)
            return tickValues(scale, axis).map { value in
                let index = scale.x(value) * Double(count - 1)
                return (size * (index + 0.5) / Double(max(1, count)), tickLabel(value, axis))
            }
        }
    }

    /// The most values a list axis labels; a longer list labels every second, third, … value.
    static let maximumListTicks = 6

    /// A phase map's ticks: values across under it, values up on its left, with a tick mark each;
    /// the last label on each axis carries the unit (`40 ms`).
    static func mapTicks(_ across: MapAxis, _ up: MapAxis, x: Double, y: Double, size: Double) -> String {
        var out = ""
        let acrossTicks = across.ticks(), upTicks = up.ticks()
        for (index, tick) in acrossTicks.enumerated() {
            let position = x + tick.position
            let label = tick.label + (index == acrossTicks.count - 1 ? unitSuffix(across.axis) : "")
            out += "<line x1=\"\(f(position))\" x2=\"\(f(position))\" y1=\"\(f(y + size))\" "
                + "y2=\"\(f(y + size + 3))\" stroke=\"#555\"/>\n"
            out += text(label, x: position, y: y + size + 12, anchor: "middle", size: 8)
        }
        for (index, tick) in upTicks.enumerated() {
            let position = y + size - tick.position
            let label = tick.label + (index == upTicks.count - 1 ? unitSuffix(up.axis) : "")
            out += "<line x1=\"\(f(x - 3))\" x2=\"\(f(x))\" y1=\"\(f(position))\" "
                + "y2=\"\(f(position))\" stroke=\"#555\"/>\n"
            out += text(label, x: x - 4, y: position + 3, anchor: "end", size: 8)
        }
        return out
    }

    /// How far a phase map's cell reaches into the neighbour drawn after it (the one to its right
    /// and the one above), in pixels: shared edges drawn apart leave a hairline seam at most zooms.
    static let mapCellOverlap = 1.0

    /// The cell of one grid point in a phase map whose panel starts at (`x0`, `y0`): from its edges,
    /// reaching ``mapCellOverlap`` into the cell to its right and the one above unless it is the last.
    static func mapCell(
        across index: Int, up row: Int, _ across: MapAxis, _ up: MapAxis, x0: Double, y0: Double, _ look: Fill
    ) -> String {
        let right = index + 1 < across.axis.values.count ? mapCellOverlap : 0
        let above = row + 1 < up.axis.values.count ? mapCellOverlap : 0
        let left = x0 + across.edge(index), bottom = y0 + up.size - up.edge(row)
        let top = y0 + up.size - up.edge(row + 1) - above
        let width = across.edge(index + 1) - across.edge(index) + right
        return filledRect(x: left, y: top, width: width, height: bottom - top, look)
    }
}
