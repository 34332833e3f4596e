import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport
import ExitRaceCLI

/// A re-import over a scenario written by an import made before the import digest existed.
@Suite("exitrace import: a file written before import digests")
struct SwiftImportDigestlessTests {
    @Test("a re-import over an import without a digest says it was written by an earlier import, and asks for --force")
    func reimportOverDigestless() throws {
        let dir = try SwiftImportAfterwardsTests.app(SwiftImportAfterwardsTests.awaiting)
        defer { try? FileManager.default.removeItem(at: dir) }
        let swift = dir.appendingPathComponent("App.swift").path
        let out = dir.appendingPathComponent("my-app.json")
        expectEqual(Tool.main(["import", swift, "-o", out.path]).exitCode, .success)
        let written = try String(contentsOf: out, encoding: .utf8)
        let old = try #require(written.range(of: ImportDigest.label)).lowerBound
        let digestless = written.replacingCharacters(in: old..<written.index(old, offsetBy: ImportDigest.label.count),
            with: "")
        #expect(!ImportDigest.carriesDigest(digestless))
        try Data(digestless.utf8).write(to: out)
        let refused = Tool.main(["import", swift, "-o", out.path])
        expectEqual(refused.exitCode, .badInput)
        expectContains(refused.stderr, "found one written by an earlier import, before import wrote a digest",
            "\(refused.stderr)")
        expectNotContains(refused.stderr, "edited since import wrote it", "\(refused.stderr)")
        expectContains(refused.stderr, "--force")
        expectEqual(try String(contentsOf: out, encoding: .utf8), digestless, "the file is kept")
        expectEqual(Tool.main(["import", swift, "-o", out.path, "--force"]).exitCode, .success)
        expectEqual(try String(contentsOf: out, encoding: .utf8), written)
    }
}
