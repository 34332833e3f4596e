import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// The parser skips subscripts; an `await` in one (`cache[await store.key()] = 1`) is named with its
/// place and what to do, never dropped silently (issue 23: nothing is dropped without a word).
@Suite("exitrace import: an await inside a subscript is named")
struct SwiftImportSubscriptAwaitTests {
    @Test("an await in a subscript, in an assignment and in a condition, is named at the await; the rest is translated")
    func awaitInSubscriptNamed() throws {
        let result = try SwiftImportGapTests.imported("""
            Task {
                        cache[await store.key()] = 1
                        if flags[await store.name()] == true { }
                        await Analytics.shared.flush()
                    }
            """, members: "var cache: [String: Int] = [:]; var flags: [String: Bool] = [:]")
        let notes = SwiftImportGapTests.notes(result).filter { $0.contains("an await inside a subscript") }
        #expect(notes.count == 2, "\(SwiftImportGapTests.notes(result))")
        #expect(notes.first?.hasPrefix("App.swift:5:19: not translated:") == true, "\(notes)")
        #expect(notes.allSatisfy { $0.contains("await into a local first") })
        #expect(result.newSystemCalls.map(\.name).contains("Analytics.flush"))
    }

    @Test("a subscript without an await, or an await outside it, gives no such note")
    func plainSubscriptQuiet() throws {
        let result = try SwiftImportGapTests.imported("""
            Task {
                        let key = await store.key()
                        cache[key] = 1
                        await Analytics.shared.flush()
                    }
            """, members: "var cache: [String: Int] = [:]")
        #expect(!SwiftImportGapTests.notes(result).contains { $0.contains("subscript") })
    }
}
