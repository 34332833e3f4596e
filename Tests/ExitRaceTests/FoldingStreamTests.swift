import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceKernel
@testable import ExitRaceDiagnostics
@testable import ExitRaceJSON
@testable import ExitRaceFiles
@testable import ExitRaceModel
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBatch

/// `explain` folds its timeline as it makes it (``TimelineFoldingStream``,
/// ``CellExplanation/text(of:)``): the pieces and the text must be exactly the batch fold's
/// (``TimelineFolding/fold(_:)``, ``CellExplanation/renderText()``) on any timeline.
@Suite("Folding while recording")
struct FoldingStreamTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func streamed(_ lines: [CellExplanation.Line]) -> [TimelineFolding.Piece] {
        var stream = TimelineFoldingStream()
        for line in lines { stream.append(line) }
        return stream.finish()
    }

    /// A timeline of blocks repeated a random number of times, with times that step evenly or not,
    /// a few shapes (places and words, instance numbers that count up), and random repeats.
    static func randomLines(_ rng: inout SplitMix64) -> [CellExplanation.Line] {
        var lines: [CellExplanation.Line] = []
        var time: Int64 = 0
        var instance = 0
        let places = ["main thread", "main queue", "cooperative pool", "system"]
        let words = ["runs Timer block #", "works for 0 ms", "Timer block # returns", "timer fires", "sends a turn"]
        while lines.count < Int(rng.next() % 400) + 1 {
            let blockLength = Int(rng.next() % (rng.next() % 4 == 0 ? 60 : 6)) + 1
            let block = (0..<blockLength).map { _ in (Int(rng.next() % 3), Int(rng.next() % 5), Int64(rng.next() % 3)) }
            let repetitions = Int(rng.next() % 12) + 1
            let step = Int64(rng.next() % 4)
            for _ in 0..<repetitions {
                instance += 1
                for (place, word, gap) in block {
                    time += gap + (rng.next() % 16 == 0 ? 1 : 0)
                    let text = words[word].replacingOccurrences(of: "#", with: "#\(instance)")
                    let repeats = rng.next() % 8 == 0 ? 2 : 1
                    lines.append(CellExplanation.Line(
                        time: time, place: places[place], text: text, afterDeath: false, repeats: repeats,
                        lastTime: time + Int64(repeats - 1)))
                }
                time += step
            }
        }
        return lines
    }

    /// Chunks of 80 random timelines: all 8 with `EXITRACE_FULL=1`, else a seeded sample of 2 (`.heavy`:
    /// `swift test` skips it).
    @Test("random timelines: the streamed fold is the batch fold", .heavy, arguments: TestSample.choose(2, of: Array(0..<8), salt: "fold chunks"))
    func randomTimelines(chunk: Int) {
        var rng = SplitMix64(seed: 0x5EED_F01D ^ UInt64(chunk))
        for round in 0..<80 {
            let lines = Self.randomLines(&rng)
            let streamed = Self.streamed(lines)
            let batch = TimelineFolding.fold(lines)
            expectEqual(streamed, batch, "chunk \(chunk) round \(round): \(lines.count) lines")
            if streamed != batch { return }
        }
    }

    @Test("a long periodic run ends in lines that do not repeat; blocks of one line and of 48")
    func shapes() {
        func line(_ time: Int64, _ text: String) -> CellExplanation.Line {
            CellExplanation.Line(time: time, place: "main thread", text: text, afterDeath: false)
        }
        var lines: [CellExplanation.Line] = []
        for index in 0..<5_000 { lines += [line(Int64(index) * 10, "a #\(index)"), line(Int64(index) * 10 + 1, "b")] }
        lines += (0..<10).map { line(100_000 + Int64($0), "c\($0)") }
        for index in 0..<6 { lines += (0..<48).map { line(200_000 + Int64(index * 100 + $0), "d\($0)") } }
        for index in 0..<9 { lines.append(line(300_000 + Int64(index), "e")) }
        expectEqual(Self.streamed(lines), TimelineFolding.fold(lines))
        expectEqual(Self.streamed([]), [])
    }

    @Test("every cell of three scenarios and a timer storm: text(of:) is renderText()", .heavy)
    func explanations() throws {
        var scenarios: [Scenario] = [DefaultScenario.load()]
        for name in ["background-main-queue-deadlock", "lifecycle-orders"] {
            scenarios.append(try ScenarioLoader.load(path: Self.root.appendingPathComponent("scenarios/\(name).json").path))
        }
        let timer = #"{"op": "timer", "intervalMs": 0.000001, "count": 1000000, "body": [{"op": "work", "ms": 0}]}"#
        let storm = #"{"extend": "builtin:live-activity", "name": "timers", "limits": {"maxEvents": 20000}, "#
            + #""strategies": {"timers": {"program": ["# + Array(repeating: timer, count: 10).joined(separator: ", ")
            + #", {"op": "task", "body": [{"op": "call", "name": "Activity.end"}]}]}}}"#
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-fold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stormFile = directory.appendingPathComponent("storm.json")
        try Data(storm.utf8).write(to: stormFile)
        scenarios.append(try ScenarioLoader.load(path: stormFile.path))
        for scenario in scenarios {
            let simulator = Simulator(scenario: scenario)
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    for procedure in scenario.procedures.indices {
                        let trace = simulator.trace(hook: hook, strategy: strategy, procedure: procedure)
                        expectEqual(CellExplanation.text(of: trace), CellExplanation(trace).renderText(), "\(trace.title)")
                    }
                }
            }
        }
    }
}
