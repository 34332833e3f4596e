import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// `for await … in group` takes a task group's children as they finish: the language's `next` with `all`
/// (docs/scenario-format.md, "Errors in task groups"); `try await group.next()` is `next`. Until 2026-12-01
/// the parser kept `for await`'s `await` with the loop's pattern, so such a loop was read as a plain `for`
/// over `group` (its body once, "a for loop" named), and `group.next()` gave no step.
@Suite("exitrace import: for await … in a task group, and group.next()")
struct SwiftImportTaskGroupLoopTests {
    static let flush = ProgramStep.call("Store.flush")
    static let send = ProgramStep.call("Api.send")

    /// The steps of the one task group in the one task the hook's code starts.
    static func groupBody(_ result: SwiftImport.Result) -> (throwing: Bool, body: [ProgramStep])? {
        guard let task = SwiftImportReviewTests.taskBody(result), task.count >= 1,
            case .taskGroup(let throwing, let body) = task[0]
        else { return nil }
        return (throwing, body)
    }

    /// A task whose throwing group adds a child that sends, then runs `first` and `second` (lines 7 and 8, column 17).
    static func throwingGroup(_ first: String, _ second: String) throws -> SwiftImport.Result {
        try SwiftImportReviewTests.imported("""
            Task {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask { try await Api.shared.send() }
                            \(first)
                            \(second)
                        }
                    }
            """)
    }

    @Test("the parser keeps for await's await (and for try await's) as the loop's, not the pattern's")
    func parse() throws {
        let file = SwiftParserTests.parse("""
            func f() async throws {
                for await r in group { }
                for try await (a, b) in stream { }
                for x in items { }
            }
            """)
        guard case .function(let f) = file.declarations[0], let body = f.body, body.count == 3 else {
            Issue.record("no function"); return
        }
        var loops: [(String, String, Bool)] = []
        for statement in body {
            guard case .forIn(let pattern, let sequence, _, let awaits) = statement.kind else { continue }
            loops.append((pattern, StepTranslator.callName(sequence), awaits))
        }
        expectEqual(loops.map(\.0), ["r", "", "x"])
        expectEqual(loops.map(\.1), ["group", "stream", "items"])
        expectEqual(loops.map(\.2), [true, true, false])
    }

    @Test("for await … in group: next (all), then its body once, named; no 'for loop' note")
    func forAwaitInGroup() throws {
        let result = try SwiftImportReviewTests.imported("""
            Task {
                        await withTaskGroup(of: Bool.self) { group in
                            group.addTask { await Api.shared.send() }
                            for await sent in group {
                                await Store.shared.flush()
                            }
                        }
                    }
            """)
        let group = try #require(Self.groupBody(result))
        #expect(!group.throwing)
        expectEqual(group.body, [.addTask(priority: nil, body: [Self.send]), .groupNext(all: true), Self.flush])
        let notes = result.notes.map(\.description)
        #expect(notes.contains { $0.hasPrefix("App.swift:7:17: assumed: for await … in a task group: its children are "
            + "awaited as they finish (next, all); its body, which runs once per child as each finishes, is translated once") },
            "\(notes)")
        #expect(!notes.contains { $0.contains("a for loop") }, "\(notes)")
        expectContains(result.scenario, #""op": "next""#)
    }

    @Test("for try await _ in group in a throwing group: next (all), which rethrows a child's error; an empty body is not named")
    func forTryAwaitInThrowingGroup() throws {
        let result = try Self.throwingGroup("for try await _ in group {}", "await Store.shared.flush()")
        let group = try #require(Self.groupBody(result))
        #expect(group.throwing)
        expectEqual(group.body, [.addTask(priority: nil, body: [Self.send]), .groupNext(all: true), Self.flush])
        #expect(!result.notes.contains { $0.message.contains("task group") || $0.message.contains("a for loop") })
    }

    @Test("try await group.next() is next; a for await over another sequence stays a plain loop, named")
    func nextAndOtherSequences() throws {
        let result = try Self.throwingGroup("try await group.next()", "for await item in updates { await Store.shared.flush() }")
        let group = try #require(Self.groupBody(result))
        expectEqual(group.body, [.addTask(priority: nil, body: [Self.send]), .groupNext(all: false), Self.flush])
        #expect(result.notes.contains { $0.description.hasPrefix("App.swift:8:17: assumed: a for loop: its body is translated once") })
    }
}
