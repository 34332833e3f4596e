import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// `[n]`: a cell whose strategy has a program per callback, one of which holds cleanup calls and is
/// not delivered under a procedure, says so in the cell, not only in a details line (a newcomer read
/// the whole app's ○ as every cleanup finishing, though applicationWillTerminate's never ran).
@Suite("Tables: the [n] mark of code that did not run")
struct UndeliveredMarkTests {
    static func layout() throws -> TableLayout {
        let scenario = try SwiftImportConstructTests.load(
            try SwiftImportTests.run(["SceneDelegate.swift": SwiftImportWholeAppTests.uploadApp]))
        return TableLayout(Simulator(scenario: scenario).table())
    }

    @Test("the your app cell is marked [n], with its legend line; cells of one program are not")
    func yourAppCellIsMarked() throws {
        let layout = try Self.layout()
        let yourApp = try #require(layout.rows.first { $0.title == "your app" })
        let column = try #require(layout.columns.firstIndex { $0.title == "your app" })
        #expect(yourApp.cells[column].text.hasSuffix(" [n]"))
        let others = layout.rows.flatMap(\.cells).filter { layout.columns[$0.strategy].title != "your app" }
        #expect(!others.isEmpty && others.allSatisfy { !$0.text.contains("[n]") })
        #expect(layout.legend.contains(VerdictSentence.undeliveredLegend))
        #expect(layout.details.contains { $0.contains("not delivered in this run") }, "the details say which")
    }

    @Test("sampled tables mark the same cell")
    func sampledTableMarksIt() throws {
        let scenario = try SwiftImportConstructTests.load(
            try SwiftImportTests.run(["SceneDelegate.swift": SwiftImportWholeAppTests.uploadApp]))
        let hook = try #require(scenario.hooks.firstIndex { $0.name == "your app" })
        let strategy = try #require(scenario.strategies.firstIndex { $0.name == "your app" })
        #expect(VerdictSentence.leftCleanupUndelivered(Simulator(scenario: scenario).table().cell(hook: hook, strategy: strategy)))
        let layout = TableLayout(SampledExperiment(scenario: scenario, sampling: SamplingSettings(runs: 2, seed: 1)).run(parallel: false))
        #expect(layout.rows[hook].cells[strategy].text.hasSuffix(" [n]"))
        #expect(layout.legend.contains { $0.hasPrefix("[n] not all of the code ran: under a procedure, in a run at the scenario's nominal values,") })
    }

    /// The whole app of a scene-based app, pressed home, then swiped away once suspended: the swipe's
    /// turns are in the script, but a suspended app is killed with no callback (a newcomer's second
    /// walk: the cell read ○ with no [n], and explain left out its "not delivered" line).
    static let suspendedSwipe = """
        {
          "name": "later",
          "systemCalls": {"save": {"costMs": 1}},
          "hooks": {"app": {"callbacks": ["sceneDidEnterBackground", "applicationWillTerminate"]}},
          "strategies": {"app": {"onCallbacks": {
            "sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}],
            "applicationWillTerminate": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}]}}},
          "procedures": {"home, 60 s, swipe": {"steps": [
            {"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 60000}, {"op": "action", "action": "swipeAway"}]}}
        }
        """

