import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// `exitrace agree DIR`: the model held against public reports, on a tiny reports directory.
@Suite("agree command")
struct AgreeCommandTests {
    /// A report's setup: `applicationWillTerminate` runs `strategy` when a running app is swiped away.
    static func scenario(_ strategy: String) -> String {
        let programs = [
            "detached": #"[{"op": "detached", "body": [{"op": "call", "name": "save"}]}]"#,
            "detached + wait": #"[{"op": "detached", "body": [{"op": "call", "name": "save"}, {"op": "signal", "semaphore": "s"}]}, {"op": "wait", "semaphore": "s"}]"#,
        ]
        return """
            {"systemCalls": {"save": {"costMs": 1}},
             "hooks": {"applicationWillTerminate": {"label": "AppDelegate"}},
             "strategies": {"\(strategy)": {"program": \(programs[strategy]!)}},
             "procedures": {"swipe": {"startsIn": "notRunning", "steps": [
               {"op": "action", "action": "tapIcon"}, {"op": "delay", "ms": 1000},
               {"op": "action", "action": "openSwitcher"}, {"op": "action", "action": "swipeAway"}]}}}
            """
    }

    /// A report's observation of `strategy`'s cell, with its source; `extra` adds top-level members.
    static func observed(_ strategy: String, _ symbol: String, hook: String = "AppDelegate", extra: String = "") -> String {
        """
        {"os": "iOS 18", "source": {"url": "https://example.org/report", "date": "2025-01-01", "quote": "it was saved"},
        \(extra)
         "cells": [{"hook": "\(hook)", "strategy": "\(strategy)", "observed": "\(symbol)"}]}
        """
    }

    /// A reports directory holding `reports` (name → (scenario.json or nil, observed.json or nil)).
    static func directory(_ reports: [(String, String?, String?)]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-agree-\(UUID().uuidString)")
        for (name, scenario, observed) in reports {
            let report = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: report, withIntermediateDirectories: true)
            if let scenario { try Data(scenario.utf8).write(to: report.appendingPathComponent("scenario.json")) }
            if let observed { try Data(observed.utf8).write(to: report.appendingPathComponent("observed.json")) }
        }
        return root
    }

    static let tiny: [(String, String?, String?)] = [
        ("a-agrees", scenario("detached + wait"), observed("detached + wait", "○")),
        ("b-disagrees", scenario("detached"), observed("detached", "○")),
        ("c-cannot", nil, observed("x", "×", extra: #""cannotExpress": "background modes","#)),
    ]

    @Test("prints agree, disagree with the cell that differs, cannot express with why, and the total")
    func verdicts() throws {
        let root = try Self.directory(Self.tiny)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Tool.main(["agree", root.path])
        expectEqual(output.exitCode, .success)
        expectEqual(output.stdout, """
            agree          a-agrees  (https://example.org/report)
            disagree       b-disagrees  (https://example.org/report)
                AppDelegate · detached: observed ○, predicted ×
            cannot express c-cannot  (https://example.org/report)
                background modes
            agrees with 1 of 3 public reports (1 disagree, 1 cannot be expressed yet)

            """)
    }

    @Test("--check passes while every report that agreed still agrees, and fails (exit 1) when one stops")
    func regression() throws {
        let root = try Self.directory(Self.tiny)
        defer { try? FileManager.default.removeItem(at: root) }
        let committed = root.appendingPathComponent("agreement.json").path
        expectEqual(Tool.main(["agree", root.path, "--check", committed, "--update"]).exitCode, .success)
        expectEqual(Tool.main(["agree", root.path, "--check", committed]).exitCode, .success)
        // The model now predicts the cell that agreed otherwise: the report stops agreeing.
        try Data(Self.observed("detached + wait", "×").utf8).write(to: root.appendingPathComponent("a-agrees/observed.json"))
        let output = Tool.main(["agree", root.path, "--check", committed])
        expectEqual(output.exitCode, .difference)
        expectContains(output.stdout, "a-agrees: agreed in \(committed), now disagree; AppDelegate")
        expectContains(output.stdout, "· detached + wait: observed ×, predicted ○")
    }

    @Test("a report with no observation is bad input (exit 2), naming the file")
    func missingObservation() throws {
        let root = try Self.directory([("a", Self.scenario("detached"), nil)])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Tool.main(["agree", root.path])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        expectContains(output.stderr, root.appendingPathComponent("a/observed.json").path)
    }

    @Test("a cell naming no hook of its scenario is bad input (exit 2), at its line and column")
    func unknownCell() throws {
        let root = try Self.directory([("a", Self.scenario("detached"), Self.observed("detached", "×", hook: "SceneDelegate"))])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Tool.main(["agree", root.path])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, root.appendingPathComponent("a/observed.json").path + ":3:21: error: cells[0].hook")
        expectContains(output.stderr, "no hook \"SceneDelegate\"")
    }

    @Test("a report without its source, or without a scenario and no cannotExpress, is bad input (exit 2)")
    func missingSource() throws {
        let noSource = #"{"os": "iOS 18", "cells": [{"hook": "AppDelegate", "strategy": "detached", "observed": "×"}]}"#
        let root = try Self.directory([("a", Self.scenario("detached"), noSource), ("b", nil, Self.observed("detached", "×"))])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Tool.main(["agree", root.path])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "missing member \"source\"")
        expectContains(output.stderr, "expected scenario.json next to it")
    }
}

/// The README's and validation/README.md's counts are the committed agreement's.
@Suite("agree command: the committed agreement")
struct CommittedAgreementTests {
    @Test("README and validation/README.md state the counts of validation/agreement.json")
    func readmeStatesCommittedCounts() throws {
        let root = Repository.root
        let data = try Data(contentsOf: root.appendingPathComponent("validation/agreement.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let agree = try #require(json["agree"] as? Int), total = try #require(json["total"] as? Int)
        for file in ["README.md", "validation/README.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            expectContains(text, "agrees with \(agree) of \(total) public reports", "\(file)")
        }
    }
}
