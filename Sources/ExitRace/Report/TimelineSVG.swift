/// Draws a ``Timeline`` as an inline SVG: one row per track, nested slices as stacked bars,
/// instants as ticks, flows as thin lines, death as a red line. Tooltips are SVG `<title>`s, so
/// the drawing needs no script.
enum TimelineSVG {
    static let labelWidth = 190.0
    static let plotWidth = 760.0
    static let rowHeight = 26.0
    static let top = 8.0
    static let axisHeight = 34.0
    static let maxFlows = 40

    static func render(_ timeline: Timeline) -> String {
        let frame = Frame(timeline)
        let f = format
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" viewBox=\"0 0 \(f(frame.width)) \(f(frame.height))\" "
        svg += "width=\"\(f(frame.width))\" height=\"\(f(frame.height))\" role=\"img\">\n"
        svg += rows(timeline, frame) + gaps(frame) + slices(timeline, frame) + flows(timeline, frame)
        svg += instants(timeline, frame) + death(timeline, frame) + axis(timeline, frame) + key(frame)
        return svg + "</svg>"
    }

    /// Where things go: the tracks drawn, the time scale, the size of the drawing.
    struct Frame {
        let tracks: [Int]
        let scale: TimeScale
        let width: Double
        let height: Double
        /// The colour key: each entry and where it goes, in rows under the axis.
        let key: [KeyEntry]

        init(_ timeline: Timeline) {
            tracks = timeline.usedTracks
            var times = [Int64(0), timeline.end]
            for slice in timeline.slices { times += [slice.start, slice.end] }
            for instant in timeline.instants { times.append(instant.time) }
            scale = TimeScale(times: times, x0: labelWidth, width: plotWidth)
            width = labelWidth + plotWidth + 20
            key = TimelineSVG.keyEntries(timeline, width: width)
            let keyRows = Double((key.map(\.row).max() ?? -1) + 1)
            height = top + Double(tracks.count) * rowHeight + axisHeight + keyRows * keyRowHeight
        }

        /// The top of the axis, under the last row.
        var axisTop: Double { top + Double(tracks.count) * rowHeight }

        /// The top of a track's row.
        func y(_ track: Int) -> Double { top + Double(tracks.firstIndex(of: track) ?? 0) * rowHeight }
    }

    /// A row and a label per track.
    static func rows(_ timeline: Timeline, _ frame: Frame) -> String {
        let f = format
        var svg = ""
        for (row, track) in frame.tracks.enumerated() {
            let rowY = top + Double(row) * rowHeight
            svg += "<rect class=\"row\" x=\"0\" y=\"\(f(rowY))\" width=\"\(f(frame.width))\" height=\"\(f(rowHeight))\"/>\n"
            svg += "<text class=\"label\" x=\"6\" y=\"\(f(rowY + 17))\">\(HTML.escape(timeline.tracks[track]))</text>\n"
        }
        return svg
    }

    /// Squeezed gaps, the longest three labelled.
    static func gaps(_ frame: Frame) -> String {
        let scale = frame.scale
        let labelled = scale.breaks.sorted { $0.end - $0.start > $1.end - $1.start }.prefix(3)
        var svg = ""
        for gap in scale.breaks where labelled.contains(where: { $0.start == gap.start }) {
            let x = (scale.x(gap.start) + scale.x(gap.end)) / 2
            guard x < labelWidth + plotWidth - 70 else { continue }  // keep clear of the end tick
            svg += "<text class=\"gap\" x=\"\(format(x))\" y=\"\(format(frame.axisTop + 14))\" text-anchor=\"middle\">"
            svg += "≈ \(HTML.escape(TimeFormatting.milliseconds(gap.end - gap.start)))</text>\n"
        }
        return svg
    }

