#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file whole, with a size bound, turning every failure into a diagnostic.
///
/// Scenario files and result files are read the same way; `what` names the kind of file the caller
/// expected, so a directory or an oversized file is reported as, say, "expected a result file".
/// Only regular files are read: a FIFO, a device or a socket is refused before it is opened, so
/// that reading never blocks on one; the file is opened non-blocking and checked again, in case
/// it was replaced in between.
package enum InputFile {
    /// Larger files are refused before they are read: no real scenario or result comes near it.
    package static let maxBytes = 16 << 20

    /// The file's bytes; `what` is the kind of file expected, with its article ("a scenario file").
    package static func read(_ path: String, what: String) throws(InputError) -> [UInt8] {
        func fail(_ message: String) -> InputError {
            InputError([Diagnostic(file: path, path: "", message: message)])
        }
        if let problem = FileKind.of(path).problem(expected: what) { throw fail(problem) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw fail("cannot be read: \(FileKind.describe(errno: errno))") }
        defer { close(descriptor) }
        let kind = FileKind.of(descriptor: descriptor)
        if let problem = kind.problem(expected: what) { throw fail(problem) }
        if case .regular(let size, _) = kind, size > maxBytes { throw fail(tooLarge(what)) }
        let bytes: [UInt8]
        switch readAll(descriptor) {
        case .success(let read): bytes = read
        case .failure(let error): throw fail("cannot be read: \(FileKind.describe(errno: error.code))")
        }
        guard bytes.count <= maxBytes else { throw fail(tooLarge(what)) }
        return bytes
    }

    private static func tooLarge(_ what: String) -> String {
        "expected \(what) of at most \(maxBytes >> 20) MiB, found a larger file"
    }

    /// A failed `read(2)`.
    struct ReadError: Error {
        var code: Int32
    }

    /// Up to `maxBytes + 1` bytes: enough to tell an oversized file, whatever its reported size
    /// (files under `/proc` report 0).
    private static func readAll(_ descriptor: Int32) -> Result<[UInt8], ReadError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= maxBytes {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(code: errno))
            }
            bytes += chunk[0..<count]
        }
        return .success(bytes)
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, buffer, count)
    #else
    Darwin.read(fd, buffer, count)
    #endif
}
