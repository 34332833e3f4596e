// What a newcomer reads in the results: each wording fixed for issue 26, as the commands print it.
import ExitRace
import ExitRaceCLI
import Foundation
import Testing

@Suite("Reading results")
struct ReadingResultsTests {
    static let root = Repository.root.path

    /// A scenario with one hook, one strategy and one kill procedure that has no label.
    static let minimal = """
        {
          "name": "minimal",
          "systemCalls": { "Activity.end": { "costMs": 1 } },
          "hooks": { "applicationWillTerminate": { "label": "AppDelegate" } },
          "strategies": { "Task.detached": { "program": [{ "op": "detached", "body": [{ "op": "call", "name": "Activity.end" }] }] } },
          "procedures": { "terminate": { "steps": [ { "op": "turn", "actions": [ { "op": "hook", "name": "applicationWillTerminate" }, { "op": "exit" } ] } ] } }
        }
        """

    static func temporary(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("the last segment of a list sweep ends at the list's last value")
    func lastSegmentEndsAtLastValue() throws {
        let output = Tool.main([
            "sweep", "--vary", "timing.startLatencyMs.default=2,5,10,20,40", "--set", "timing.exitDurationMs=26",
            "--format", "json",
        ])
        expectEqual(output.exitCode, .success)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let lines = try #require(document["lines"] as? [[String: Any]])
        for line in lines {
            for cell in try #require(line["cells"] as? [[String: Any]]) {
                let segments = try #require(cell["segments"] as? [[String: Any]])
                expectEqual(segments.last?["to"] as? Int, 40_000_000, "\(cell["text"] ?? "")")
            }
        }
    }

    @Test("a 2-D sweep says once which cells never flip anywhere, then only what moves")
    func twoDimensionalSweepSummarises() {
        let text = Tool.main([
            "sweep", "--vary", "timing.exitDurationMs=1...30", "--steps", "4", "--vary", "timing.startLatencyMs.default=2,5,40",
        ]).stdout
        expectEqual(text.components(separatedBy: "never flip anywhere in the sweep:").count, 2)
        expectContains(text, "never flip anywhere in the sweep: AppDelegate · Task + semaphore (×)")
        expectEqual(text.components(separatedBy: "AppDelegate · Task + semaphore (×)").count, 2)
        // No slice lists the cells that keep one state on it.
        expectNotContains(text, "never flip in the range")
        // A cell that flips alike on every line along a setting is said once, under "whatever".
        expectContains(text, "along timing.exitDurationMs, whatever timing.startLatencyMs.default:\n"
            + "  AppDelegate · Task: × up to 1.1 ms, △ background from 1.101 ms\n")
        expectEqual(text.components(separatedBy: "AppDelegate · Task: ").count, 2)
        // The lines where nothing else moves are one sentence per setting.
        expectContains(text, "along timing.startLatencyMs.default, no cell flips at timing.exitDurationMs = 1 ms (1 of 4 values)")
        expectContains(text, "along timing.exitDurationMs, no other cell flips at timing.startLatencyMs.default = 40 ms (1 of 3 values)")
        #expect(!text.contains("at timing.exitDurationMs = 1 ms:") && !text.contains("at timing.startLatencyMs.default = 40 ms:"))
        // Every cell a line names flips on it.
        for line in text.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("    ") {
            expectContains(line, " up to ", "\(line)")
        }
        Golden.check(text, against: "sweep-two-settings.txt")
    }

    @Test("a 2-D sweep's Markdown lists only what moves, table by table")
    func twoDimensionalSweepMarkdownSummarises() {
        let text = Tool.main([
            "sweep", "--vary", "timing.exitDurationMs=1...30", "--steps", "4", "--vary", "timing.startLatencyMs.default=2,5,40",
            "--format", "md",
        ]).stdout
        expectNotContains(text, "over the whole range")
        expectEqual(text.components(separatedBy: "**Never flip anywhere in the sweep:** ").count, 2)
        expectEqual(text.components(separatedBy: "| AppDelegate · Task |").count, 2)
        expectContains(text, "along timing.startLatencyMs.default, no cell flips at timing.exitDurationMs = 1 ms (1 of 4 values)")
        expectNotContains(text, "**along timing.startLatencyMs.default at timing.exitDurationMs = 1 ms**")
        Golden.check(text, against: "sweep-two-settings.md")
    }

    @Test("the lines where nothing moves are named as stretches of the other setting's values")
    func quietStretches() {
        func quiet(_ latencies: String) -> String {
            Tool.main([
                "sweep", "--vary", "timing.exitDurationMs=1...30", "--steps", "4", "--vary", "timing.startLatencyMs.default=" + latencies,
            ]).stdout
        }
        let along = "along timing.exitDurationMs, no other cell flips at timing.startLatencyMs.default = "
        expectContains(quiet("2,5,33,35,40"), along + "33 ms to 40 ms (3 of 5 values)")
        expectContains(quiet("2,35,40"), along + "35 ms, 40 ms (2 of 3 values)")
    }

