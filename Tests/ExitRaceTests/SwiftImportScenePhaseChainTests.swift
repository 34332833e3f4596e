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
        #expect(result.hooks.map(\.name).prefix(2) == ["NotesApp.scenePhase .inactive", "NotesApp.scenePhase .background"],
                "\(result.hooks.map(\.name))")
        #expect(result.hooks.map(\.entryPoint.callback).prefix(2) == ["sceneWillResignActive", "sceneDidEnterBackground"])
    }

    @Test("a plain else after a phase's if is named, not dropped")
    func plainElseIsNamed() throws {
        let result = try SwiftImportTests.run(["NotesApp.swift": Self.app("""
            if newPhase == .background { Task { await NoteUploader.shared.uploadPending() } } else {
                            Task { await Analytics.shared.flush() }
                        }
            """)])
        #expect(result.hooks.map(\.name).first == "NotesApp.scenePhase .background")
        #expect(result.notes.contains { $0.message.contains("the else of `if newPhase == .background`: the phases it stands for are not named") },
                "\(result.notes.map(\.message))")
    }

    @Test("guard newPhase == .background else { return }: the code after it is the background phase's")
    func guardedPhase() throws {
        let result = try SwiftImportTests.run(["NotesApp.swift": Self.app("""
            guard newPhase == .background else { return }
                        Task { await NoteUploader.shared.uploadPending() }
            """)])
        #expect(result.hooks.map(\.name) == ["NotesApp.scenePhase .background"])
        #expect(result.hooks.first?.steps.isEmpty == false)
    }
}
