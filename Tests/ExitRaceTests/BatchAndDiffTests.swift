import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
@testable import ExitRaceBatch

@Suite("Batch, diff and check")
struct BatchAndDiffTests {
    static let repository = ScenarioDecoderTests.repository

    /// Every shipped scenario's batch result, computed once for the tests that compare them with the
    /// committed results (each computation is seconds in a debug build).
    static let shippedResults = Result { () throws -> [BatchRunner.Result] in
        BatchRunner.run(try ScenarioSet.load([repository.appendingPathComponent("scenarios").path]).scenarios)
    }

    static func document(_ overrides: [String] = [], extend: String? = nil) throws -> ResultDocument {
        let scenario: Scenario
        if let extend {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-diff-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("live-activity.json").path
            try Data(extend.utf8).write(to: URL(fileURLWithPath: file))
            scenario = try ScenarioLoader.load(path: file, overrides: overrides.map(SettingOverride.parse))
        } else {
            scenario = try ScenarioLoader.loadDefault(overrides: overrides.map(SettingOverride.parse))
        }
        return ResultDocument(table: Simulator(scenario: scenario).table())
    }

    @Test("diff: a flipped cell, in text and Markdown")
    func flippedCell() throws {
        let diff = ResultDiff(old: [try Self.document()], new: [try Self.document(["timing.exitDurationMs=12"])])
        // Two cells flip; four lose or gain a thin win (exit now takes 12 ms, so the 1.9 ms wins are 10.9 ms).
        expectEqual(diff.changes.count, 6)
        Golden.check(diff.renderText(), against: "diff-flipped.txt")
        Golden.check(diff.renderMarkdown(), against: "diff-flipped.md")
    }

    @Test("diff: a strategy added and a hook removed")
    func structuralChanges() throws {
        let added = try Self.document(extend: """
            {"extend": "builtin:live-activity",
             "strategies": {"Task.detached(priority: .userInitiated)": {"program": [
               {"op": "detached", "priority": "userInitiated", "body": [{"op": "call", "name": "Activity.end"}]}]}}}
            """)
        Golden.check(ResultDiff(old: [try Self.document()], new: [added]).renderText(), against: "diff-strategy-added.txt")
        // A hook no procedure delivers: its row is all ×, and removing it changes nothing else.
        let withExtraHook = try Self.document(extend: """
            {"extend": "builtin:live-activity", "hooks": {"applicationDidEnterBackground": {"label": "didEnterBackground"}}}
            """)
        let removed = try Self.document()
        expectEqual(ResultDiff(old: [withExtraHook], new: [removed]).changes, [
            .hookRemoved(scenario: "live-activity", hook: "didEnterBackground")
        ])
        Golden.check(ResultDiff(old: [withExtraHook], new: [removed]).renderText(), against: "diff-hook-removed.txt")
    }

    @Test("diff: margins count only past --margins")
    func marginTolerance() throws {
        let old = try Self.document()
        let new = try Self.document(["timing.exitDurationMs=3.5"])
        #expect(ResultDiff(old: [old], new: [new]).isEmpty)
        let under = ResultDiff(old: [old], new: [new], marginToleranceNs: 1_000_000)
        #expect(under.isEmpty)
        Golden.check(under.renderText(), against: "diff-margins-under.txt")
        let over = ResultDiff(old: [old], new: [new], marginToleranceNs: 250_000)
        #expect(!over.isEmpty)
        Golden.check(over.renderText(), against: "diff-margins-over.txt")
    }

    /// Scenario variants a parallel batch runs in a sample, with `EXITRACE_FULL=1` too: `.ci/run`'s
    /// batch step compares parallel and serial batches of every shipped scenario at eight exit
    /// durations with the release binary (this test's every variant, in a debug build, took minutes).
    static let batchSample = 6

    @Test("batch: a parallel batch renders the same bytes as a serial one (a seeded sample of scenario variants)", .heavy)
    func parallelEqualsSerial() throws {
        let scenarios = try ScenarioDiscovery.files([Self.repository.appendingPathComponent("scenarios").path])
            .map { try ScenarioLoader.load(path: $0) }
        // Repeat the scenarios (with distinct names) so the pool has real work to share.
        var many: [Scenario] = []
        for round in 0..<8 {
            for var scenario in scenarios {
                scenario.name += "-\(round)"
                scenario.timing.exitDuration = .ms(Int64(1 + round))
                many.append(scenario)
            }
        }
        let sample = TestSample.choose(Self.batchSample, of: many, salt: "parallel batch", evenWhenFull: true)
        expectEqual(sample.count, Self.batchSample)
        let parallel = BatchRunner.run(sample, parallel: true)
        let serial = BatchRunner.run(sample, parallel: false)
        expectEqual(parallel, serial, "\(sample.map(\.name)); \(TestSample.replay)")
    }

