import Foundation
import Testing

@testable import ExitRace
import ExitRaceCLI

/// What reviewing real codebases found wrong (docs/import.md, "Real code, reviewed by hand"), each as
/// a small file of our own that shows the same shape; and bad input through the command line.
@Suite("exitrace import: fixes from real code, bad input")
struct SwiftImportRealCodeTests {
    static func imported(_ source: String) throws -> SwiftImport.Result {
        try SwiftImport.importSources([("App.swift", Array(source.utf8))], name: "real")
    }

    static func steps(_ result: SwiftImport.Result) -> [ProgramStep] {
        Strategy.preorder(result.hooks[0].steps.map(\.step))
    }

    @Test("an app's own endBackgroundTask(identifier:) is followed, not taken for UIKit's")
    func ownBackgroundTaskMethods() throws {
        let result = try Self.imported("""
            final class Tasks {
                static let shared = Tasks()
                var ids: [String: UIBackgroundTaskIdentifier] = [:]
                func endBackgroundTask(identifier: String) {
                    if let id = ids[identifier] { UIApplication.shared.endBackgroundTask(id) }
                }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationDidEnterBackground(_ application: UIApplication) {
                    Task.detached { await Uploader.shared.flush() }
                    Tasks.shared.endBackgroundTask(identifier: "upload")
                }
            }
            """)
        #expect(Self.steps(result).contains(.endBackgroundTask("id")))
        #expect(!result.notes.map(\.description).contains { $0.contains("not a variable") })
    }

    @Test("withCheckedThrowingContinuation: its body is translated where the task runs (noted)")
    func continuation() throws {
        let result = try Self.imported("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    Task {
                        try await withCheckedThrowingContinuation { continuation in
                            DispatchQueue.global().async { continuation.resume() }
                        }
                        await Analytics.shared.flush()
                    }
                }
            }
            """)
        expectEqual(result.newSystemCalls.map(\.name), ["Analytics.flush"])
        guard case .spawnTask(_, let body) = result.hooks[0].steps[0].step, case .dispatchAsync(.global, _) = body[0] else {
            Issue.record("\(result.hooks[0].steps.map(\.step))")
            return
        }
        #expect(result.notes.map(\.description).contains { $0.contains("withCheckedThrowingContinuation: its body is translated") })
    }

    @Test("a nested type's initializer and toggle() are values, not unknown calls")
    func values() throws {
        let result = try Self.imported("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var flag = false
                func applicationWillTerminate(_ application: UIApplication) {
                    let state = Attributes.ContentState(value: 1)
                    flag.toggle()
                    Task.detached { await Store.shared.save(state) }
                }
            }
            """)
        #expect(!result.notes.contains { $0.kind == .instant })
    }

    @Test("a closure besides the completion handler is named, not dropped")
    func otherClosures() throws {
        let result = try Self.imported("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    recorder.start(handler: { sample in print(sample) }, completionHandler: { error in print(error) })
                }
            }
            """)
        guard case .callWithCompletion("recorder.start", .global, _) = result.hooks[0].steps[0].step else {
            Issue.record("\(result.hooks[0].steps.map(\.step))")
            return
        }
        #expect(result.notes.map(\.description).contains { $0.hasPrefix("App.swift:3:33: not translated: a closure passed to recorder.start(…) besides") })
    }

    @Test("an interface call's completion (UIView.animate) is not a system call")
    func interfaceCompletion() throws {
        let result = try Self.imported("""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) {
                    UIView.animate(withDuration: 0.2, animations: { }, completion: { _ in print("done") })
                    Task.detached { await Analytics.shared.flush() }
                }
            }
            """)
        expectEqual(result.newSystemCalls.map(\.name), ["Analytics.flush"])
    }

    /// A fresh directory for one test's files.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-import-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("bad input through the command line: a clear message naming the file, exit 2, nothing written", arguments: [
        ("Notes.swift", Array("This is a note about the app, not Swift: it (never closes.\n".utf8), "expected Swift source"),
        ("Braces.swift", Array("class AppDelegate {\n    func applicationWillTerminate() {\n        Task {\n    }\n".utf8), "never closed"),
        ("Binary.swift", [0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x02] as [UInt8], "binary file"),
        ("Latin1.swift", [0x63, 0x61, 0x66, 0xE9, 0x0A] as [UInt8], "not UTF-8"),
        ("Empty.swift", [] as [UInt8], "no lifecycle entry point"),
    ])
    func badFiles(name: String, bytes: [UInt8], expected: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        let out = dir.appendingPathComponent("out.json")
        let output = Tool.main(["import", file.path, "--output", out.path])
        expectEqual(output.exitCode, .badInput, "\(name)")
        expectContains(output.stderr, name, "\(name): \(output.stderr)")
        expectContains(output.stderr, expected, "\(name): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "\(name)")
    }

    @Test("a directory and a missing file: exit 2 with the path")
    func directoryAndMissing() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for path in [dir.path, dir.appendingPathComponent("Missing.swift").path] {
            let output = Tool.main(["import", path])
            expectEqual(output.exitCode, .badInput, "\(path)")
            #expect(output.stderr.contains(path) || output.stderr.contains((path as NSString).lastPathComponent), "\(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
    }
}
