import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Whether a piece of markup (an SVG picture) is well-formed XML, by Foundation's parser.
enum WellFormed {
    static func check(_ markup: String) -> Bool {
        XMLParser(data: Data(markup.utf8)).parse()
    }

    /// Every `<svg>…</svg>` in an HTML page.
    static func pictures(in page: String) -> [String] {
        page.components(separatedBy: "<svg ").dropFirst().map { "<svg " + $0.components(separatedBy: "</svg>")[0] + "</svg>" }
    }
}
