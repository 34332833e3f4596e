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
        #expect(svg.contains("under background and &quot;home and away&quot; only"), "\(svg)")
        #expect(!svg.contains("and home and away only"))
    }
}