    /// Slices, nested ones inset; slices too close to tell apart at this scale are drawn as one.
    static func slices(_ timeline: Timeline, _ frame: Frame) -> String {
        let f = format
        var svg = ""
        for bar in bars(timeline, frame.scale) {
            let inset = min(Double(bar.depth) * 3, 9)
            let rowY = frame.y(bar.track)
            svg += "<rect class=\"slice \(bar.category)\(bar.afterDeath ? " ghost" : "")\" x=\"\(f(bar.x))\" y=\"\(f(rowY + 3 + inset))\" "
            svg += "width=\"\(f(max(bar.width, 1.5)))\" height=\"\(f(rowHeight - 6 - 2 * inset))\">"
            svg += "<title>\(HTML.escape(bar.title))</title></rect>\n"
        }
        return svg
    }

    /// Arrows from where a job was queued to where it started. Arrows closer than a few pixels to
    /// one already drawn add nothing; a timer's hundreds of jobs would otherwise hatch the rows.
    /// At most `maxFlows` are drawn.
    static func flows(_ timeline: Timeline, _ frame: Frame) -> String {
        let f = format
        var svg = ""
        var drawn: [(Double, Double, Int, Int)] = []
        for flow in timeline.flows {
            let x1 = frame.scale.x(flow.fromTime)
            let x2 = frame.scale.x(flow.toTime)
            let near = drawn.contains { $0.2 == flow.fromTrack && $0.3 == flow.toTrack && abs($0.0 - x1) < 12 && abs($0.1 - x2) < 12 }
            if near || drawn.count == maxFlows { continue }
            drawn.append((x1, x2, flow.fromTrack, flow.toTrack))
            svg += "<line class=\"flow\" x1=\"\(f(x1))\" y1=\"\(f(frame.y(flow.fromTrack) + rowHeight / 2))\" "
            svg += "x2=\"\(f(x2))\" y2=\"\(f(frame.y(flow.toTrack) + rowHeight / 2))\"/>\n"
        }
        return svg
    }

    /// Instants as ticks; one of the same kind less than 2 px after the last on its track is not drawn.
    static func instants(_ timeline: Timeline, _ frame: Frame) -> String {
        let f = format
        var svg = ""
        var lastInstant: (track: Int, x: Double, kind: String)?
        for instant in timeline.instants {
            let x = frame.scale.x(instant.time)
            let kind = instant.name.hasPrefix("cleanup takes effect") ? "effect" : instant.afterDeath ? "ghost" : "event"
            if let last = lastInstant, last.track == instant.track, last.kind == kind, abs(last.x - x) < 2 { continue }
            lastInstant = (instant.track, x, kind)
            let rowY = frame.y(instant.track)
            svg += "<path class=\"instant \(kind)\" d=\"M\(f(x)) \(f(rowY + 4)) l5 9 l-10 0 z\">"
            svg += "<title>\(HTML.escape(instant.name)) at \(HTML.escape(TimeFormatting.milliseconds(instant.time)))</title></path>\n"
        }
        return svg
    }

    /// A red line across every row when the process died.
    static func death(_ timeline: Timeline, _ frame: Frame) -> String {
        guard let death = timeline.deathTime else { return "" }
        let f = format
        let x = frame.scale.x(death)
        return "<line class=\"death\" x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(frame.axisTop))\">"
            + "<title>the process died at \(HTML.escape(TimeFormatting.milliseconds(death)))</title></line>\n"
    }

    /// Axis: start, death and end, then round times between them (``roundTicks(_:_:)``); a tick
    /// too close to one already drawn is left out. Each tick has a short mark on the axis.
    static func axis(_ timeline: Timeline, _ frame: Frame) -> String {
        let axisY = frame.axisTop + 14
        var svg = ""
        var ticks: [Double] = []
        let times = [Int64(0), timeline.deathTime, timeline.end].compactMap({ $0 }) + roundTicks(timeline, frame)
        for time in times {
            let x = frame.scale.x(time)
            guard !ticks.contains(where: { abs($0 - x) < 60 }) else { continue }
            ticks.append(x)
            let anchor = x > labelWidth + plotWidth - 40 ? "end" : x < labelWidth + 40 ? "start" : "middle"
            svg += "<line class=\"tickmark\" x1=\"\(format(x))\" y1=\"\(format(frame.axisTop))\" x2=\"\(format(x))\" "
            svg += "y2=\"\(format(frame.axisTop + 4))\"/>\n"
            svg += "<text class=\"tick\" x=\"\(format(x))\" y=\"\(format(axisY))\" text-anchor=\"\(anchor)\">"
            svg += "\(HTML.escape(TimeFormatting.milliseconds(time)))</text>\n"
        }
        return svg
    }

