import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport
import ExitRaceCLI

/// What a newcomer met right after `exitrace import` (issue 26's walk): the command line's options,
/// an answer that is not an error, and what the summary and `run` say of the importer's placeholders.
@Suite("exitrace import: what follows an import")
struct SwiftImportAfterwardsTests {
    /// A fresh directory holding `App.swift` with `source`.
    static func app(_ source: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-import-after-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: dir.appendingPathComponent("App.swift"))
        return dir
    }

    /// A directory holding `App.swift`, whose `applicationWillTerminate` makes a synchronous save, and
    /// `my-app.json` imported from it.
    static func importedSave() throws -> (dir: URL, out: URL) {
        let dir = try app("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { try? context.save() }
            }
            """)
        let out = dir.appendingPathComponent("my-app.json")
        expectEqual(Tool.main(["import", dir.appendingPathComponent("App.swift").path, "-o", out.path]).exitCode, .success)
        return (dir, out)
    }

    static let awaiting = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationWillTerminate(_ application: UIApplication) {
                Task { await Analytics.shared.flush() }
            }
        }
        """

    @Test("-o is --output, as in run, sweep, calibrate, sensitivity and merge")
    func shortOutput() throws {
        let dir = try Self.app(Self.awaiting)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("my-app.json")
        let output = Tool.main(["import", dir.appendingPathComponent("App.swift").path, "-o", out.path])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        let written = try String(contentsOf: out, encoding: .utf8)
        expectContains(written, "\"name\": \"my-app\"")
    }

    @Test("a --name that cannot be a scenario's name is refused against --name, not a file it would name")
    func badName() throws {
        let dir = try Self.app(Self.awaiting)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("n.json")
        let output = Tool.main(["import", dir.appendingPathComponent("App.swift").path, "--name", "my/app", "--output", out.path])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stderr.hasPrefix("exitrace import: --name: expected a name without \"/\""), "\(output.stderr)")
        expectNotContains(output.stderr, "my/app.json", "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("an --output whose base name cannot be a scenario's name says to give --name")
    func badOutputName() throws {
        let dir = try Self.app(Self.awaiting)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("a..b.json")
        let output = Tool.main(["import", dir.appendingPathComponent("App.swift").path, "-o", out.path])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "--output's base name", "\(output.stderr)")
        expectContains(output.stderr, "give --name NAME", "\(output.stderr)")
    }
}

