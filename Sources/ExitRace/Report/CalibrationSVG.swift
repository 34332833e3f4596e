/// A calibration's pictures: per varied setting, a histogram of the accepted sets over its
/// prior. The x-axis is the prior from its lowest to its highest value, each bar a twentieth of
/// the prior's probability (so a log-uniform prior reads on a log scale), labelled with the
/// values at its quarter marks; the prior's median (the value a run without sampling uses, the
/// scenario's nominal value) is marked and labelled `prior median`.
///
/// Coordinates are written to a tenth, so the picture is the same on every machine.
package enum CalibrationSVG {
    /// The histogram of setting `setting` of `result`; `unit` follows the values (` ms` or empty).
    package static func histogram(_ result: CalibrationResult, setting: Int, unit: String) -> String {
        let counts = result.histogram(setting: setting), edges = result.binEdges(setting: setting)
        let prior = result.settings[setting]
        let left = 40.0, width = 400.0, top = 36.0, barsHeight = 90.0, base = top + barsHeight
        var svg = RateSVG.open(width: left + width + 30, height: base + 46, kind: "calibration-histogram")
        svg += RateSVG.text("\(prior.path) ~ \(prior.distribution.description)", x: left, y: 14, anchor: "start")
        let highest = counts.max() ?? 0, step = width / Double(counts.count)
        svg += RateSVG.text("\(highest)", x: left - 4, y: top + 8, anchor: "end")
        svg += RateSVG.text("0", x: left - 4, y: base, anchor: "end")
        for (bin, count) in counts.enumerated() where count > 0 {
            let height = Swift.max(1, barsHeight * Double(count) / Double(highest))
            svg += "<rect class=\"accepted\" fill=\"#4a74c9\" x=\"\(RateSVG.f(left + step * Double(bin) + 0.5))\" y=\"\(RateSVG.f(base - height))\" "
            svg += "width=\"\(RateSVG.f(step - 1))\" height=\"\(RateSVG.f(height))\"><title>"
            svg += HTML.escape("\(value(edges[bin]))–\(value(edges[bin + 1]))\(unit): \(TimeFormatting.grouped(count)) accepted set\(count == 1 ? "" : "s")")
            svg += "</title></rect>\n"
        }
        svg += "<line class=\"axis\" stroke=\"#888\" x1=\"\(RateSVG.f(left))\" x2=\"\(RateSVG.f(left + width))\" y1=\"\(RateSVG.f(base))\" y2=\"\(RateSVG.f(base))\"/>\n"
        for quarter in 0...4 {
            let bin = quarter * counts.count / 4, x = left + step * Double(bin)
            let anchor = quarter == 0 ? "start" : quarter == 4 ? "end" : "middle"
            svg += "<line class=\"tickmark\" stroke=\"#999\" x1=\"\(RateSVG.f(x))\" x2=\"\(RateSVG.f(x))\" y1=\"\(RateSVG.f(base))\" y2=\"\(RateSVG.f(base + 4))\"/>\n"
            svg += RateSVG.text(value(edges[bin]), x: x, y: base + 15, anchor: anchor)
        }
        // Each bar is a twentieth of the prior's probability, so its median stands in the middle.
        let median = left + width / 2
        svg += "<line class=\"prior-median\" stroke=\"#d22\" stroke-dasharray=\"4 2\" x1=\"\(RateSVG.f(median))\" x2=\"\(RateSVG.f(median))\" y1=\"\(RateSVG.f(top - 12))\" y2=\"\(RateSVG.f(base))\"/>\n"
        svg += RateSVG.text("prior median \(value(prior.distribution.nominal))\(unit)", x: median + 3, y: top - 4, anchor: "start")
        let total = counts.reduce(0, +)
        svg += RateSVG.text("\(TimeFormatting.grouped(total)) accepted set\(total == 1 ? "" : "s"); each bar a twentieth of the prior\(unit.isEmpty ? "" : " (values in\(unit))")", x: left, y: base + 32, anchor: "start")
        return svg + "</svg>"
    }

    /// `3.127`: at most three decimals.
    package static func value(_ value: Double) -> String { CalibrationText.number(value) }

    /// The pictures' styles.
    static let style = """
        svg.calibration-histogram,svg.sobol-heat{display:block;max-width:100%;height:auto;margin:8px 0}
        svg .accepted{fill:#4a74c9}svg .prior-median{stroke:#d22;stroke-width:1.5;stroke-dasharray:4 2}
        """
}
