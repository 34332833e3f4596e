/// `sensitivity --format html`: the heat map of total Sobol indices, then the table in words.
package enum SensitivityHTML {
    /// The page of `bootstrap`, an analysis of `analysis`.
    package static func render(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> String {
        var body = "<section>\n<h2>Total Sobol indices</h2>\n<ul class=\"legend\">\n"
        for (index, setting) in analysis.scenario.uncertainties.enumerated() {
            body += "<li>\(SensitivityRenderer.letter(index)): <code>\(HTML.escape(setting.path))</code> ~ \(HTML.escape(setting.distribution.description))</li>\n"
        }
        body += "</ul>\n" + SensitivitySVG.heatMap(bootstrap, analysis: analysis) + "\n</section>\n"
        body += "<section>\n<h2>The table</h2>\n<pre>\(HTML.escape(SensitivityRenderer.text(bootstrap, analysis: analysis)))</pre>\n</section>\n"
        return HTMLPage.analysis(
            title: "Sensitivity of \(analysis.scenario.name) over its prior",
            intro: "Which uncertain settings decide each cell: total Sobol indices (ST, Jansen's estimator) of each outcome that "
                + "varies, per setting; hover a square for its 95% bootstrap interval. Estimates are noisy at small N.",
            body: body)
    }
}
