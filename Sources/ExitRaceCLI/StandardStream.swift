import ExitRace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the process's standard streams, written with `write(2)` and never trapping.
///
/// `FileHandle.write` stops the process when a write fails; a command-line tool must instead say
/// so (a full disk, a closed stdout) and end quietly when its reader goes away (`exitrace | head -1`).
/// Nothing is buffered: each call writes all its bytes or reports why it could not.
public struct StandardStream: Sendable {
    /// How a write ended.
    public enum WriteResult: Equatable, Sendable {
        /// Every byte was written.
        case written
        /// The reader closed the pipe (`EPIPE`): nobody wants the rest.
        case closedByReader
        /// The write failed with this `errno`; nothing more can be written.
        case failed(errno: Int32)
    }

    /// The file descriptor written to.
    public let fileDescriptor: Int32

    /// Standard output, where results go.
    public static let output = StandardStream(fileDescriptor: STDOUT_FILENO)
    /// Standard error, where diagnostics and progress go.
    public static let error = StandardStream(fileDescriptor: STDERR_FILENO)

    /// A stream over any open file descriptor (tests use pipes and `/dev/full`).
    public init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    /// Writes all of `text`, retrying interrupted and partial writes.
    public func write(_ text: String) -> WriteResult {
        switch Array(text.utf8).withUnsafeBytes({ writeAll($0, to: fileDescriptor) }) {
        case 0: .written
        case EPIPE: .closedByReader
        case let code: .failed(errno: code)
        }
    }

    /// Makes a write to a closed pipe fail with `EPIPE` instead of killing the process with
    /// SIGPIPE, so that ``write(_:)`` can end quietly. Call once, before writing.
    public static func ignoreBrokenPipeSignal() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// The system's words for an `errno` ("No space left on device").
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
