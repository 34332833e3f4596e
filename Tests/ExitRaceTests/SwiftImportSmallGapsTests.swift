import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// The audit's smaller gaps (issue 23): `wait(wallTimeout:)` read like `wait(timeout:)`; `Activity.end`
/// through `activities.first` and a typed property; the deprecated `global(priority:)` mapped, an
/// unreadable QoS named; closures that run in place and `OperationQueue.main.addOperation`.
@Suite("exitrace import: wallTimeout, Activity.end, global queue priorities, closures run in place")
struct SwiftImportSmallGapsTests {
    static func steps(_ body: String, members: String = "") throws -> [ProgramStep] {
        try SwiftImportLanguageTests.steps(body, members: members)
    }

    @Test("wait(wallTimeout:) keeps its timeout, for a semaphore and a group")
    func wallTimeout() throws {
        let steps = try Self.steps("""
            let done = DispatchSemaphore(value: 0)
                    let group = DispatchGroup()
                    Task.detached { await Store.shared.save(); done.signal() }
                    _ = done.wait(wallTimeout: .now() + 0.5)
                    _ = group.wait(wallTimeout: .now() + 2)
            """)
        expectEqual(steps.dropFirst(), [.wait(semaphore: "done", timeout: .ms(500)), .groupWait("group", timeout: .ms(2000))])
    }

    @Test("Activity.end through Activity<…>.activities.first and through a property declared Activity<…>?")
    func activityEnd() throws {
        let result = try SwiftImportReviewTests.imported("""
            Task.detached {
                        await Activity<TimerAttributes>.activities.first?.end(nil, dismissalPolicy: .immediate)
                        await self.la?.end(nil, dismissalPolicy: .immediate)
                    }
            """, members: "var la: Activity<TimerAttributes>?")
        expectEqual(SwiftImportReviewTests.taskBody(result), [.call("Activity.end"), .call("Activity.end")])
        #expect(result.newSystemCalls.isEmpty, "Activity.end is the built-in call")
    }

    @Test("global(priority:) maps to its QoS class; a QoS the importer cannot read is named, and the default used")
    func globalPriorities() throws {
        let result = try SwiftImportReviewTests.imported("""
            DispatchQueue.global(priority: .high).async { try? context.save() }
                    DispatchQueue.global(priority: .low).async { try? context.save() }
                    DispatchQueue.global(priority: DispatchQueue.GlobalQueuePriority.background).async { try? context.save() }
                    DispatchQueue.global(qos: qos).async { try? context.save() }
            """)
        let targets = result.hooks[0].steps.compactMap { if case .dispatchAsync(let target, _) = $0.step { target } else { nil } }
        expectEqual(targets, [.global(.userInitiated), .global(.utility), .global(.background), .global(.default)])
        #expect(result.notes.contains { $0.description.hasPrefix("App.swift:7:35: assumed: a QoS the importer cannot read") },
            "\(result.notes.map(\.description))")
    }

    @Test("autoreleasepool, withExtendedLifetime, MainActor.assumeIsolated, withLock run their closure in place")
    func inPlaceClosures() throws {
        let task = ProgramStep.spawnTask(TaskSpawn(isolation: .none, priority: nil, detached: true), body: [.call("Api.flush")])
        let steps = try Self.steps("""
            autoreleasepool { Task.detached { await Api.shared.flush() } }
                    withExtendedLifetime(self) { Task.detached { await Api.shared.flush() } }
                    MainActor.assumeIsolated { Task.detached { await Api.shared.flush() } }
                    lock.withLock { Task.detached { await Api.shared.flush() } }
            """)
        expectEqual(steps, [task, task, task, task])
    }

    @Test("OperationQueue.main.addOperation is a block for the main queue; another operation queue's a global one, named")
    func addOperation() throws {
        let result = try SwiftImportReviewTests.imported("""
            OperationQueue.main.addOperation { try? context.save() }
                    uploads.addOperation { try? context.save() }
            """)
        let save = ProgramStep.callWithCompletion("context.save", queue: SwiftImportLanguageTests.global, completion: [])
        expectEqual(result.hooks[0].steps.map(\.step), [.dispatchAsync(.main, body: [save]), .dispatchAsync(SwiftImportLanguageTests.global, body: [save])])
        #expect(result.notes.contains { $0.message.hasPrefix("uploads.addOperation { … }: an operation queue's block") })
    }
}
