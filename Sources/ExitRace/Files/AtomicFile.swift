import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files so that a reader never sees a partial one: the text goes to a temporary
/// file in the same directory, which `rename(2)` then puts in place in one step.
public enum AtomicFile {
    /// Writes `text` (UTF-8) to `path`, replacing any file there; a failure is an ``InputError`` naming
    /// the file. The directory must exist. Not flushed to disk (no `fsync`): a power loss may still lose it.
    public static func write(_ text: String, to path: String) throws(InputError) {
        let writer = try Writer(path: path)
        try writer.write(text)
        try writer.commit()
    }

    /// A file written piece by piece — results as they are computed — that appears at its path
    /// whole when committed, or not at all: a writer dropped before ``commit()`` removes its
    /// temporary file.
    public final class Writer {
        /// The file the text is for.
        public let path: String
        private let temporary: String
        private var descriptor: Int32

        /// Opens a new temporary file beside `path`.
        public init(path: String) throws(InputError) {
            self.path = path
            let url = URL(fileURLWithPath: path)
            temporary = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)").path
            unlink(temporary)  // one left by an earlier run of this same process id
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw Self.failure(path, errno) }
        }

        /// Appends `text` (UTF-8).
        public func write(_ text: String) throws(InputError) {
            precondition(descriptor >= 0, "write after commit")
            var bytes = Array(text.utf8)
            let error = bytes.withUnsafeMutableBytes { buffer -> Int32 in
                var offset = 0
                while offset < buffer.count {
                    let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else {
                        return written < 0 ? errno : EIO
                    }
                }
                return 0
            }
            guard error == 0 else { throw Self.failure(path, error) }
        }

        /// Closes the file and puts it in place.
        public func commit() throws(InputError) {
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else {
                let reason = errno
                unlink(temporary)
                throw Self.failure(path, reason)
            }
            guard rename(temporary, path) == 0 else {
                let reason = errno
                unlink(temporary)
                throw Self.failure(path, reason)
            }
        }

        deinit {
            guard descriptor >= 0 else { return }
            close(descriptor)
            unlink(temporary)
        }

        private static func failure(_ path: String, _ code: Int32) -> InputError {
            InputError([Diagnostic(file: path, path: "", message: "cannot be written: \(String(cString: strerror(code)))")])
        }
    }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
