import ExitRaceCLI
import Foundation
import Testing

/// A scenario directory whose committed results drift: `mine.json` extends the built-in Live
/// Activity scenario, its results are written by `batch`, then its exit takes 12 ms (the built-in
/// 3 ms), which moves margins (+1.9 ms → +10.9 ms) and thin wins but no verdict.
///
/// `Tests/ExitRaceCLITests/Support/DriftedResults.swift` is a symbolic link to this file, so both
/// test targets compile it.
enum DriftedResults {
    /// The directory (the caller removes `root`), its scenarios and its results; `label` names it.
    static func make(_ label: String) throws -> (root: URL, scenarios: String, results: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-\(label)-\(UUID().uuidString)")
        let scenarios = root.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let file = scenarios.appendingPathComponent("mine.json")
        try Data(#"{"extend": "builtin:live-activity"}"#.utf8).write(to: file)
        let results = root.appendingPathComponent("results").path
        expectEqual(Tool.main(["batch", scenarios.path, "--out", results]).exitCode, .success)
        try Data(#"{"extend": "builtin:live-activity", "timing": {"exitDurationMs": 12}}"#.utf8).write(to: file)
        return (root, scenarios.path, results)
    }
}