extension SwiftImportAfterwardsTests {
    static let synchronousOnly = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationWillTerminate(_ application: UIApplication) {
                cache.purge()
                print("bye")
            }
        }
        """

    @Test("synchronous code only is an answer: exit 0, the reason for each entry point, nothing written, no \"error: note:\"")
    func synchronousOnlyIsAnAnswer() throws {
        let dir = try Self.app(Self.synchronousOnly)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("my-app.json")
        let output = Tool.main(["import", dir.appendingPathComponent("App.swift").path, "--output", out.path])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("nothing to simulate: the lifecycle code found (AppDelegate.applicationWillTerminate)"))
        expectContains(output.stderr, "No scenario written")
        expectContains(output.stderr, "App.swift:2:5: not translated: AppDelegate.applicationWillTerminate: no awaited call")
        expectContains(output.stderr, "cache.purge(…)", "\(output.stderr)")
        expectNotContains(output.stderr, "error", "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("no lifecycle code at all stays bad input (exit 2)")
    func noLifecycleCodeIsStillAnError() throws {
        let dir = try Self.app("struct Model { func f() {} }\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = Tool.main(["import", dir.appendingPathComponent("App.swift").path])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "no lifecycle entry point")
    }
}

extension SwiftImportAfterwardsTests {
    static let lateLog = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationWillTerminate(_ application: UIApplication) {
                Task { await Analytics.shared.flush() }
                Logger.write("late")
            }
        }
        """

    @Test("the summary says a save found by its name counts as cleanup, and how to say it does not")
    func saveCountsAsCleanup() throws {
        let result = try SwiftImport.importSources([("App.swift", Array(Self.lateLog.utf8))], name: "t")
        expectContains(result.summary, """
              Logger.write  [App.swift:4:9: Logger.write("late")]  (synchronous: costMs is how long it blocks the calling thread)
                counted as cleanup (its name says it saves): set systemCalls["Logger.write"].cleanup to false if it is not

            """, "\(result.summary)")
        // An awaited call gets no such line: only the reply advice below the list.
        expectNotContains(result.summary, "systemCalls[\"Analytics.flush\"].cleanup")
    }

    @Test("the summary says when to set replyLatencyMs and takesEffectOn \"reply\" for awaited calls")
    func replyAdvice() throws {
        // Analytics.flush does not look like a network request by its name: the example is NAME
        // (SwiftImportPolishTests names one that does).
        let result = try SwiftImport.importSources([("App.swift", Array(Self.lateLog.utf8))], name: "t")
        let advice: String =
            "  each awaited call above counts once its request has left the process (takesEffectOn \"delivery\") and "
            + "resumes at once (replyLatencyMs 0): for one that waits for a reply (a network request, a call to "
            + "another process), set systemCalls[\"NAME\"].replyLatencyMs to the reply's time, and "
            + "takesEffectOn to \"reply\" if it counts only once the reply is back\n"
        expectContains(result.summary, advice, "\(result.summary)")
        let synchronous = try SwiftImport.importSources([("App.swift", Array("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { try? context.save() }
            }
            """.utf8))], name: "t")
        expectNotContains(synchronous.summary, "replyLatencyMs", "no awaited call: no reply advice")
    }
}

extension SwiftImportAfterwardsTests {
    @Test("calls with side effects are named as taken as instant, never dropped silently; value calls are not")
    func sideEffectsNamed() throws {
        let result = try SwiftImport.importSources([("App.swift", Array("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    UserDefaults.standard.set(true, forKey: "clean")
                    UserDefaults.standard.removeObject(forKey: "draft")
                    timer?.invalidate()
                    subscription.cancel()
                    cache.purge()
                    pending.removeAll()
                    Task { await Analytics.shared.flush() }
                }
            }
            """.utf8))], name: "t")
        let notes = result.notes.map(\.description)
        for (line, name) in [(3, "UserDefaults.standard.set"), (4, "UserDefaults.standard.removeObject"), (5, "timer.invalidate"),
                             (6, "subscription.cancel"), (7, "cache.purge")] {
            #expect(notes.contains { $0.hasPrefix("App.swift:\(line):9: taken as instant: \(name)(…)") }, "\(name): \(notes)")
        }
        #expect(!notes.contains { $0.contains("pending.removeAll") }, "a collection's own method is a value call")
    }
}

extension SwiftImportAfterwardsTests {
    @Test("run names the system calls that still have import's placeholder cost under the table, until they are set")
    func runNamesPlaceholders() throws {
        let dir = try Self.app(Self.lateLog)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("my-app.json")
        expectEqual(Tool.main(["import", dir.appendingPathComponent("App.swift").path, "-o", out.path]).exitCode, .success)
        let written = try String(contentsOf: out, encoding: .utf8)
        expectContains(written, "\"costMs\": 1,\n      \"placeholder\": true", "\(written)")
        // The details are wrapped at 120 columns: read them unwrapped.
        func unwrapped(_ output: ToolOutput) -> String { output.stdout.replacingOccurrences(of: "\n      ", with: " ") }
        let run = Tool.main(["run", out.path])
        expectEqual(run.exitCode, .success, "\(run.stderr)")
        expectContains(unwrapped(run),
            "2 system calls still have the cost exitrace import wrote as a placeholder (1 ms, taking effect on delivery,",
            "\(run.stdout)")
        expectContains(unwrapped(run), "systemCalls[\"Analytics.flush\"].costMs, systemCalls[\"Logger.write\"].costMs")
        let set = Tool.main(["run", out.path, "--set", "systemCalls[\"Analytics.flush\"].costMs=80"])
        expectContains(unwrapped(set), "1 system call still has the cost exitrace import wrote as a placeholder", "\(set.stdout)")
        expectContains(unwrapped(set), "Set systemCalls[\"Logger.write\"].costMs (and")
        let both = Tool.main([
            "run", out.path, "--set", "systemCalls[\"Analytics.flush\"].costMs=80", "--set", "systemCalls[\"Logger.write\"].costMs=3",
        ])
        expectNotContains(both.stdout, "placeholder", "\(both.stdout)")
    }

    @Test("a built-in scenario has no placeholder note")
    func noPlaceholderInBuiltin() {
        #expect(DefaultScenario.load().placeholderNotes.isEmpty)
    }
}

