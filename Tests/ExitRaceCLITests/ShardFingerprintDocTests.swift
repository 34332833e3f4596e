import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// docs/sharding.md says what a shard's fingerprint protects against (issue 26: "the shard
/// fingerprint does not cover the counts: state what it protects against"), and it is true: an
/// edited scenario document is refused; counts changed by hand, consistently, and the seed merge.
@Suite("docs/sharding.md: what the shard fingerprint protects against")
struct ShardFingerprintDocTests {
    static let root = Repository.root.path

    @Test("the page says it: accidental mixing, not tampering; the scenario only, not the seed, runs or counts")
    func pageSaysIt() throws {
        let page = try String(contentsOfFile: Self.root + "/docs/sharding.md", encoding: .utf8)
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        expectContains(page, "What the fingerprint protects against: *accidental* mixing")
        expectContains(page, "It covers the scenario (its resolved document and file name) only, not the seed, `runs`, "
            + "the shard's replications or the counts")
        expectContains(page, "the fingerprint is a check against mistakes, not against tampering.")
    }

    /// A shard of the minimal scenario's 4 replications, as JSON to edit.
    static func shard() throws -> (directory: URL, document: [String: Any]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-fingerprint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let scenario = directory.appendingPathComponent("minimal.json").path
        try ReadingResultsTests.minimal.write(toFile: scenario, atomically: true, encoding: .utf8)
        let path = directory.appendingPathComponent("shard.json").path
        expectEqual(Tool.main(["run", scenario, "--runs", "4", "--shard", "1/1", "--output", path]).exitCode, .success)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (directory, document)
    }

    static func merge(_ document: [String: Any], in directory: URL) throws -> ToolOutput {
        let path = directory.appendingPathComponent("edited.json").path
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        return Tool.main(["merge", path])
    }

    @Test("it is true: an edited document is refused; consistent counts and another seed merge")
    func pageIsTrue() throws {
        let (directory, original) = try Self.shard()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The scenario document edited: the fingerprint no longer matches.
        var edited = original
        var scenario = try #require(original["scenario"] as? [String: Any])
        scenario["document"] = try #require(scenario["document"] as? String).replacingOccurrences(of: "\"costMs\": 1", with: "\"costMs\": 2")
        edited["scenario"] = scenario
        let refused = try Self.merge(edited, in: directory)
        expectEqual(refused.exitCode, .badInput)
        expectContains(refused.stderr, "scenario.fingerprint: expected the fingerprint of the embedded document", "\(refused.stderr)")
        // The counts changed by hand, consistently: every run now finished. Not signed: it merges.
        var counts = original
        var cells = try #require(original["cells"] as? [[String: Any]])
        var procedures = try #require(cells[0]["procedures"] as? [[String: Any]])
        expectEqual(procedures[0]["finished"] as? Int, 0)
        procedures[0]["finished"] = 4
        procedures[0]["failingReplications"] = [Int]()
        cells[0]["procedures"] = procedures
        counts["cells"] = cells
        let tampered = try Self.merge(counts, in: directory)
        expectEqual(tampered.exitCode, .success, "\(tampered.stderr)")
        expectContains(tampered.stdout, "terminate 4/4 100%", "\(tampered.stdout)")
        // Another seed: not covered either.
        var seeded = original
        seeded["seed"] = 7
        let reseeded = try Self.merge(seeded, in: directory)
        #expect(reseeded.exitCode == .success && reseeded.stdout.contains("seed 7"), "\(reseeded.stderr)")
    }
}
