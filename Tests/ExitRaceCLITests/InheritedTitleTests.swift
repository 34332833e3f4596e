import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A file that extends another keeps its title and labels unless it gives its own, and every name
/// is shown as the user wrote it (`iOS`, `your app`, `URLSession`: never capitalised or changed).
@Suite("Titles and labels through extend")
struct InheritedTitleTests {
    static let parent = """
        {
          "extend": "builtin:live-activity",
          "name": "parent",
          "title": "iOS 18: your app's URLSession upload",
          "hooks": { "applicationWillTerminate": { "label": "iOS app delegate" } },
          "procedures": { "foreground": { "label": "your app swiped away" } }
        }
        """

    /// Runs `arguments` (with the file of `files` named first) in a directory holding `files`.
    static func run(_ files: [String: String], _ arguments: [String]) throws -> ToolOutput {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-titles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return Tool.main(arguments.map { files[$0] != nil ? directory.appendingPathComponent($0).path : $0 })
    }

    @Test("a file that extends another without a title keeps the parent's title and labels, as written")
    func inherited() throws {
        let child = #"{ "extend": "parent.json", "timing": { "exitDurationMs": 12 } }"#
        let files = ["parent.json": Self.parent, "child.json": child]
        let text = try Self.run(files, ["run", "child.json"])
        expectEqual(text.exitCode, .success, "\(text.stderr)")
        // On main: "child", the parent's title dropped.
        #expect(text.stdout.hasPrefix("child: iOS 18: your app's URLSession upload\n"), "\(text.stdout)")
        expectContains(text.stdout, "\niOS app delegate ", "\(text.stdout)")
        expectContains(text.stdout, "  foreground: your app swiped away\n", "\(text.stdout)")
        let markdown = try Self.run(files, ["run", "child.json", "--format", "md"])
        #expect(markdown.stdout.hasPrefix("### child: iOS 18: your app's URLSession upload\n"), "\(markdown.stdout)")
        let json = try Self.run(files, ["run", "child.json", "--format", "json"])
        expectContains(json.stdout, #""title": "iOS 18: your app's URLSession upload""#, "\(json.stdout)")
    }

    @Test("a title or label the extending file gives replaces the parent's")
    func replaced() throws {
        let child = """
            { "extend": "parent.json", "title": "your app, edited",
              "hooks": { "applicationWillTerminate": { "label": "URLSession delegate" } } }
            """
        let output = try Self.run(["parent.json": Self.parent, "child.json": child], ["run", "child.json"])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("child: your app, edited\n"), "\(output.stdout)")
        expectContains(output.stdout, "\nURLSession ", "\(output.stdout)")
        expectNotContains(output.stdout, "iOS app delegate", "\(output.stdout)")
    }

    @Test("a file that extends an import to keep edits apart still reads as the imported app")
    func extendedImport() throws {
        let fixture = Repository.root.appendingPathComponent("Tests/ExitRaceTests/ImportFixtures/AppDelegate+Task.swift").path
        let imported = Tool.main(["import", fixture])
        expectEqual(imported.exitCode, .success, "\(imported.stderr)")
        let edits = #"{ "extend": "my-app.json", "systemCalls": { "Activity.end": { "costMs": 2 } } }"#
        let output = try Self.run(["my-app.json": imported.stdout, "edits.json": edits], ["run", "edits.json"])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("edits: your code in AppDelegate.applicationWillTerminate\n"), "\(output.stdout)")
    }
}
