// A newcomer's first steps, as README.md and docs/library.md tell them: the bare `exitrace` of the
// README is on PATH once the page said how, the library page's Package.swift is one a consumer package
// can use as written (`.ci/library-example` builds it), and what the page prints means something.
import ExitRace
import Foundation
import Testing

@Suite("Getting started")
struct GettingStartedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of the document's fenced code blocks, with their line numbers.
    static func codeLines(_ text: String) -> [(number: Int, line: String)] {
        var inBlock = false, lines: [(Int, String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            if inBlock { lines.append((number + 1, String(line))) }
        }
        return lines
    }

    @Test("README says how to put exitrace on PATH before its first bare `exitrace` command")
    func readmePutsToolOnPath() throws {
        let code = Self.codeLines(try Self.read("README.md"))
        let firstBare = try #require(code.first { $0.line.hasPrefix("exitrace ") })
        let path = try #require(code.first { $0.line.contains("export PATH=\"$PWD/.build/release:$PATH\"") })
        #expect(path.number < firstBare.number, "first bare exitrace at README.md:\(firstBare.number)")
        #expect(code.contains { $0.line == "swift build -c release" })
    }

    @Test("docs/library.md shows a whole Package.swift that depends on a checkout by path, named by identity")
    func libraryPackageManifest() throws {
        let page = try Self.read("docs/library.md")
        let start = try #require(page.range(of: "```swift\n// swift-tools-version:"))
        let end = try #require(page.range(of: "\n```\n", range: start.upperBound..<page.endIndex))
        let manifest = String(page[start.lowerBound..<end.lowerBound])
        #expect(manifest.contains(".package(path: \"../ExitRace\")"))
        #expect(manifest.contains(".product(name: \"ExitRace\", package: \"ExitRace\")"))
        #expect(!manifest.contains("resources:"), "a .copy of a folder the reader has not made fails to build")
        #expect(page.contains("identity"))
    }

    @Test("docs/library.md's trace row names the cell, the way the method takes it")
    func traceRowCompiles() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let trace = try simulator.trace(hook: "AppDelegate", strategy: "Task", procedure: "foreground")
        #expect(!CellExplanation(trace).renderText().isEmpty)
        let page = try Self.read("docs/library.md")
        #expect(page.contains(
            "`try simulator.trace(hook: \"AppDelegate\", strategy: \"Task\", procedure: \"foreground\")` → `CellTrace`"))
    }

    @Test("docs/library.md's table gives the call shape of each type that is not built with init", arguments: [
        ("TextRenderer", "`TextRenderer.render(table)` (static; no instance)"),
        ("MarkdownRenderer", "`MarkdownRenderer.render(table)` (static)"),
        ("JSONRenderer", "`JSONRenderer.render([table])` (static)"),
        ("FlipReportRenderer", "`FlipReportRenderer.text(report)`, `.markdown(report)`, `.json(report)` (static; no instance)"),
        ("CellExplanation", "`CellExplanation(trace).renderText()`"),
        ("SweepAxis", "`try SweepAxis.parse(spec, steps:logarithmic:space:)`"),
        ("FlipAnalysis", "`try FlipAnalysis(scenario:grid:).run()`"),
        ("ExitRaceVersion", "`ExitRaceVersion.current`"),
    ])
    func callShapesInTable(_ type: String, _ shape: String) throws {
        let page = try Self.read("docs/library.md")
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `\(type)` |") })
        #expect(row.hasSuffix(shape + " |"), "\(row)")
    }

    @Test("a slot that follows another prints what it follows, not its placeholder")
    func followingSlotPrintsItsMeaning() throws {
        let simulator = Simulator(scenario: DefaultScenario.load())
        let minimal = try ScenarioDecoder.decode(
            #"{"name": "minimal", "systemCalls": {"Activity.end": {"costMs": 1}}, "hooks": {"h": {}},"#
                + #""strategies": {"s": {"program": [{"op": "detached", "body": [{"op": "call", "name": "Activity.end"}]}]}},"#
                + #""procedures": {"p": {"steps": [{"op": "turn", "actions": [{"op": "hook", "name": "h"}, {"op": "exit"}]}]}}}"#,
            file: "minimal.json")
        let printed = (simulator.parameters.slots + Simulator(scenario: minimal).parameters.slots).map(\.description)
        #expect(printed.contains("timing.exitDurationMs = 3 ms"))
        #expect(printed.contains(
            #"systemCalls["Activity.end"].deliverAfterMs = same as systemCalls["Activity.end"].costMs"#))
        #expect(!printed.contains { $0.contains("e-06") || $0.contains("= -") })
    }
}
