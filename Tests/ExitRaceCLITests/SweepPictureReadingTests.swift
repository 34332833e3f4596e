import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI
@testable import ExitRaceReport

/// #26 (a newcomer's walk): sweep pictures that read at a glance. ×, ○ and each △ stay apart in
/// colour with the common colour-vision deficiencies; the legend wraps to the plot's width; a phase
/// map's titles stay within their panel; a △'s procedures are named as the tables name them.
@Suite("Sweep pictures read at a glance")
struct SweepPictureReadingTests {
    @Test("a △'s procedures are named as the tables name them: in quotes when the name holds `and`")
    func procedureNamesQuoted() throws {
        let path = try LongWorkTests.file("svg-quoted", """
            {"extend": "builtin:live-activity", "name": "quoted",
             "procedures": {"home and away": {"label": "home screen, then swiped away",
               "steps": [{"op": "action", "action": "pressHome"}, {"op": "action", "action": "openSwitcher"},
                         {"op": "action", "action": "swipeAway"}]}}}
            """)
        let svg = try SweepPictureLayoutTests.picture([path, "--vary", "timing.exitDurationMs=1...40", "--steps", "8"])
        expectContains(svg, "under background and &quot;home and away&quot; only", "\(svg)")
        expectNotContains(svg, "and home and away only")
    }

    /// Each legend entry's label: where it starts and how many characters it has.
    static func legendLabels(_ svg: String) -> [(x: Double, count: Int)] {
        let pattern = try! NSRegularExpression(
            pattern: #"(?:height="12" fill="[^"]*"/>|stroke-width="2"(?: stroke-dasharray="[^"]*")?/>)<text x="([0-9.]+)"[^>]*>([^<]*)</text>"#)
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            func group(_ i: Int) -> String { String(svg[Range(match.range(at: i), in: svg)!]) }
            let text = group(2).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            return (Double(group(1))!, text.count)
        }
    }

    /// The right edge of the widest strip (`height="16"`) or phase-map frame (`fill="none"`).
    static func plotRight(_ svg: String) -> Double {
        let pattern = try! NSRegularExpression(
            pattern: #"<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)" height="(?:16|150)" fill="(?:none|#[0-9A-F]+)""#)
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            func group(_ i: Int) -> Double { Double(String(svg[Range(match.range(at: i), in: svg)!]))! }
            return group(1) + group(2)
        }.max() ?? 0
    }

    @Test(
        "the legend wraps into rows within the plot's width (strips: their scale's 80 px beside; maps: the last gap)", .heavy,
        arguments: [
            ["scenarios/live-activity-every-kill.json", "--vary", "timing.exitDurationMs=1...40", "--steps", "8"],
            ["scenarios/live-activity-every-kill.json", "--vary", "timing.exitDurationMs=1...40", "--steps", "4",
             "--vary", "timing.startLatencyMs.default=1...40", "--steps", "4"],
            ["scenarios/live-activity.json", "--vary", "timing.exitDurationMs=1...40", "--steps", "8"],
        ])
    func legendWraps(arguments: [String]) throws {
        let file = Repository.root.appendingPathComponent(arguments[0]).path
        let svg = try SweepPictureLayoutTests.picture([file] + arguments.dropFirst())
        let labels = Self.legendLabels(svg)
        let right = Self.plotRight(svg) + (arguments.count > 5 ? 90 : 80)
        #expect(!labels.isEmpty)
        for label in labels {
            #expect(label.x + Double(label.count) * 11 * 0.6 <= right, "a legend label from \(label.x) passes \(right)")
        }
        #expect(SweepPictureLayoutTests.width(svg) <= right + 1, "the picture is no wider than its plot")
        if arguments[0].contains("every-kill") && arguments.count == 5 {
            #expect(Set(labels.map(\.x)).count < labels.count, "several entries start a row: the legend wrapped")
        }
    }

    @Test("a phase map's panel titles wrap within the panel's pitch, the full text in a tooltip")
    func panelTitlesFit() throws {
        let long = "Task.detached(priority: .userInitiated) { await activity.end(nil) } + a semaphore with a timeout"
        let path = try LongWorkTests.file("svg-titles", """
            {"extend": "builtin:live-activity", "name": "titles",
             "hooks": {"applicationWillTerminate": {"label": "AppDelegate.applicationWillTerminate(_:) on the main thread"}},
             "strategies": {"\(long)": {"code": "Task.detached { }",
               "program": [{"op": "detached", "body": [{"op": "call", "name": "Activity.end"}]}]}}}
            """)
        let svg = try SweepPictureLayoutTests.picture([
            path, "--vary", "timing.exitDurationMs=1...40", "--steps", "4", "--vary", "timing.startLatencyMs.default=1...40", "--steps", "4",
        ])
        let frames = try NSRegularExpression(pattern: #"<rect x="([0-9.]+)" y="([0-9.]+)" width="150" height="150" fill="none""#)
            .matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
                (Double(String(svg[Range(match.range(at: 1), in: svg)!]))!, Double(String(svg[Range(match.range(at: 2), in: svg)!]))!)
            }
        let columns = Set(frames.map(\.0)).sorted()
        let pitch = try #require(columns.count >= 2 ? columns[1] - columns[0] : nil)
        let groups = try NSRegularExpression(pattern: #"<g><title>[^<]*</title>\n((?:<text[^>]*>[^<]*</text>\n)+)</g>"#)
            .matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { String(svg[Range($0.range(at: 1), in: svg)!]) }
        expectEqual(groups.count, frames.count, "a titled group per panel")
        let titles = groups.flatMap(SweepPictureLayoutTests.texts)
        #expect(titles.allSatisfy { columns.contains($0.x) })
        #expect(titles.count > 2 * frames.count, "\(titles.count) title lines for \(frames.count) panels: the long ones wrapped")
        for title in titles {
            #expect(Double(title.count) * 11 * 0.6 <= pitch - 10, "a title line of \(title.count) characters passes its panel")
        }
        expectContains(svg, "<title>AppDelegate.applicationWillTerminate(_:) on the main thread · \(long)</title>")
        expectContains(svg, "…</text>", "the long strategy is cut after two lines")
    }

    @Test("wrapping breaks at spaces, cuts a longer word, and ends a cut text in …")
    func wrapping() {
        expectEqual(SweepSVG.wrap("Task + semaphore", characters: 34, lines: 2), ["Task + semaphore"])
        expectEqual(SweepSVG.wrap("one two three", characters: 7, lines: 2), ["one two", "three"])
        expectEqual(SweepSVG.wrap("abcdefghij", characters: 4, lines: 3), ["abcd", "efgh", "ij"])
        expectEqual(SweepSVG.wrap("one two three four", characters: 7, lines: 2), ["one two", "three…"])
        expectEqual(SweepSVG.wrap("", characters: 7, lines: 2), [""])
    }
}
