/// Draws a ``Timeline`` as an inline SVG: one row per track, nested slices as stacked bars,
/// instants as ticks, flows as thin lines, death as a red line. Tooltips are SVG `<title>`s, so
/// the drawing needs no script.
enum TimelineSVG {
    static let labelWidth = 190.0
    static let plotWidth = 760.0
    static let rowHeight = 26.0
    static let top = 8.0
    static let axisHeight = 34.0

    static func render(_ timeline: Timeline) -> String {
        let tracks = timeline.usedTracks
        var times = [Int64(0), timeline.end]
        for slice in timeline.slices { times += [slice.start, slice.end] }
        for instant in timeline.instants { times.append(instant.time) }
        let scale = TimeScale(times: times, x0: labelWidth, width: plotWidth)
        let height = top + Double(tracks.count) * rowHeight + axisHeight
        let width = labelWidth + plotWidth + 20
        func y(_ track: Int) -> Double { top + Double(tracks.firstIndex(of: track) ?? 0) * rowHeight }
        func f(_ value: Double) -> String { format(value) }

        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" viewBox=\"0 0 \(f(width)) \(f(height))\" "
        svg += "width=\"\(f(width))\" height=\"\(f(height))\" role=\"img\">\n"
        // Rows and labels.
        for (row, track) in tracks.enumerated() {
            let rowY = top + Double(row) * rowHeight
            svg += "<rect class=\"row\" x=\"0\" y=\"\(f(rowY))\" width=\"\(f(width))\" height=\"\(f(rowHeight))\"/>\n"
            svg += "<text class=\"label\" x=\"6\" y=\"\(f(rowY + 17))\">\(HTML.escape(timeline.tracks[track]))</text>\n"
        }
        // Squeezed gaps.
        for gap in scale.breaks {
            let x = (scale.x(gap.start) + scale.x(gap.end)) / 2
            svg += "<text class=\"gap\" x=\"\(f(x))\" y=\"\(f(height - 20))\" text-anchor=\"middle\">≈ \(HTML.escape(TimeFormatting.milliseconds(gap.end - gap.start)))</text>\n"
        }
        // Slices, nested ones inset.
        var depth: [Int] = []
        for (index, slice) in timeline.slices.enumerated() {
            let enclosing = timeline.slices[..<index].filter {
                $0.track == slice.track && $0.start <= slice.start && $0.end >= slice.end
            }.count
            depth.append(enclosing)
        }
        for (index, slice) in timeline.slices.enumerated() {
            let inset = min(Double(depth[index]) * 3, 9)
            let x = scale.x(slice.start)
            let w = max(scale.x(slice.end) - x, 1.5)
            let rowY = y(slice.track)
            svg += "<rect class=\"slice \(slice.category)\(slice.afterDeath ? " ghost" : "")\" x=\"\(f(x))\" y=\"\(f(rowY + 3 + inset))\" "
            svg += "width=\"\(f(w))\" height=\"\(f(rowHeight - 6 - 2 * inset))\">"
            svg += "<title>\(HTML.escape(slice.name)): \(HTML.escape(TimeFormatting.milliseconds(slice.start))) – "
            svg += "\(HTML.escape(TimeFormatting.milliseconds(slice.end)))\(slice.afterDeath ? " (after death)" : "")</title></rect>\n"
        }
        for flow in timeline.flows {
            svg += "<line class=\"flow\" x1=\"\(f(scale.x(flow.fromTime)))\" y1=\"\(f(y(flow.fromTrack) + rowHeight / 2))\" "
            svg += "x2=\"\(f(scale.x(flow.toTime)))\" y2=\"\(f(y(flow.toTrack) + rowHeight / 2))\"/>\n"
        }
        for instant in timeline.instants {
            let x = scale.x(instant.time)
            let rowY = y(instant.track)
            let kind = instant.name.hasPrefix("cleanup takes effect") ? "effect" : instant.afterDeath ? "ghost" : "event"
            svg += "<path class=\"instant \(kind)\" d=\"M\(f(x)) \(f(rowY + 4)) l5 9 l-10 0 z\">"
            svg += "<title>\(HTML.escape(instant.name)) at \(HTML.escape(TimeFormatting.milliseconds(instant.time)))</title></path>\n"
        }
        if let death = timeline.deathTime {
            let x = scale.x(death)
            svg += "<line class=\"death\" x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(height - axisHeight))\">"
            svg += "<title>the process died at \(HTML.escape(TimeFormatting.milliseconds(death)))</title></line>\n"
        }
        // Axis: start, death and end.
        let axisY = height - axisHeight + 14
        var labelled: [Double] = []
        for time in [Int64(0), timeline.deathTime, timeline.end].compactMap({ $0 }) {
            let x = scale.x(time)
            guard !labelled.contains(where: { abs($0 - x) < 60 }) else { continue }
            labelled.append(x)
            svg += "<text class=\"tick\" x=\"\(f(x))\" y=\"\(f(axisY))\" text-anchor=\"middle\">\(HTML.escape(TimeFormatting.milliseconds(time)))</text>\n"
        }
        return svg + "</svg>"
    }

    /// Two decimals at most, no exponent: stable text on every platform.
    static func format(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        if fraction == 0 { return String(whole) }
        return "\(hundredths < 0 && whole == 0 ? "-" : "")\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// HTML text escaping.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
