import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// An `if` whose branch ends in an exit (`return`, `throw`) is read as a `guard` is:
/// the exit is taken as not taken, the code after it is translated, its branch is not (docs/import.md).

@Suite("exitrace import: an if whose branch only exits is read as a guard")
struct SwiftImportEarlyExitTests {
    static func imported(_ body: String, members: String = "") throws -> SwiftImport.Result {
        try SwiftImportReviewTests.imported(body, members: members)
    }

    static func notes(_ result: SwiftImport.Result) -> [String] { result.notes.map(\.description) }

    static let flush = ProgramStep.callWithCompletion("Store.flush", queue: SwiftImportLanguageTests.global, completion: [])

    @Test("if cond { return }: the code after it is translated, and the if is named as an early exit taken as not taken")
    func bareReturn() throws {
        let result = try Self.imported("""
            if Store.shared.isEmpty { return }
                    Store.shared.flush()
            """)
        expectEqual(result.hooks[0].steps.map(\.step), [Self.flush])
        let note = try #require(Self.notes(result).first { $0.hasPrefix("App.swift:4:9: assumed: if … { return }") })
        expectContains(note, "an early exit, taken as not taken, as for a guard: the code after it is translated")
        expectContains(note, "if the exit is taken, the steps after it do not run")
        expectNotContains(note, "its branch", "a bare return leaves nothing untranslated")
        #expect(!Self.notes(result).contains { $0.contains("the condition is taken as true") })
    }

    @Test("if x == nil { completion(); return }: the branch is not translated, as a guard's else branch, and named")
    func branchWithWorkNotTranslated() throws {
        let result = try Self.imported("""
            if token == nil { Task { await Analytics.shared.log() }; return }
                    Store.shared.flush()
            """)
        expectEqual(result.hooks[0].steps.map(\.step), [Self.flush], "the branch's Task is not translated")
        let note = try #require(Self.notes(result).first { $0.hasPrefix("App.swift:4:9: assumed: if … { return }") })
        expectContains(note, "its branch, which leaves the scope, is not translated (as a guard's else branch), "
            + "though it would give 2 steps")
        #expect(!result.newSystemCalls.contains { $0.name == "Analytics.log" }, "no system call for untranslated code")
        // The guard of the same meaning gives the same steps.
        let guarded = try Self.imported("""
            guard token != nil else { Task { await Analytics.shared.log() }; return }
                    Store.shared.flush()
            """)
        expectEqual(guarded.hooks[0].steps.map(\.step), result.hooks[0].steps.map(\.step))
    }

    @Test("throw is an exit too; the binding a condition reads is still translated")
    func otherExits() throws {
        let thrown = try Self.imported("""
            Task {
                        if let key = await Keys.shared.fetch() { throw Failure.found(key) }
                        await Store.shared.flush()
                    }
            """)
        let body = try #require(SwiftImportReviewTests.taskBody(thrown))
        expectEqual(body.map(\.self), [.call("Keys.fetch"), .call("Store.flush")], "the condition's await stays")
        #expect(Self.notes(thrown).contains { $0.hasPrefix("App.swift:5:13: assumed: if … { throw }: an early exit") })
    }

    @Test("break and continue end a loop's iteration: an if whose branch ends in one is translated as any if (a search loop's match)")
    func loopExitsAreNotEarlyExits() throws {
        let looped = try Self.imported("""
            for item in items {
                        if item.isStale { continue }
                        if item.id == targetID { Store.shared.flush(); break }
                    }
            """)
        expectEqual(looped.hooks[0].steps.map(\.step), [Self.flush], "the match's flush is translated")
        #expect(!Self.notes(looped).contains { $0.contains("an early exit") }, "\(Self.notes(looped))")
    }

    @Test("if cond { return } else { B }: B and the code after it are translated; an else that exits keeps the old rule")
    func elseBranch() throws {
        let result = try Self.imported("""
            if isDone { return } else { UserDefaults.standard.synchronize() }
                    Store.shared.flush()
            """)
        let sync = ProgramStep.callWithCompletion(
            "UserDefaults.synchronize", queue: SwiftImportLanguageTests.global, completion: [])
        expectEqual(result.hooks[0].steps.map(\.step), [sync, Self.flush])
        #expect(Self.notes(result).contains { $0.contains("if … { return }") && $0.contains("(its else branch is translated)") })
        let both = try Self.imported("if isDone { Store.shared.flush(); return } else { return }")
        expectEqual(both.hooks[0].steps.map(\.step), [Self.flush])
        #expect(Self.notes(both).contains { $0.hasPrefix("App.swift:4:9: assumed: if: the condition is taken as true") })
    }

    @Test("if Task.isCancelled { return } keeps its own rule (ifCancelled), not the early exit's")
    func cancelledIfUnchanged() throws {
        let result = try Self.imported("Task { if Task.isCancelled { return }; await Store.shared.flush() }")
        let body = try #require(SwiftImportReviewTests.taskBody(result))
        expectEqual(body, [.ifCancelled(body: []), .call("Store.flush")])
        #expect(!Self.notes(result).contains { $0.contains("early exit") })
    }

