/// The page shell of every HTML page ExitRace writes (`report`, `calibrate --format html`,
/// `sensitivity --format html`): self-contained (no scripts, no network), with the report's styles.
enum HTMLPage {
    /// A page titled `title`: `header` (already HTML) under the title, then `body` (already HTML),
    /// then a footer saying which input gives the same page.
    static func render(title: String, style: String, header: String, body: String, sameFrom input: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <header>
        <h1>\(HTML.escape(title))</h1>
        \(header)</header>
        \(body)<footer>exitrace \(ExitRaceVersion.current) · deterministic: \(input) this same page</footer>
        </body>
        </html>

        """
    }

    /// The page of `calibrate` or `sensitivity`: `intro` in a paragraph under the title.
    static func analysis(title: String, intro: String, body: String) -> String {
        render(
            title: title, style: HTMLReport.style + "\n" + CalibrationSVG.style + "\n" + reportStyle,
            header: "<p>\(HTML.escape(intro))</p>\n", body: body, sameFrom: "the same input gives")
    }

    /// A report in words (`<pre class="report">`) keeps its lines but wraps one longer than the page
    /// is wide, at spaces first, anywhere in a word too long for a line (a calibration's `--set` line
    /// overflowed a 1,100 px window), instead of scrolling it out of sight. A table in a `<pre>`
    /// without the class keeps its columns.
    static let reportStyle = "pre.report{white-space:pre-wrap;overflow-wrap:anywhere}"
}