    /// The least space between two round ticks, in pixels.
    static let tickSpacing = 70.0

    /// Round times (multiples of 1, 2 or 5 × a power of ten nanoseconds, 1 µs at least) between 0
    /// and the end, not inside a squeezed gap: the smallest step whose ticks stand at least
    /// `tickSpacing` apart (and from 0) everywhere on the drawing. Empty when none fits.
    static func roundTicks(_ timeline: Timeline, _ frame: Frame) -> [Int64] {
        let end = timeline.end
        guard end > 0 else { return [] }
        var power: Int64 = 1_000
        while power <= Int64.max / 10 {
            for multiple in [Int64(1), 2, 5] {
                let step = power * multiple
                guard step < end, end / step <= 2_000 else { continue }
                var ticks: [Int64] = []
                var lastX = frame.scale.x(0)
                var fits = true
                var time = step
                while time < end {
                    if !frame.scale.breaks.contains(where: { $0.start < time && time < $0.end }) {
                        let x = frame.scale.x(time)
                        if x - lastX < tickSpacing {
                            fits = false
                            break
                        }
                        ticks.append(time)
                        lastX = x
                    }
                    time += step
                }
                if fits { return ticks }
            }
            power *= 10
        }
        return []
    }

    /// One entry of the colour key: a swatch drawn as on the timeline, and what it means.
    struct KeyEntry: Equatable {
        enum Swatch: Equatable {
            /// A bar of a slice category (`job`, `hook`…), or `ghost` for after death.
            case bar(String)
            case instant(String)
            case line(String)
        }

        var swatch: Swatch
        var label: String
        var row: Int
        var x: Double
    }

    static let keyRowHeight = 18.0

    /// What each colour means, for what this timeline shows: the slice categories it has, in a
    /// fixed order, then events, the cleanup taking effect, what came after death, death and flows.
    static func keyEntries(_ timeline: Timeline, width: Double) -> [KeyEntry] {
        let categories = Set(timeline.slices.map(\.category))
        var items: [(KeyEntry.Swatch, String)] = []
        for (category, label) in sliceMeanings where categories.contains(category) { items.append((.bar(category), label)) }
        if timeline.instants.contains(where: { !$0.name.hasPrefix("cleanup takes effect") && !$0.afterDeath }) {
            items.append((.instant("event"), "event (hover for what)"))
        }
        if timeline.instants.contains(where: { $0.name.hasPrefix("cleanup takes effect") }) {
            items.append((.instant("effect"), "the cleanup takes effect"))
        }
        if timeline.slices.contains(where: \.afterDeath) || timeline.instants.contains(where: \.afterDeath) {
            items.append((.bar("job ghost"), "after death (had the process lived)"))
        }
        if timeline.deathTime != nil { items.append((.line("death"), "the process dies")) }
        if !timeline.flows.isEmpty { items.append((.line("flow"), "queued → starts")) }
        var entries: [KeyEntry] = []
        var row = 0
        var x = 6.0
        for (swatch, label) in items {
            // About 6 px per character at the timeline's 11 px font.
            let itemWidth = 16 + 6 * Double(label.count) + 16
            if x > 6 && x + itemWidth > width - 6 {
                row += 1
                x = 6
            }
            entries.append(KeyEntry(swatch: swatch, label: label, row: row, x: x))
            x += itemWidth
        }
        return entries
    }

    /// Slice categories and what their colour means, in the key's order.
    static let sliceMeanings: [(String, String)] = [
        ("job", "a job runs (turn, block, task)"), ("hook", "a lifecycle callback"), ("work", "work"),
        ("call", "a system call"), ("wait", "blocked (semaphore wait, polling)"), ("sleep", "Thread.sleep"),
        ("exit", "exit"),
    ]

