import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Following calls copies each callee's steps where it is called: functions that each await the next
/// several times grow exponentially (the audit's blowup.swift, nine levels of eight awaits, hung at 3.4 GB).
/// A budget of statements per entry point stops the translation, named in the summary (issue 23).
@Suite("exitrace import: a budget on the statements translated per entry point")
struct SwiftImportBudgetTests {
    /// `levels` functions `f0` … each awaiting the next `fanOut` times, the last awaiting `Api.leaf()`.
    static func fanning(levels: Int, fanOut: Int) -> String {
        var source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    Task.detached { await f0() }
                }
            }

            """
        for level in 0..<levels {
            let next = level + 1 < levels ? "await f\(level + 1)(); " : "await Api.shared.leaf(); "
            source += "func f\(level)() async { \(String(repeating: next, count: level + 1 < levels ? fanOut : 1)) }\n"
        }
        return source
    }

    static func count(_ steps: [ImportedStep]) -> Int { StepTranslator.stepCount(steps) }

    @Test("the audit's blowup.swift (f0 … f8, each awaiting the next 8 times) imports at once, the budget named", .heavy)
    func auditBlowup() throws {
        let result = try SwiftImportTests.run(["blowup.swift": Self.fanning(levels: 9, fanOut: 8)])
        let notes = SwiftImportGapTests.notes(result)
        expectEqual(notes.filter { $0.contains("are not followed: this entry point's translation has read 20000 statements") }.count, 1)
        // f8 is nine calls deep, past the follow depth, so no call is reached: the answer says an await was not
        // translated rather than that the code awaits nothing.
        let answer = try #require(result.answer)
        expectContains(answer, "awaits no call the importer could translate", "\(answer)")
    }

    @Test("within the follow depth, the budget stops the steps: a scenario with at most the budget's calls, named", .heavy)
    func budgetStopsSteps() throws {
        let result = try SwiftImportTests.run(["App.swift": Self.fanning(levels: 6, fanOut: 8)])  // 8^5 = 32768 leaves
        expectEqual(result.answer, nil)
        let steps = Self.count(result.hooks[0].steps)
        #expect(steps > 1000 && steps <= StepTranslator.statementBudget + 1, "\(steps) steps")
        #expect(SwiftImportGapTests.notes(result).contains { $0.contains("this entry point's translation has read 20000 statements") })
        _ = try SwiftImportTests.decodes(result)
    }

    @Test("code under the budget is translated whole, with no budget note")
    func underBudget() throws {
        let result = try SwiftImportTests.run(["App.swift": Self.fanning(levels: 4, fanOut: 8)])  // 512 leaves
        guard case .spawnTask(_, let body) = result.hooks[0].steps[0].step else { Issue.record("no task"); return }
        #expect(body.count == 512 && body.allSatisfy { $0 == .call("Api.leaf") })
        #expect(!SwiftImportGapTests.notes(result).contains { $0.contains("translation has read") })
    }

    @Test("past the budget the entry point's own code is still translated: an await after a call that fans out is kept", .heavy)
    func ownCodeAfterBudget() throws {
        let source = Self.fanning(levels: 9, fanOut: 4).replacingOccurrences(
            of: "Task.detached { await f0() }", with: "Task.detached { await f0(); await Api.shared.last() }")
        let result = try SwiftImportTests.run(["App.swift": source])
        guard case .spawnTask(_, let body)? = result.hooks.first?.steps.first?.step else { Issue.record("no task"); return }
        expectEqual(body.last, .call("Api.last"), "\(body.suffix(2))")
    }
}
