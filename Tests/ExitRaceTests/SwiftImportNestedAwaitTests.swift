import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Work inside an expression runs before the expression's own (issue 23, the audit's first gap): an
/// `await` in a call's argument, a string's interpolation, a subscript or a parenthesized base is a step
/// of its own, in the order Swift evaluates it, never lost; an immediately-invoked closure runs in place.
@Suite("exitrace import: nested awaits run before the expression that holds them")
struct SwiftImportNestedAwaitTests {
    static let detached = TaskSpawn(isolation: .none, priority: nil, detached: true)

    /// The steps of the body of `Task.detached { body }` in a scene delegate's `sceneDidEnterBackground`.
    static func taskSteps(_ body: String, members: String = "") throws -> [ProgramStep] {
        let steps = try SwiftImportLanguageTests.steps("Task.detached {\n\(body)\n}", members: members)
        guard steps.count == 1, case .spawnTask(_, let inner) = steps[0] else {
            Issue.record("expected one task, found \(steps)")
            return []
        }
        return inner
    }

    @Test("an await in a string's interpolation is a call, and the entry point has a row (it was 'nothing to simulate')")
    func awaitInInterpolation() throws {
        let result = try SwiftImportReviewTests.imported("""
            Task.detached { print("flushed \\(await Analytics.shared.flush()) at \\("nested \\(await Clock.shared.now())")") }
            """)
        expectEqual(result.answer, nil)
        expectEqual(SwiftImportReviewTests.taskBody(result), [.call("Analytics.flush"), .call("Clock.now")])
        let call = result.newSystemCalls.first { $0.name == "Analytics.flush" }
        expectEqual(call?.source.place, "App.swift:4:42", "the await's own place: \(String(describing: call?.source.place))")
    }

    @Test("an argument's await runs before the call that takes it: send(await pending()) awaits pending, then send")
    func awaitInArgument() throws {
        let steps = try Self.taskSteps("""
            try await Api.shared.send(await Store.shared.pending(), to: await Directory.shared.address())
            logger.info(await Analytics.shared.flush())
            """)
        expectEqual(steps, [.call("Store.pending"), .call("Directory.address"), .call("Api.send"), .call("Analytics.flush")])
    }

    @Test("an argument's await runs before a followed call's body, and before a recognised step")
    func awaitBeforeFollowedAndRecognised() throws {
        let steps = try Self.taskSteps("""
            store(await Api.shared.fetch())
            try await Task.sleep(nanoseconds: await Config.shared.delay())
            """, members: "func store(_ value: Int) { Task { await Disk.shared.write() } }")
        expectEqual(steps.first, .call("Api.fetch"))
        expectEqual(steps.count, 3, "\(steps)")
        expectEqual(steps.dropFirst().first.map { if case .spawnTask = $0 { true } else { false } }, true)
        expectEqual(steps.last, .call("Config.delay"), "the sleep's duration is not a number: named, its await kept")
    }

    @Test("a parenthesized await, and a member read after the awaited call, keep the call")
    func parenthesizedAndMemberAfterCall() throws {
        let steps = try Self.taskSteps("""
            let n = (await Store.shared.pendingItems()).count
            let data = try await URLSession.shared.data(from: url).0
            let ok = try await Api.shared.upload().isSuccess
            """)
        expectEqual(steps, [.call("Store.pendingItems"), .call("URLSession.data"), .call("Api.upload")])
    }

    @Test("an await in a subscript is translated (it was named): the index's await, then the assignment's value")
    func awaitInSubscript() throws {
        let steps = try Self.taskSteps("""
            self.cache[await Store.shared.key()] = await Store.shared.value()
            if flags[await Store.shared.name()] == true { }
            """, members: "var cache: [String: Int] = [:]; var flags: [String: Bool] = [:]")
        expectEqual(steps, [.call("Store.key"), .call("Store.value"), .call("Store.name")])
    }

    @Test("an immediately-invoked closure runs in place, awaited or not; a Task passed as an argument is a task")
    func closureCalledInPlace() throws {
        let steps = try Self.taskSteps("""
            await { await Api.shared.inner() }()
            let ok: Bool = { Task.detached { await Api.shared.later() }; return true }()
            tasks.append(Task { await Api.shared.appended() })
            """)
        expectEqual(steps.first, .call("Api.inner"))
        expectEqual(steps.count, 3, "\(steps)")
        #expect(steps.dropFirst().allSatisfy { if case .spawnTask = $0 { true } else { false } })
        #expect(!steps.contains(.call("call")), "no system call named 'call'")
    }

    @Test("an awaited property of an unknown API is a system call, named as an assumption; of the app's own type, instant")
    func awaitedProperty() throws {
        let result = try SwiftImportReviewTests.imported("""
            Task.detached { let n = await Store.shared.pendingCount; let m = await Local.shared.count }
            """, members: "final class Local { static let shared = Local(); var count = 0 }")
        expectEqual(SwiftImportReviewTests.taskBody(result), [.call("Store.pendingCount")])
        let notes = SwiftImportGapTests.notes(result)
        #expect(notes.contains { $0.contains("assumed: await Store.shared.pendingCount: an awaited property") })
        #expect(notes.contains { $0.contains("taken as instant: await Local.shared.count: a property of the app's own code") })
    }

    @Test("a synchronous call in an argument that does not await or run the app's code gets no note of its own")
    func quietArguments() throws {
        let result = try SwiftImportReviewTests.imported("""
            Task.detached { await Api.shared.send(payload.encoded(), id: UUID().uuidString) }
            """)
        expectEqual(SwiftImportReviewTests.taskBody(result), [.call("Api.send")])
        #expect(!SwiftImportGapTests.notes(result).contains { $0.contains("encoded") })
    }

    @Test("code that awaits only what cannot be translated is not said to await nothing")
    func droppedAwaitAnswer() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    Task.detached { await self }
                }
            }
            """])
        let answer = try #require(result.answer)
        expectContains(answer, "awaits no call the importer could translate", "\(answer)")
    }
}

extension SwiftImportNestedAwaitTests {
    @Test("an await in a closure passed to an unknown call is named, and the answer does not say the code awaits nothing")
    func awaitInUnknownClosure() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    UIView.animate(withDuration: 0.3) { Task { await Api.shared.flush() } }
                }
            }
            """])
        let answer = try #require(result.answer)
        expectContains(answer, "awaits no call the importer could translate", "\(answer)")
        #expect(result.notes.contains { $0.dropsAwait && $0.message.hasPrefix("a closure passed to UIView.animate(…)") })
    }
}
