import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Notes the importer acts on after translating carry a topic (``ImportNote/Topic``); the filter that
/// drops "a closure passed to … when it runs is unknown" for a closure registered as an observer reads
/// that topic, never the message's words.
@Suite("exitrace import: notes filtered by topic, not by their wording")
struct SwiftImportNoteTopicTests {
    @Test("a closure passed to an unknown call is noted with its topic; other closure notes are not")
    func topics() throws {
        let result = try SwiftImportReviewTests.imported("""
            Task { await Store.shared.flush() }
                    purgeCache { print("done") }
                    run(later: { print("x") })
            """, members: "func run(_ work: () -> Void) { work() }")
        let unknown = try #require(result.notes.first { $0.message.hasPrefix("a closure passed to purgeCache(…)") })
        expectEqual(unknown.topic, .closureOfUnknownCall)
        let unbound = try #require(result.notes.first { $0.message.hasPrefix("a closure passed to run(…), a function of the files") })
        expectEqual(unbound.topic, .other, "same first words, another topic: a filter by prefix would have confused them")
    }

    @Test("an observer closure registered in an entry point's code is not named as unknown; by topic")
    func observerClosureFiltered() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    NotificationCenter.default.addObserver(forName: UIApplication.willTerminateNotification, object: nil, queue: .main) { _ in
                        Task { await Store.shared.flush() }
                    }
                    return true
                }
            }
            """])
        #expect(result.hooks.contains { $0.entryPoint.callback == "willTerminateNotification" })
        #expect(!result.notes.contains { $0.topic == .closureOfUnknownCall }, "\(result.notes.map(\.description))")
    }
}
