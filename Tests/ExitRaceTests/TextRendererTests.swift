import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceReport
@testable import ExitRaceExplain

@Suite("Text tables")
struct TextRendererTests {
    @Test("headers wrap at spaces and after '(', long names after their dots", arguments: [
        ("Task + semaphore", 12, ["Task +", "semaphore"]),
        ("Task.detached + semaphore", 13, ["Task.detached", "+ semaphore"]),
        ("Task.detached(priority: .high)", 14, ["Task.detached(", "priority:", ".high)"]),
        ("DispatchQueue.main.async", 14, ["DispatchQueue.", "main.async"]),
        ("Task", 12, ["Task"]),
        ("averyveryverylongname", 5, ["averyveryverylongname"]),
        ("", 5, [""]),
    ])
    func wrapping(text: String, width: Int, lines: [String]) {
        expectEqual(TextRenderer.wrap(text, width: width), lines)
    }

    @Test("every line of the default table fits in 120 columns, and the header lines line up with the rows")
    func defaultTableWidth() {
        let text = TextRenderer.render(Simulator(scenario: DefaultScenario.load()).table())
        let tableLines = text.split(separator: "\n").dropFirst().prefix(8)
        // 120, the project's line width: the thin-win mark ("△ background [t]") widened two columns.
        for line in tableLines { #expect(line.count <= 120, "\(line)") }
        let separators = tableLines.map { line in line.enumerated().filter { $0.element == "|" || $0.element == "+" }.map(\.offset) }
        let rule = separators[3]
        for (index, positions) in separators.enumerated() where !positions.isEmpty && positions.count == rule.count {
            expectEqual(positions, rule, "line \(index)")
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The grid lines of a rendered table: from after the title (wrapped, maybe over several lines)
    /// and its blank line to the blank line before the legend.
    static func gridLines(_ text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return Array(lines.drop { !$0.isEmpty }.dropFirst().prefix { !$0.isEmpty })
    }

    @Test("a table wider than 120 columns wraps its cells inside their columns; the columns still line up")
    func wideTableFits() throws {
        let path = Self.repository.appendingPathComponent("scenarios/live-activity-every-kill.json").path
        let table = Simulator(scenario: try ScenarioLoader.load(path: path)).table()
        let text = TextRenderer.render(table)
        let lines = Self.gridLines(text)
        #expect(lines.count > 8)
        for line in lines { #expect(line.count <= TextRenderer.maximumLineWidth, "\(line)") }
        // Cells hold `+` too: the rules' `+` and the other lines' `|` are what must line up.
        let rule = try #require(lines.first { $0.hasPrefix("---") })
        let joints = rule.enumerated().filter { $0.element == "+" }.map(\.offset)
        expectEqual(joints.count, table.scenario.strategies.count)
        for line in lines where !line.hasPrefix("---") {
            let bars = line.enumerated().filter { $0.element == "|" }.map(\.offset)
            expectEqual(bars, Array(joints.prefix(bars.count)), "\(line)")
        }
        expectEqual(lines.filter { $0 == rule }.count, table.scenario.hooks.count)
        // Every word of every cell is still there, in order.
        expectContains(text, "| △           |")
        #expect(lines.contains { $0.contains("| suspended+  |") })
        #expect(lines.contains { $0.hasPrefix("+ willTerminate") })
    }

    @Test("cells wrap at spaces and after +, (, . and : (not a leading one); longer words are cut", arguments: [
        ("△ background+suspended+jetsam [i]", 12, ["△", "background+", "suspended+", "jetsam [i]"]),
        ("△ foreground+background", 30, ["△ foreground+background"]),
        ("Task.detached(priority: .high)", 11, ["Task.", "detached(", "priority:", ".high)"]),
        ("didEnterBackground + willTerminate", 20, ["didEnterBackground +", "willTerminate"]),
        ("averyveryverylongname", 8, ["averyver", "yverylon", "gname"]),
        ("", 5, [""]),
    ])
    func cellWrapping(text: String, width: Int, lines: [String]) {
        expectEqual(TextRenderer.wrapCell(text, width: width), lines)
        for line in TextRenderer.wrapCell(text, width: width) { #expect(line.count <= width) }
    }

    @Test("fitted widths: the widest columns narrow first, down to their longest piece, then words are cut")
    func fittedWidths() {
        let headers = ["hook", String(repeating: "a", count: 60), "b c d e f g h i j k l m n o p q r s t u v w x y z"]
        let rows = [["row", "x", "△ background+suspended+jetsam+foreground+switcher [i]"]]
        let widths = TextRenderer.fittedWidths(headers: headers, rows: rows)
        #expect(TextRenderer.lineWidth(widths) <= TextRenderer.maximumLineWidth)
        expectEqual(widths[0], 4)
        // Many columns of long words: cut down to the floor and still as narrow as it gets.
        let many = Array(repeating: String(repeating: "w", count: 40), count: 30)
        let floor = TextRenderer.fittedWidths(headers: ["hook"] + many, rows: [])
        #expect(floor.dropFirst().allSatisfy { $0 == TextRenderer.minimumFittedWidth })
    }

    @Test("the prose under a table wraps at 120 columns with a hanging indent; a longer word keeps its line")
    func proseWrapping() {
        let detail = "AppDelegate · Task + semaphore (foreground, background): deadlock: " + String(repeating: "waits on a lock ", count: 12)
        let lines = ProseWrapping.lines(detail, indent: "  ")
        expectEqual(lines.count, 3)
        #expect(lines.allSatisfy { $0.count <= TextRenderer.maximumLineWidth })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("      ") && !$0.hasPrefix("       ") })
        expectEqual(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "), detail.trimmingCharacters(in: .whitespaces))
        let path = String(repeating: "p", count: 130)
        expectEqual(ProseWrapping.lines("see \(path) now", indent: "  "), ["  see", "      \(path)", "      now"])
        expectEqual(ProseWrapping.lines("short"), ["short"])
    }

    @Test("every line exitrace run prints for the shipped scenarios fits 120 columns, or a grid its words' width", .heavy)
    func shippedOutputFits() throws {
        let scenarios = try ScenarioSet.load([Self.repository.appendingPathComponent("scenarios").path]).scenarios
        for scenario in scenarios where !scenario.isUncertain {
            let table = Simulator(scenario: scenario).table()
            let text = TextRenderer.render(table)
            // A grid whose words cannot fit in 120 columns is as wide as its columns' longest words.
            let layout = TableLayout(table)
            let texts = ([[TableLayout.cornerTitle] + layout.columns.map(\.title)] + layout.rows.map { [$0.title] + $0.cells.map(\.text) })
            let words = texts[0].indices.map { column in
                min(texts.flatMap { TextRenderer.cellPieces($0[column]) }.map(\.count).max() ?? 0, TextRenderer.maximumUncutWordWidth)
            }
            let grid = max(TextRenderer.maximumLineWidth, TextRenderer.lineWidth(words))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let gridLines = Set(Self.gridLines(text))
            for line in lines {
                #expect(line.count <= (gridLines.contains(line) ? grid : TextRenderer.maximumLineWidth), "\(scenario.name): \(line)")
            }
        }
    }

    @Test("bench figures: exactly the decimals asked for, thousands grouped, never a trap")
    func benchFigures() {
        expectEqual(Benchmark.fixed(1486.04, 0), "1,486")
        expectEqual(Benchmark.fixed(0.7, 2), "0.70")
        expectEqual(Benchmark.fixed(1234567.891, 1), "1,234,567.9")
        expectEqual(Benchmark.fixed(-0.004, 2), "0.00")
        expectEqual(Benchmark.fixed(-2.5, 1), "-2.5")
        expectEqual(Benchmark.fixed(.infinity, 1), "inf")
    }
}
