import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport
import ExitRaceCLI

/// A newcomer's nit: that `import` took an unknown call such as `upload()` as instant was hard to
/// find. Each such call already had a line of its own in the summary (`FILE:LINE:COLUMN: taken as
/// instant: …`, at its first place, with how many more); the line said the assumption twice
/// (`taken as instant: upload(…): …, taken as taking no time; …`). It says it once, keeping the
/// other facts: a synchronous call, unknown to the importer, and what to do if it is slow.
@Suite("exitrace import: one short line per call taken as instant")
struct SwiftImportInstantNoteTests {
    static let source = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationWillTerminate(_ application: UIApplication) {
                upload()
                Task {
                    upload()
                    await Task.yield()
                    await Analytics.flush()
                    let pending = await Store.pending
                    print(pending)
                }
            }
        }
        final class Store {
            static var pending = 0
        }
        """

    @Test("the call, its file:line:column and the advice, once; Task.yield() and an own property said once too")
    func saidOnce() throws {
        let result = try SwiftImport.importSources([("MyApp.swift", Array(Self.source.utf8))], name: "my-app")
        let instants = result.notes.filter { $0.kind == .instant }.map(\.description)
        expectEqual(instants, [
            "MyApp.swift:3:9: taken as instant: upload(…): a synchronous call the importer does not know; if it is slow, "
                + "add a work step of its duration by hand (and 1 more place)",
            "MyApp.swift:6:13: taken as instant: await Task.yield(): a suspension the scenario language has no step for "
                + "(the task goes on at once)",
            "MyApp.swift:8:27: taken as instant: await Store.pending: a property of the app's own code, read where the code runs",
        ])
        #expect(!result.notes.contains { $0.message.contains("taking no time") }, "the kind already says it")
    }

    @Test("on stderr, each is a line of its own, after the summary's heading of notes")
    func ownLineOnStderr() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-instant-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("MyApp.swift").path
        try Self.source.write(toFile: file, atomically: true, encoding: .utf8)
        let output = Tool.main(["import", file])
        expectEqual(output.exitCode, .success)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("  \(file):3:9: taken as instant: upload(…): a synchronous call the importer does not know; "
            + "if it is slow, add a work step of its duration by hand (and 1 more place)"), "\(output.stderr)")
        expectEqual(lines.filter { $0.contains("upload(…)") }.count, 1)
    }
}
