import Foundation
import Testing

/// Golden files live in `Tests/ExitRaceTests/Golden/`. Set `EXITRACE_RECORD=1` to re-record them;
/// recording is refused when `CI=true`, so CI never blesses its own output.
///
/// `Tests/ExitRaceCLITests/Support/Golden.swift` is a symbolic link to this file, so both test
/// targets compile it; the directory is found from `Tests/`, three levels up, wherever it is compiled.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ExitRaceTests").appendingPathComponent("Golden")

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if TestRun.records && ProcessInfo.processInfo.environment["CI"] != "true" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return
        }
        guard let data = try? Data(contentsOf: url), let expected = String(data: data, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with EXITRACE_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            let message =
                "output differs from golden file \(name) (re-record with EXITRACE_RECORD=1 if the change is intended)\n"
                + firstDifference(expected, actual)
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    private static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "<end>"
            let r = index < right.count ? String(right[index]) : "<end>"
            if l != r { return "line \(index + 1):\n  expected: \(l)\n  actual:   \(r)" }
        }
        return ""
    }
}
