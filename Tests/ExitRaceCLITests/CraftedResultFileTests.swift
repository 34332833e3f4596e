import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// Result files edited by hand or by a hostile script, given to `diff` and `check`: a margin or a
/// rate no run can produce is refused with its place (exit 2), never subtracted or converted until
/// it traps (a hostile-input hunt, 2026-12-02: `marginNs` of -2^63 with `--margins`, a `rate` of
/// 2^63).
@Suite("Crafted result files")
struct CraftedResultFileTests {
    /// The default table as `run --format json` writes it, and a sampled table of the default scenario.
    static func table(sampled: Bool) -> String {
        let arguments = sampled
            ? ["run", "--runs", "20", "--set", "timing.exitDurationMs=uniform(1,5)", "--format", "json"]
            : ["run", "--format", "json"]
        return Tool.main(arguments).stdout
    }

    /// `text` with the first `"key": value` member's value replaced by `value`.
    static func replacingFirst(_ key: String, in text: String, with value: String) throws -> String {
        let range = try #require(text.range(of: #""\#(key)": [^,}\n]+"#, options: .regularExpression), "no \(key)")
        return text.replacingCharacters(in: range, with: #""\#(key)": \#(value)"#)
    }

    /// Writes `old` and `new` to a fresh directory and runs `diff` on them with `options`.
    static func diff(_ old: String, _ new: String, _ options: [String] = []) throws -> ToolOutput {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-crafted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (a, b) = (directory.appendingPathComponent("old.json"), directory.appendingPathComponent("new.json"))
        try old.write(to: a, atomically: true, encoding: .utf8)
        try new.write(to: b, atomically: true, encoding: .utf8)
        return Tool.main(["diff", a.path, b.path] + options)
    }

    @Test("a margin past ±2^53 ns, or not whole, is refused where it stands", arguments: [
        "-9223372036854775808", "9223372036854775807", "9007199254740993", "1.5", "\"3 ms\"",
    ])
    func margins(value: String) throws {
        let table = Self.table(sampled: false)
        let crafted = try Self.replacingFirst("marginNs", in: table, with: value)
        for (old, new) in [(table, crafted), (crafted, table)] {
            let output = try Self.diff(old, new, ["--margins", "0.5"])
            expectEqual(output.exitCode, .badInput, "\(value): \(output.stderr)")
            expectContains(
                output.stderr,
                "error: cells[0].outcomes[0].marginNs: expected a margin in whole nanoseconds within ±9,007,199,254,740,992 (or null), found")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test("a margin at the bound and a null margin are read")
    func marginsRead() throws {
        let table = Self.table(sampled: false)
        for value in ["9007199254740992", "-9007199254740992", "null"] {
            let crafted = try Self.replacingFirst("marginNs", in: table, with: value)
            let output = try Self.diff(table, crafted, ["--margins", "0.5"])
            #expect(output.exitCode != .badInput, "\(value): \(output.stderr)")
        }
    }

    @Test("a sampled rate or interval bound outside 0…1, or a rate outside its interval, is refused", arguments: [
        ("rate", "9223372036854775807", "expected a share from 0 to 1, found the number 9223372036854775807"),
        ("rate", "-1", "expected a share from 0 to 1, found the number -1"),
        ("low", "-9223372036854775808", "expected a share from 0 to 1, found the number -9223372036854775808"),
        ("high", "2", "expected a share from 0 to 1, found the number 2"),
        ("low", "0.9", "error: cells[0].procedures[0]: expected a procedure's tally, found a rate (0.0) outside its interval95 (0.9 to 0.161125)"),
    ])
    func rates(key: String, value: String, message: String) throws {
        let table = Self.table(sampled: true)
        let crafted = try Self.replacingFirst(key, in: table, with: value)
        for options in [[], ["--margins", "0.5"]] {
            let output = try Self.diff(table, crafted, options)
            expectEqual(output.exitCode, .badInput, "\(key) \(value): \(output.stderr)")
            expectContains(output.stderr, message)
        }
    }

    @Test("a cell given twice, or a procedure twice or unknown in a cell, is refused at its place")
    func duplicates() throws {
        let table = Self.table(sampled: false)
        var object = try #require(JSONSerialization.jsonObject(with: Data(table.utf8)) as? [String: Any])
        var cells = try #require(object["cells"] as? [Any])
        cells.insert(cells[0], at: 1)
        object["cells"] = cells
        let doubled = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let foreground = try Self.replacingFirst("procedure", in: table, with: #""background""#)
        let unknown = try Self.replacingFirst("procedure", in: table, with: #""nope""#)
        for (crafted, message) in [
            (doubled, "error: cells[1]: expected each cell once, found applicationWillTerminate · Task again (first at cells[0])"),
            (foreground, #"error: cells[0].outcomes[1].procedure: expected each procedure once in a cell, found "background" again"#),
            (unknown, #"error: cells[0].outcomes[0].procedure: expected one of the file's procedures ("foreground", "background"), found "nope""#),
        ] {
            let output = try Self.diff(table, crafted)
            expectEqual(output.exitCode, .badInput, "\(message): \(output.stdout.prefix(300))")
            expectContains(output.stderr, message)
        }
    }
}
