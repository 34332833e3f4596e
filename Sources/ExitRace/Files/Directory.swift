import Foundation

/// The directory operations the commands and the library share; a failure is a diagnostic on the
/// directory, worded the same wherever it happens.
package enum Directory {
    /// Creates `path` and any missing parents; an existing directory is fine. `option` names the
    /// command-line option that gave the path (`--svg`), for the message when it cannot be used:
    /// `out.json: error: expected a directory for --svg, found a file`.
    package static func create(_ path: String, for option: String? = nil) throws(InputError) {
        let expected = "a directory" + (option.map { " for \($0)" } ?? "")
        func failure(_ message: String) -> InputError { InputError([Diagnostic(file: path, path: "", message: message)]) }
        if let problem = problem(path, expected: expected) { throw failure(problem) }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw failure("cannot be created as \(expected): \(reason(error))")
        }
    }

    /// Whether `path` names an existing directory (false for a file or nothing).
    package static func exists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Why `path` cannot be (or become) a directory, in words, or `nil` when nothing there says so
    /// yet: a file at the path, or a file where one of its parent directories should be.
    static func problem(_ path: String, expected: String) -> String? {
        switch FileKind.of(path) {
        case .directory, .missing: return nil
        case .regular: return "expected \(expected), found a file"
        case .unreachable(ENOTDIR):
            var parent = (path as NSString).deletingLastPathComponent
            while !parent.isEmpty && parent != "/" {
                if case .regular = FileKind.of(parent) { return "expected \(expected), found a file at \(parent)" }
                parent = (parent as NSString).deletingLastPathComponent
            }
            return "expected \(expected), found a file where a parent directory should be"
        case .unreachable(let code): return "cannot be created as \(expected): \(FileKind.describe(errno: code))"
        case let other: return other.problem(expected: expected)
        }
    }

    /// The system's words for why a file operation failed ("Permission denied"), rather than
    /// Foundation's ("The operation could not be completed"), when the error carries an `errno`.
    package static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return FileKind.describe(errno: Int32(underlying.code))
        }
        if error.domain == NSPOSIXErrorDomain { return FileKind.describe(errno: Int32(error.code)) }
        return error.localizedDescription
    }
}
