import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
import ExitRaceCLI

/// A newcomer's nit: a drift line whose only change was a thin win read `AppDelegate · Task: △ as
/// before (thin win gone)`: not which procedure, not the margin that moved. It now says the procedure,
/// its margin old → new (whatever --margins) and that it is no longer (or now) a thin win, after the
/// verdict `as before`.
@Suite("check and diff: a thin win's change in plain words")
struct ThinWinDriftWordingTests {
    @Test("check: exit takes 12 ms instead of 3: the 1.9 ms wins are 10.9 ms, the verdict as before")
    func check() throws {
        let (root, scenarios, results) = try DriftedResults.make("thin")
        defer { try? FileManager.default.removeItem(at: root) }
        let drift = Tool.main(["check", scenarios, "--against", results])
        expectEqual(drift.exitCode, .difference)
        let lines = drift.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("mine · AppDelegate · Task: △ as before (background: margin +1.9 ms → +10.9 ms, no longer a thin win)"))
        #expect(lines.contains("mine · AppDelegate · Task.detached(priority: .high): ○ as before (foreground: margin +1.9 ms → "
            + "+10.9 ms, no longer a thin win; background: margin +1.9 ms → +10.9 ms, no longer a thin win)"))
        #expect(!drift.stdout.contains("thin win gone") && !drift.stdout.contains("appeared"))
    }

    @Test("diff: thinWinMs lowered, no margin moved: the margin is said to be the same")
    func thresholdMoved() throws {
        let old = try BatchAndDiffTests.document([])
        let new = try BatchAndDiffTests.document(["thinWinMs=1"])
        let text = ResultDiff(old: [old], new: [new]).renderText()
        expectContains(text, "live-activity · AppDelegate · Task: △ as before (background: margin still +1.9 ms, no longer a thin win)")
    }

    @Test("a procedure only one side has an outcome for: a mark naming it")
    func procedureWithoutOutcome() throws {
        let new = try BatchAndDiffTests.document([])
        var old = new
        // AppDelegate · Task.detached(priority: .high): ○ [t], a thin win under both procedures.
        let cell = try #require(old.cells.firstIndex { $0.strategy == "Task.detached(priority: .high)" })
        old.cells[cell].thinWinIn = ["foreground"]
        old.cells[cell].outcomes.removeAll { $0.procedure == "background" }
        let change = try #require(ResultDiff(old: [old], new: [new]).changes.first)
        expectEqual(change.description,
            "live-activity · AppDelegate · Task.detached(priority: .high): ○ as before (now a thin win under background)")
    }
}
