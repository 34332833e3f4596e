import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceReport
import ExitRaceCLI

/// The note on import's placeholder costs names every call (no "and 3 more"), and reaches the HTML
/// report (above the table) and `run --format json` (a `placeholders` member) only while they remain.
@Suite("placeholder costs: every name, in every output")
struct PlaceholderNoteOutputTests {
    static let fourCalls = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationWillTerminate(_ application: UIApplication) {
                Task {
                    await Analytics.shared.flush()
                    await Logger.shared.drain()
                    await Store.shared.commitAll()
                    await Cache.shared.persistEverything()
                }
            }
        }
        """

    static func imported() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-placeholders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.fourCalls.write(to: dir.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("my-app.json")
        let result = Tool.main(["import", dir.appendingPathComponent("App.swift").path, "-o", out.path])
        expectEqual(result.exitCode, .success, "\(result.stderr)")
        return dir
    }

    @Test("four placeholder calls: all four named in the text, the HTML report and the JSON")
    func everyNameEverywhere() throws {
        let dir = try Self.imported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("my-app.json").path
        let names = ["Analytics.flush", "Logger.drain", "Store.commitAll", "Cache.persistEverything"]
        let text = Tool.main(["run", path]).stdout.replacingOccurrences(of: "\n      ", with: " ")
        expectContains(text, "4 system calls still have the cost exitrace import wrote as a placeholder", "\(text)")
        expectNotContains(text, "more", "\(text)")
        for name in names { expectContains(text, "systemCalls[\"\(name)\"].costMs", "\(name)") }

        let json = Tool.main(["run", path, "--format", "json"]).stdout
        expectContains(json, "\"placeholders\"", "\(json.prefix(400))")
        for name in names { expectContains(json, "\"\(name)\"", "\(name)") }

        let out = dir.appendingPathComponent("report").path
        let report = Tool.main(["report", path, "--out", out])
        expectEqual(report.exitCode, .success, "\(report.stderr)")
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let notice = page.range(of: "<strong>Placeholder costs:</strong>")
        let table = page.range(of: "<table class=\"results\"")
        #expect(notice != nil && table != nil && notice!.lowerBound < table!.lowerBound)
        for name in names { #expect(page.contains("systemCalls[&quot;\(name)&quot;].costMs") || page.contains("systemCalls[\"\(name)\"].costMs"), "\(name)") }
    }

    @Test("a scenario without placeholders: no member in the JSON, no notice in the HTML")
    func nothingWithoutPlaceholders() {
        let scenario = DefaultScenario.load()
        #expect(HTMLReport.placeholderNotice(scenario).isEmpty)
        #expect(scenario.placeholderNotes.isEmpty)
        expectNotContains(Tool.main(["run", "--format", "json"]).stdout, "placeholders")
    }
}
