/// The page shell of `calibrate --format html` and `sensitivity --format html`: self-contained
/// like the report (no scripts, no network), with its styles.
enum AnalysisPage {
    /// A page titled `title` around `body` (already HTML).
    static func render(title: String, intro: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>\(HTMLReport.style)
        \(CalibrationSVG.style)</style>
        </head>
        <body>
        <header>
        <h1>\(HTML.escape(title))</h1>
        <p>\(HTML.escape(intro))</p>
        </header>
        \(body)<footer>exitrace \(ExitRaceVersion.current) · deterministic: the same input gives this same page</footer>
        </body>
        </html>

        """
    }
}
