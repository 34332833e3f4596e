import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// The import summary's wording, and the refusal when the files hold no entry point.
@Suite("exitrace import: summary wording")
struct SwiftImportSummaryWordingTests {
    @Test("an entry point with one step says 1 step, not 1 steps")
    func oneStep() throws {
        let source = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) { Task.detached { await Store.shared.flush() } }
                func sceneDidDisconnect(_ scene: UIScene) { Store.shared.saveNow() }
            }
            """
        let result = try SwiftImportTests.run(["SceneDelegate.swift": source])
        expectContains(result.summary, "\"your code: SceneDelegate.sceneDidEnterBackground\", 2 steps  [")
        let single = try SwiftImportTests.run(["A.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) { Store.shared.save { } }
            }
            """])
        expectContains(single.summary, ", 1 step  [", "\(single.summary)")
        expectNotContains(single.summary, " 1 steps")
    }

    @Test("a scenario too large for run to read is refused, not written (a hunt, 2026-12-03: import wrote 37 MB that run refused)")
    func tooLargeToRun() throws {
        let text = "{" + String(repeating: " ", count: InputFile.maxBytes) + "}"
        do {
            try SwiftImport.validate(text, name: "big")
            Issue.record("a scenario of more than 16 MiB validated")
        } catch {
            expectEqual(error.diagnostics.first?.file, "big.json")
            expectContains(error.diagnostics.first?.message ?? "",
                "expected a scenario file of at most 16 MiB (what run reads), found 16,777,218 bytes: import the files of the termination code only")
        }
    }

    @Test("files without a lifecycle entry point are refused, saying none was found")
    func noEntryPoint() throws {
        let source = """
            struct Formatter { func format(_ value: Int) -> String { String(value) } }
            """
        #expect {
            _ = try SwiftImportTests.run(["Formatter.swift": source])
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.diagnostics.first?.message == "expected lifecycle code to import, found no lifecycle entry point "
                + "(delegate methods such as applicationWillTerminate, notification observers, .onChange(of: scenePhase))"
        }
    }

    @Test("entry points without code to measure: an answer, not an error")
    func nothingToSimulate() throws {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { print("bye") }
            }
            """
        let result = try SwiftImportTests.run(["AppDelegate.swift": source])
        #expect(result.answer != nil)
        #expect(result.scenario.isEmpty)
        #expect(result.notes.contains { $0.kind == .untranslated && $0.message.contains("it is left out") })
    }
}

extension SwiftImportSummaryWordingTests {
    /// An awaited call, a call with a completion handler and a synchronous save, in one entry point.
    static let threeKinds = """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func sceneDidEnterBackground(_ scene: UIScene) {
                try? context.save()
                Uploader.shared.upload(items) { _ in }
                Task { await Analytics.shared.flush() }
            }
        }
        """

    @Test("under the list of calls, one line per kind says what is true of it: awaited, with a completion handler, synchronous")
    func eachKindItsLine() throws {
        // Until 2026-12-01 a call with a completion handler was listed as awaited, and the one line said 'each
        // awaited call above … resumes at once' of URLSession.dataTask and Uploader.upload too.
        let result = try SwiftImportTests.run(["S.swift": Self.threeKinds])
        expectEqual(result.newSystemCalls.map(\.kind), [.synchronous, .completionHandler, .awaited])
        let lines = result.summary.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  Uploader.upload  [S.swift:4:9: ") && $0.hasSuffix("]  (with a completion handler)") })
        #expect(lines.contains { $0.hasPrefix("  Analytics.flush  [S.swift:5:") && $0.hasSuffix("]") })
        let advice = lines.filter { $0.hasPrefix("  each ") }
        expectEqual(advice, [
            "  each awaited call above counts once its request has left the process (takesEffectOn \"delivery\") and resumes "
                + "at once (replyLatencyMs 0): for one that waits for a reply (a network request, a call to another process), "
                + "set systemCalls[\"NAME\"].replyLatencyMs to the reply's time, and takesEffectOn to \"reply\" if it counts "
                + "only once the reply is back",
            "  each call above with a completion handler keeps its caller busy for costMs, then the caller goes on without "
                + "waiting; it counts once its request has left the process (takesEffectOn \"delivery\"), and its completion "
                + "handler is queued at once (replyLatencyMs 0): for one that waits for a reply (a network request, a call "
                + "to another process), set systemCalls[\"Uploader.upload\"].replyLatencyMs to the reply's time (its "
                + "completion handler runs that much later), and takesEffectOn to \"reply\" if it counts only once the reply "
                + "is back",
            "  each synchronous call above counts once it returns, costMs after it starts: a kill before then loses it",
        ], "\(result.summary)")
        // The scenario says the same of each: the engine's rules for a call with a completion (caller goes on after
        // costMs, completion queued after replyLatencyMs), as docs/scenario-format.md's "Completion handlers".
        let scenario = try SwiftImportTests.decodes(result)
        expectEqual(scenario.systemCalls.first { $0.name == "Uploader.upload" }?.replyLatency, .zero)
    }

    @Test("a call with a completion handler alone: no line about awaited calls; URLSession.dataTask its example")
    func completionHandlerAlone() throws {
        let result = try SwiftImportTests.run(["S.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) {
                    URLSession.shared.dataTask(with: request) { _, _, _ in }.resume()
                }
            }
            """])
        expectNotContains(result.summary, "each awaited call", "\(result.summary)")
        expectNotContains(result.summary, "each synchronous call", "\(result.summary)")
        expectContains(result.summary, "each call above with a completion handler keeps its caller busy for costMs")
        expectContains(result.summary, "set systemCalls[\"URLSession.dataTask\"].replyLatencyMs to the reply's time (its completion")
    }
}
