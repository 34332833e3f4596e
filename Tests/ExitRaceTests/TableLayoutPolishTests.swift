import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// Small layout fixes: a scenario without a title is headed by its name once; long hook names
/// break at camel-case humps; the HTML report's headers wrap.
@Suite("Table layout: headings, long names, HTML width")
struct TableLayoutPolishTests {
    static let minimal = """
        { "name": "minimal", "systemCalls": { "Activity.end": { "costMs": 1 } },
          "hooks": { "applicationWillTerminate": { "label": "AppDelegate" } },
          "strategies": { "Task.detached": { "program": [{ "op": "detached", "body": [{ "op": "call", "name": "Activity.end" }] }] } },
          "procedures": { "terminate": { "steps": [{ "op": "turn", "watchdogMs": 5000, "actions": [
            { "op": "hook", "name": "applicationWillTerminate" }, { "op": "exit" }] }] } } }
        """

    @Test("a scenario without a title: 'minimal', not 'minimal: minimal', in text, Markdown and HTML")
    func headingOnce() throws {
        let scenario = try ScenarioDecoder.decode(Self.minimal, file: "minimal.json")
        let layout = TableLayout(Simulator(scenario: scenario).table())
        expectEqual(layout.heading, "minimal")
        let text = TextRenderer.render(Simulator(scenario: scenario).table())
        #expect(text.hasPrefix("minimal\n"), "\(text)")
        expectNotContains(text, "minimal: minimal")
        var titled = scenario
        titled.title = "one hook"
        expectEqual(TableLayout(Simulator(scenario: titled).table()).heading, "minimal: one hook")
    }

    @Test("a name longer than its column breaks at a camel-case hump, not mid-word")
    func camelCaseBreaks() {
        expectEqual(TextRenderer.wrapCell("applicationDidEnterBackground", width: 21), ["applicationDidEnter", "Background"])
        expectEqual(TextRenderer.wrapCell("applicationWillTerminate", width: 21), ["applicationWill", "Terminate"])
        expectEqual(TextRenderer.wrapCell("abcdefghijklmnopqrstuvwxyz", width: 10), ["abcdefghij", "klmnopqrst", "uvwxyz"])
    }

    @Test("the HTML report is wide enough for a few long columns, and its column headers wrap")
    func htmlWidth() {
        expectNotContains(HTMLReport.style, "max-width:1000px")
        expectContains(HTMLReport.style, "table.results thead th code{white-space:normal;overflow-wrap:break-word}")
    }
}