    @Test("a swipe of a suspended app delivers nothing: [n], the details, JSON's codeNotRunIn and explain say so")
    func suspendedSwipeIsMarked() throws {
        let scenario = try ScenarioDecoder.decode(Self.suspendedSwipe, file: "later.json")
        let table = Simulator(scenario: scenario).table()
        let layout = TableLayout(table)
        expectEqual(layout.rows[0].cells[0].text, "○ [n]")
        // applicationWillTerminate's save is owed all the same: sceneDidEnterBackground's save, made in time, does it.
        #expect(layout.details.contains(
            "app · app (\"home, 60 s, swipe\"): not delivered in this run: applicationWillTerminate (1 cleanup call, owed all the same)"))
        let json = OutputFormat.json.render([table])
        let compact = json.filter { !$0.isWhitespace }
        expectContains(compact, #""codeNotRunIn":[{"callbacks":["applicationWillTerminate"],"procedure":"home,60s,swipe"}]"#, "\(json)")
        let explanation = CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0))
        #expect(explanation.verdict.hasPrefix("○ finished: the cleanup took effect at 11 ms"))
        #expect(explanation.verdict.hasSuffix("\nnot delivered in this run: applicationWillTerminate (1 cleanup call, owed all the same)"))
        // Place by place, the undelivered save names the place that did what it owed (a newcomer's walk,
        // 2026-12-03: it read "– … not run", which the legend gives for code that owes nothing).
        expectEqual(explanation.cleanupPlaces.fates, [.tookEffect(at: 11_000_000), .madeElsewhere(by: 0)])
        expectEqual(explanation.cleanupPlaces.lines().last,
            "  – save at strategies.app.onCallbacks.applicationWillTerminate[0].body[0] (applicationWillTerminate): not run: "
                + "applicationWillTerminate was not delivered in this run; the call it owed all the same was made in time by "
                + "save at strategies.app.onCallbacks.sceneDidEnterBackground[0].body[0] (sceneDidEnterBackground) at 11 ms")
    }

    @Test("code of the app going away owes its calls though never delivered: a flush only applicationWillTerminate makes is lost")
    func undeliveredTerminationCodeIsOwed() throws {
        // As suspendedSwipe, but applicationWillTerminate flushes analytics, which no code that ran does.
        let json = Self.suspendedSwipe
            .replacingOccurrences(of: #""systemCalls": {"save": {"costMs": 1}}"#, with: #""systemCalls": {"save": {"costMs": 1}, "flush": {"costMs": 1}}"#)
            .replacingOccurrences(
                of: #""applicationWillTerminate": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}]"#,
                with: #""applicationWillTerminate": [{"op": "detached", "body": [{"op": "call", "name": "flush"}]}]"#)
        let scenario = try ScenarioDecoder.decode(json, file: "later.json")
        let layout = TableLayout(Simulator(scenario: scenario).table())
        expectEqual(layout.rows[0].cells[0].text, "× [n]", "the flush was never made: the app's cleanup did not finish")
        let explanation = CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0))
        #expect(explanation.verdict.hasPrefix(
            "× lost: flush at strategies.app.onCallbacks.applicationWillTerminate[0].body[0] (applicationWillTerminate) was never made: "
                + "applicationWillTerminate was not delivered before the process was killed (SIGKILL) at 60000 ms."))
        expectEqual(explanation.cleanupPlaces.fates, [.tookEffect(at: 11_000_000), .owedNotDelivered])
    }

    @Test("code of a callback not of the app going away owes nothing when not delivered (a launch's, under a kill)")
    func undeliveredLaunchCodeOwesNothing() throws {
        let json = Self.suspendedSwipe
            .replacingOccurrences(of: #""callbacks": ["sceneDidEnterBackground", "applicationWillTerminate"]"#,
                                  with: #""callbacks": ["sceneDidEnterBackground", "applicationDidFinishLaunching"]"#)
            .replacingOccurrences(of: #""applicationWillTerminate": [{"op""#, with: #""applicationDidFinishLaunching": [{"op""#)
        let scenario = try ScenarioDecoder.decode(json, file: "later.json")
        let layout = TableLayout(Simulator(scenario: scenario).table())
        expectEqual(layout.rows[0].cells[0].text, "○ [n]")
        let verdict = CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)).verdict
        #expect(verdict.hasPrefix("○ finished, for the code that ran: the cleanup took effect at 11 ms"))
        #expect(verdict.hasSuffix("\nnot delivered in this run: applicationDidFinishLaunching (1 cleanup call, not owed)"))
    }

    /// Code of the app going away and a launch's, for the review's cases of the owed rule (2026-12-01).
    static func twoPrograms(procedures: String, terminate: String = #"[{"op": "detached", "body": [{"op": "call", "name": "flush"}]}]"#) -> String {
        """
        {
          "name": "owed",
          "systemCalls": {"save": {"costMs": 1}, "flush": {"costMs": 1}},
          "hooks": {"app": {"callbacks": ["sceneDidEnterBackground", "applicationWillTerminate"]}},
          "strategies": {"app": {"onCallbacks": {
            "sceneDidEnterBackground": [{"op": "detached", "body": [{"op": "call", "name": "save"}]}],
            "applicationWillTerminate": \(terminate)}}},
          "procedures": {\(procedures)}
        }
        """
    }

    @Test("a procedure in which the process lives on owes nothing of the code it did not deliver")
    func livingProcessOwesNothingUndelivered() throws {
        let json = Self.twoPrograms(procedures: """
            "home and back": {"steps": [{"op": "action", "action": "pressHome"}, {"op": "delay", "ms": 1000},
              {"op": "action", "action": "tapIcon"}, {"op": "delay", "ms": 1000}]}
            """)
        let scenario = try ScenarioDecoder.decode(json, file: "owed.json")
        expectEqual(TableLayout(Simulator(scenario: scenario).table()).rows[0].cells[0].text, "○ [n]")
        let verdict = CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)).verdict
        #expect(verdict.hasPrefix("○ finished, for the code that ran: the cleanup took effect at 11 ms"))
        #expect(verdict.hasSuffix("\nnot delivered in this run: applicationWillTerminate (1 cleanup call, not owed)"))
    }

    @Test("a run that starts in the background owes nothing of sceneDidEnterBackground: its code ran before the run")
    func startInBackgroundPassedItsCallbacks() throws {
        let terminate = """
            [{"op": "detached", "body": [{"op": "call", "name": "flush"}, {"op": "signal", "semaphore": "done"}]},
             {"op": "wait", "semaphore": "done", "timeoutMs": 1000}]
            """
        let json = Self.twoPrograms(
            procedures: #""bg swipe": {"startsIn": "background", "steps": [{"op": "action", "action": "swipeAway"}]}"#,
            terminate: terminate)
        let scenario = try ScenarioDecoder.decode(json, file: "owed.json")
        let outcome = Simulator(scenario: scenario).run(hook: 0, strategy: 0, procedure: 0)
        #expect(outcome.cleanupFinished, "the flush won; the save is not owed")
        #expect(outcome.skippedCleanupPrograms == 1 && outcome.owedSkippedPrograms == 0)
        let places = CellExplanation(Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)).cleanupPlaces
        expectEqual(places.fates.first, .notDelivered)
    }

    @Test("a kill that delivers nothing owes the code of the app going away: its place reads ×, as the verdict")
    func nothingDeliveredStillOwes() throws {
        let json = Self.twoPrograms(
            procedures: #""jetsam": {"startsIn": "suspended", "steps": [{"op": "action", "action": "jetsam"}]}"#)
        let scenario = try ScenarioDecoder.decode(json, file: "owed.json")
        let trace = Simulator(scenario: scenario).trace(hook: 0, strategy: 0, procedure: 0)
        #expect(!trace.outcome.cleanupFinished)
        expectEqual(trace.outcome.owedSkippedPrograms, 2, "applicationWillTerminate's flush (sceneDidEnterBackground had run before)")
        expectEqual(CellExplanation(trace).cleanupPlaces.fates, [.notDelivered, .owedNotDelivered])
    }
}

