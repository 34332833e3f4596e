import Foundation

/// Reads scenario files from disk.
public enum ScenarioLoader {
    /// Larger files are refused before they are read: no real scenario comes near it.
    public static let maxFileBytes = 16 << 20

    public static func load(path: String) throws(InputError) -> Scenario {
        try ScenarioDecoder.decode(try readFile(path), file: path)
    }

    /// The file's bytes, or a diagnostic saying why they cannot be had.
    public static func readFile(_ path: String) throws(InputError) -> [UInt8] {
        func fail(_ message: String) -> InputError {
            InputError([Diagnostic(file: path, path: "", position: nil, message: message)])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("no such file")
        }
        guard !isDirectory.boolValue else { throw fail("expected a scenario file, found a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw fail("cannot be read (permission?)") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
        } catch {
            throw fail("cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maxFileBytes else {
            throw fail("expected a scenario file of at most \(maxFileBytes >> 20) MiB, found a larger file")
        }
        return [UInt8](data)
    }
}
