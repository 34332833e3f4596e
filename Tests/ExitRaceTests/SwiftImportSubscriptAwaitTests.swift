import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// A subscript's indices are read (they were skipped and an `await` in one was named): an `await` in one
/// runs before the subscript's own work, as Swift evaluates it (issue 23: nothing is dropped without a word).
@Suite("exitrace import: an await inside a subscript is translated")
struct SwiftImportSubscriptAwaitTests {
    @Test("an await in a subscript, in an assignment and in a condition, is a call before the rest")
    func awaitInSubscriptTranslated() throws {
        let result = try SwiftImportGapTests.imported("""
            Task {
                        cache[await store.key()] = 1
                        if flags[await store.name()] == true { }
                        await Analytics.shared.flush()
                    }
            """, members: "var cache: [String: Int] = [:]; var flags: [String: Bool] = [:]")
        expectEqual(SwiftImportReviewTests.taskBody(result), [.call("store.key"), .call("store.name"), .call("Analytics.flush")])
        #expect(!SwiftImportGapTests.notes(result).contains { $0.contains("subscript") })
        let key = result.newSystemCalls.first { $0.name == "store.key" }
        expectEqual(key?.source.place, "App.swift:5:19")
    }

    @Test("a subscript without an await gives no step and no note")
    func plainSubscriptQuiet() throws {
        let result = try SwiftImportGapTests.imported("""
            Task {
                        let key = await store.key()
                        cache[key] = 1
                        await Analytics.shared.flush()
                    }
            """, members: "var cache: [String: Int] = [:]")
        expectEqual(SwiftImportReviewTests.taskBody(result), [.call("store.key"), .call("Analytics.flush")])
        #expect(!SwiftImportGapTests.notes(result).contains { $0.contains("subscript") })
    }
}
