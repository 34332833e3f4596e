import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
import ExitRaceCLI

/// `[t]`: a win by less than `thinWinMs` is flagged with its margin (issue 21, section 3).
@Suite("Thin wins")
struct ThinWinTests {
    @Test("the reference table flags the 1.9 ms wins against exit, and no win a semaphore wait guarantees")
    func referenceTable() {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        func text(_ hook: Int, _ strategy: String) -> String {
            table.cellText(table.cell(hook: hook, strategy: table.scenario.strategies.firstIndex { $0.name == strategy }!))
        }
        expectEqual(text(0, "Task"), "△ background [t]")
        expectEqual(text(1, "Task"), "△ background")
        expectEqual(text(0, "Task.detached(priority: .high)"), "○ [t]")
        expectEqual(text(0, "Task.detached + semaphore"), "○ [i]")
        let rendered = TextRenderer.render(table)
        expectContains(rendered, "[t] thin win: the cleanup won by less than thinWinMs (3 ms) under a procedure (see details)")
        expectContains(rendered, "AppDelegate · Task (background): thin win: by 1.9 ms, below thinWinMs")
        expectContains(rendered, "AppDelegate · Task.detached(priority: .high) (foreground, background): thin win: by 1.9 ms")
        expectContains(MarkdownRenderer.render(table), "△ background \\[t\\]")
        let json = JSONRenderer.render([table])
        #expect(json.contains("\"thinWinIn\": [\n        \"background\"\n      ]") || json.contains("\"thinWinIn\""))
        let document = ResultDocument(table: table)
        expectEqual(document.cells[0].thinWinIn, ["background"])
    }

    @Test("thinWinMs is a scenario setting and --set changes it; 0 turns the mark off")
    func setting() {
        let off = Tool.main(["run", "--set", "thinWinMs=0"]).stdout
        expectNotContains(off, "[t]")
        let wide = Tool.main(["run", "--set", "thinWinMs=20"]).stdout
        expectContains(wide, "AppDelegate · Task.detached + semaphore (foreground, background): thin win: by 15 ms, below thinWinMs")
        var scenario = DefaultScenario.load()
        scenario.thinWin = .ms(1)
        expectNotContains(TextRenderer.render(Simulator(scenario: scenario).table()), "[t]")
    }

    @Test("a diff names a thin win that appeared")
    func diff() {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        let new = ResultDocument(table: table)
        var old = new
        old.cells[0].thinWinIn = []
        expectContains(ResultDiff(old: [old], new: [new]).renderText(), "△ as before (background: margin still +1.9 ms, now a thin win)")
    }
}
