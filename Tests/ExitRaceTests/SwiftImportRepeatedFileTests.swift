import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// A file given twice (`App.swift ./App.swift`, or through a symbolic link) gave every entry point twice;
/// it is read once, and the repeat is named (issue 23, the audit's fourteenth gap).
@Suite("exitrace import: a file given twice is read once")
struct SwiftImportRepeatedFileTests {
    @Test("the same file by two paths and a symbolic link: one entry point, the repeats named")
    func readOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-repeat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("App.swift")
        try """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { Task.detached { await Api.shared.close() } }
            }
            """.write(to: file, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("Link.swift")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let again = directory.path + "/./App.swift"
        let result = try SwiftImport.load(paths: [file.path, again, link.path], name: "t")
        expectEqual(result.hooks.map(\.name), ["AppDelegate.applicationWillTerminate"])
        let repeats = result.notes.filter { $0.message.hasPrefix("this file is given twice (also as \(file.path))") }
        expectEqual(repeats.map(\.file), [again, link.path].sorted(), "\(result.notes.map(\.description))")
    }
}
