import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI
@testable import ExitRaceReport

/// The `your app` column of an imported app with several entry points, in a `--runs` table too wide
/// for 120 columns: its header stays whole and its cells keep a verdict with its shares and marks,
/// as a header keeps a number with its unit; the long names are cut at their humps first.
@Suite("The your app column of a wide --runs table")
struct YourAppColumnTests {
    static let fixtures = ["AppDelegate+TaskDetachedSemaphore", "SceneDelegate+TaskDetached", "Notification+TaskSemaphore",
                           "Construct+Services"]

    /// The grid lines of `run FILE --runs 20` on the four fixtures imported together.
    static func grid() throws -> [Substring] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-your-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("four.json").path
        let sources = fixtures.map { Repository.root.appendingPathComponent("Tests/ExitRaceTests/ImportFixtures/\($0).swift").path }
        let imported = Tool.main(["import"] + sources + ["--output", file])
        expectEqual(imported.exitCode, .success, "\(imported.stderr)")
        let run = Tool.main(["run", file, "--runs", "20"])
        expectEqual(run.exitCode, .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let grid = lines.drop { !$0.hasPrefix("hook ") }.prefix { !$0.isEmpty }
        return Array(grid)
    }

    @Test("the header reads 'your app' on one line, and each cell's verdict keeps its shares and its marks together")
    func yourAppColumn() throws {
        let lines = try Self.grid()
        for line in lines { #expect(line.count <= 120, "\(line)") }
        let grid = lines.filter { !$0.hasPrefix("---") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let column = try #require(grid.first?.count) - 1
        expectEqual(column, 5)
        expectEqual(grid.first?[column], "your app")
        let texts = grid.map { $0.count > column ? $0[column] : "" }.filter { !$0.isEmpty }
        // On main: "your" / "app", then "△" / "100%" / "· 0%" / "[i]" / "[d]", one piece a line.
        // The whole app is × since each place owes its call (the observer's Activity.end deadlocks):
        // its marks stay on one line.
        expectEqual(texts, ["your app", "○ [i]", "○", "× [d]", "×", "× [i] [d] [n]"], "\(texts)")
        let shares = lines.filter { $0.contains("△ 0% · 100% [i]") }
        expectEqual(shares.count, 1, "a verdict keeps its shares and its mark together in another column")
    }

    @Test("the HTML report keeps a cell's groups on one line and lets a long column name break at its humps")
    func htmlReport() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-your-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("four.json").path
        let sources = Self.fixtures.map { Repository.root.appendingPathComponent("Tests/ExitRaceTests/ImportFixtures/\($0).swift").path }
        expectEqual(Tool.main(["import"] + sources + ["--output", file]).exitCode, .success)
        let out = directory.appendingPathComponent("report").path
        let report = Tool.main(["report", file, "--runs", "20", "--out", out])
        expectEqual(report.exitCode, .success, "\(report.stderr)")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        // On main: "△ 100% · 0% [i] [d]" as plain text, which a narrow column broke as "△ 100% ·" / "0% [i] [d]".
        expectContains(html, #"<span class="keep">△ 0% · 100%</span> [i]</a></td>"#)
        expectContains(html, "table.results td .keep{white-space:nowrap}")
        // On main the header broke anywhere ("applicatio" / "nWillTerminate").
        expectContains(html, "<code>your code: App<wbr>Delegate.<wbr>application<wbr>Will<wbr>Terminate</code>")
        expectContains(html, "<code>your app</code>")
        expectEqual(HTMLReport.headerText("Task.detached(priority: .high)"), "Task.<wbr>detached(<wbr>priority: .high)")
    }
}
