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
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            throw InputError([Diagnostic(file: path, path: "", message: "cannot be written: \(error.localizedDescription)")])
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw InputError([Diagnostic(file: path, path: "", message: "cannot be written: \(reason)")])
        }
    }
}
