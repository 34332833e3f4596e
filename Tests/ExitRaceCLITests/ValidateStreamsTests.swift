import Foundation
import Testing

@testable import ExitRaceCLI

/// #26 (a later newcomer walk): `validate` checks each file on its own, for CI: a line per valid
/// file on stdout, every problem on stderr, exit 2 when any file is invalid — and the README says
/// so, where it states that other commands print nothing on stdout when an input is bad. A result
/// file given to it gets one error saying what it looks like.
@Suite("validate: per-file results")
struct ValidateStreamsTests {
    @Test("a directory with a valid and an invalid file: the valid one on stdout, the problem on stderr, exit 2")
    func mixedDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"extend": "builtin:live-activity"}"#.utf8).write(to: directory.appendingPathComponent("good.json"))
        try Data(#"{"extend": "builtin:live-activity", "timing": {"exitDurationMs": "fast"}}"#.utf8)
            .write(to: directory.appendingPathComponent("bad.json"))
        let output = Tool.main(["validate", directory.path])
        expectEqual(output.exitCode, .badInput)
        expectEqual(output.stdout, "\(directory.path)/good.json: valid: 3 hooks × 6 strategies × 2 procedures\n")
        #expect(output.stderr.hasPrefix("\(directory.path)/bad.json:1:"))
        expectContains(output.stderr, "timing.exitDurationMs: expected")
        expectNotContains(output.stderr, "good.json")
    }

    @Test("the README's exit-code paragraph and validate --help say the same")
    func documented() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let flat = readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        expectContains(flat,
            "nothing is printed to stdout when any input is bad, except by `validate`, which checks each file on its own: "
                + "a line per valid file on stdout, every problem on stderr, exit code 2 when any file is invalid")
        let help = Tool.main(["validate", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        expectContains(help, "Prints one line per valid file to stdout, even when other files are invalid, and every problem to stderr")
        expectContains(help, "Exit code 0 when every file is valid, 2 otherwise")
    }

    @Test("a result file: one error, that it looks like a result file; nothing on stdout")
    func resultFile() {
        let path = Repository.root.appendingPathComponent("results/live-activity.json").path
        let output = Tool.main(["validate", path])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n")
        expectEqual(lines.count, 1)
        expectEqual(lines.first?.hasPrefix("\(path):1:1: error: expected a scenario, found what looks like a result file"), true)
    }
}
