import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// `run FILE --run-conditions`: one table of the scenario under its debug and its release run
/// condition, a cell showing `debug → release` where they differ (issue 21, §3).
@Suite("Run conditions side by side")
struct RunConditionTableTests {
    static let scenario = """
        {
          "name": "conditions",
          "runCondition": "debug",
          "runConditions": {
            "debug": {"timing": {"exitDurationMs": 3}},
            "release": {"timing": {"exitDurationMs": 1, "startLatencyMs": {"userInitiated": 0.5}}}
          },
          "systemCalls": {"request": {"costMs": 1}},
          "hooks": {"applicationWillTerminate": {"label": "AppDelegate"}},
          "strategies": {"Task.detached(priority: .high)": {"program": [
            {"op": "detached", "priority": "high", "body": [{"op": "call", "name": "request"}]}]}},
          "procedures": {"kill": {"steps": [
            {"op": "turn", "actions": [{"op": "hook", "name": "applicationWillTerminate"}, {"op": "exit"}]}]}}
        }
        """

    static func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-conditions-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a cell that wins under debug and loses under release reads ○ → ×, with the difference in the details")
    func differingCell() throws {
        let path = try Self.file(Self.scenario)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = Tool.main(["run", path, "--run-conditions"])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        expectContains(output.stdout, "(run conditions: debug → release)")
        expectContains(output.stdout, "AppDelegate | ○ [t] → ×", "\(output.stdout)")
        expectContains(output.stdout, "a → b: a under the debug run condition, b under release (runConditions)")
        expectContains(output.stdout, "differs: AppDelegate · Task.detached(priority: .high): debug ○ [t] → release ×")
        expectContains(output.stdout, "debug: AppDelegate · Task.detached(priority: .high) (kill): thin win: by 1.9 ms")
        expectEqual(Tool.main(["run", path, "--run-conditions", "--set", "runCondition=release"]).exitCode, .badInput)
        expectContains(Tool.main(["run", path, "--run-conditions", "--format", "md"]).stdout, #"○ \[t\] → ×"#)
    }

    @Test("a scenario without runConditions, json, or a second file is refused with exit 2")
    func refusals() throws {
        let builtin = Tool.main(["run", "--run-conditions"])
        expectEqual(builtin.exitCode, .badInput)
        let path = try Self.file(#"{"extend": "builtin:live-activity"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = Tool.main(["run", path, "--run-conditions"])
        expectEqual(plain.exitCode, .badInput)
        expectContains(plain.stderr, "expected a scenario with runConditions (debug and release) to compare, found none")
        expectEqual(Tool.main(["run", path, "--run-conditions", "--format", "json"]).exitCode, .badInput)
        expectEqual(Tool.main(["run", path, path, "--run-conditions"]).exitCode, .badInput)
    }
}
