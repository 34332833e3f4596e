// The public surface is exactly what docs/library.md documents: every `public` type of the library
// (top-level or nested, as `Outer.Inner`) is a row of the page's "Every public type" table, and every
// row is a public type. A source scan: a new `public struct` fails here until the page names it.
import Foundation
import Testing

@Suite("The public surface is the documented one")
struct LibrarySurfaceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
    static let modifiers: Set<Substring> = ["public", "package", "internal", "private", "fileprivate", "final", "indirect"]

    /// A declaration's words without its leading attributes (`@inlinable`, `@available(…)`).
    static func words(_ line: Substring) -> [Substring] {
        var words = line.split(separator: " ")[...]
        while let first = words.first, first.hasPrefix("@") {
            words.removeFirst()
            if first.contains("("), !first.contains(")") {  // `@available(*, deprecated)`: skip to its `)`
                while let next = words.first, !next.contains(")") { words.removeFirst() }
                words = words.dropFirst()
            }
        }
        return Array(words)
    }

    /// The name a declaration gives, without generic parameters or conformances.
    static func name(_ word: Substring) -> String {
        String(word.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    }

    /// The qualified names of the public types declared in `text` (nesting read from indentation):
    /// `public`, optionally `final` or `indirect`, a kind of type, its name.
    static func publicTypes(in text: String) -> [String] {
        var scopes: [(indent: Int, name: String)] = [], found: [String] = []
        for line in text.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let words = words(line.dropFirst(indent))
            // A type or extension opens a scope a nested type can sit in.
            let head = words.drop { modifiers.contains($0) }
            guard let kind = head.first, kinds.contains(kind) || kind == "extension", head.count > 1 else { continue }
            scopes.removeAll { $0.indent >= indent }
            let name = name(head[head.startIndex + 1])
            if words.first == "public", kind != "extension" {
                found.append((scopes.map(\.name) + [name]).joined(separator: "."))
            }
            scopes.append((indent, name))
        }
        return found
    }

    /// Every public type of `Sources/ExitRace`, with the file it is in.
    static func sourceTypes() throws -> [(name: String, file: String)] {
        let sources = root.appendingPathComponent("Sources/ExitRace")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { file in
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            return publicTypes(in: text).map { ($0, file) }
        }
    }

    /// The first column of docs/library.md's "Every public type" table, without backticks.
    static func documentedTypes() throws -> [String] {
        let page = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let start = try #require(page.range(of: "## Every public type\n"))
        let section = page[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { row in
            guard row.hasPrefix("| `"), let end = row.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(row[row.index(row.startIndex, offsetBy: 3)..<end])
        }
    }

    @Test("the scan finds public types: a wrong path or pattern fails rather than checking nothing")
    func scanFindsTypes() throws {
        let names = try Self.sourceTypes().map(\.name)
        #expect(names.count >= 20, "found only \(names)")
        #expect(names.contains("Simulator"))
        #expect(names.contains("RunOutcome.Death"))
        #expect(try Self.documentedTypes().count >= 20)
    }

    @Test("the scan reads nesting and attributes")
    func scanReadsNesting() {
        let text = """
            public struct Outer {
                public enum Inner: Sendable {}
                package struct Hidden {}
            }
            extension Outer {
                @available(*, deprecated) public struct Added {}
            }
            package enum Elsewhere {}
            public final class Last {}
            """
        #expect(Self.publicTypes(in: text) == ["Outer", "Outer.Inner", "Outer.Added", "Last"])
    }

    @Test("every public type is a row of docs/library.md's table")
    func everyPublicTypeDocumented() throws {
        let documented = Set(try Self.documentedTypes())
        for (name, file) in try Self.sourceTypes() where !documented.contains(name) {
            let message = "Sources/ExitRace/\(file): public type \(name) is not in docs/library.md's table "
                + "(name it there, or make it package)"
            Issue.record("\(message)")
        }
    }

    @Test("every row of docs/library.md's table is a public type")
    func everyRowPublic() throws {
        let public_ = Set(try Self.sourceTypes().map(\.name))
        for name in try Self.documentedTypes() where !public_.contains(name) {
            let message = "docs/library.md names \(name), which is not a public type of the library"
            Issue.record("\(message)")
        }
    }
}
