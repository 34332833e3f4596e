import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// A trailing closure of an unknown method called on an object is its completion handler, whatever the
/// method's name and whatever its body does (docs/import.md, "A trailing closure of a method it does not
/// know"); a scenario that does not validate is reported at the Swift of its failing step, after the summary.
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
            expectEqual(steps, expected)
            #expect(!result.notes.contains { $0.message.contains("when it runs is unknown") }, "\(result.notes)")
            #expect(!result.notes.contains { $0.kind == .instant }, "\(result.notes)")
        }
    }

    /// A scene delegate whose `sceneDidEnterBackground` makes `call` (a newcomer's walk: S.swift).
    static func scene(_ call: String) -> String {
        "class SceneDelegate: UIResponder, UIWindowSceneDelegate { func sceneDidEnterBackground(_ scene: UIScene) { \(call) } }"
    }

    @Test("push { _ in }, push() { _ in }, push { r in print(r) }, push(completion: { _ in }): one translation, measured")
    func spellingsOfOneCall() throws {
        // Until 2026-12-01 the first three were taken as instant, their closure's run unknown, and the entry point
        // left out ('nothing to simulate'), while the fourth, push(items) { _ in } and upload(items) { _ in } (a
        // method known by name) were a call with a completion: the closure's body decided.
        let spellings = [
            "Sync.shared.push { _ in }", "Sync.shared.push() { _ in }", "Sync.shared.push { result in print(result) }",
            "Sync.shared.push(completion: { _ in })", "Sync.shared.push(items) { _ in }", "Sync.shared.upload(items) { _ in }",
            "Sync.shared.push { (_) -> Void in }",  // a result of Void is no value
        ]
        for spelling in spellings {
            let result = try SwiftImportTests.run(["S.swift": Self.scene(spelling)])
            let name = spelling.contains("upload") ? "Sync.upload" : "Sync.push"
            expectEqual(result.answer, nil, "\(spelling)")
            expectEqual(result.hooks.map(\.name), ["SceneDelegate.sceneDidEnterBackground"], "\(spelling)")
            expectEqual(result.hooks.first?.steps.map(\.step),
                [.callWithCompletion(name, queue: .global(DispatchTarget.defaultGlobalQoS), completion: [])], "\(spelling)")
            #expect(result.newSystemCalls.map(\.name) == [name] && result.newSystemCalls.map(\.kind) == [.completionHandler])
            // One note, at the call: its handler's queue assumed; nothing taken as instant, no closure of unknown run.
            let notes = result.notes.map(\.description)
            #expect(notes.count == 1 && notes[0].hasPrefix("S.swift:1:108: assumed: "), "\(spelling): \(notes)")
            expectContains(notes[0], "taken to run on a global queue once the call replies", "\(notes)")
            _ = try SwiftImportTests.decodes(result)
        }
    }

    @Test("a trailing closure taken by its shape alone is named so; one passed with a queue too")
    func byShapeNamed() throws {
        let result = try SwiftImportTests.run(["S.swift": Self.scene("Sync.shared.push { _ in }")])
        expectEqual(result.notes.map(\.description), ["S.swift:1:108: assumed: Sync.shared.push(…) { … }: its trailing "
            + "closure is taken as its completion handler (a method called on an object, not known by name: if the closure "
            + "is not one, say a configuration block, delete the step's call or write it by hand); it is taken to run on a "
            + "global queue once the call replies; if the API calls back on the main queue, change its queue to \"main\""])
        let labelled = try SwiftImportTests.run(["S.swift": Self.scene("Sync.shared.push(completion: { _ in })")])
        expectEqual(labelled.notes.map(\.message), ["the completion handler of Sync.shared.push(…) is taken to run on a "
            + "global queue once the call replies; if the API calls back on the main queue, change its queue to \"main\""])
        let onMain = try SwiftImportTests.run(["S.swift": Self.scene("Sync.shared.push(queue: .main) { _ in }")])
        expectEqual(onMain.hooks.first?.steps.map(\.step), [.callWithCompletion("Sync.push", queue: .main, completion: [])])
        expectEqual(onMain.notes.map(\.message).first?.hasPrefix("Sync.shared.push(…) { … }: its trailing closure is taken"), true)
    }

    @Test("a collection method's closure, a free function's, one passed on self and one that returns a value stay closures of unknown run")
    func notTakenByShape() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    items.forEach { _ in Task { await Store.save() } }
                    let doubled = counts.mapValues { $0 * 2 }
                    flushLater(data) { print("done") }
                    self.push { _ in }
                    let changed = detectionState.mutate { state -> Bool in state.isOn = true; return true }
                    let count = cache.update { entries in
                        guard !entries.isEmpty else { return 0 }
                        return entries.count
                    }
                    Task { await Store.save() }
                }
            }
            """
        let result = try SwiftImportTests.run(["App.swift": source])
        let notes = result.notes.map(\.description)
        expectEqual(result.newSystemCalls.map(\.name), ["Store.save"], "\(result.newSystemCalls.map(\.name))")
        // home-assistant's `detectionState.mutate { state -> Bool in … }` (MotionDetectionManager.swift:424) computes
        // a value where it is called: no completion handler, which returns nothing.
        for (line, call) in [(3, "items.forEach"), (4, "counts.mapValues"), (5, "flushLater"), (6, "push"),
            (7, "detectionState.mutate"), (8, "cache.update")]
        {
            #expect(notes.contains { $0.hasPrefix("App.swift:\(line):") && $0.contains("not translated: a closure passed to \(call)(…)") },
                "\(call): \(notes)")
        }
    }

    @Test("a scenario that does not validate: the summary, then the problem at the Swift of its step")
    func invalidScenarioNamesTheSwift() throws {
        // A free function's trailing closure is not taken: the semaphore is never signaled.
        let result = try SwiftImportTests.run(["App.swift": Self.app("        flushLater(data) { s.signal() }\n        Task { await Store.save() }")])
        #expect(result.scenario.isEmpty)
        #expect(!result.problems.isEmpty)
        let text = result.problems.map(\.description)
        expectEqual(text.first?.contains("does not validate, so none was written (t.json)"), true, "\(text)")
        #expect(text.contains { $0.hasPrefix("App.swift:6:9: error: ") && $0.contains("never signaled") }, "\(text)")
        #expect(!text.contains { $0.hasPrefix("t.json:") }, "\(text)")
        #expect(result.summary.hasPrefix("imported 1 entry point"))
    }
}
