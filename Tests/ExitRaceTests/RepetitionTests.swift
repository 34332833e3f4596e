import Testing

@testable import ExitRace

@Suite("Repeated lines are collapsed")
struct RepetitionTests {
    /// A timer of 1,000 fires every millisecond while the main thread works for two seconds: every
    /// fire after the first finds its last block still queued.
    static let blockedTimer = TestScenario.make(
        strategies: [
            "timer": #"[{"op": "timer", "intervalMs": 1, "count": 1000, "body": [{"op": "work", "ms": 0}]}, {"op": "work", "ms": 2000}, "#
                + #"{"op": "task", "body": [{"op": "call", "name": "request"}]}]"#
        ],
        procedures: ["alive": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]"#])

    @Test("explain: a timer skipping a thousand times is one line with a count and the time of the last")
    func skippedFires() {
        let trace = Simulator(scenario: Self.blockedTimer).trace(hook: 0, strategy: 0, procedure: 0)
        let explanation = CellExplanation(trace)
        let text = explanation.renderText()
        let skipped = text.split(separator: "\n").filter { $0.contains("its last block is still queued: skipped") }
        #expect(skipped.count == 1, "\(text)")
        let line = explanation.lines.first { $0.text.contains("skipped") }
        #expect((line?.repeats ?? 0) > 900)
        #expect(line.map { $0.lastTime > $0.time } == true)
        #expect(skipped.first?.hasSuffix("skipped ×\(TimeFormatting.grouped(line?.repeats ?? 0)) "
            + "(until \(TimeFormatting.fixedMilliseconds(line?.lastTime ?? 0)))") == true)
        #expect(text.split(separator: "\n").count < 60)
    }

    @Test("a line that does not repeat reads as before")
    func single() {
        let line = CellExplanation.Line(time: 5, place: "main thread", text: "works for 1 ms", afterDeath: false)
        #expect(line.textWithRepeats == "works for 1 ms")
        #expect(line.lastTime == 5)
        let repeated = CellExplanation.Line(
            time: 0, place: "main run loop", text: "skipped", afterDeath: false, repeats: 1_000, lastTime: 999_000_000)
        #expect(repeated.textWithRepeats == "skipped ×1,000 (until 999.000 ms)")
    }
}