    @Test("a header breaks at spaces and keeps a number with its unit")
    func headersBreakAtSpaces() {
        let text = Tool.main(["run", Self.root + "/scenarios/recipes-in-the-wild.json"]).stdout
        expectContains(text, "wait(2 s)")
        // The number stays with its unit inside one header line, whatever the column's width.
        expectContains(text, "| wait(2 s) ")
        #expect(!text.contains("wait(2 |") && !text.contains("| s) "))
    }

    @Test("a procedure without a label is printed once")
    func procedureWithoutLabel() throws {
        let path = try Self.temporary("minimal.json", Self.minimal)
        let text = Tool.main(["run", path]).stdout
        expectContains(text, "\n  terminate\n")
        expectNotContains(text, "terminate: terminate")
        expectNotContains(Tool.main(["run", path, "--format", "md"]).stdout, "`terminate`: terminate")
    }

    @Test("validate counts in the singular when there is one")
    func validateSingular() throws {
        let path = try Self.temporary("minimal.json", Self.minimal)
        expectEqual(Tool.main(["validate", path]).stdout, "\(path): valid: 1 hook × 1 strategy × 1 procedure\n")
    }

    @Test("--runs without distributions says once that every replication is the same run")
    func runsWithoutDistributions() {
        let text = Tool.main(["run", "--runs", "5"]).stdout
        expectContains(text, "every replication is the same run")
        expectNotContains(text, "fails in replications")
    }

    @Test("--set PATH=null removes a member, as extend does")
    func setNullRemoves() {
        let file = Self.root + "/scenarios/live-activity.json"
        let output = Tool.main(["validate", file, "--set", #"strategies["Task"]=null"#])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        expectContains(output.stdout, "3 hooks × 5 strategies × 2 procedures", "\(output.stdout)")
        let typo = Tool.main(["validate", file, "--set", #"strategies["Tsak"]=null"#])
        expectEqual(typo.exitCode, .badInput)
        expectContains(typo.stderr, #"no member "Tsak" to remove; did you mean "Task"?"#, "\(typo.stderr)")
    }

    @Test("explain's help says --trace needs --procedure")
    func explainTraceHelp() {
        expectContains(Tool.main(["explain", "--help"]).stdout, "so it needs --procedure unless the scenario")
    }

    @Test("a file that replaces an inherited distribution with another family replaces it")
    func distributionFamilyReplaced() throws {
        let parent = Self.root + "/scenarios/live-activity-uncertain.json"
        let child = try Self.temporary("child.json", """
            {"extend": "\(parent)", "name": "child",
             "systemCalls": {"Activity.end": {"costMs": {"uniform": [1, 3]}, "replyLatencyMs": {"uniform": [1, 20]}}}}
            """)
        let output = Tool.main(["validate", child])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
    }

    @Test("a diff says a run that now loses a tie lost a tie")
    func lostTieInWords() throws {
        let results = Self.root + "/results/live-activity.json"
        let text = try String(contentsOfFile: results, encoding: .utf8)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var cells = try #require(document["cells"] as? [[String: Any]])
        var outcomes = try #require(cells[0]["outcomes"] as? [[String: Any]])
        let index = try #require(outcomes.firstIndex { ($0["cleanupFinished"] as? Bool) == true && $0["marginNs"] is Int })
        outcomes[index]["cleanupFinished"] = false
        outcomes[index]["marginNs"] = 0
        cells[0]["outcomes"] = outcomes
        document["cells"] = cells
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        let changed = try Self.temporary("live-activity.json", String(decoding: data, as: UTF8.self))
        let diff = Tool.main(["diff", results, changed]).stdout
        expectContains(diff, "finished → failed, lost a tie (margin 0; was +", "\(diff)")
        expectNotContains(diff, "→ +0 ms")
    }

    static func picture(_ arguments: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString)").path
        let output = Tool.main(["sweep"] + arguments + ["--svg", directory])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        return try String(contentsOfFile: directory + "/live-activity-sweep.svg", encoding: .utf8)
    }

    @Test("a phase map has tick labels, axes with units, a colour-blind-safe palette and a legend naming each △")
    func phaseMapIsReadable() throws {
        let svg = try Self.picture([
            "--vary", "timing.exitDurationMs=1...40", "--steps", "8", "--vary", "timing.startLatencyMs.default=2...40", "--steps", "8",
        ])
        expectContains(svg, "△ finished under background only")
        #expect(svg.contains("fill=\"#009E73\"") && svg.contains("fill=\"#A32000\"") && svg.contains("fill=\"#F0E442\""))
        #expect(!svg.contains("#2e7d32") && !svg.contains("#c62828"))
        expectContains(svg, "font-size=\"8\">20</text>", "tick labels on the maps")
        expectContains(svg, "timing.exitDurationMs (ms)")
    }

    @Test("a strip's margin curves have a y scale and differ by dash as well as colour")
    func marginCurvesHaveScale() throws {
        let svg = try Self.picture(["--vary", "timing.exitDurationMs=0.1...100", "--log", "--steps", "20"])
        expectContains(svg, "font-size=\"8\">+100 ms</text>")
        expectContains(svg, "font-size=\"8\">−100 ms</text>")
        expectContains(svg, "stroke-dasharray=\"5 2\"")
        expectContains(svg, "margin, foreground (+ won by, − lost by)")
        expectContains(svg, ">timing.exitDurationMs (ms)</text>")
    }
}
