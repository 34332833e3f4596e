// Files written together (issue 26's audit, items 3 and 4): every temporary file is written before
// any is renamed, a target that cannot be replaced is found before any is, and a signal between two
// renames waits for the last.
import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Files written together")
struct GroupedWritesTests {
    static func directory(_ name: String) throws -> URL { try HostileInputTests.directory(name) }

    static func read(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// A scenario called `name` with `strategies` strategies (its result files grow with them);
    /// `costMs` is the system call's cost, which a later run changes to make the results stale.
    static func scenario(_ name: String, strategies: Int, costMs: Int) -> String {
        let each = (0..<strategies).map { #""s\#($0)": {"program": [{"op": "detached", "body": [{"op": "call", "name": "end"}]}]}"# }
        return """
            {"name": "\(name)", "systemCalls": {"end": {"costMs": \(costMs)}},
             "hooks": {"applicationWillTerminate": {}},
             "strategies": {\(each.joined(separator: ", "))},
             "procedures": {"terminate": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}, {"op": "exit"}]}]}}}
            """
    }

    /// A directory `scenarios` with a small `a.json` (scenario `minimal`, checked first) and a large
    /// `zzz.json`, and its results in `results`, written by `check --update`; then both scenarios
    /// changed, so that a second `check --update` rewrites all four files.
    static func staleResults() throws -> (root: URL, scenarios: String, results: URL, before: [String: String]) {
        let root = try directory("grouped")
        let scenarios = root.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        func write(_ cost: Int) throws {
            try scenario("minimal", strategies: 1, costMs: cost).write(to: scenarios.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
            try scenario("zzz", strategies: 120, costMs: cost).write(to: scenarios.appendingPathComponent("zzz.json"), atomically: true, encoding: .utf8)
        }
        try write(1)
        let results = root.appendingPathComponent("results")
        expectEqual(Tool.main(["check", scenarios.path, "--against", results.path, "--update"]).exitCode, .success)
        try write(2)
        let before = Dictionary(uniqueKeysWithValues: ["minimal.md", "minimal.json", "zzz.md", "zzz.json"].map {
            ($0, read(results.appendingPathComponent($0)))
        })
        return (root, scenarios.path, results, before)
    }

    static func unchanged(_ results: URL, _ before: [String: String]) -> Bool {
        before.allSatisfy { read(results.appendingPathComponent($0.key)) == $0.value }
            && ((try? FileManager.default.contentsOfDirectory(atPath: results.path)) ?? []).sorted() == before.keys.sorted()
    }

    /// Records the renaming section it is given, with the watched files' contents at its start and end.
    final class Recorder: TemporaryFileTracker, @unchecked Sendable {
        let lock = NSLock()
        var events: [String] = []
        var watched: [URL] = []
        func record(_ event: String) { lock.withLock { events.append(event) } }
        func willCreate(_ path: String) {}
        func didRemove(_ path: String) {}
        func whileRenaming(_ body: () -> Void) {
            record("section " + watched.map { GroupedWritesTests.read($0) }.joined(separator: ","))
            body()
            record("end " + watched.map { GroupedWritesTests.read($0) }.joined(separator: ","))
        }
    }

    @Test("a set writes every temporary file first, then renames them all inside the tracker's section")
    func setOrder() throws {
        let root = try Self.directory("grouped-set")
        defer { try? FileManager.default.removeItem(at: root) }
        let markdown = root.appendingPathComponent("cal.md"), json = root.appendingPathComponent("cal.json")
        try "old md".write(to: markdown, atomically: true, encoding: .utf8)
        try "old json".write(to: json, atomically: true, encoding: .utf8)
        let recorder = Recorder()
        recorder.watched = [markdown, json]
        let set = AtomicFileSet(tracker: recorder)
        try set.add("new md", for: markdown.path)
        try set.add("new json", for: json.path)
        let pid = getpid()
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted(),
            [".cal.json.tmp-\(pid)", ".cal.md.tmp-\(pid)", "cal.json", "cal.md"])
        #expect(Self.read(markdown) == "old md" && Self.read(json) == "old json")
        try set.commit()
        expectEqual(recorder.lock.withLock { recorder.events }, ["section old md,old json", "end new md,new json"])
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), ["cal.json", "cal.md"])
    }

