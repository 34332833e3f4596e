import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// A trailing closure of an unknown method called on an object is its completion handler when its body
/// does something the model counts (whatever the method's name); a scenario that does not validate is
/// reported at the Swift of its failing step, after the summary.
@Suite("exitrace import: trailing closures of unknown calls")
struct SwiftImportClosureTests {
    static func app(_ body: String) -> String {
        """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationWillTerminate(_ application: UIApplication) {
                let s = DispatchSemaphore(value: 0)
        \(body)
                s.wait()
            }
        }
        """
    }

    @Test("uploader.flushPending { s.signal() } is a call with that completion, not a closure of unknown run")
    func anyMethodNameOnAnObject() throws {
        for method in ["flushPending", "sendPendingEvents"] {
            let result = try SwiftImportTests.run(["App.swift": Self.app("        uploader.\(method) { s.signal() }")])
            #expect(result.problems.isEmpty)
            let steps = result.hooks[0].steps.map(\.step)
            let expected: [ProgramStep] = [
                .callWithCompletion("uploader.\(method)", queue: .global(DispatchTarget.defaultGlobalQoS),
                    completion: [.signal(semaphore: "s")]),
                .wait(semaphore: "s", timeout: nil),
            ]
            #expect(steps == expected)
            #expect(!result.notes.contains { $0.message.contains("when it runs is unknown") }, "\(result.notes)")
            #expect(!result.notes.contains { $0.kind == .instant }, "\(result.notes)")
        }
    }

    @Test("a closure that counts for nothing, or of a collection method, stays as before")
    func closureThatCountsForNothing() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    uploader.flushPending { print("done") }
                    items.forEach { _ in Task { await Store.save() } }
                    Task { await Store.save() }
                }
            }
            """
        let result = try SwiftImportTests.run(["App.swift": source])
        let notes = result.notes.map(\.description)
        #expect(notes.contains { $0.hasPrefix("App.swift:3:9: taken as instant: uploader.flushPending(…)") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("App.swift:3:31: not translated: a closure passed to uploader.flushPending(…)") })
        #expect(!result.newSystemCalls.contains { $0.name == "uploader.flushPending" })
        #expect(!result.newSystemCalls.contains { $0.name.hasSuffix("forEach") })
    }

    @Test("a scenario that does not validate: the summary, then the problem at the Swift of its step")
    func invalidScenarioNamesTheSwift() throws {
        // A free function's trailing closure is not taken: the semaphore is never signaled.
        let result = try SwiftImportTests.run(["App.swift": Self.app("        flushLater(data) { s.signal() }\n        Task { await Store.save() }")])
        #expect(result.scenario.isEmpty)
        #expect(!result.problems.isEmpty)
        let text = result.problems.map(\.description)
        #expect(text.first?.contains("does not validate, so none was written (t.json)") == true, "\(text)")
        #expect(text.contains { $0.hasPrefix("App.swift:6:9: error: ") && $0.contains("never signaled") }, "\(text)")
        #expect(!text.contains { $0.hasPrefix("t.json:") }, "\(text)")
        #expect(result.summary.hasPrefix("imported 1 entry point"))
    }
}
