import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExplain
@testable import ExitRaceImport

/// A blocking call (a `call` with an empty `completion`, as `import` writes a save) is told as "calls X
/// synchronously" because its `callStarted` record names the handler it made (``TraceRecord/handler``),
/// not because the handler's creation record happens to come just before it.
@Suite("explain: a blocking call is linked to its handler by id, not by record order")
struct BlockingCallLinkTests {
    static func trace() throws -> CellTrace {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    try? context.save()
                }
            }
            """])
        let scenario = try SwiftImportTests.decodes(result)
        return try Simulator(scenario: scenario).trace(
            hook: "AppDelegate.applicationWillTerminate", strategy: "your code: AppDelegate.applicationWillTerminate",
            procedure: "background")
    }

    @Test("the call's record names its handler, a blocking call's empty handler; explain reads that field")
    func linkedByHandlerField() throws {
        let trace = try Self.trace()
        let index = try #require(trace.records.firstIndex { $0.kind == .callStarted })
        let call = trace.records[index]
        let handler = try #require(trace.call(at: index)?.handler)
        #expect(handler >= 0)
        #expect(trace.contexts.isBlockingCall(handler))
        let created = try #require(trace.records.first { $0.kind == .created && $0.context == handler })
        expectEqual(created.a, call.context, "the handler was created by the calling context")
        expectEqual(CellExplanation.describeBlocking(call, at: index, trace)?.1,
            "calls context.save synchronously (blocks this thread for 1 ms)")
        var unlinked = trace
        unlinked.calls[index]?.handler = -1
        #expect(CellExplanation.describeBlocking(call, at: index, unlinked)?.1.contains("synchronously") != true,
                "without the link, nothing else makes it a blocking call")
    }

    @Test("a record between the handler's creation and the call changes nothing")
    func orderDoesNotMatter() throws {
        var trace = try Self.trace()
        let index = try #require(trace.records.firstIndex { $0.kind == .callStarted })
        var unrelated = trace.records[index]
        unrelated.kind = .work
        trace.records.insert(unrelated, at: index)  // the creation record is no longer right before the call
        trace.calls = Dictionary(uniqueKeysWithValues: trace.calls.map { ($0.key >= index ? $0.key + 1 : $0.key, $0.value) })
        let lines = CellExplanation(trace).renderText()
        expectContains(lines, "calls context.save synchronously (blocks this thread for 1 ms)", "\(lines)")
        expectNotContains(lines, "completion handler", "\(lines)")
    }

    @Test("an awaited call's record names no handler")
    func awaitedCallHasNoHandler() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    Task { await Analytics.shared.flush() }
                }
            }
            """])
        let scenario = try SwiftImportTests.decodes(result)
        let trace = try Simulator(scenario: scenario).trace(
            hook: "AppDelegate.applicationWillTerminate", strategy: "your code: AppDelegate.applicationWillTerminate",
            procedure: "background")
        let index = try #require(trace.records.firstIndex { $0.kind == .callStarted })
        expectEqual(trace.call(at: index)?.handler, -1)
    }
}
