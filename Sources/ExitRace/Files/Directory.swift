import Foundation

/// The directory operations the commands and the library share; a failure is a diagnostic on the
/// directory, worded the same wherever it happens.
public enum Directory {
    /// Creates `path` and any missing parents; an existing directory is fine.
    public static func create(_ path: String) throws(InputError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw InputError([Diagnostic(file: path, path: "", message: "cannot be created: \(error.localizedDescription)")])
        }
    }

    /// Whether `path` names an existing directory (false for a file or nothing).
    public static func exists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
