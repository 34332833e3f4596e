import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A second newcomer's walk (issue 26): output directories that are files are named by their
/// option, every problem of a calibration's inputs at once, a rate tolerance in one unit.
@Suite("A newcomer's second walk")
struct NewcomerWalkTwoTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-walk2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("--svg, --out and --against naming a file: the option, a directory expected, a file found; the file untouched")
    func outputDirectoryIsAFile() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("myapp.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        let sweep = Tool.main(["sweep", "--vary", "timing.exitDurationMs=1...2", "--svg", file])
        expectEqual(sweep.exitCode, .badInput)
        expectEqual(sweep.stderr, "\(file): error: expected a directory for --svg, found a file\n", "\(sweep.stderr)")
        let batch = Tool.main(["batch", Repository.root.appendingPathComponent("scenarios/live-activity.json").path, "--out", file])
        expectEqual(batch.exitCode, .badInput)
        expectEqual(batch.stderr, "\(file): error: expected a directory for --out, found a file\n", "\(batch.stderr)")
        let report = Tool.main(["report", "--out", file])
        expectEqual(report.stderr, "\(file): error: expected a directory for --out, found a file\n", "\(report.stderr)")
        // A file where a parent directory should be is named too, not "the operation could not be completed".
        let below = file + "/pictures"
        let nested = Tool.main(["sweep", "--vary", "timing.exitDurationMs=1...2", "--svg", below])
        expectEqual(nested.exitCode, .badInput)
        expectEqual(nested.stderr, "\(below): error: expected a directory for --svg, found a file at \(file)\n", "\(nested.stderr)")
        expectEqual(try String(contentsOfFile: file, encoding: .utf8), "{}")
    }

    @Test("the library's Directory.create words its failures itself, without Foundation's")
    func directoryCreateWords() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f").path
        try Data().write(to: URL(fileURLWithPath: file))
        #expect(throws: InputError([Diagnostic(file: file, path: "", message: "expected a directory, found a file")])) {
            try Directory.create(file)
        }
        try Directory.create(directory.appendingPathComponent("a/b").path)
        #expect(Directory.exists(directory.appendingPathComponent("a/b").path))
    }

    @Test("calibrate: a measured table that is a directory and a scenario without a prior, reported together")
    func calibrateReportsBoth() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = Tool.main(["calibrate", "--measured", directory.path])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "expected settings drawn from distributions", "\(output.stderr)")
        expectContains(output.stderr, "\(directory.path): error: expected a measurements file, found a directory", "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test("--rate-tolerance: the help and the message both say the share and its points")
    func rateToleranceWords() {
        for command in ["check", "diff"] {
            let help = Tool.main([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            expectContains(help, "(a share of 1: 0.02 is 2 percentage points)", "\(command)")
        }
        expectContains(Tool.main(["diff", "--help"]).stdout, "beyond --rate-tolerance 0.02 (2 points)")
    }

    @Test("README, How sure is it?: each command is followed by the table it prints", .heavy)
    func readmeSampledTables() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## How sure is it?").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let blocks = section.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        var checked = 0
        for (index, block) in blocks.enumerated() where block.hasPrefix("sh\n") && index + 1 < blocks.count {
            let command = block.dropFirst(3).prefix { $0 != "\n" }.components(separatedBy: "  #")[0]
            let arguments = Self.words(command)
            guard arguments.first == "exitrace" else { continue }
            let output = Tool.main(arguments.dropFirst().map { $0.hasPrefix("scenarios/") ? Repository.root.appendingPathComponent($0).path : $0 })
            let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let grid = lines.drop { !$0.hasPrefix("hook ") }.prefix { !$0.isEmpty }.joined(separator: "\n")
            expectEqual(blocks[index + 1], "\n" + grid + "\n", "\(command)")
            checked += 1
        }
        expectEqual(checked, 2)
    }

    /// A command line's words, as a shell splits them: at spaces, with single quotes kept together.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " " && !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
