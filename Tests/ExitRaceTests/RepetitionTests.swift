import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceExplain

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
        expectEqual(skipped.count, 1, "\(text)")
        let line = explanation.lines.first { $0.text.contains("skipped") }
        #expect((line?.repeats ?? 0) > 900)
        expectEqual(line.map { $0.lastTime > $0.time }, true)
        expectEqual(skipped.first?.hasSuffix("skipped ×\(TimeFormatting.grouped(line?.repeats ?? 0)) "
            + "(until \(TimeFormatting.fixedMilliseconds(line?.lastTime ?? 0)))"), true)
        #expect(text.split(separator: "\n").count < 60)
    }

    @Test("a line that does not repeat reads as before")
    func single() {
        let line = CellExplanation.Line(time: 5, place: "main thread", text: "works for 1 ms", afterDeath: false)
        expectEqual(line.textWithRepeats, "works for 1 ms")
        expectEqual(line.lastTime, 5)
        let repeated = CellExplanation.Line(
            time: 0, place: "main run loop", text: "skipped", afterDeath: false, repeats: 1_000, lastTime: 999_000_000)
        expectEqual(repeated.textWithRepeats, "skipped ×1,000 (until 999.000 ms)")
    }

    /// A timer of 500 fires, every 10 ms, whose block asks for a request each time: nothing
    /// blocks, so each fire reads the same but for its time and instance number.
    static let periodicTimer = TestScenario.make(
        strategies: [
            "timer": #"[{"op": "timer", "intervalMs": 10, "count": 500, "body": [{"op": "task", "body": [{"op": "call", "name": "request"}]}]}]"#
        ],
        procedures: ["alive": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]"#])

    @Test("explain: a block that repeats every 10 ms is shown first and last, with how often and how regularly it happened")
    func periodicBlockFolds() {
        let trace = Simulator(scenario: Self.periodicTimer).trace(hook: 0, strategy: 0, procedure: 0)
        let explanation = CellExplanation(trace)
        let text = explanation.renderText()
        let rows = text.split(separator: "\n")
        #expect(explanation.lines.count > 2_000)
        #expect(rows.count < 80, "\(text)")
        let note = rows.first { $0.contains("⋮") }
        expectEqual(note?.contains("more times, every 10 ms; the last time:"), true, "\(text)")
        #expect(text.contains("#1 ") && text.contains("#500"), "the first and the last fire are shown in full")
    }

    @Test("folding is exact: a repetition whose timing differs is not folded into the others")
    func foldingIsExact() {
        func block(_ start: Int64, _ instance: Int, gap: Int64 = 1) -> [CellExplanation.Line] {
            [CellExplanation.Line(time: start, place: "main thread", text: "runs block #\(instance)", afterDeath: false),
             CellExplanation.Line(time: start + gap, place: "main thread", text: "block #\(instance) returns", afterDeath: false)]
        }
        let regular = (0..<6).flatMap { block(Int64($0) * 100, $0) }
        let pieces = TimelineFolding.fold(regular)
        expectEqual(pieces.count, 5)
        expectEqual(pieces[2], .folded(TimelineFolding.Fold(blockLines: 2, hidden: 4, period: 100)))
        expectEqual(pieces[4], .line(regular[11]))
        let irregular = (0..<6).flatMap { block(Int64($0) * 100, $0, gap: $0 == 3 ? 2 : 1) }
        let folded = TimelineFolding.fold(irregular).filter { if case .folded = $0 { true } else { false } }
        #expect(folded.isEmpty, "only 3 equal repetitions before the odd one, and 2 after: too few to fold")
        expectEqual(TimelineFolding.withoutInstanceNumbers("turn #12 of #3 (#)"), "turn # of # (#)")
        expectEqual(TimelineFolding.Fold(blockLines: 1, hidden: 1, period: nil).sentence, "the line above happens once more; the last time:")
    }

    @Test("explain on the shipped Dynamic Island scenario reads in hundreds of lines, not tens of thousands", .heavy)
    func dynamicIslandReads() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scenario = try ScenarioLoader.load(path: repository.appendingPathComponent("scenarios/dynamic-island-animation.json").path)
        let simulator = Simulator(scenario: scenario)
        var longest = 0
        for strategy in scenario.strategies.indices {
            for procedure in scenario.procedures.indices {
                let explanation = CellExplanation(simulator.trace(hook: 0, strategy: strategy, procedure: procedure))
                let rows = explanation.renderText().split(separator: "\n").count
                #expect(rows < 1_000, "strategy \(strategy), procedure \(procedure): \(rows) rows")
                longest = max(longest, explanation.lines.count)
            }
        }
        #expect(longest > 20_000, "the longest timeline unfolded")
    }
}
