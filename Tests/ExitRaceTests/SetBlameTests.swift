import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceScenario
@testable import ExitRaceImport

/// A `--set` that makes the scenario invalid elsewhere than at its own path is named as the cause (the
/// file validates without it), with the way to leave the strategy out; the import summary says that a
/// force quit cancels a hand-off to a service.
@Suite("--set: blamed for the problems it causes")
struct SetBlameTests {
    static let submit = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationDidEnterBackground(_ application: UIApplication) {
                let request = BGProcessingTaskRequest(identifier: "sync")
                try? BGTaskScheduler.shared.submit(request)
            }
        }
        """

    @Test("cleanup=false on the only call of a strategy: the error names the --set, and how to remove the strategy")
    func cleanupFalseBlamesTheSet() throws {
        let result = try SwiftImportTests.run(["App.swift": Self.submit])
        expectContains(result.summary, "a force quit cancels a hand-off to a system service not done yet (BGTaskScheduler.submit: ", "\(result.summary)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-setblame-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.json").path
        try result.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        let call = try #require(result.newSystemCalls.first?.name)
        let argument = "systemCalls[\"\(call)\"].cleanup=false"
        do {
            _ = try ScenarioLoader.load(path: path, overrides: [try SettingOverride.parse(argument)])
            Issue.record("expected an error")
        } catch {
            let text = error.diagnostics.map(\.description)
            let strategy = "strategies[\"your code: AppDelegate.applicationDidEnterBackground\"]"
            #expect(text.contains { $0.hasPrefix("--set \(argument): error: \(strategy).program: expected the program to call")
                && $0.contains("(at \(path):") && $0.contains("which is valid without this --set")
                && $0.contains("add --set '\(strategy)=null'") }, "\(text)")
        }
    }

    @Test("a problem the file has without the --set keeps its place")
    func fileProblemKeepsItsPlace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-setblame-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bad.json").path
        try #"{"extend": "builtin:live-activity", "timing": {"exitDurationMs": -1}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ScenarioLoader.load(path: path, overrides: [try SettingOverride.parse("timing.mainThreadQoS=utility")])
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.allSatisfy { $0.file == path }, "\(error.diagnostics)")
        }
    }
}
