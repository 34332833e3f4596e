import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Gaps the lead's audit of issue 23 found, each closed with its rule: a `catch` clause named, never
/// dropped; a `BGTaskScheduler` request's `earliestBeginDate` read into `serviceStartAfterMs` (or a
/// placeholder, named) and listed in the summary; a closure parameter followed by the name its body uses.
@Suite("exitrace import: audit gaps (catch, earliestBeginDate, closure parameter names)")
struct SwiftImportGapTests {
    /// `body` as the code of a scene delegate's `sceneDidEnterBackground` (line 4 of `App.swift`),
    /// imported and decoded.
    static func imported(_ body: String, members: String = "") throws -> SwiftImport.Result {
        try SwiftImportReviewTests.imported(body, members: members)
    }

    static func notes(_ result: SwiftImport.Result) -> [String] { result.notes.map(\.description) }

    // MARK: - do / catch

    @Test("do { } catch: the do body is translated, each catch clause named with its place and what to do")
    func catchClausesNamed() throws {
        let result = try Self.imported("""
            do {
                        try context.save()
                    } catch let error as NSError {
                        print(error)
                        Task { await Analytics.shared.log() }
                    } catch {
                    }
            """)
        let save = ProgramStep.callWithCompletion("context.save", queue: SwiftImportLanguageTests.global, completion: [])
        expectEqual(result.hooks[0].steps.map(\.step), [save], "the catch's Task is not translated")
        let notes = Self.notes(result)
        #expect(notes.contains {
            $0.hasPrefix("App.swift:6:11: not translated: catch let error as NSError: the scenario language has no do/catch")
                && $0.hasSuffix("is not translated: write it by hand if it matters")
        })
        #expect(notes.contains {
            $0.hasPrefix("App.swift:9:11: not translated: catch: the scenario language has no do/catch")
                && $0.contains("this clause is empty")
        })
        expectContains(result.summary, "App.swift:6:11: not translated: catch let error as NSError")
    }

    @Test("a do { } without catch is a scope: no note; a do throws(E) { } catch is read too")
    func plainDoAndTypedThrows() throws {
        let plain = try Self.imported("do { try context.save() }")
        #expect(!Self.notes(plain).contains { $0.contains("catch") })
        let typed = try Self.imported("do throws(SaveError) { try context.save() } catch { print(error) }")
        expectEqual(typed.hooks[0].steps.count, 1)
        #expect(Self.notes(typed).contains { $0.hasPrefix("App.swift:4:53: not translated: catch: ") })
    }

    @Test("a catch inside a task body is named too, and a catch in a followed function at its own place")
    func catchInTaskAndFollowed() throws {
        let result = try Self.imported("""
            Task { do { try await Task.sleep(nanoseconds: 1_000_000) } catch { return }; await store.flush() }
                    flushAll()
            """, members: """
            func flushAll() { do { try cache.save() } catch { print(error) } }
            """)
        let notes = Self.notes(result)
        #expect(notes.contains { $0.hasPrefix("App.swift:4:68: not translated: catch: ") })
        #expect(notes.contains { $0.hasPrefix("App.swift:2:47: not translated: catch: ") })
    }

    // MARK: - earliestBeginDate

    static func submitCall(_ result: SwiftImport.Result) -> ImportedCall? {
        result.newSystemCalls.first { $0.name == "BGTaskScheduler.submit" }
    }

    @Test("earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60) is serviceStartAfterMs 900000, listed in the summary")
    func earliestBeginDateRead() throws {
        let result = try Self.imported("""
            let request = BGAppRefreshTaskRequest(identifier: "refresh")
                    request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
                    try? BGTaskScheduler.shared.submit(request)
            """)
        let call = try #require(Self.submitCall(result))
        expectEqual(call.start?.delay, .ms(900_000))
        expectContains(result.scenario, #""serviceStartAfterMs": 900000,"#)
        let scenario = try SwiftImportTests.decodes(result)
        let written = try #require(scenario.systemCalls.first { $0.name == "BGTaskScheduler.submit" })
        expectEqual(written.service?.startAfter, .ms(900_000))
        expectContains(result.summary,
            "(service backgroundTask: also serviceStartAfterMs, now 900000 ms, from earliestBeginDate at App.swift:5:9; "
                + "serviceRunMs, now 1 ms; serviceAllowanceMs, now 30000 ms)")
        #expect(!Self.notes(result).contains { $0.contains("earliestBeginDate") })
    }

    @Test("a start at or past limits.maxTimeMs (600 s) is named: the run ends before the task starts ([?])")
    func startPastTimeLimit() throws {
        let body = { (seconds: String) in
            "let request = BGAppRefreshTaskRequest(identifier: \"r\")\n request.earliestBeginDate = "
                + "Date(timeIntervalSinceNow: \(seconds))\n try? BGTaskScheduler.shared.submit(request)"
        }
        let late = try Self.imported(body("15 * 60"))
        #expect(Self.notes(late).contains {
            $0.hasPrefix("App.swift:6:2: assumed: BGTaskScheduler.submit: serviceStartAfterMs (900000 ms) is not before "
                + "limits.maxTimeMs (600000 ms)")
        })
        let early = try Self.imported(body("5 * 60"))
        #expect(!Self.notes(early).contains { $0.contains("limits.maxTimeMs") })
    }

    @Test("the start's forms: a local constant (NetNewsWire's), addingTimeInterval, Date() + s, parentheses")
    func earliestBeginDateForms() throws {
        let forms: [(String, Int64)] = [
            ("let interval: TimeInterval = 15 * 60\n request.earliestBeginDate = Date(timeIntervalSinceNow: interval)", 900_000),
            ("request.earliestBeginDate = Date().addingTimeInterval(2 * 60 + 30)", 150_000),
            ("request.earliestBeginDate = Date.now.addingTimeInterval(60)", 60_000),
            ("request.earliestBeginDate = Date() + (24 * 60 * 60) / 2", 43_200_000),
            ("request.earliestBeginDate = Date(timeIntervalSinceNow: 1.5)", 1_500),
        ]
        for (line, ms) in forms {
            let result = try Self.imported("""
                let request = BGProcessingTaskRequest(identifier: "cleanup")
                        \(line)
                        try? BGTaskScheduler.shared.submit(request)
                """)
            expectEqual(Self.submitCall(result)?.start?.delay, .ms(ms), "\(line)")
            #expect(!Self.notes(result).contains { $0.contains("earliestBeginDate") }, "\(line)")
        }
    }

    @Test("a request without earliestBeginDate (or nil) starts at once: serviceStartAfterMs 0, said so")
    func earliestBeginDateNotSet() throws {
        for body in [
            "let request = BGAppRefreshTaskRequest(identifier: \"r\")\n try? BGTaskScheduler.shared.submit(request)",
            "try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: \"r\"))",
            "let request = BGAppRefreshTaskRequest(identifier: \"r\")\n request.earliestBeginDate = nil\n "
                + "try? BGTaskScheduler.shared.submit(request)",
        ] {
            let result = try Self.imported(body)
            expectEqual(Self.submitCall(result)?.start, ImportedCall.ServiceStart(delay: .zero, origin: .notSet), "\(body)")
            expectContains(result.scenario, #""serviceStartAfterMs": 0,"#)
            expectContains(result.summary, "serviceStartAfterMs, now 0 ms: the request sets no earliestBeginDate")
            #expect(!Self.notes(result).contains { $0.contains("earliestBeginDate") }, "\(body)")
        }
    }

    @Test("an earliestBeginDate it cannot read: a placeholder of 0 ms, named where it is set and in the summary")
    func earliestBeginDateUnread() throws {
        let result = try Self.imported("""
            let request = BGAppRefreshTaskRequest(identifier: "refresh")
                    request.earliestBeginDate = Date(timeIntervalSinceNow: settings.refreshInterval)
                    try? BGTaskScheduler.shared.submit(request)
            """)
        expectEqual(Self.submitCall(result)?.start, .placeholder)
        expectContains(result.scenario, #""serviceStartAfterMs": 0,"#)
        #expect(Self.notes(result).contains {
            $0.hasPrefix("App.swift:5:9: assumed: earliestBeginDate not read")
                && $0.hasSuffix(#"serviceStartAfterMs of systemCalls["BGTaskScheduler.submit"] is a placeholder of 0 ms "#
                    + "(the system may start the task at once): set it")
        })
        expectContains(result.summary, "serviceStartAfterMs, now 0 ms, a placeholder: earliestBeginDate not read")
    }

    @Test("a request made elsewhere (a parameter, a property): its start not found, a placeholder named at the submit")
    func earliestBeginDateNotFound() throws {
        let result = try Self.imported("schedule(makeRequest())", members: """
            func schedule(_ request: BGTaskRequest) { try? BGTaskScheduler.shared.submit(request) }
            """)
        expectEqual(Self.submitCall(result)?.start, .placeholder)
        #expect(Self.notes(result).contains {
            $0.hasPrefix("App.swift:2:47: assumed: the submitted request's earliestBeginDate not found")
        })
    }

    @Test("two submits with different starts: the first is written, the second named")
    func twoStarts() throws {
        let result = try Self.imported("""
            let refresh = BGAppRefreshTaskRequest(identifier: "refresh")
                    refresh.earliestBeginDate = Date(timeIntervalSinceNow: 60)
                    try? BGTaskScheduler.shared.submit(refresh)
                    let cleanup = BGProcessingTaskRequest(identifier: "cleanup")
                    try? BGTaskScheduler.shared.submit(cleanup)
            """)
        expectEqual(Self.submitCall(result)?.start?.delay, .ms(60_000))
        #expect(Self.notes(result).contains {
            $0.hasPrefix("App.swift:8:9: assumed: BGTaskScheduler.submit: this request's start (serviceStartAfterMs, now 0 ms")
        })
    }

    // MARK: - Closure parameters

    @Test("func save(completion handler:): the closure passed runs where the body calls handler(), argument or trailing")
    func labelDiffersFromName() throws {
        let members = """
            func save(completion handler: @escaping () -> Void) {
                    Task { await Store.shared.flush(); handler() }
                }
            """
        let save = ProgramStep.callWithCompletion("context.save", queue: SwiftImportLanguageTests.global, completion: [])
        for call in ["save(completion: { try? context.save() })", "save { try? context.save() }"] {
            let result = try Self.imported(call, members: members)
            guard result.hooks[0].steps.count == 1, case .spawnTask(_, let body) = result.hooks[0].steps[0].step else {
                Issue.record("\(call): \(result.hooks[0].steps.map(\.step))")
                continue
            }
            expectEqual(body, [.call("Store.flush"), save], "\(call)")
            #expect(!Self.notes(result).contains { $0.contains("a closure passed to save") }, "\(call)")
        }
    }

    @Test("a closure passed to an unlabelled parameter (_ work:) and after a defaulted one is followed too")
    func unlabelledAndDefaulted() throws {
        let result = try Self.imported("""
            run({ try? first.save() })
                    finish(done: { try? second.save() })
            """, members: """
            func run(_ work: () -> Void) { work() }
                func finish(after delay: Int = 0, done completion: () -> Void) { completion() }
            """)
        expectEqual(result.newSystemCalls.map(\.name), ["first.save", "second.save"])
        #expect(!Self.notes(result).contains { $0.contains("a closure passed to") })
    }

    @Test("a closure that binds no parameter the importer can find is still named")
    func unboundClosureNamed() throws {
        let result = try Self.imported("""
            Task { await Store.shared.flush() }
                    wait { print("x") }
            """, members: "func wait(_: () -> Void) { }")
        #expect(Self.notes(result).contains {
            $0.hasPrefix("App.swift:5:14: not translated: a closure passed to wait(…), a function of the files, binds no parameter")
        })
    }

    // MARK: - Found by the audit of the issue's list against the code

    @Test("a local func in the entry point runs where it is called (its save is not 'taken as instant')")
    func localFunction() throws {
        let result = try Self.imported("""
            func persist() { try? context.save() }
                    persist()
            """)
        let save = ProgramStep.callWithCompletion("context.save", queue: SwiftImportLanguageTests.global, completion: [])
        expectEqual(result.hooks[0].steps.map(\.step), [save])
        expectEqual(result.hooks[0].steps[0].source.place, "App.swift:4:26")
        #expect(!Self.notes(result).contains { $0.contains("persist(…)") })
    }

    @Test("if #available with an else: the else branch (older systems) is named, not dropped")
    func availabilityElse() throws {
        let result = try Self.imported("""
            if #available(iOS 17, *) { try? modern.save() } else { try? legacy.save() }
            """)
        expectEqual(result.newSystemCalls.map(\.name), ["modern.save"])
        #expect(Self.notes(result).contains { $0.hasPrefix("App.swift:4:9: assumed: if #available: taken as available") })
        let plain = try Self.imported("if #available(iOS 17, *) { try? modern.save() }")
        #expect(!Self.notes(plain).contains { $0.contains("#available") })
    }

    @Test("await Task.yield() is no system call: taken as instant, named")
    func taskYield() throws {
        let result = try Self.imported("Task { await Task.yield(); await Store.shared.flush() }")
        expectEqual(result.newSystemCalls.map(\.name), ["Store.flush"])
        #expect(Self.notes(result).contains { $0.hasPrefix("App.swift:4:16: taken as instant: await Task.yield()") })
    }

    @Test("Timer.scheduledTimer(withTimeInterval:repeats: false) on the main thread is a timer that fires once")
    func scheduledTimer() throws {
        let result = try Self.imported("""
            Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in try? context.save() }
            """)
        let save = ProgramStep.callWithCompletion("context.save", queue: SwiftImportLanguageTests.global, completion: [])
        expectEqual(result.hooks[0].steps.map(\.step), [.timer(interval: .ms(500), count: 1, body: [save])])
        for (code, why) in [
            ("Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in try? context.save() }", "a repeating timer"),
            ("DispatchQueue.global().async { Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in try? "
                + "context.save() } }; try? other.save()", "scheduled off the main thread"),
        ] {
            let named = try Self.imported(code + "\n try? other.save()")
            #expect(Self.notes(named).contains { $0.contains("not translated: Timer.scheduledTimer: \(why)") }, "\(code)")
            #expect(!named.newSystemCalls.contains { $0.name == "context.save" }, "\(code)")
        }
    }

    @Test("if let / guard let: the bound value is translated (an awaited call there is kept) and the condition named")
    func optionalBindingValue() throws {
        let result = try Self.imported("""
            Task {
                        if let token = try? await Auth.shared.refresh() { await Api.shared.send(token) } else { return }
                        guard let data = await Cache.shared.load() else { return }
                    }
            """)
        guard case .spawnTask(_, let body)? = result.hooks[0].steps.first?.step else { Issue.record("no task"); return }
        expectEqual(body, [.call("Auth.refresh"), .call("Api.send"), .call("Cache.load")])
        let notes = Self.notes(result)
        #expect(notes.contains { $0.hasPrefix("App.swift:5:13: assumed: if: the condition is taken as true; the else branch") })
        #expect(notes.contains { $0.hasPrefix("App.swift:6:13: assumed: guard: the condition is taken as true") })
        let shorthand = try Self.imported("if let store { try? store.save() } else { try? other.save() }", members: "var store: Store?")
        #expect(Self.notes(shorthand).contains { $0.hasPrefix("App.swift:4:9: assumed: if: the condition is taken as true; the else") })
    }

    @Test("an observer registered in an entry point's code is its own hook: its closure is not named as unknown")
    func observerRegisteredInEntryPoint() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: Any?) -> Bool {
                    NotificationCenter.default.addObserver(forName: UIApplication.willTerminateNotification, object: nil,
                        queue: .main) { _ in
                        Task { await Store.shared.flush() }
                    }
                    Task { await Launch.shared.start() }
                    return true
                }
            }
            """])
        #expect(result.hooks.map(\.name).contains("AppDelegate.willTerminateNotification observer"))
        #expect(!Self.notes(result).contains { $0.contains("NotificationCenter.default.addObserver") })
    }

    @Test("an array literal's elements are translated (an awaited call in one is kept); a ternary takes its first branch")
    func arrayAndTernary() throws {
        let result = try Self.imported("""
            Task {
                        let results = [await Api.shared.a(), await Api.shared.b()]
                        let x = flag ? await Api.shared.c() : await Api.shared.d()
                        let counts = ["a": 1, "b": 2]
                    }
            """)
        guard case .spawnTask(_, let body)? = result.hooks[0].steps.first?.step else { Issue.record("no task"); return }
        expectEqual(body, [.call("Api.a"), .call("Api.b"), .call("Api.c")])
        #expect(Self.notes(result).contains { $0.hasPrefix("App.swift:6:21: assumed: a ? b : c: the condition is taken as true") })
        let plain = try Self.imported("let n = flag ? 1 : 2\n Task { await Api.shared.a() }")
        #expect(!Self.notes(plain).contains { $0.contains("a ? b : c") })
    }
}
