import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// `exitrace import` given something that is not a Swift file: a directory says so and how to give the
/// Swift files in it; a file of another kind (`x.json`) says it is not Swift, not that it has no entry point.
/// Exit code 2, the file named, nothing on stdout.
@Suite("import command: a directory or a file that is not Swift")
struct ImportInputErrorTests {
    static let app = ImportCommandTests.fixtures.appendingPathComponent("AppDelegate+Task.swift")

    static func temporaryDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-\(UUID().uuidString)")
            .appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("a directory with .swift files in it: the message suggests DIR/*.swift, which imports")
    func directoryWithSwiftFiles() throws {
        let dir = try Self.temporaryDirectory("App")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: Self.app, to: dir.appendingPathComponent("AppDelegate.swift"))
        try Data("struct Helper {}\n".utf8).write(to: dir.appendingPathComponent("Helper.swift"))
        let output = Tool.main(["import", dir.path])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        expectEqual(output.stderr, "\(dir.path): error: expected a Swift source file, found a directory; import reads the "
            + "files it is given: to import the Swift files in it (2 .swift files), give them: exitrace import "
            + "\(dir.path)/*.swift\n", "\(output.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map { dir.path + "/" + $0 }
        expectEqual(Tool.main(["import"] + files).exitCode, .success, "what the message suggests works")
    }

    @Test("a directory without .swift files directly in it: find; a name with a space is quoted for the shell")
    func directoryWithoutSwiftFiles() throws {
        let dir = try Self.temporaryDirectory("My App")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let output = Tool.main(["import", dir.path])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stderr.hasPrefix("\(dir.path): error: expected a Swift source file, found a directory"))
        expectContains(output.stderr, "(none is directly in it), give them: exitrace import $(find '\(dir.path)' "
            + "-name '*.swift')", "\(output.stderr)")
    }

    @Test("x.json (a file of another kind): not a Swift file, not 'no entry point'", arguments: [
        ("x.json", "{\"name\": \"my-app\", \"hooks\": {\"a\": [1, 2]}}\n"),
        ("notes.txt", "Remember to end the Live Activity on terminate.\n"),
        ("empty.md", ""),
    ])
    func notSwift(name: String, text: String) throws {
        let dir = try Self.temporaryDirectory("in")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let file = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        let output = Tool.main(["import", file.path])
        expectEqual(output.exitCode, .badInput)
        #expect(output.stdout.isEmpty)
        // Refused by its name (ImportNonSwiftFileTests), before it is read.
        let run = name.hasSuffix(".json") ? file.path : "FILE"
        expectEqual(output.stderr, "\(file.path): error: not a Swift file (exitrace import reads .swift files; to run a "
            + "scenario, exitrace run \(run))\n", "\(output.stderr)")
        expectNotContains(output.stderr, "entry point")
    }

    @Test("Swift under another name is refused by its name; a .swift file without entry points still says so")
    func swiftUnderAnotherName() throws {
        let dir = try Self.temporaryDirectory("in")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let renamed = dir.appendingPathComponent("AppDelegate.swift.txt")
        try FileManager.default.copyItem(at: Self.app, to: renamed)
        expectEqual(Tool.main(["import", renamed.path]).exitCode, .badInput)
        let plain = dir.appendingPathComponent("Helper.swift")
        try Data("struct Helper {}\n".utf8).write(to: plain)
        let output = Tool.main(["import", plain.path])
        expectEqual(output.exitCode, .badInput)
        expectContains(output.stderr, "found no lifecycle entry point")
    }
}
