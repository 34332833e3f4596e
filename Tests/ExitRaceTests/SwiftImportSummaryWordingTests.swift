import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// The import summary's wording, and the refusal when the files hold no entry point.
@Suite("exitrace import: summary wording")
struct SwiftImportSummaryWordingTests {
    @Test("an entry point with one step says 1 step, not 1 steps")
    func oneStep() throws {
        let source = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) { Task.detached { await Store.shared.flush() } }
                func sceneDidDisconnect(_ scene: UIScene) { Store.shared.saveNow() }
            }
            """
        let result = try SwiftImportTests.run(["SceneDelegate.swift": source])
        #expect(result.summary.contains("\"your code: SceneDelegate.sceneDidEnterBackground\", 2 steps  ["))
        let single = try SwiftImportTests.run(["A.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) { Store.shared.save { } }
            }
            """])
        #expect(single.summary.contains(", 1 step  ["), "\(single.summary)")
        #expect(!single.summary.contains(" 1 steps"))
    }

    @Test("files without a lifecycle entry point are refused, saying none was found")
    func noEntryPoint() throws {
        let source = """
            struct Formatter { func format(_ value: Int) -> String { String(value) } }
            """
        #expect {
            _ = try SwiftImportTests.run(["Formatter.swift": source])
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.diagnostics.first?.message == "expected lifecycle code to import, found no lifecycle entry point "
                + "(delegate methods such as applicationWillTerminate, notification observers, .onChange(of: scenePhase))"
        }
    }

    @Test("entry points without code to measure: an answer, not an error")
    func nothingToSimulate() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { print("bye") }
            }
            """
        let result = try SwiftImportTests.run(["AppDelegate.swift": source])
        #expect(result.answer != nil)
        #expect(result.scenario.isEmpty)
        #expect(result.notes.contains { $0.kind == .untranslated && $0.message.contains("it is left out") })
    }
}
