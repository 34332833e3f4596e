/// A sensitivity analysis as a heat map of total Sobol indices: one row per cell and kill
/// procedure whose outcome varies, one column per setting, each square shaded from white (ST 0)
/// to dark blue (ST 1 or more) with its value written in it and its 95% interval in its title;
/// a colour key below. The shade saturates outside 0…1; the numbers are never clamped.
package enum SensitivitySVG {
    /// The heat map of `bootstrap`'s total indices, an analysis of `analysis`.
    package static func heatMap(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> String {
        let scenario = analysis.scenario, sums = bootstrap.sums, d = analysis.settings
        let outputs = (0..<sums.sumA.count).filter { sums.variance(output: $0) > 0 }
        let names = outputs.map { SensitivityRenderer.outputName($0, scenario) }
        let left = Double(names.map(\.count).max() ?? 10) * 6.2 + 16, cell = 64.0, row = 22.0, top = 22.0
        let gridBottom = top + row * Double(outputs.count)
        var svg = RateSVG.open(width: Swift.max(left + cell * Double(d) + 20, 420), height: gridBottom + 62, kind: "sobol-heat")
        for i in 0..<d {
            let x = left + cell * (Double(i) + 0.5)
            svg += "<text x=\"\(RateSVG.f(x))\" y=\"14\" text-anchor=\"middle\"><title>\(HTML.escape(scenario.uncertainties[i].path))</title>"
            svg += "\(SensitivityRenderer.letter(i))</text>\n"
        }
        for (line, output) in outputs.enumerated() {
            let y = top + row * Double(line)
            svg += RateSVG.text(names[line], x: left - 6, y: y + 15, anchor: "end")
            for i in 0..<d {
                let estimate = bootstrap.total(output: output, setting: i)!
                svg += "<rect x=\"\(RateSVG.f(left + cell * Double(i)))\" y=\"\(RateSVG.f(y))\" width=\"\(RateSVG.f(cell - 2))\" "
                svg += "height=\"\(RateSVG.f(row - 2))\" fill=\"\(shade(estimate.value))\"><title>"
                svg += HTML.escape("\(names[line]), \(scenario.uncertainties[i].path): ST \(SensitivityRenderer.estimate(estimate))")
                svg += "</title></rect>\n"
                svg += "<text x=\"\(RateSVG.f(left + cell * (Double(i) + 0.5) - 1))\" y=\"\(RateSVG.f(y + 14))\" text-anchor=\"middle\" "
                svg += "fill=\"\(estimate.value > 0.55 ? "#fff" : "#222")\">\(SensitivityRenderer.index(estimate.value))</text>\n"
            }
        }
        return svg + key(x: 10, y: gridBottom + 14) + "</svg>"
    }

    /// The colour key: eleven steps from 0 to 1.
    package static func key(x: Double, y: Double) -> String {
        var svg = RateSVG.text("total index ST", x: x, y: y + 8, anchor: "start")
        for step in 0...10 {
            let value = Double(step) / 10
            svg += "<rect x=\"\(RateSVG.f(x + 90 + 18 * Double(step)))\" y=\"\(RateSVG.f(y))\" width=\"18\" height=\"10\" fill=\"\(shade(value))\"/>\n"
        }
        svg += RateSVG.text("0", x: x + 90, y: y + 22, anchor: "start")
        svg += RateSVG.text("1", x: x + 90 + 18 * 11, y: y + 22, anchor: "end")
        svg += RateSVG.text("the setting takes part in none … all of the outcome's variance", x: x, y: y + 36, anchor: "start")
        return svg
    }

    /// `#rrggbb` from white at 0 to dark blue at 1 (saturating outside).
    static func shade(_ value: Double) -> String {
        let t = Swift.min(1, Swift.max(0, value))
        let channels = [255 - 225 * t, 255 - 175 * t, 255 - 95 * t].map { Int($0.rounded()) }
        let digits = Array("0123456789abcdef")
        return "#" + String(channels.flatMap { [digits[$0 / 16], digits[$0 % 16]] })
    }
}
