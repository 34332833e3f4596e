import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// A `Task` one entry point keeps in a property and another cancels: the summary names the system calls it
/// awaits with their `cancellable` setting, since a cancel stops only a call marked cancellable
/// (docs/scenario-format.md, "Cancellable calls").
@Suite("exitrace import: a task cancelled by another entry point names its calls' cancellable setting")
struct SwiftImportCancellableSummaryTests {
    static func app(_ kept: String, cancel: String = "uploadTask?.cancel()") -> String {
        """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var uploadTask: Task<Void, Never>?

            func sceneDidEnterBackground(_ scene: UIScene) {
                uploadTask = Task {
                    \(kept)
                }
            }

            func sceneDidDisconnect(_ scene: UIScene) {
                \(cancel)
                Task { await Analytics.shared.log() }
            }
        }
        """
    }

    @Test("the summary names each awaited call with systemCalls[…].cancellable and its value")
    func namesCancellable() throws {
        let result = try SwiftImportTests.run(["SceneDelegate.swift": SwiftImportWholeAppTests.uploadApp])
        let app = try #require(result.app)
        expectEqual(app.cancelledTasks.map(\.name), ["uploadTask"])
        // A typed local: the same `+` chain inside #expect took the type checker 5.8 s.
        let expected: String =
            "  your app: uploadTask, a Task kept by SceneDelegate.sceneDidEnterBackground [SceneDelegate.swift:9:22] and "
            + "cancelled by SceneDelegate.sceneDidDisconnect [SceneDelegate.swift:16:9]: the cancel stops a system call "
            + "it awaits only if that call is cancellable (systemCalls[\"Uploader.upload\"].cancellable, now false); one "
            + "that is not runs on and takes effect: set cancellable to true for an API that honours task cancellation, "
            + "as URLSession's async methods do (docs/scenario-format.md, \"Cancellable calls\")\n"
        expectContains(result.summary, expected, "\(result.summary)")
        let lines = result.summary.split(separator: "\n")
        let appLine = try #require(lines.firstIndex { $0.hasPrefix("  your app → ") })
        #expect(lines[appLine + 1].hasPrefix("  your app: uploadTask, "), "right under the whole app's line")
    }

    @Test("calls of structured children count, a nested Task's and a completion handler's do not; each once, in order")
    func whichCalls() throws {
        let result = try SwiftImportTests.run(["SceneDelegate.swift": Self.app("""
            async let a = Store.shared.fetch()
                        await a
                        await Uploader.shared.upload()
                        await Uploader.shared.upload()
                        Task { await Other.shared.send() }
                        session.dataTask(with: url) { _, _, _ in }.resume()
            """)])
        let task = try #require(result.app?.cancelledTasks.first)
        expectEqual(task.calls.map(\.name), ["Store.fetch", "Uploader.upload"])
        #expect(task.calls.allSatisfy { !$0.cancellable })
    }

    @Test("a call declared cancellable says so; the list comes from the scenario's calls")
    func cancellableValue() throws {
        let result = try SwiftImportTests.run(["SceneDelegate.swift": SwiftImportWholeAppTests.uploadApp])
        let app = try #require(result.app)
        let entries = zip(app.programs.map { $0.entryPoints[0].name }, app.programs.map(\.steps)).map { ($0, $1) }
        let tasks = WholeApp.cancelledTasks(entries, cancellable: ["Uploader.upload"])
        expectEqual(tasks.first?.calls.map(\.cancellable), [true])
        var marked = app
        marked.cancelledTasks = tasks
        expectEqual(marked.cancellationSummary.first?.contains("systemCalls[\"Uploader.upload\"].cancellable, now true"), true)
    }

    @Test("no line when the same entry point keeps and cancels the task; one that awaits nothing says so")
    func sameEntryOrNoCall() throws {
        let same = try SwiftImportTests.run(["SceneDelegate.swift": Self.app(
            "await Uploader.shared.upload()", cancel: "Task { await Analytics.shared.log() }")
            .replacingOccurrences(of: "            }\n        }\n\n        func sceneDidDisconnect",
                with: "            }\n            uploadTask?.cancel()\n        }\n\n        func sceneDidDisconnect")])
        expectEqual(same.app?.cancelledTasks.isEmpty, true)
        expectNotContains(same.summary, "a Task kept by")
        let idle = try SwiftImportTests.run(["SceneDelegate.swift": Self.app(
            "try? await Task.sleep(nanoseconds: 1_000_000_000)\n            await Analytics.shared.log()")])
        expectContains(idle.summary, "cancellable (systemCalls[\"Analytics.log\"].cancellable, now false)")
        let nothing = try SwiftImportTests.run(["SceneDelegate.swift": Self.app("try? await Task.sleep(nanoseconds: 1_000_000_000)")])
        #expect(nothing.app != nil)
        expectContains(nothing.summary, "uploadTask, a Task kept by SceneDelegate.sceneDidEnterBackground")
        expectContains(nothing.summary, "it awaits no system call, so the cancel ends it only where its code checks")
    }
}
