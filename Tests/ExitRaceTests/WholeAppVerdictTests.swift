import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// A verdict of a strategy with a program per callback names the programs its procedure never
/// delivered. Those of the app going away (`sceneDidEnterBackground` here) owe their cleanup calls
/// all the same, so a kill that never delivers them loses that cleanup, and the verdict says which
/// call was never made (until 2026-12-01 a program never run owed nothing, and this cell read ○ [n]
/// under the foreground kill, though the upload never started).
@Suite("explain: programs per callback that a procedure did not deliver")
struct WholeAppVerdictTests {
    static func explanation(procedure name: String) throws -> CellExplanation {
        let scenario = try SwiftImportConstructTests.load(
            try SwiftImportTests.run(["SceneDelegate.swift": SwiftImportWholeAppTests.uploadApp]))
        let hook = try #require(scenario.hooks.firstIndex { $0.name == "your app" })
        let strategy = try #require(scenario.strategies.firstIndex { $0.name == "your app" })
        let procedure = try #require(scenario.procedures.firstIndex { $0.name == name })
        return CellExplanation(Simulator(scenario: scenario).trace(hook: hook, strategy: strategy, procedure: procedure))
    }

    @Test("under foreground, sceneDidEnterBackground is never delivered: its upload is owed all the same, and lost")
    func foregroundNamesTheMissedProgram() throws {
        let explanation = try Self.explanation(procedure: "foreground")
        let lines = explanation.verdict.split(separator: "\n").map(String.init)
        expectEqual(lines, [
            "× lost: Uploader.upload at SceneDelegate.swift:11:13 (sceneDidEnterBackground) was never made: "
                + "sceneDidEnterBackground was not delivered before the process exited at 53 ms.",
            "not delivered in this run: sceneDidEnterBackground (1 cleanup call, owed all the same)",
        ])
        #expect(explanation.renderText().hasSuffix(
            "\nnot delivered in this run: sceneDidEnterBackground (1 cleanup call, owed all the same)\n"))
    }

    @Test("under background every program is delivered: the verdict is one line")
    func backgroundSaysNothingMore() throws {
        let explanation = try Self.explanation(procedure: "background")
        expectNotContains(explanation.verdict, "\n")
        expectNotContains(explanation.verdict, "not delivered")
    }
}

extension WholeAppVerdictTests {
    @Test("run's details name the cell and procedure under which a program holding cleanup calls is not delivered")
    func runDetails() throws {
        let scenario = try SwiftImportConstructTests.load(
            try SwiftImportTests.run(["SceneDelegate.swift": SwiftImportWholeAppTests.uploadApp]))
        let details = TableLayout(Simulator(scenario: scenario).table()).details
        expectEqual(details.filter { $0.contains("not delivered") }, [
            "your app · your app (foreground): not delivered in this run: sceneDidEnterBackground (1 cleanup call, owed all the same)",
        ], "the row sceneDidEnterBackground is not called under foreground at all: no line for it")
    }
}
