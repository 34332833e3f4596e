import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// The shapes of `.onChange(of: scenePhase)` the audit found dropped without a word (issue 23): code that
/// tests no phase (it runs on every change), `||`, `!=`, `if case`, `contains`, a property under another
/// name, a method passed as the handler, a handler that calls a method with the phase.
@Suite("exitrace import: every shape of a scenePhase handler")
struct SwiftImportScenePhaseShapesTests {
    static func view(_ handler: String, property: String = "scenePhase", members: String = "") -> String {
        """
        import SwiftUI
        struct RootView: View {
            @Environment(\\.scenePhase) private var \(property)
            var body: some View {
                Text("hi")
                    \(handler)
            }
            \(members)
        }
        """
    }

    static func task(_ call: String) -> ProgramStep {
        .spawnTask(TaskSpawn(isolation: .inherit, priority: nil, detached: false), body: [.call(call)])
    }

    /// The hooks' names and their steps, by name.
    static func programs(_ source: String) throws -> [String: [ProgramStep]] {
        let result = try SwiftImportTests.run(["Root.swift": source])
        _ = try SwiftImportTests.decodes(result)
        return Dictionary(uniqueKeysWithValues: result.hooks.map { ($0.name, $0.steps.map(\.step)) })
    }

    @Test("code outside any test of the phase runs on every phase: in each phase's entry point, named once")
    func everyPhase() throws {
        let source = Self.view("""
            .onChange(of: scenePhase) { _, phase in
                        Task { await Store.shared.saveDraft() }
                        if phase == .background { Task { await Store.shared.persist() } }
                    }
            """)
        let programs = try Self.programs(source)
        expectEqual(programs["RootView.scenePhase .background"], [Self.task("Store.saveDraft"), Self.task("Store.persist")])
        expectEqual(programs["RootView.scenePhase .inactive"], [Self.task("Store.saveDraft")])
        expectEqual(programs["RootView.scenePhase .active"], [Self.task("Store.saveDraft")])
        let result = try SwiftImportTests.run(["Root.swift": source])
        expectEqual(result.notes.filter { $0.message.contains("tests no phase, so it runs on every change of phase") }.count, 1)
    }

    @Test("||, !=, if case, contains: each phase gets the branches whose test is true for it")
    func compoundTests() throws {
        let programs = try Self.programs(Self.view("""
            .onChange(of: scenePhase) { _, newPhase in
                        if newPhase == .background || newPhase == .inactive { Task { await Store.shared.a() } }
                        if case .inactive = newPhase { Task { await Store.shared.b() } }
                        if newPhase != .active { Task { await Store.shared.c() } }
                        if [.background].contains(newPhase) { Task { await Store.shared.d() } }
                        if newPhase == .background && isLoggedIn { Task { await Store.shared.e() } }
                    }
            """, members: "var isLoggedIn = true"))
        expectEqual(programs["RootView.scenePhase .background"],
            [Self.task("Store.a"), Self.task("Store.c"), Self.task("Store.d"), Self.task("Store.e")])
        expectEqual(programs["RootView.scenePhase .inactive"], [Self.task("Store.a"), Self.task("Store.b"), Self.task("Store.c")])
        expectEqual(programs["RootView.scenePhase .active"], nil, "no code runs on .active")
    }

    @Test("a scenePhase property under another name is found by its key path")
    func propertyUnderAnotherName() throws {
        let programs = try Self.programs(Self.view("""
            .onChange(of: phase) { _, newPhase in
                        if newPhase == .background { Task { await Store.shared.persist() } }
                    }
            """, property: "phase"))
        expectEqual(programs, ["RootView.scenePhase .background": [Self.task("Store.persist")]])
    }

    @Test("onChange(of: scenePhase, perform: handle), and { _, p in handle(p) }: the method's code, by phase")
    func handlerMethods() throws {
        let members = """
            func handle(_ phase: ScenePhase) {
                    switch phase {
                    case .background: Task { await Store.shared.persist() }
                    case .inactive: break
                    default: Task { await Store.shared.refresh() }
                    }
                }
            """
        for handler in [".onChange(of: scenePhase, perform: handle)", ".onChange(of: scenePhase) { _, p in handle(p) }"] {
            let programs = try Self.programs(Self.view(handler, members: members))
            expectEqual(programs["RootView.scenePhase .background"], [Self.task("Store.persist")], "\(handler)")
            expectEqual(programs["RootView.scenePhase .active"], [Self.task("Store.refresh")], "\(handler)")
            expectEqual(programs["RootView.scenePhase .inactive"], nil, "a case that only breaks has no code: \(handler)")
        }
    }

    @Test("a test of the phase it cannot read is named, and taken as true for every phase")
    func unreadTest() throws {
        let result = try SwiftImportTests.run(["Root.swift": Self.view("""
            .onChange(of: scenePhase) { _, phase in
                        if phase.isBackgroundish { Task { await Store.shared.persist() } }
                    }
            """)])
        #expect(result.notes.contains { $0.message.hasPrefix("a test of the scene phase the importer cannot read") })
        #expect(result.hooks.count >= 3)
    }
}
