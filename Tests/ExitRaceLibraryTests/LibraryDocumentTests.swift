// The examples of docs/library.md, verbatim: they compile and pass here, and a test below checks
// that the document still says exactly this.
import ExitRace
import Foundation
import Testing

// docs/library.md: a complete test
@Suite("Ending the Live Activity when the app is killed")
struct TerminationTests {
    /// The reference experiment ships with ExitRace; use `ScenarioLoader.load(path:)` for your own.
    let simulator = Simulator(scenario: DefaultScenario.load())

    @Test("a detached task with a semaphore wins from every hook, with an inversion")
    func detachedWithSemaphore() throws {
        let table = simulator.table()
        for hook in ["AppDelegate", "SceneDelegate", "Notification"] {
            let cell = try table.cell(hook: hook, strategy: "Task.detached + semaphore")
            #expect(cell.verdict == .always, "\(hook)")
            #expect(cell.hasInversion)
        }
    }

    @Test("a plain Task from applicationWillTerminate works only when killed from the background")
    func plainTask() throws {
        let table = simulator.table()
        #expect(try table.verdict(hook: "AppDelegate", strategy: "Task") == .some(["background"]))
        let foreground = try table.outcome(hook: "AppDelegate", strategy: "Task", procedure: "foreground")
        let background = try table.outcome(hook: "AppDelegate", strategy: "Task", procedure: "background")
        #expect(!foreground.cleanupFinished)
        #expect(foreground.death?.cause == .exit)
        #expect(background.cleanupFinished)
        #expect(background.margin == VirtualDuration(nanoseconds: 1_900_000))  // won by 1.9 ms
    }

    @Test("Task.detached from applicationWillTerminate fails with an exit of 11 ms and finishes with 12 ms")
    func exitDurationThreshold() throws {
        var values = simulator.defaults
        try values.set("timing.exitDurationMs", to: 11)
        #expect(try !simulator.run(hook: "AppDelegate", strategy: "Task.detached", procedure: "foreground",
                                   values: values).cleanupFinished)
        try values.set("timing.exitDurationMs", to: 12)
        #expect(try simulator.run(hook: "AppDelegate", strategy: "Task.detached", procedure: "foreground",
                                  values: values).cleanupFinished)
    }
}
// end

// docs/library.md: numbers are inputs
struct ExitDurations: ParameterPlan {
    let slot: Int
    var pointCount: Int { 100 }
    func fill(_ values: inout ParameterValues, point: Int) {
        values[slot] = Int64(point + 1) * 100_000          // 0.1 ms … 10 ms, in nanoseconds
    }
}

struct FinishedCount: OutcomeAggregator {
    var finished = 0
    mutating func record(_ outcome: RunOutcome, point: Int, cell: CellIndex, procedure: Int) {
        if outcome.cleanupFinished { finished += 1 }
    }
}
// end

// docs/library.md: call shapes
func callShapes(_ simulator: Simulator) throws {
    let table = simulator.table()
    print(TextRenderer.render(table))               // the text table `exitrace run` prints
    print(MarkdownRenderer.render(table))           // as `--format md`
    print(JSONRenderer.render([table]))             // as `--format json`: every table given
    let trace = try simulator.trace(hook: "AppDelegate", strategy: "Task", procedure: "foreground")
    print(CellExplanation(trace).renderText())      // as `exitrace explain`
    let axis = try SweepAxis.parse("timing.exitDurationMs=0.1...100", steps: 50, logarithmic: true,
                                   space: simulator.parameters)
    let report = try FlipAnalysis(scenario: simulator.scenario, grid: SweepGrid(axes: [axis])).run()
    print(FlipReportRenderer.text(report))          // or .markdown(report), .json(report)
    print(ExitRaceVersion.current)
}
// end

@Suite("docs/library.md")
struct LibraryDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text between `// docs/library.md: <title>` and `// end` in this file.
    static func example(_ title: String) throws -> String {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// docs/library.md: \(title)\n"))
        let end = try #require(source.range(of: "// end\n", range: start.upperBound..<source.endIndex))
        return String(source[start.upperBound..<end.lowerBound])
    }

    @Test("the document shows these examples, word for word")
    func documentMatches() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        for title in ["a complete test", "numbers are inputs", "call shapes"] {
            #expect(document.contains(try Self.example(title)), "docs/library.md no longer shows: \(title)")
        }
    }

    @Test("the plan and aggregator of the document run: Task.detached from applicationWillTerminate", .heavy)
    func planRuns() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let plan = ExitDurations(slot: try #require(simulator.parameters.index(of: "timing.exitDurationMs")))
        var count = FinishedCount()
        Experiment(simulator: simulator, plan: plan).run(into: &count)
        // 18 cells × 2 procedures at 100 points; counted by running each point as a table.
        var expected = 0
        var values = simulator.defaults
        for point in 0..<plan.pointCount {
            plan.fill(&values, point: point)
            expected += try simulator.table(values: values).cells.reduce(0) { $0 + $1.outcomes.filter(\.cleanupFinished).count }
        }
        #expect(count.finished == expected)
        #expect(count.finished > 0)
    }
}
