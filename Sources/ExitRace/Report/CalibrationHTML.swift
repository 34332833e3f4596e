/// `calibrate --format html`: the report in words, then one histogram per varied setting of the
/// accepted sets over its prior.
package enum CalibrationHTML {
    /// The page of `words`.
    package static func render(_ words: CalibrationText) -> String {
        let result = words.result
        var body = "<section>\n<h2>Accepted sets per setting</h2>\n"
        for setting in result.settings.indices {
            body += CalibrationSVG.histogram(result, setting: setting, unit: words.unit(of: result.settings[setting])) + "\n"
        }
        // The report's lines wrap where the page is narrower (its --set line is one line, to copy whole).
        body += "</section>\n<section>\n<h2>The report</h2>\n<pre class=\"report\">\(HTML.escape(CalibrationRenderer.text(words)))</pre>\n</section>\n"
        return HTMLPage.analysis(
            title: "Calibration of \(words.scenario.name) against \(words.measured.file)",
            intro: "Which timings reproduce the measured cells (approximate Bayesian computation by rejection), and what they "
                + "predict for the cells nobody measured. Each histogram: the accepted sets over the setting's prior, one bar per "
                + "twentieth of the prior; the dashed line is the prior's median, the value a run without sampling uses.",
            body: body)
    }
}