    /// The colour key, in rows under the axis.
    static func key(_ frame: Frame) -> String {
        let f = format
        var svg = ""
        for entry in frame.key {
            let y = frame.axisTop + axisHeight + Double(entry.row) * keyRowHeight
            switch entry.swatch {
            case .bar(let category):
                svg += "<rect class=\"slice \(category)\" x=\"\(f(entry.x))\" y=\"\(f(y))\" width=\"12\" height=\"10\"/>"
            case .instant(let kind):
                svg += "<path class=\"instant \(kind)\" d=\"M\(f(entry.x + 6)) \(f(y)) l5 9 l-10 0 z\"/>"
            case .line(let kind):
                svg += "<line class=\"\(kind)\" x1=\"\(f(entry.x))\" y1=\"\(f(y + 5))\" x2=\"\(f(entry.x + 12))\" y2=\"\(f(y + 5))\"/>"
            }
            svg += "<text class=\"key\" x=\"\(f(entry.x + 16))\" y=\"\(f(y + 9))\">\(HTML.escape(entry.label))</text>\n"
        }
        return svg
    }

    struct Bar {
        var track: Int
        var depth: Int
        var category: String
        var afterDeath: Bool
        var x: Double
        var width: Double
        /// The first slice's tooltip; merged bars add how many more there are.
        var firstTitle: String
        var merged = 0
        var lastEnd: Int64

        var title: String {
            merged == 0 ? firstTitle : "\(firstTitle) (and \(merged) more until \(TimeFormatting.milliseconds(lastEnd)))"
        }
    }

    /// The slices as bars: nesting depth from a stack per track (slices on a track nest), and
    /// runs of slices of one kind less than a pixel apart merged into one bar that says how many.
    static func bars(_ timeline: Timeline, _ scale: TimeScale) -> [Bar] {
        let order = timeline.slices.indices.sorted { a, b in
            let x = timeline.slices[a]
            let y = timeline.slices[b]
            if x.track != y.track { return x.track < y.track }
            if x.start != y.start { return x.start < y.start }
            if x.end != y.end { return x.end > y.end }
            return a < b
        }
        var bars: [Bar] = []
        var open: [Int64] = []  // ends of the slices enclosing the current one, on the current track
        var track = -1
        var lastBar: [Int] = []  // by depth: the bar a slice of that depth may merge into, or -1
        for index in order {
            let slice = timeline.slices[index]
            if slice.track != track {
                track = slice.track
                open = []
                lastBar = []
            }
            while let last = open.last, last <= slice.start, !(last == slice.start && slice.end == slice.start) { open.removeLast() }
            let depth = open.count
            open.append(slice.end)
            while lastBar.count <= depth { lastBar.append(-1) }
            let x = scale.x(slice.start)
            let width = scale.x(slice.end) - x
            let previous = lastBar[depth]
            if previous >= 0, bars[previous].category == slice.category, bars[previous].afterDeath == slice.afterDeath,
                x <= bars[previous].x + max(bars[previous].width, 1.5) + 1
            {
                bars[previous].width = max(bars[previous].width, x + width - bars[previous].x)
                bars[previous].merged += 1
                bars[previous].lastEnd = max(bars[previous].lastEnd, slice.end)
                continue
            }
            let range = "\(TimeFormatting.milliseconds(slice.start)) – \(TimeFormatting.milliseconds(slice.end))"
            bars.append(
                Bar(
                    track: slice.track, depth: depth, category: slice.category, afterDeath: slice.afterDeath, x: x, width: width,
                    firstTitle: "\(slice.name): \(range)\(slice.afterDeath ? " (after death)" : "")", lastEnd: slice.end))
            lastBar[depth] = bars.count - 1
            // A new bar at this depth ends any merging deeper down.
            for deeper in (depth + 1)..<lastBar.count { lastBar[deeper] = -1 }
        }
        return bars
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
