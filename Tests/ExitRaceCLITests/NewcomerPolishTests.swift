import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A third newcomer's walk: `help --help`, `diff` given Markdown tables, `//` comments in a scenario.
@Suite("A newcomer's third walk")
struct NewcomerPolishTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-walk3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("exitrace help --help (and help help) prints help's own help, exit 0")
    func helpHelp() {
        for arguments in [["help", "--help"], ["help", "-h"], ["help", "help"]] {
            let output = Tool.main(arguments)
            expectEqual(output.exitCode, .success, "\(arguments): \(output.stderr)")
            #expect(output.stdout.hasPrefix("usage: exitrace help [COMMAND]\n"), "\(output.stdout)")
            expectContains(output.stdout, "run, sweep", "\(output.stdout)")
        }
    }

    @Test("diff of two Markdown tables says it reads the .json result files, naming the one beside each")
    func diffMarkdown() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.md").path, b = directory.appendingPathComponent("b.md").path
        try Data("# live-activity\n".utf8).write(to: URL(fileURLWithPath: a))
        try Data("# live-activity\n".utf8).write(to: URL(fileURLWithPath: b))
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("results/live-activity.json"), to: directory.appendingPathComponent("a.json"))
        let output = Tool.main(["diff", a, b])
        let other = Tool.main(["diff", directory.appendingPathComponent("a.json").path, b])
        #expect(other.stderr.hasPrefix("\(b): error: expected a result file in JSON"), "\(other.stderr)")
        expectNotContains(other.stderr, "beside", "\(other.stderr)")
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr,
            "\(a): error: expected a result file in JSON (the .json files that batch and run --format json write), "
                + "found a .md file; the result file beside it is \(directory.appendingPathComponent("a.json").path)",
            "\(output.stderr)")
        expectNotContains(output.stderr, "found '#'", "\(output.stderr)")
    }

    @Test("a // comment in a scenario says JSON has no comments and suggests a note member")
    func comments() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("commented.json").path
        try Data("{\n  // my app\n  \"name\": \"x\"\n}\n".utf8).write(to: URL(fileURLWithPath: file))
        let output = Tool.main(["validate", file])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "\(file):2:3: error: not valid JSON: expected a member name in double quotes, found '/'; "
            + "JSON has no comments (// or /* */): a scenario's objects take a \"note\" member", "\(output.stderr)")
    }

    @Test("help and the user docs speak to a user: no issue numbers or internal history")
    func noInternalNotes() throws {
        for command in Tool.registry.map(\.name) {
            let help = Tool.main([command, "--help"]).stdout
            expectNotContains(help, "issue #", "\(command) --help: \(help)")
        }
        for page in ["docs/scenarios.md", "docs/schedules.md"] {
            let text = try String(contentsOf: Repository.root.appendingPathComponent(page), encoding: .utf8)
            expectEqual(text.range(of: #"\(issue #?[0-9]+"#, options: .regularExpression), nil, "\(page)")
            expectNotContains(text, "SimPy", "\(page)")
        }
    }
}
