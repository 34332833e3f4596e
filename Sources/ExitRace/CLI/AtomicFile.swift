import Foundation

/// Writes output files so that a reader never sees a partial one: the text goes to a temporary
/// file in the same directory, which is then renamed over the destination.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws(InputError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try Data(text.utf8).write(to: temporary)
            if FileManager.default.fileExists(atPath: url.path) {
                _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
            } else {
                try FileManager.default.moveItem(at: temporary, to: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw InputError([Diagnostic(file: path, path: "", message: "cannot be written: \(error.localizedDescription)")])
        }
    }
}
