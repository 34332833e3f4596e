import Foundation

/// Reads an input file whole, with a size bound, turning every failure into a diagnostic.
///
/// Scenario files and result files are read the same way; `what` names the kind of file the caller
/// expected, so a directory or an oversized file is reported as, say, "expected a result file".
enum InputFile {
    /// Larger files are refused before they are read: no real scenario or result comes near it.
    static let maxBytes = 16 << 20

    /// The file's bytes; `what` is the kind of file expected, with its article ("a scenario file").
    static func read(_ path: String, what: String) throws(InputError) -> [UInt8] {
        func fail(_ message: String) -> InputError {
            InputError([Diagnostic(file: path, path: "", message: message)])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("no such file")
        }
        guard !isDirectory.boolValue else { throw fail("expected \(what), found a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw fail("cannot be read (permission?)") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw fail("cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maxBytes else {
            throw fail("expected \(what) of at most \(maxBytes >> 20) MiB, found a larger file")
        }
        return [UInt8](data)
    }
}