    @Test("a set dropped before its commit removes its temporary files and replaces nothing")
    func setDropped() throws {
        let root = try Self.directory("grouped-drop")
        defer { try? FileManager.default.removeItem(at: root) }
        let markdown = root.appendingPathComponent("cal.md")
        try "old md".write(to: markdown, atomically: true, encoding: .utf8)
        do {
            let set = AtomicFileSet()
            try set.add("new md", for: markdown.path)
            try set.add("new json", for: root.appendingPathComponent("cal.json").path)
        }
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["cal.md"])
        expectEqual(Self.read(markdown), "old md")
    }

    @Test("a signal's handler waits for the renames under way before it removes files and ends the process")
    func handlerWaitsForRenames() throws {
        let registry = TemporaryFileRegistry()
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), handled = DispatchSemaphore(value: 0)
        let order = Recorder()
        Thread.detachNewThread {
            registry.whileRenaming {
                entered.signal()
                release.wait()
                order.record("renamed")
            }
        }
        entered.wait()
        Thread.detachNewThread {
            _ = registry.removeAllForExit()  // keeps its locks: this registry is not used again
            order.record("handled")
            handled.signal()
        }
        // The handler cannot finish while the section runs, however long it waits.
        expectEqual(handled.wait(timeout: .now() + .milliseconds(300)), .timedOut)
        release.signal()
        handled.wait()
        expectEqual(order.lock.withLock { order.events }, ["renamed", "handled"])
    }

    @Test("SIGHUP is handled as SIGINT and SIGTERM are")
    func hangUpHandled() {
        #expect(TemporaryFileRegistry.handledSignals.contains(SIGHUP))
    }

    @Test("check --update finds an immutable result file before it rewrites any",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr")))
    func immutableTarget() throws {
        let (root, scenarios, results, before) = try Self.staleResults()
        let locked = results.appendingPathComponent("zzz.md").path
        defer {
            _ = Self.shell("chattr -i '\(locked)'")
            try? FileManager.default.removeItem(at: root)
        }
        try #require(Self.shell("chattr +i '\(locked)'") == 0, "chattr +i is not supported here")
        let output = Tool.main(["check", scenarios, "--against", results.path, "--update"])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "zzz.md: error: cannot be replaced: the file is immutable or append-only", "\(output.stderr)")
        #expect(Self.unchanged(results, before))
    }

    @Test("check --update and batch on a full disk (a file-size limit) rewrite nothing and leave no temporary file",
          .enabled(if: CommandLineTests.binary != nil && FileManager.default.isExecutableFile(atPath: "/bin/bash")),
          arguments: ["check", "batch"])
    func fullDisk(command: String) throws {
        let (root, scenarios, results, before) = try Self.staleResults()
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = try #require(CommandLineTests.binary).path
        let arguments = command == "check" ? "check '\(scenarios)' --against '\(results.path)' --update" : "batch '\(scenarios)' --out '\(results.path)'"
        // Files may grow to 8 KiB: minimal's results fit, zzz's (120 strategies) do not; SIGXFSZ
        // ignored, so the write fails with EFBIG as on a full disk. Without CI's `CI=true`, under which
        // `check --update` is refused before it writes anything.
        let status = Self.shell("trap '' XFSZ; ulimit -f 8; exec env -u CI '\(binary)' \(arguments) >/dev/null 2>'\(root.path)/stderr'")
        expectEqual(status, 2)
        expectContains(Self.read(root.appendingPathComponent("stderr")), "zzz.", "\(Self.read(root.appendingPathComponent("stderr")))")
        #expect(Self.unchanged(results, before))
    }

    @Test("calibrate --check --update, interrupted between its two renames, leaves both files new", .heavy,
          .enabled(if: CommandLineTests.binary != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
    func interruptedPair() throws {
        let root = try Self.directory("grouped-pair")
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = try #require(CommandLineTests.binary).path
        let repository = Repository.root.path
        func calibrate(_ samples: Int, _ file: URL) -> [String] {
            ["calibrate", repository + "/scenarios/live-activity-prior.json", "--measured", repository + "/measurements/live-activity-ios18.4.json",
             "--samples", "\(samples)", "--check", file.path, "--update"]
        }
        // The expected pair: the same update, not interrupted, in a directory of its own.
        let reference = root.appendingPathComponent("reference.json"), pair = root.appendingPathComponent("cal.json")
        expectEqual(Tool.main(calibrate(32, reference)).exitCode, .success)
        expectEqual(Tool.main(calibrate(16, pair)).exitCode, .success)
        let oldMarkdown = Self.read(root.appendingPathComponent("cal.md"))

        // Each rename returns 3 s late: the first (the Markdown) is done, the second not yet, when the signal comes.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=rename,renameat,renameat2",
                             "-e", "inject=rename,renameat,renameat2:delay_exit=3000000", binary] + calibrate(32, pair)
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }  // CI=true refuses --update
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline && process.isRunning && Self.read(root.appendingPathComponent("cal.md")) == oldMarkdown { usleep(5_000) }
        let child = Self.children(of: process.processIdentifier).first
        try #require(child != nil && process.isRunning, "the update ended before its first rename was seen")
        kill(child!, SIGINT)
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 128 + SIGINT)
        expectEqual(Self.read(root.appendingPathComponent("cal.md")), Self.read(root.appendingPathComponent("reference.md")))
        expectEqual(Self.read(pair).replacingOccurrences(of: "reference", with: "cal"),
            Self.read(reference).replacingOccurrences(of: "reference", with: "cal"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains(".tmp-") }.isEmpty)
    }

    /// The process ids of `pid`'s children (Linux).
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Runs `command` with bash; its exit status.
    @discardableResult
    static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
