import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// The importer's placeholder cost has one source, `SystemCall.importPlaceholderCost`: the written
/// `costMs`, the summary's "now … ms", and `run`'s note under the table all come from it.
@Suite("exitrace import: one placeholder cost")
struct SwiftImportPlaceholderCostTests {
    @Test("the written costMs, the summary and run's placeholder note all say importPlaceholderCost")
    func oneSource() throws {
        let source = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) { Task.detached { await Analytics.shared.flush() } }
            }
            """
        let result = try SwiftImportTests.run(["SceneDelegate.swift": source])
        let scenario = try SwiftImportConstructTests.load(result)
        let call = try #require(scenario.systemCalls.first { $0.name == "Analytics.flush" })
        expectEqual(call.cost, SystemCall.importPlaceholderCost)
        expectEqual(scenario.placeholderCalls, ["Analytics.flush"], "the written cost is the one run checks for")
        let shown = TimeFormatting.milliseconds(SystemCall.importPlaceholderCost.nanoseconds)
        expectContains(result.summary, "(systemCalls[\"NAME\"].costMs, now \(shown)):")
        expectEqual(scenario.placeholderNotes.first?.contains("as a placeholder (\(shown), taking effect"), true)
    }
}
