import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Task handles declared in an entry point's body are its own in `your app`, as its other locals are.
@Suite("exitrace import: local task handles in your app")
struct WholeAppLocalTaskTests {
    @Test("two entry points' local task handles of one name: each cancel names its own entry point's task")
    func localTaskHandles() throws {
        let source = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) {
                    let upload = Task.detached { await Store.shared.flush() }
                    upload.cancel()
                }
                func sceneDidDisconnect(_ scene: UIScene) {
                    let upload = Task.detached { await Store.shared.flush() }
                    upload.cancel()
                }
            }
            """
        let result = try SwiftImportTests.run(["SceneDelegate.swift": source])
        let app = try #require(result.app)
        expectEqual(app.programs.map { SwiftImportWholeAppTests.sharedNames($0.steps.map(\.step)) }, [
            ["SceneDelegate.sceneDidEnterBackground.upload"], ["SceneDelegate.sceneDidDisconnect.upload"],
        ])
        _ = try SwiftImportConstructTests.load(result)
    }
}
