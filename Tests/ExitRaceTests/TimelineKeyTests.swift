import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark

@Suite("HTML tables scroll; timelines have a colour key and round ticks")
struct TimelineKeyTests {
    static let trace = Simulator(scenario: DefaultScenario.load()).trace(hook: 0, strategy: 0, procedure: 0)

    @Test("the result table sits in a box that scrolls sideways")
    func tableScrolls() {
        let layout = TableLayout(Simulator(scenario: DefaultScenario.load()).table())
        let html = HTMLReport.table(layout, id: "s0")
        #expect(html.hasPrefix("<div class=\"scroll\"><table class=\"results\">"))
        #expect(html.hasSuffix("</table></div>\n"))
        expectContains(HTMLReport.style, "div.scroll{overflow-x:auto")
    }

    @Test("the key names every colour the timeline uses, and only those")
    func key() {
        let timeline = Timeline(Self.trace)
        let svg = TimelineSVG.render(timeline)
        let entries = TimelineSVG.keyEntries(timeline, width: 970)
        for category in Set(timeline.slices.map(\.category)) {
            #expect(entries.contains { $0.swatch == .bar(category) }, "\(category)")
        }
        #expect(!entries.contains { if case .bar(let category) = $0.swatch { category == "exit" && !timeline.slices.contains { $0.category == "exit" } } else { false } })
        if timeline.deathTime != nil { expectContains(svg, ">the process dies</text>") }
        for entry in entries { expectContains(svg, ">\(HTML.escape(entry.label))</text>") }
        // Entries wrap into rows that fit the drawing.
        let many = TimelineSVG.keyEntries(timeline, width: 200)
        #expect(many.map(\.row).max() ?? 0 > 0)
    }

    @Test("round ticks between start and end, at least 70 px apart, none inside a squeezed gap")
    func ticks() {
        let timeline = Timeline(Self.trace)
        let frame = TimelineSVG.Frame(timeline)
        let ticks = TimelineSVG.roundTicks(timeline, frame)
        #expect(!ticks.isEmpty)
        let step = ticks[0]
        for (index, tick) in ticks.enumerated() {
            #expect(tick % step == 0 && tick > 0 && tick < timeline.end)
            #expect(!frame.scale.breaks.contains { $0.start < tick && tick < $0.end })
            if index > 0 { #expect(frame.scale.x(tick) - frame.scale.x(ticks[index - 1]) >= TimelineSVG.tickSpacing) }
        }
        let digits = String(step)
        #expect(["1", "2", "5"].contains(digits.first.map(String.init)) && digits.dropFirst().allSatisfy { $0 == "0" })
        let svg = TimelineSVG.render(timeline)
        #expect(svg.contains(">\(TimeFormatting.milliseconds(ticks[0]))</text>") || ticks.count > 1)
    }
}
