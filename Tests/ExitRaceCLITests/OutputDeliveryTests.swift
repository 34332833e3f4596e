import Foundation
import Testing

@testable import ExitRaceCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing the output never traps: a full disk or a closed stdout is one line on stderr and exit 2,
/// a reader that goes away (`exitrace | head -1`) a quiet end.
@Suite("Writing the output")
struct OutputDeliveryTests {
    /// A pipe's two ends; the caller closes what it keeps open.
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    /// Everything left in a pipe whose write end is closed.
    static func drain(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    @Test("a stream writes every byte")
    func writesEverything() throws {
        let (readEnd, writeEnd) = try Self.makePipe()
        defer { close(readEnd) }
        let text = String(repeating: "○△×\n", count: 1000)
        expectEqual(StandardStream(fileDescriptor: writeEnd).write(text), .written)
        close(writeEnd)
        expectEqual(Self.drain(readEnd), text)
    }

    @Test("a closed reader is a quiet end, not SIGPIPE")
    func brokenPipe() throws {
        // As in the executable: without it, this test process would die of SIGPIPE.
        StandardStream.ignoreBrokenPipeSignal()
        let (readEnd, writeEnd) = try Self.makePipe()
        close(readEnd)
        defer { close(writeEnd) }
        expectEqual(StandardStream(fileDescriptor: writeEnd).write("x"), .closedByReader)
        let (errRead, errWrite) = try Self.makePipe()
        let code = ToolOutput(stdout: "table\n", exitCode: .difference)
            .deliver(stdout: StandardStream(fileDescriptor: writeEnd), stderr: StandardStream(fileDescriptor: errWrite))
        close(errWrite)
        expectEqual(code, .difference)
        expectEqual(Self.drain(errRead), "")
        close(errRead)
    }

    @Test("a full disk: one line on stderr, exit 2", .enabled(if: hasDevFull))
    func fullDisk() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        expectEqual(StandardStream(fileDescriptor: full).write("x"), .failed(errno: ENOSPC))
        let (errRead, errWrite) = try Self.makePipe()
        let code = ToolOutput(stdout: "table\n").deliver(stdout: StandardStream(fileDescriptor: full), stderr: StandardStream(fileDescriptor: errWrite))
        close(errWrite)
        expectEqual(code, .badInput)
        expectEqual(Self.drain(errRead), "exitrace: cannot write to standard output: \(String(cString: strerror(ENOSPC)))\n")
        close(errRead)
    }

    /// Runs the built binary with `stdout` as its standard output; its stderr, exit status and
    /// whether it exited (rather than died of a signal).
    static func runBinary(_ arguments: [String], stdout: Any) throws -> (stderr: String, status: Int32, exited: Bool) {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.standardOutput = stdout
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        if let pipe = stdout as? Pipe { try pipe.fileHandleForReading.close() }
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: err, as: UTF8.self), process.terminationStatus, process.terminationReason == .exit)
    }

    @Test("the binary, writing to /dev/full: one line on stderr, exit 2, no backtrace",
          .enabled(if: hasDevFull && CommandLineTests.binary != nil))
    func binaryFullDisk() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let run = try Self.runBinary(["run"], stdout: full)
        #expect(run.exited)
        expectEqual(run.status, ExitCode.badInput.rawValue)
        expectEqual(run.stderr, "exitrace: cannot write to standard output: \(String(cString: strerror(ENOSPC)))\n")
    }

    @Test("the binary, whose reader goes away: a quiet end", .enabled(if: CommandLineTests.binary != nil))
    func binaryBrokenPipe() throws {
        let run = try Self.runBinary(["run", "--format", "json"], stdout: Pipe())
        #expect(run.exited)
        expectEqual(run.status, ExitCode.success.rawValue)
        expectEqual(run.stderr, "")
    }
}
