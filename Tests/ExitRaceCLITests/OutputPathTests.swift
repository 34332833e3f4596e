import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--output`, `--out` and `--trace` write only a regular file or a new path, never an input of
/// the run; a symbolic link is written through; temporary files never stay behind.
@Suite("Output paths")
struct OutputPathTests {
    static let refusal = "expected a regular file or a new path to write"

    /// A directory holding `scenario.json`, a copy of the default scenario.
    static func workspace(_ name: String) throws -> (directory: URL, scenario: String) {
        let directory = try HostileInputTests.directory(name)
        let scenario = directory.appendingPathComponent("scenario.json").path
        try #"{"extend": "builtin:live-activity"}"#.write(toFile: scenario, atomically: true, encoding: .utf8)
        return (directory, scenario)
    }

    static func entries(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test("a device is refused and left alone")
    func device() {
        HostileInputTests.expectRefused(
            ["run", "--output", "/dev/null"], "/dev/null: error: \(Self.refusal), found a device")
    }

    @Test("a FIFO is refused without blocking")
    func fifo() throws {
        let (directory, _) = try Self.workspace("out-fifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        HostileInputTests.expectRefused(["run", "-o", fifo], "\(fifo): error: \(Self.refusal), found a FIFO (named pipe)")
        expectEqual(Self.entries(directory), ["pipe", "scenario.json"])
    }

    @Test("a directory is refused")
    func directory() throws {
        let (directory, _) = try Self.workspace("out-dir")
        defer { try? FileManager.default.removeItem(at: directory) }
        HostileInputTests.expectRefused(
            ["run", "--output", directory.path], "\(directory.path): error: \(Self.refusal), found a directory")
    }

    @Test("an input of the run is refused, also through a link or as the parent of an extend")
    func input() throws {
        let (directory, scenario) = try Self.workspace("out-input")
        defer { try? FileManager.default.removeItem(at: directory) }
        let child = directory.appendingPathComponent("child.json").path
        try #"{"extend": "scenario.json", "name": "child"}"#.write(toFile: child, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "scenario.json")
        let before = try String(contentsOfFile: scenario, encoding: .utf8)
        for (input, output) in [(scenario, scenario), (scenario, link), (child, scenario)] {
            HostileInputTests.expectRefused(
                ["run", input, "--output", output],
                "\(output): error: is an input of this run (\(scenario)); write the output to another file")
        }
        expectEqual(try String(contentsOfFile: scenario, encoding: .utf8), before)
        expectEqual(Self.entries(directory), ["child.json", "link", "scenario.json"])
    }

    @Test("batch refuses to write results over its own scenario files")
    func batchOverInputs() throws {
        let (directory, scenario) = try Self.workspace("out-batch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        HostileInputTests.expectRefused(
            ["batch", path, "--out", path],
            "\(scenario): error: is an input of this run (\(scenario)); write the output to another file",
            bound: .seconds(20))
    }

    @Test("a symbolic link is written through: the target is replaced, the link stays")
    func symlink() throws {
        let (directory, scenario) = try Self.workspace("out-link")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("table.txt").path
        let link = directory.appendingPathComponent("latest.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "table.txt")
        let output = HostileInputTests.run(["run", scenario, "--output", link], bound: .seconds(20))
        expectEqual(output.exitCode, .success)
        expectEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "table.txt")
        expectEqual(try String(contentsOfFile: target, encoding: .utf8), Tool.main(["run", scenario]).stdout)
        expectEqual(Self.entries(directory), ["latest.txt", "scenario.json", "table.txt"])
    }

    /// A process id that no process has now.
    static func deadProcess() -> Int32 {
        var pid: Int32 = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        return pid
    }

    @Test("stale temporary files of dead runs for the same output are removed; others are kept")
    func staleTemporaries() throws {
        let (directory, scenario) = try Self.workspace("out-stale")
        defer { try? FileManager.default.removeItem(at: directory) }
        let dead = Self.deadProcess()
        let leftovers = [".out.txt.tmp-\(dead)", ".out.txt.tmp-1", ".other.txt.tmp-\(dead)"]
        for name in leftovers {
            try "partial".write(to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        let output = HostileInputTests.run(
            ["run", scenario, "--output", directory.appendingPathComponent("out.txt").path], bound: .seconds(20))
        expectEqual(output.exitCode, .success)
        expectEqual(Self.entries(directory), [".other.txt.tmp-\(dead)", ".out.txt.tmp-1", "out.txt", "scenario.json"])
    }

    @Test("a target that turns into a directory before the commit: refused, and no temporary file stays")
    func changedBeforeCommit() throws {
        let (directory, _) = try Self.workspace("out-commit")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.txt").path
        let writer = try AtomicFile.Writer(path: path)
        try writer.write("results")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: InputError([Diagnostic(file: path, path: "", message: "\(Self.refusal), found a directory")])) {
            try writer.commit()
        }
        expectEqual(Self.entries(directory), ["out.txt", "scenario.json"])
    }

    @Test("a writer dropped before its commit removes its temporary file")
    func dropped() throws {
        let (directory, _) = try Self.workspace("out-drop")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let writer = try AtomicFile.Writer(path: directory.appendingPathComponent("out.txt").path)
            try writer.write("half")
        }
        expectEqual(Self.entries(directory), ["scenario.json"])
    }
}
