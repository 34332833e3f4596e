import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A 1-D sweep picture leads with what moves: the cells that flip come first, in panels of a few
/// rows, each panel with its own scale (tick labels and the setting's name); the cells that never
/// flip follow, one thin strip each under a heading that counts them, with the margin closest to
/// zero beside each. On main, one scale at the bottom of an 1,502 px picture, and every cell the
/// 76 px of a flipping one.
@Suite("1-D sweep pictures: panels with their own scale, steady cells compact")
struct SweepStripPanelsTests {
    /// Every match of `pattern` in `svg`: its capture groups.
    static func matches(_ pattern: String, _ svg: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: svg).map { String(svg[$0]) } ?? "" }
        }
    }

    @Test("the reference exit sweep: 6 cells that flip in two panels, each with its ticks, then 12 thin steady rows")
    func referenceExitSweep() throws {
        let svg = try SweepPictureLayoutTests.picture(["--vary", "timing.exitDurationMs=1...60", "--steps", "60"])
        // Strips of cells that flip (16 px tall), rows of those that never flip (10 px), and each scale's name.
        let moving = Set(Self.matches(#"<rect x="[0-9.]+" y="([0-9.]+)" width="[0-9.]+" height="16""#, svg).map { Double($0[0])! })
        let steady = Self.matches(#"<rect x="[0-9.]+" y="([0-9.]+)" width="460" height="10""#, svg).map { Double($0[0])! }
        let scales = Self.matches(#"<text x="[0-9.]+" y="([0-9.]+)" text-anchor="middle" font-size="11">timing\.exitDurationMs \(ms\)</text>"#, svg)
            .map { Double($0[0])! }
        let ticks = Self.matches(#"<text x="[0-9.]+" y="([0-9.]+)" text-anchor="middle" font-size="11">60 ms</text>"#, svg)
            .map { Double($0[0])! }
        expectEqual(moving.count, 6, "\(moving.sorted())")
        expectEqual(steady.count, 12)
        expectContains(svg, ">12 of 18 cells never flip (one outcome throughout; at the right, the margin closest to zero)</text>")
        // Two panels of flipping cells (4 + 2) and the steady rows: three scales, each with its tick labels.
        expectEqual(scales.count, 3)
        expectEqual(ticks.count, 3)
        // Every strip has a scale below it, at most a panel away; what flips comes first.
        for y in moving { #expect(scales.contains { $0 > y && $0 - y <= 4 * 76 + 46 }, "strip at \(y)") }
        #expect(moving.max()! < steady.min()!)
        // Steady rows are thin: 16 px apart.
        #expect(zip(steady, steady.dropFirst()).allSatisfy { $1 - $0 == 16 })
        // A steady ○ row gives its margin closest to zero: Task.detached + semaphore wins by 13 ms at least.
        expectContains(svg, #"AppDelegate · Task.detached + semaphore</text>"#)
        expectContains(svg, ">+13 ms</text>")
        let height = try #require(Self.matches(#"^<svg [^>]* height="([0-9.]+)""#, svg).first.map { Double($0[0])! })
        #expect(height < 1000, "\(height)")
    }

    @Test("no cell flips: only the steady rows, under their heading, with their scale")
    func allOrNone() throws {
        let file = Repository.root.appendingPathComponent("scenarios/live-activity-lifetime.json").path
        let none = try SweepPictureLayoutTests.picture([file, "--vary", "timing.exitDurationMs=1...40", "--steps", "4"])
        expectNotContains(none, #"height="16""#)
        expectContains(none, ">8 of 8 cells never flip")
        expectContains(none, ">timing.exitDurationMs (ms)</text>")
    }
}