    /// A fresh temporary directory, removed after `body`.
    static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test("result files: written as <name>.md and <name>.json, byte-identical to the committed results", .heavy)
    func resultFilesMatchCommitted() throws {
        let results = try Self.shippedResults.get()
        try Self.withDirectory { directory in
            for result in results {
                let files = try ResultFiles.write(result, to: directory.path)
                expectEqual(files, ResultFiles(name: result.name, directory: directory.path))
                expectEqual(files.markdown, directory.appendingPathComponent(result.name + ".md").path)
                let committed = ResultFiles(name: result.name, directory: Self.repository.appendingPathComponent("results").path)
                #expect(try Data(contentsOf: URL(fileURLWithPath: files.json)) == Data(contentsOf: URL(fileURLWithPath: committed.json)))
                #expect(try Data(contentsOf: URL(fileURLWithPath: files.markdown)) == Data(contentsOf: URL(fileURLWithPath: committed.markdown)))
            }
        }
        expectEqual(ResultFiles.scenarioName(ofJSONFile: "live-activity.json"), "live-activity")
        expectEqual(ResultFiles.scenarioName(ofJSONFile: "live-activity.md"), nil)
    }

    @Test("a set of scenarios: every problem of every file and --set at once")
    func scenarioSetProblems() throws {
        try Self.withDirectory { directory in
            let broken = directory.appendingPathComponent("broken.json").path
            try Data(#"{"extend": "builtin:live-activity", "timing": {"exitDurationMs": -1}}"#.utf8).write(to: URL(fileURLWithPath: broken))
            let good = Self.repository.appendingPathComponent(DefaultScenario.fileName).path
            expectEqual(try ScenarioSet.load([good]).files, [good])
            expectEqual(try ScenarioSet.load([]).scenarios, [DefaultScenario.load()])
            expectEqual(try ScenarioSet.load([], settings: ["timing.exitDurationMs=12"]).scenarios[0].timing.exitDuration, .ms(12))
            #expect(throws: InputError.self) { try ScenarioSet.load([good, broken]) }
            do throws(InputError) {
                _ = try ScenarioSet.load([broken, "/nonexistent.json"], settings: ["nonsense"])
                Issue.record("a bad --set loaded")
            } catch {
                // A bad --set stops before any file is read: its problem comes alone.
                expectEqual(error.diagnostics.count, 1)
                expectEqual(error.diagnostics[0].file, "--set nonsense")
            }
            do throws(InputError) {
                _ = try ScenarioSet.load([broken, "/nonexistent.json"])
                Issue.record("bad files loaded")
            } catch {
                expectEqual(error.diagnostics.map(\.file), [broken, "/nonexistent.json"])
            }
        }
    }

    @Test("result files are read as result files: a directory or a non-result is named as such")
    func resultReading() throws {
        let results = Self.repository.appendingPathComponent("results")
        let documents = try ResultDocument.load(results.path)
        // In the byte order of the file names: `live-activity-every-kill.json` before `live-activity.json`.
        let files = documents.map { $0.scenario + ".json" }
        expectEqual(files, files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        expectEqual(files.count, (try FileManager.default.contentsOfDirectory(atPath: results.path)).filter { $0.hasSuffix(".json") }.count)
        expectEqual(try ResultDocument.load(results.appendingPathComponent("live-activity.json").path).count, 1)
        try Self.withDirectory { directory in
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("x.json"), withIntermediateDirectories: true)
            #expect(throws: InputError([Diagnostic(file: directory.appendingPathComponent("x.json").path, path: "",
                                                   message: "expected a result file, found a directory")])) {
                try ResultDocument.load(directory.path)
            }
        }
        #expect(throws: InputError([Diagnostic(file: "/nonexistent", path: "", message: "no such file or directory")])) {
            try ResultDocument.load("/nonexistent")
        }
        #expect(throws: InputError([Diagnostic(file: "/", path: "", message: "expected a scenario file, found a directory")])) {
            try InputFile.read("/", what: "a scenario file")
        }
    }

    @Test("drift: none against the committed results; an empty directory lacks every result, and update fills it", .heavy)
    func drift() throws {
        let results = try Self.shippedResults.get()
        let committed = Self.repository.appendingPathComponent("results").path
        #expect(ResultsDrift(results: results, against: committed, includeOrphans: true, marginToleranceNs: nil).isEmpty)
        try Self.withDirectory { directory in
            let drift = ResultsDrift(results: results, against: directory.path, includeOrphans: true, marginToleranceNs: nil)
            expectEqual(drift.stale, results.map(\.name))
            expectEqual(drift.diff.changes, results.map { .scenarioAdded($0.name) })
            try drift.update(results: results, against: directory.path)
            #expect(ResultsDrift(results: results, against: directory.path, includeOrphans: true, marginToleranceNs: nil).isEmpty)
            // A scenario no longer simulated leaves an orphan, which update removes.
            let fewer = Array(results.dropLast())
            let orphaned = ResultsDrift(results: fewer, against: directory.path, includeOrphans: true, marginToleranceNs: nil)
            expectEqual(orphaned.orphans, [results.last!.name])
            try orphaned.update(results: fewer, against: directory.path)
            #expect(!FileManager.default.fileExists(atPath: ResultFiles(name: results.last!.name, directory: directory.path).json))
        }
    }
}
