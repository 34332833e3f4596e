import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI
@testable import ExitRaceBenchmark

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs a careless or hostile user can give: each ends quickly with exit 2 and one clear message
/// naming the file, never a hang, a crash or a system error code.
@Suite("Hostile inputs")
struct HostileInputTests {
    /// A fresh directory for one test's files.
    static func directory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-hostile-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs the command and checks that it spends less than `bound` of this thread's CPU time (not
    /// wall time, which a loaded machine stretches).
    static func run(_ arguments: [String], bound: Duration = .seconds(5)) -> ToolOutput {
        let (output, cpu) = ThreadCPUTime.measure { Tool.main(arguments) }
        #expect(cpu < bound, "\(arguments) took \(cpu) of CPU time")
        return output
    }

    /// The command fails with exit 2 and exactly `message` on stderr.
    static func expectRefused(_ arguments: [String], _ message: String, bound: Duration = .seconds(5)) {
        let output = run(arguments, bound: bound)
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        expectEqual(output.stderr, message + "\n")
    }

    static let validScenario = #"{"extend": "builtin:live-activity"}"#

    // MARK: - Files that are not regular files

    @Test("validate of a FIFO is refused without opening it")
    func fifo() throws {
        let directory = try Self.directory("fifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.json").path
        try #require(mkfifo(fifo, 0o600) == 0)
        Self.expectRefused(
            ["validate", fifo], "\(fifo): error: expected a scenario file, found a FIFO (named pipe)")
    }

    @Test("extend of a FIFO is refused, with the place of the extend")
    func extendFIFO() throws {
        let directory = try Self.directory("extend-fifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let file = directory.appendingPathComponent("child.json").path
        try #"{"extend": "pipe"}"#.write(toFile: file, atomically: true, encoding: .utf8)
        Self.expectRefused(
            ["validate", file],
            "\(fifo): error: expected a scenario file, found a FIFO (named pipe) (extended at \(file):1:12)")
    }

    @Test("a device is refused")
    func device() {
        Self.expectRefused(["validate", "/dev/null"], "/dev/null: error: expected a scenario file, found a device")
    }

    @Test("a loop of symbolic links says so")
    func symlinkLoop() throws {
        let directory = try Self.directory("loop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.json").path
        let b = directory.appendingPathComponent("b.json").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        Self.expectRefused(["validate", a], "\(a): error: symbolic links that loop (too many levels of symbolic links)")
    }

    @Test("a symbolic link to nothing says so")
    func danglingLink() throws {
        let directory = try Self.directory("dangling")
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "missing.json")
        Self.expectRefused(["validate", link], "\(link): error: a symbolic link to a file that does not exist")
    }

    @Test(
        "a file that cannot be read gives the system's reason, not a Foundation error code",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem")))
    func unreadable() throws {
        let output = Self.run(["validate", "/proc/self/mem"])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stderr.hasPrefix("/proc/self/mem: error: cannot be read: "))
        expectNotContains(output.stderr, "NSCocoaErrorDomain")
    }

    @Test("an unknown built-in scenario in extend has a position")
    func unknownBuiltin() throws {
        let directory = try Self.directory("builtin")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("child.json").path
        try #"{"extend": "builtin:nope"}"#.write(toFile: file, atomically: true, encoding: .utf8)
        Self.expectRefused(
            ["validate", file],
            "\(file):1:12: error: extend: expected \"builtin:live-activity\" (the only built-in scenario), found \"builtin:nope\"")
    }

    // MARK: - Names and hooks

    /// Validates a one-line scenario that extends the default with `members`: exit 2, one error at
    /// line 1 of the file ending with `tail` (the JSON path and the message).
    static func expectInvalid(_ members: String, _ tail: String) throws {
        let directory = try Self.directory("names")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("s.json").path
        try #"{"extend": "builtin:live-activity", \#(members)}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let output = Self.run(["validate", file])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stderr.hasPrefix("\(file):1:"), "\(output.stderr)")
        #expect(output.stderr.hasSuffix(": error: \(tail)\n"), "\(output.stderr)")
        expectEqual(output.stderr.split(separator: "\n").count, 1, "\(output.stderr)")
    }

