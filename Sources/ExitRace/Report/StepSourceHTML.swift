/// The HTML report's list of where a run met the app's own code: each timeline line that a step
/// with a source made (``StepSourceMatcher``), with the Swift it came from. Empty for a strategy
/// whose steps name no source.
enum StepSourceHTML {
    static func render(_ trace: CellTrace) -> String {
        guard !trace.scenario.strategies[trace.strategy].stepSources.isEmpty else { return "" }
        let lines = CellExplanation.lines(trace).filter { $0.source != nil }
        guard !lines.isEmpty else { return "" }
        var out = "<ol class=\"sources\">\n"
        for line in lines {
            guard let source = line.source else { continue }
            out += "<li>\(HTML.escape(TimeFormatting.milliseconds(line.time))) · \(HTML.escape(line.place)) "
                + "\(HTML.escape(line.textWithRepeats)): <code>\(HTML.escape(source.description))</code></li>\n"
        }
        return out + "</ol>\n"
    }
}