    /// `depth` nested `if ready { … ; return }`, the innermost flushing, then a flush after them.
    static func nestedExits(_ depth: Int) -> String {
        let body = String(repeating: "if ready { ", count: depth) + "Store.shared.flush(); return"
            + String(repeating: " }; return", count: depth - 1) + " }"
        return """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) {
                    \(body)
                    Store.shared.flush()
                }
            }
            """
    }

    /// The statements the translation of `source`'s one entry point reads, its early exits' probes included:
    /// the work it does, counted as its budget counts it (StepTranslator+Budget.swift).
    static func statementsRead(_ source: String) throws -> Int {
        let file = SwiftParser.parse(path: "App.swift", bytes: Array(source.utf8))
        #expect(file.problems.isEmpty, "\(file.problems)")
        let codebase = SwiftCodebase(files: [file])
        let entry = try #require(EntryPointFinder(codebase: codebase).entryPoints.first)
        var translator = StepTranslator(codebase: codebase)
        translator.startBudget()
        _ = translator.translate(entry.body, StepTranslator.Context(
            file: entry.file, isolation: entry.isolation, isAsync: false, typeName: entry.typeName))
        return translator.statementsTranslated
    }

    @Test("nested early exits are each translated once more at most: four times the depth, at most four times the work")
    func nestedEarlyExitsStayLinear() throws {
        // Counted work, not the clock. A probe does not probe again, so the outer exit's probe reads the next
        // level's if and stops: the work does not grow with the depth. A probe that probed on would read each
        // level once (linear, still within the bound); one that also translated the branch it probed, twice per
        // level (exponential), far past it.
        let n = try Self.statementsRead(Self.nestedExits(30)), fourfold = try Self.statementsRead(Self.nestedExits(120))
        #expect(n > 0 && fourfold <= n * 4, "depth 30: \(n) statements read, depth 120: \(fourfold)")
        for depth in [30, 120] {  // 120 levels of braces, within the parser's nesting limit
            let result = try SwiftImportTests.run(["App.swift": Self.nestedExits(depth)])
            expectEqual(result.hooks.first?.steps.map(\.step), [Self.flush])
        }
    }
}

extension SwiftImportEarlyExitTests {
    @Test("if #available(…) { …; return }: taken as available, so its exit is taken; the code after it is named")
    func availableExit() throws {
        let result = try Self.imported("""
            if #available(iOS 17, *) {
                        Store.shared.flush()
                        return
                    }
                    Legacy.shared.persist()
            """)
        expectEqual(result.hooks[0].steps.map(\.step), [Self.flush], "the code for older systems is not translated")
        #expect(Self.notes(result).contains {
            $0.hasPrefix("App.swift:4:9: assumed: if #available … { return }: taken as available (a current iOS), so its "
                + "exit is taken: the code after it, for older systems, is not translated")
        })
        let last = try Self.imported("if #available(iOS 17, *) { Store.shared.flush(); return }")
        #expect(!Self.notes(last).contains { $0.contains("if #available") }, "nothing after it: nothing to name")
    }
}

extension SwiftImportEarlyExitTests {
    @Test("if let x { return x } (SE-0345's shorthand) is an early exit too: its condition is x, read")
    func shorthandIfLet() throws {
        // LoopFollow's `if let snapshot { return snapshot }` (LiveActivityManager.swift:715) had no condition, so it
        // was an if taken as true, its branch translated and the code after it too.
        let result = try Self.imported("""
            if let pending { return }
                    Store.shared.flush()
            """, members: "var pending: Int?")
        expectEqual(result.hooks[0].steps.map(\.step), [Self.flush])
        #expect(Self.notes(result).contains { $0.hasPrefix("App.swift:4:9: assumed: if … { return }: an early exit") })
        #expect(!Self.notes(result).contains { $0.contains("the condition is taken as true") })
        let branch = try Self.imported("""
            if let pending { Store.shared.flush(); return }
                    Legacy.shared.persist()
            """, members: "var pending: Int?")
        expectEqual(branch.hooks[0].steps.map(\.step),
            [.callWithCompletion("Legacy.persist", queue: SwiftImportLanguageTests.global, completion: [])])
        #expect(Self.notes(branch).contains { $0.contains("though it would give 1 step") })
    }

    @Test("if let x, guard let x: the shorthand's condition is x, so a getter it reads is followed")
    func shorthandReadsItsValue() throws {
        let file = SwiftParserTests.parse("func f() { if let a, var b, let c = g() { }; guard let d else { return } }")
        guard case .function(let f) = file.declarations[0], let body = f.body, body.count == 2,
            case .ifStatement(let conditions, _, _) = body[0].kind, case .guardStatement(let guarded, _) = body[1].kind
        else { Issue.record("no if and guard"); return }
        expectEqual(conditions.map { StepTranslator.callName($0) }, ["a", "b", "g"])
        expectEqual(guarded.map { StepTranslator.callName($0) }, ["d"])
        let result = try Self.imported("""
            guard let token else { return }
                    Store.shared.flush()
            """, members: "var token: String? { Keychain.shared.persistToken(); return nil }")
        expectEqual(result.hooks[0].steps.map(\.step).count, 2, "the getter's save, then the flush: \(result.hooks[0].steps)")
    }
}