    @Test("a scenario name that would leave the results directory is refused")
    func nameWithPath() throws {
        try Self.expectInvalid(
            #""name": "../../escaped""#,
            #"name: expected a name without "/" or "\\" (it names the result files), found "../../escaped""#)
        try Self.expectInvalid(
            #""name": "..""#,
            #"name: expected a name that does not start with "." nor contain ".." (it names the result files), found "..""#)
        try Self.expectInvalid(
            #""name": "a/b""#, #"name: expected a name without "/" or "\\" (it names the result files), found "a/b""#)
    }

    @Test("a scenario name with a control character or too long is refused")
    func nameCharacters() throws {
        try Self.expectInvalid(
            #""name": "two\nlines""#, "name: expected text without control characters (it is shown in tables), found a line break")
        try Self.expectInvalid(
            "\"name\": \"\(String(repeating: "é", count: 101))\"",
            "name: expected a name of at most 200 bytes in UTF-8 (it names the result files), found 202 bytes")
    }

    @Test("names and labels shown in tables have no line breaks or tabs")
    func labels() throws {
        try Self.expectInvalid(
            #""hooks": {"applicationWillTerminate": {"label": "App\tDelegate"}}"#,
            "hooks.applicationWillTerminate.label: expected text without control characters (it is shown in tables), found a tab")
        try Self.expectInvalid(
            #""strategies": {"Task\nagain": {"program": [{"op": "task", "body": [{"op": "call", "name": "Activity.end"}]}]}}"#,
            #"strategies["Task\nagain"]: expected text without control characters (it is shown in tables), found a line break"#)
    }

    @Test("a hook no kill procedure can call is an error with a suggestion")
    func uncalledHook() throws {
        try Self.expectInvalid(
            #""hooks": {"applicationWillTerminat": {"label": "Typo"}}"#,
            #"hooks.applicationWillTerminat: expected a callback that a kill procedure delivers, found "applicationWillTerminat", which none does: the hook would never be called; did you mean "applicationWillTerminate"?"#)
        try Self.expectInvalid(
            #""hooks": {"cleanup": {"callbacks": ["onQuit"]}}"#,
            #"hooks.cleanup.callbacks[0]: expected a callback that a kill procedure delivers, found "onQuit", which none does: the hook would never be called (they deliver sceneWillResignActive, sceneDidDisconnect, applicationWillTerminate, willTerminateNotification, sceneDidEnterBackground)"#)
    }

    // MARK: - Memory

    @Test("a limit of memory out of range is refused, in the file and in --set")
    func memoryLimitRange() throws {
        try Self.expectInvalid(
            #""limits": {"maxContexts": 0}"#, "limits.maxContexts: expected a whole number from 1 to 5000000, found the number 0")
        Self.expectRefused(
            ["run", "--set", "limits.maxPendingEvents=200000000"],
            "--set limits.maxPendingEvents=200000000: error: limits.maxPendingEvents: expected a whole number from 1 to "
                + "5000000, found the number 200000000 (applied to the built-in default scenario)")
    }

    // MARK: - Messages

    @Test("help on an unknown topic is a usage error with a suggestion")
    func helpNonsense() {
        Self.expectRefused(["help", "nonsense"], "exitrace help: unknown command 'nonsense'\nrun 'exitrace --help' for usage")
        Self.expectRefused(["help", "run", "extra"], "exitrace help: expected one command to explain, found 2: run extra\nrun 'exitrace --help' for usage")
        Self.expectRefused(["--help", "extra"], "exitrace: --help takes nothing after it, found 'extra'\nrun 'exitrace --help' for usage")
        Self.expectRefused(
            ["help", "valdate"], "exitrace help: unknown command 'valdate'; did you mean 'validate'?\nrun 'exitrace --help' for usage")
    }

    @Test("the usage lists --version, and --set, --serial and --force where they apply")
    func usageOptions() {
        let usage = Tool.main(["--help"]).stdout
        for text in ["exitrace --version", "exitrace [--set PATH=VALUE]…", "--serial", "--update [--force]"] {
            expectContains(usage, text, "\(text)")
        }
    }
}