extension SwiftImportAfterwardsTests {
    @Test("a re-import replaces its own unedited file, refuses an edited one (exit 2) unless --force")
    func reimportKeepsEdits() throws {
        let dir = try Self.app(Self.awaiting)
        defer { try? FileManager.default.removeItem(at: dir) }
        let swift = dir.appendingPathComponent("App.swift").path
        let out = dir.appendingPathComponent("my-app.json")
        expectEqual(Tool.main(["import", swift, "-o", out.path]).exitCode, .success)
        let written = try String(contentsOf: out, encoding: .utf8)
        #expect(ImportDigest.isUnedited(written))
        expectEqual(Tool.main(["import", swift, "-o", out.path]).exitCode, .success, "unedited: replaced")
        let edited = written.replacingOccurrences(of: "\"costMs\": 1,", with: "\"costMs\": 80,")
        #expect(edited != written)
        try Data(edited.utf8).write(to: out)
        let refused = Tool.main(["import", swift, "-o", out.path])
        expectEqual(refused.exitCode, .badInput)
        expectContains(refused.stderr, "found one edited since import wrote it", "\(refused.stderr)")
        expectContains(refused.stderr, "--force")
        expectEqual(try String(contentsOf: out, encoding: .utf8), edited, "the edits are kept")
        expectEqual(Tool.main(["import", swift, "-o", out.path, "--force"]).exitCode, .success)
        expectEqual(try String(contentsOf: out, encoding: .utf8), written)
    }

    @Test("a scenario that extends the import keeps the edits, and runs with them (docs/import.md, \"Keep your edits\")")
    func editsInAFileThatExtends() throws {
        let dir = try Self.app(Self.lateLog)
        defer { try? FileManager.default.removeItem(at: dir) }
        let swift = dir.appendingPathComponent("App.swift").path
        let out = dir.appendingPathComponent("my-app.json")
        expectEqual(Tool.main(["import", swift, "-o", out.path]).exitCode, .success)
        let mine = dir.appendingPathComponent("my-app-costs.json")
        try Data("""
            {
              "extend": "my-app.json",
              "name": "my-app-costs",
              "systemCalls": {
                "Analytics.flush": { "costMs": 40, "replyLatencyMs": 250, "takesEffectOn": "reply" },
                "Logger.write": { "cleanup": false }
              }
            }

            """.utf8).write(to: mine)
        let run = Tool.main(["run", mine.path])
        expectEqual(run.exitCode, .success, "\(run.stderr)")
        let text = run.stdout.replacingOccurrences(of: "\n      ", with: " ")
        expectContains(text, "1 system call still has the cost exitrace import wrote", "\(run.stdout)")
        expectContains(text, "systemCalls[\"Logger.write\"].costMs")
        // A re-import replaces my-app.json (unedited) and leaves the edits where they are.
        expectEqual(Tool.main(["import", swift, "-o", out.path]).exitCode, .success)
        expectEqual(Tool.main(["run", mine.path]).stdout, run.stdout)
    }
}

extension SwiftImportAfterwardsTests {
    @Test("--set systemCalls.context.save.costMs names the call context.save, spelled in brackets with the shell's quoting")
    func dottedSystemCallName() throws {
        let (dir, out) = try Self.importedSave()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = Tool.main(["run", out.path, "--set", "systemCalls.context.save.costMs=80"])
        expectEqual(run.exitCode, .badInput)
        expectContains(run.stderr,
            "no member \"context\" to go into; \"context.save\" is one name with a dot in it: write "
                + "systemCalls[\"context.save\"].costMs, with the name in brackets and quotes (and the whole PATH=VALUE in "
                + "single quotes so that the shell keeps those quotes: --set 'systemCalls[\"context.save\"].costMs=80')",
            "\(run.stderr)")
        expectEqual(Tool.main(["run", out.path, "--set", "systemCalls[\"context.save\"].costMs=80"]).exitCode, .success)
    }
}

extension SwiftImportAfterwardsTests {
    @Test("explain tells a synchronous save as a blocking call, not as a completion handler and its wait for a thread")
    func explainBlockingCall() throws {
        let (dir, out) = try Self.importedSave()
        defer { try? FileManager.default.removeItem(at: dir) }
        for procedure in ["foreground", "background"] {
            let explain = Tool.main([
                "explain", out.path, "--hook", "AppDelegate.applicationWillTerminate",
                "--strategy", "your code: AppDelegate.applicationWillTerminate", "--procedure", procedure,
            ])
            expectEqual(explain.exitCode, .success, "\(explain.stderr)")
            expectContains(explain.stdout, "main thread  calls context.save synchronously (blocks this thread for 1 ms)\n",
                    "\(explain.stdout)")
            expectNotContains(explain.stdout, "completion handler", "\(explain.stdout)")
        }
    }
}
