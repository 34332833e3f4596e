import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// `.onChange(of: scenePhase)` written as an `if … else if …` chain or a `guard` (a newcomer's fourth
/// walk: the `else if` branch, the upload on `.background`, was dropped without a word, and the table
/// said the app's cleanup was safe).
@Suite("exitrace import: scenePhase branches in an else-if chain or after a guard")
struct SwiftImportScenePhaseChainTests {
    static func app(_ body: String) -> String {
        """
        import SwiftUI
        @main struct NotesApp: App {
            @Environment(\\.scenePhase) private var scenePhase
            var body: some Scene {
                WindowGroup { ContentView() }
                    .onChange(of: scenePhase) { newPhase in
                        \(body)
                    }
            }
        }
        """
    }

    @Test("if .inactive { save } else if .background { upload }: two entry points, one per phase")
    func elseIfChain() throws {
        let result = try SwiftImportTests.run(["NotesApp.swift": Self.app("""
            if newPhase == .inactive { Persistence.shared.saveDraft() } else if newPhase == .background {
                            Task { await NoteUploader.shared.uploadPending() }
                        }
            """)])
        expectEqual(result.hooks.map(\.name).prefix(2), ["NotesApp.scenePhase .inactive", "NotesApp.scenePhase .background"],
                "\(result.hooks.map(\.name))")
        expectEqual(result.hooks.map(\.entryPoint.callback).prefix(2), ["sceneWillResignActive", "sceneDidEnterBackground"])
    }

    @Test("a plain else after a phase's if stands for the other phases: their entry points run it (it was named)")
    func plainElseIsTheOtherPhases() throws {
        let result = try SwiftImportTests.run(["NotesApp.swift": Self.app("""
            if newPhase == .background { Task { await NoteUploader.shared.uploadPending() } } else {
                            Task { await Analytics.shared.flush() }
                        }
            """)])
        expectEqual(result.hooks.map(\.name).prefix(3),
            ["NotesApp.scenePhase .background", "NotesApp.scenePhase .inactive", "NotesApp.scenePhase .active"],
            "\(result.hooks.map(\.name))")
        let flush = ProgramStep.spawnTask(TaskSpawn(isolation: .inherit, priority: nil, detached: false), body: [.call("Analytics.flush")])
        expectEqual(result.hooks[1].steps.map(\.step), [flush])
        expectEqual(result.hooks[2].steps.map(\.step), [flush])
    }

    @Test("guard newPhase == .background else { return }: the code after it is the background phase's")
    func guardedPhase() throws {
        let result = try SwiftImportTests.run(["NotesApp.swift": Self.app("""
            guard newPhase == .background else { return }
                        Task { await NoteUploader.shared.uploadPending() }
            """)])
        expectEqual(result.hooks.map(\.name), ["NotesApp.scenePhase .background"])
        expectEqual(result.hooks.first?.steps.isEmpty, false)
    }
}
