import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A newcomer's nit: in a 1-D sweep picture, a cell that never flips shows its margin closest to
/// zero at the right of its thin row, but a × cell whose runs have no margin (a deadlock, a task
/// queued behind `exit`) showed nothing there, as if the label were missing. It now says `no margin`
/// in the same place and size as a ○ cell's margin, with what is known in its tooltip (a × cell:
/// it never finishes in this range); a longer visible mark would widen every such picture past
/// the room its scale keeps beside the strips (SweepPictureReadingTests).
@Suite("1-D sweep pictures: a steady cell without a margin says so")
struct SweepSteadyNoMarginTests {
    /// Each thin steady row: its cell's name, its state (the strip's tooltip), the label at its right
    /// ("" if none) and that label's tooltip ("" if none).
    static func steadyRows(_ svg: String) -> [(name: String, state: String, label: String, tooltip: String)] {
        let pattern = #"font-size="11">([^<]*)</text>\n(?:</g>)?<rect x="[0-9.]+" y="[0-9.]+" width="460" height="10" "#
            + #"fill="[^"]*"><title>([^<]*)</title></rect>\n(?:(?:<g><title>([^<]*)</title>)?"#
            + #"<text x="[0-9.]+" y="[0-9.]+" text-anchor="start" font-size="9">([^<]*)</text>)?"#
        return SweepStripPanelsTests.matches(pattern, svg).map { ($0[0], $0[1], $0[3], $0[2]) }
    }

    static let neverFinishes = "× at every value: never finishes in this range, and no run has a margin to say how near it came"

    @Test("the reference exit sweep: every steady × row says 'no margin', that it never finishes in its tooltip; ○ and △ rows keep their margin")
    func referenceExitSweep() throws {
        let svg = try SweepPictureLayoutTests.picture(["--vary", "timing.exitDurationMs=1...60", "--steps", "60"])
        let rows = Self.steadyRows(svg)
        expectEqual(rows.count, 12)
        let failing = rows.filter { $0.state == "×" }
        expectEqual(failing.map(\.name), [
            "AppDelegate · Task + semaphore", "SceneDelegate · Task + semaphore", "Notification · Task",
            "Notification · Task + semaphore", "Notification · DispatchQueue.main.async",
        ])
        #expect(failing.allSatisfy { $0.label == "no margin" && $0.tooltip == Self.neverFinishes }, "\(failing)")
        #expect(rows.filter { $0.state != "×" }.allSatisfy { $0.label.hasPrefix("+") && $0.tooltip.isEmpty }, "\(rows)")
        #expect(svg.contains(#"AppDelegate · Task.detached + semaphore</text>"#) && svg.contains(">+13 ms</text>"))
    }

    @Test("a scenario judged by another goal (no margin anywhere): every row says so, a × row that it never finishes")
    func noMarginAnywhere() throws {
        let file = Repository.root.appendingPathComponent("scenarios/live-activity-lifetime.json").path
        let svg = try SweepPictureLayoutTests.picture([file, "--vary", "timing.exitDurationMs=1...40", "--steps", "4"])
        let rows = Self.steadyRows(svg)
        expectEqual(rows.count, 8)
        #expect(rows.contains { $0.state == "×" } && rows.contains { $0.state != "×" })
        for row in rows {
            expectEqual(row.label, "no margin", "\(row)")
            #expect(row.tooltip.hasPrefix(row.state == "×" ? "× at every value: never finishes" : "no run of this cell has a margin"))
        }
    }
}
