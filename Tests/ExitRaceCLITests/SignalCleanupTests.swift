import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("SIGINT and SIGTERM leave no temporary files")
struct SignalCleanupTests {
    /// A scenario whose one run takes long enough (timers of a million fires at 1 µs, the app alive)
    /// for a signal to arrive while `--output` has its temporary file open.
    static func slowScenario() -> String {
        let timer = #"{"op": "timer", "intervalMs": 0.001, "count": 1000000, "body": [{"op": "work", "ms": 0}]}"#
        return """
            {"name": "slow", "limits": {"maxEvents": 1000000000, "maxContexts": 5000000, "maxPendingEvents": 5000000},
             "systemCalls": {"request": {"costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 2}},
             "hooks": {"hook": {}},
             "strategies": {"slow": {"program": [\(Array(repeating: timer, count: 8).joined(separator: ", ")),
               {"op": "task", "body": [{"op": "call", "name": "request"}]}]}},
             "procedures": {"alive": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "hook"}]}]}}}
            """
    }

    @Test("the binary, interrupted while writing --output: the temporary file is removed, exit 128 + signal",
          .enabled(if: CommandLineTests.binary != nil), arguments: [SIGINT, SIGTERM])
    func interrupted(signal number: Int32) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("slow.json")
        try Data(Self.slowScenario().utf8).write(to: scenario)
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = ["run", scenario.path, "--output", directory.appendingPathComponent("out.txt").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let temporary = ".out.txt.tmp-\(process.processIdentifier)"
        let deadline = Date().addingTimeInterval(30)
        var seen = false
        while Date() < deadline && process.isRunning {
            if try FileManager.default.contentsOfDirectory(atPath: directory.path).contains(temporary) {
                seen = true
                break
            }
            usleep(2_000)
        }
        try #require(seen, "the run ended before its temporary file was seen")
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        expectEqual(process.terminationReason, .exit)
        expectEqual(process.terminationStatus, 128 + number)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["slow.json"])
    }

    @Test("the registry holds the temporary files AtomicFile has open, and removes them")
    func registry() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.txt").path
        let temporary = directory.appendingPathComponent(".out.txt.tmp-\(getpid())").path
        // Other tests write files meanwhile: only this directory's are looked at, none removed.
        let registry = TemporaryFileRegistry()
        let previous = AtomicFile.tracker
        AtomicFile.tracker = registry
        defer { AtomicFile.tracker = previous }
        func mine() -> [String] { registry.live.filter { $0.hasPrefix(directory.path + "/") } }

        var writer: AtomicFile.Writer? = try AtomicFile.Writer(path: path)
        try writer?.write("half")
        expectEqual(mine(), [temporary])
        writer = nil
        #expect(mine().isEmpty)
        let committed = try AtomicFile.Writer(path: path)
        expectEqual(mine(), [temporary])
        try committed.write("whole")
        try committed.commit()
        #expect(mine().isEmpty)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["out.txt"])

        // What removeAll does on a signal, on a registry of its own.
        let own = TemporaryFileRegistry()
        let stray = directory.appendingPathComponent(".stray.tmp-1").path
        own.willCreate(stray)
        try Data("half".utf8).write(to: URL(fileURLWithPath: stray))
        own.willCreate(directory.appendingPathComponent(".never-created.tmp-1").path)
        expectEqual(own.removeAll(), 2)
        #expect(own.live.isEmpty)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["out.txt"])
    }
}
