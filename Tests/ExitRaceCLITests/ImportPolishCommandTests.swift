import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// `exitrace import` on a newcomer's own app: a file whose name does not end in `.swift` among the
/// inputs is refused before anything is written; `--kills every` writes every kill, and its help says so.
@Suite("import command: non-Swift inputs and --kills")
struct ImportPolishCommandTests {
    static let app = ImportCommandTests.fixtures.appendingPathComponent("AppDelegate+Task.swift")

    @Test("v2/*.swift v2/app.json: the JSON is refused by its name, exit 2, nothing written")
    func jsonAmongSwiftFilesIsRefused() throws {
        let dir = try ImportInputErrorTests.temporaryDirectory("v2")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let swift = dir.appendingPathComponent("AppDelegate.swift")
        try FileManager.default.copyItem(at: Self.app, to: swift)
        let json = dir.appendingPathComponent("app.json")
        // A class declaration in it: before, it was parsed as Swift and listed in the scenario's note.
        try Data("{ \"name\": \"app\" }\nclass X {}\n".utf8).write(to: json)
        let output = dir.appendingPathComponent("out.json")
        let result = Tool.main(["import", swift.path, json.path, "--output", output.path])
        expectEqual(result.exitCode, .badInput)
        #expect(result.stdout.isEmpty)
        expectEqual(result.stderr, "\(json.path): error: not a Swift file (exitrace import reads .swift files; to run a "
            + "scenario, exitrace run \(json.path))\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("--kills every writes suspended and jetsam; run gives four procedures; a wrong value is a usage error")
    func killsEvery() throws {
        let every = Tool.main(["import", Self.app.path, "--kills", "every"])
        expectEqual(every.exitCode, .success, "\(every.stderr)")
        #expect(every.stdout.contains("\"suspended\": {") && every.stdout.contains("\"jetsam\": {"))
        expectContains(every.stderr, "\nkills: the reference experiment's two swipes (foreground, background), and "
            + "suspended and jetsam (--kills every)")
        let reference = Tool.main(["import", Self.app.path, "--kills", "reference"])
        expectEqual(reference.stdout, Tool.main(["import", Self.app.path]).stdout)
        expectNotContains(reference.stdout, "\"procedures\"")
        let wrong = Tool.main(["import", Self.app.path, "--kills", "all"])
        #expect(wrong.exitCode != .success)
        expectContains(wrong.stderr, "exitrace import: --kills: expected reference or every, found \"all\"", "\(wrong.stderr)")
    }

    @Test("import --help names --kills and the refusal of files that are not .swift")
    func helpNamesKills() {
        let help = Tool.main(["import", "--help"]).stdout
        expectContains(help, "--kills")
        expectContains(help, "--kills every also writes the suspended")
        expectContains(help, "a file whose name does not end in .swift")
    }
}
