/// The pictures of a sampled scenario in the HTML report, as self-contained SVG and HTML: what
/// was drawn, each cell's rate per kill procedure as a bar with its 95% interval as a whisker, a
/// histogram of margins per procedure, and the first failing replication of each procedure
/// replayed as a timeline.
///
/// Only formats ``ReportContent``; coordinates are written to a tenth, so the page is the same
/// on every machine. Sections that were not sampled get nothing.
package enum RateSVG {
    /// What was sampled, above the table: replications, seed, each drawn setting, and that the
    /// timelines show nominal values.
    package static func summary(_ section: ReportContent.Section) -> String {
        guard let rates = section.rates else { return "" }
        var out = "<div class=\"sampled\"><p>"
        out += rates.summaryLines().map { HTML.escape($0.trimmingLeadingSpaces) }.joined(separator: "<br>\n")
        out += "</p>\n<p>Each cell: the share of replications in which the cleanup finished, per kill procedure, with its 95% "
        out += "Wilson interval as a whisker; a histogram of margins (green: the cleanup won by that much, red: it would have "
        out += "needed that much longer); the first failing replication replayed; then the timelines at the nominal values "
        out += "(each distribution's median).</p></div>\n"
        return out
    }

    /// A sampled cell's rates, histograms and replayed failures; empty for a section not sampled.
    package static func cell(_ section: ReportContent.Section, hook: Int, strategy: Int) -> String {
        guard let rates = section.rates else { return "" }
        let scenario = rates.scenario
        let index = hook * scenario.strategies.count + strategy
        let cell = rates.cells[index]
        var out = "<div class=\"rates\">\n" + bars(cell, procedures: scenario.procedures.map(\.name)) + "\n"
        for (procedure, counts) in cell.procedures.enumerated() {
            out += histogram(counts.margins, title: "margins · \(scenario.procedures[procedure].name)") + "\n"
        }
        out += "</div>\n"
        let failing = index < section.failingRuns.count ? section.failingRuns[index] : []
        for (procedure, run) in failing.enumerated() {
            guard let run else { continue }
            let replication = run.replay.replication ?? 0
            out += "<h4>First failing replication under \(HTML.escape(scenario.procedures[procedure].label)): "
            out += "replication \(replication)</h4>\n<pre>\(HTML.escape(run.replay.headerLines().joined(separator: "\n")))\n"
            let options = (rates.replayScenario + rates.replayOptions).map { " " + ShellQuoting.quoted($0) }.joined()
            out += HTML.escape("replay: exitrace explain\(options) --hook \(scenario.hooks[hook].name) --strategy '\(scenario.strategies[strategy].name)' ")
            out += HTML.escape("--procedure \(scenario.procedures[procedure].name) --seed \(rates.seed) --replication \(replication)")
            out += "</pre>\n" + TimelineSVG.render(Timeline(run.trace)) + "\n"
            out += "<p class=\"verdict\">\(HTML.escape(VerdictSentence.sentence(run.trace)))</p>\n"
        }
        if rates.scenario.isUncertain {
            out += "<h4 class=\"nominal\">At the nominal values</h4>\n"
        }
        return out
    }

    /// One row per procedure: its name, a bar filled to the rate with the interval as a
    /// whisker, and `k/n share (interval)`.
    package static func bars(_ cell: RateTable.Cell, procedures: [String]) -> String {
        let left = 110.0, width = 220.0, row = 22.0, top = 8.0
        let height = top + row * Double(cell.procedures.count) + 4
        var svg = open(width: left + width + 230, height: height, kind: "rate-bars")
        for (index, counts) in cell.procedures.enumerated() {
            let y = top + row * Double(index)
            let interval = counts.interval
            let share = RateTable.percent(counts.finished, of: counts.runs)
            let words = "\(counts.finished)/\(counts.runs) \(share) (\(RateTable.interval(interval)))"
            svg += text(procedures[index], x: left - 8, y: y + 11, anchor: "end")
            svg += "<rect class=\"track\" x=\"\(f(left))\" y=\"\(f(y + 2))\" width=\"\(f(width))\" height=\"12\"/>\n"
            let fill = counts.finished == counts.runs ? "won" : counts.finished == 0 ? "lost" : "some"
            if counts.finished > 0 {
                svg += "<rect class=\"\(fill)\" x=\"\(f(left))\" y=\"\(f(y + 2))\" width=\"\(f(max(1, width * counts.rate)))\" height=\"12\">"
                svg += "<title>\(HTML.escape(procedures[index] + ": " + words))</title></rect>\n"
            }
            let low = left + width * interval.low, high = left + width * interval.high, middle = y + 8
            svg += "<path class=\"whisker\" d=\"M\(f(low)) \(f(middle))H\(f(high))M\(f(low)) \(f(middle - 5))V\(f(middle + 5))"
            svg += "M\(f(high)) \(f(middle - 5))V\(f(middle + 5))\"/>\n"
            svg += text(words, x: left + width + 8, y: y + 11, anchor: "start")
        }
        return svg + "</svg>"
    }

    /// The histogram of margins: one bar per nonempty stretch of ``MarginHistogram`` bins (from
    /// the first to the last bin that holds a run), red for margins below zero, green above,
    /// grey within a microsecond of zero; the bins' outer edges are labelled in milliseconds.
    package static func histogram(_ margins: MarginHistogram, title: String) -> String {
        let counts = margins.counts
        let total = counts.reduce(0, +)
        let width = 300.0, barsHeight = 60.0, top = 22.0
        var svg = open(width: width + 20, height: top + barsHeight + 34, kind: "margins")
        svg += text(title, x: 10, y: 14, anchor: "start")
        guard let first = counts.firstIndex(where: { $0 > 0 }), let last = counts.lastIndex(where: { $0 > 0 }) else {
            svg += text("no run has a margin (\(margins.withoutMargin) without one)", x: 10, y: top + 30, anchor: "start")
            return svg + "</svg>"
        }
        let bins = last - first + 1, highest = counts[first...last].max() ?? 1
        let step = width / Double(bins), x0 = 10.0, base = top + barsHeight
        let centre = (MarginHistogram.binCount - 1) / 2
        for bin in first...last where counts[bin] > 0 {
            let height = max(1, barsHeight * Double(counts[bin]) / Double(highest))
            let range = MarginHistogram.range(ofBin: bin)
            let kind = bin < centre ? "lost" : bin > centre ? "won" : "even"
            svg += "<rect class=\"\(kind)\" x=\"\(f(x0 + step * Double(bin - first) + 0.5))\" y=\"\(f(base - height))\" "
            svg += "width=\"\(f(max(1, step - 1)))\" height=\"\(f(height))\"><title>"
            svg += HTML.escape("\(edge(range.low)) to \(edge(range.high)): \(counts[bin]) run\(counts[bin] == 1 ? "" : "s")")
            svg += "</title></rect>\n"
        }
        svg += "<line class=\"axis\" x1=\"\(f(x0))\" x2=\"\(f(x0 + width))\" y1=\"\(f(base))\" y2=\"\(f(base))\"/>\n"
        svg += text(edge(MarginHistogram.range(ofBin: first).low), x: x0, y: base + 13, anchor: "start")
        svg += text(edge(MarginHistogram.range(ofBin: last).high), x: x0 + width, y: base + 13, anchor: "end")
        if first < centre && last > centre {
            let zero = x0 + step * (Double(centre - first) + 0.5)
            svg += "<line class=\"zero\" x1=\"\(f(zero))\" x2=\"\(f(zero))\" y1=\"\(f(top))\" y2=\"\(f(base + 3))\"/>\n"
            svg += text("0", x: zero, y: base + 13, anchor: "middle")
        }
        var note = "\(total) run\(total == 1 ? "" : "s") with a margin"
        if margins.withoutMargin > 0 { note += ", \(margins.withoutMargin) without (the cleanup could not finish, or the process lived)" }
        svg += text(note, x: x0, y: base + 27, anchor: "start")
        return svg + "</svg>"
    }

    /// A bin edge in milliseconds with its sign (`-5.623 ms`, `+1 ms`); the outermost edges read
    /// as beyond 10,000 s.
    static func edge(_ nanoseconds: Int64) -> String {
        if nanoseconds == Int64.max { return "+∞" }
        if nanoseconds <= -Int64.max { return "-∞" }
        return TimeFormatting.signedMilliseconds(VirtualDuration(nanoseconds: nanoseconds))
    }

    /// The report's styles for these pictures.
    static let style = """
        .sampled p{font-size:13px;color:#333}div.rates{display:flex;flex-wrap:wrap;gap:8px 20px;align-items:flex-start;margin:6px 0}
        svg.rate-bars,svg.margins{display:block;max-width:100%;height:auto}
        svg .track{fill:#eee}svg .won{fill:#2e7d32}svg .lost{fill:#c62828}svg .some{fill:#f9a825}svg .even{fill:#888}
        svg .whisker{stroke:#222;stroke-width:1.2;fill:none}svg .axis{stroke:#888}svg .zero{stroke:#222;stroke-dasharray:2 2}
        """

    static func open(width: Double, height: Double, kind: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(kind)\" width=\"\(f(width))\" height=\"\(f(height))\" "
            + "viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
    }

    package static func text(_ content: String, x: Double, y: Double, anchor: String) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\">\(HTML.escape(content))</text>\n"
    }

    static func f(_ value: Double) -> String { SweepSVG.f(value) }
}

extension String {
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
