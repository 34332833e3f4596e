import ExitRace
import Foundation
import Testing

@testable import ExitRaceBenchmark
@testable import ExitRaceCLI
@testable import ExitRaceImport

/// Inputs long in one direction (a hostile-input hunt, 2026-12-02): a Swift chain of 30,000 links
/// overflowed the importer's stack, and a `--set` path of 32,000 keys took 27 s to be refused.
@Suite("Long inputs")
struct LongInputTests {
    /// An app delegate whose `applicationWillTerminate` holds `statement`.
    static func appDelegate(_ statement: String) -> String {
        """
        import UIKit
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationWillTerminate(_ application: UIApplication) {
                \(statement)
            }
        }

        """
    }

    @Test("import of a hook holding a chain of 30,000 links: refused at the chain, without overflowing the stack", arguments: [
        ("members", "let x = a" + String(repeating: ".b", count: 30_000)),
        ("calls", "let x = f" + String(repeating: "()", count: 30_000)),
        ("methods", "a" + String(repeating: ".b()", count: 15_000)),
        ("trailing closures", "f" + String(repeating: " {}", count: 30_000)),
        ("in a task", "Task { await a" + String(repeating: ".b", count: 30_000) + ".end() }"),
    ])
    func longChain(name: String, statement: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-chain-\(UUID().uuidString).swift")
        try Self.appDelegate(statement).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = Tool.main(["import", file.path])
        expectEqual(output.exitCode, .badInput, "\(name): \(output.stderr.prefix(300))")
        expectContains(output.stderr, "\(file.path):4:")
        expectContains(output.stderr, "a chain of more than 1,000 member accesses and calls: the rest skipped")
        #expect(output.stdout.isEmpty)
    }

    @Test("import of a hook with 3,000 `else if`s: refused at the first past the nesting limit, without overflowing the stack")
    func longElseIfChain() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-else-if-\(UUID().uuidString).swift")
        try Self.appDelegate("if a {}" + String(repeating: " else if a {}", count: 3_000)).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = Tool.main(["import", file.path])
        expectEqual(output.exitCode, .badInput, "\(output.stderr.prefix(300))")
        expectContains(output.stderr, "nested more than \(SwiftParser.maxDepth) levels deep: skipped")
        #expect(output.stdout.isEmpty)
    }

    @Test("a --set path of many keys is refused in time linear in its length")
    func longSettingPath() throws {
        // CPU time of the same refusal at 4,000 and at 40,000 keys, in this test: linear, the
        // second is at most about ten times the first (plus the scenario's decoding, the same in
        // both); the quadratic search it replaced took about a hundred times.
        func refusal(keys: Int) -> Duration {
            let path = "a" + String(repeating: ".b", count: keys)
            let (output, cpu) = ThreadCPUTime.measure { Tool.main(["run", "--set", "\(path)=1"]) }
            expectEqual(output.exitCode, .badInput)
            expectContains(output.stderr, "no member \"a\" to go into")
            return cpu
        }
        _ = refusal(keys: 4_000)  // warm
        let short = refusal(keys: 4_000), long = refusal(keys: 40_000)
        #expect(long < short * 30, "4,000 keys: \(short); 40,000 keys: \(long)")
    }

    @Test("import of many delegates, or many hooks in one, takes time linear in their number (a hunt, 2026-12-03: 8,000 took 37 s)", .heavy)
    func manyEntryPoints() throws {
        // CPU time at 200 and at 1,600 delegates (and hooks in one class), in this test: eight times
        // the entry points take 9–10 times as long; before, 21–34 times (a pairwise override search,
        // a search of every function per call, a copy of the translator kept per entry point, a merge
        // searching every member per member). The translator's copies also held memory quadratic in
        // the entry points (`exitrace import` of 2,000 hooks: 319 MB, now 61 MB).
        func delegates(_ count: Int) -> String {
            (0..<count).map {
                "class A\($0): UIApplicationDelegate {\n func applicationWillTerminate(_ a: UIApplication) { Task { await Activity.end() } }\n}\n"
            }.joined()
        }
        func hooks(_ count: Int) -> String {
            "class A: UIApplicationDelegate {\n" + (0..<count).map {
                " func applicationWillTerminate(_ a: UIApplication) { Task { await Foo\($0 % 40).bar() } }\n"
            }.joined() + "}\n"
        }
        for (name, source) in [("delegates", delegates), ("hooks", hooks)] {
            func time(_ count: Int) throws -> Duration {
                let text = source(count)
                let (result, cpu) = ThreadCPUTime.measure { try? SwiftImport.importSources([("A.swift", Array(text.utf8))], name: "t") }
                expectEqual(result?.hooks.count, count, "\(name)")
                return cpu
            }
            _ = try time(200)  // warm
            let few = try time(200), many = try time(1_600)
            #expect(many < few * 16, "\(name): 200 entry points: \(few); 1,600: \(many)")
        }
    }
}
