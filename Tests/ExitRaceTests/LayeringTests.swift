import Foundation
import Testing

/// The library's folders are layers that only point down: a file may use what its own folder and
/// the layers below declare, never what a layer above or a sibling folder declares.
@Suite("Layers point one way")
struct LayeringTests {
    /// Folder → layer; folders on one layer are siblings and must not use each other either.
    static let layers: [String: Int] = [
        "": 0, "Kernel": 0, "Diagnostics": 0,
        "JSON": 1, "Files": 1,
        "Model": 2,
        "Parameters": 3,
        "Scenario": 4, "Engine": 4,
        "Experiment": 5, "Import": 5,
        "Report": 6,
        "Explain": 7, "Batch": 7, "Benchmark": 7,
    ]
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ExitRace")

    /// Fewer library files than this means the path is wrong and the tests would check nothing.
    static let minimumFiles = 150
    /// Fewer declared names than this (1,547 in November 2026) means the scanner no longer sees them.
    static let minimumNames = 1_200
    /// Fewer (file, name) pairs checked than this (118,046 in November 2026) means the test checks
    /// little of what it claims.
    static let minimumChecks = 50_000

    /// Member names `.name` cannot tell apart, so not checked: members of the standard library's
    /// and Foundation's types that a library type also declares, and tuple labels (a tuple is no
    /// declaration the scan sees).
    static let ambiguousMembers: Set<String> = [
        "append", "count", "element", "isEmpty", "load", "map", "min", "prefix", "range", "removeAll", "sorted", "update",
        "value",
        "op",  // ScenarioKeys' table of (op:, members:)
        "text",  // AtomicFile.write's (text:, path:) pairs
    ]

    /// Each source file's folder and its text without comments and string literals (the code
    /// inside an interpolation stays: it uses names too).
    static func sources() throws -> [(folder: String, file: String, code: String)] {
        let enumerator = FileManager.default.enumerator(atPath: library.path)
        var files: [(String, String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let parts = relative.split(separator: "/")
            let text = try String(contentsOf: library.appendingPathComponent(relative), encoding: .utf8)
            files.append((parts.count > 1 ? String(parts[0]) : "", relative, strip(text)))
        }
        return files.sorted { $0.1 < $1.1 }
    }

    /// `text` with comments and the text of string literals replaced by spaces; newlines stay, and
    /// so does the code of interpolations (`\(…)`, `\#(…)`), single-line, multi-line and raw alike.
    static func strip(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var code = String.UnicodeScalarView()
        /// What is open: a string (its number of `#` and whether it is multi-line) or an
        /// interpolation's parentheses (their depth) inside one.
        enum Open { case string(hashes: Int, multiline: Bool), interpolation(depth: Int) }
        var stack: [Open] = []
        var index = 0
        func at(_ offset: Int, _ literal: String) -> Bool {
            var position = index + offset
            for wanted in literal.unicodeScalars {
                guard position < scalars.count, scalars[position] == wanted else { return false }
                position += 1
            }
            return true
        }
        func blank(_ count: Int) {
            for offset in 0..<count where index + offset < scalars.count {
                code.append(scalars[index + offset] == "\n" ? "\n" : " ")
            }
            index += count
        }
        while index < scalars.count {
            if case .string(let hashes, let multiline) = stack.last {
                let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
                if at(0, close) {
                    stack.removeLast()
                    blank(close.unicodeScalars.count)
                } else if at(0, interpolation) {
                    stack.append(.interpolation(depth: 0))
                    blank(interpolation.unicodeScalars.count)
                } else if hashes == 0 && scalars[index] == "\\" {
                    blank(2)
                } else {
                    blank(1)
                }
                continue
            }
            if at(0, "//") {
                while index < scalars.count && scalars[index] != "\n" { blank(1) }
                continue
            }
            if at(0, "/*") {
                var depth = 0
                repeat {
                    if at(0, "/*") {
                        depth += 1
                        blank(2)
                    } else if at(0, "*/") {
                        depth -= 1
                        blank(2)
                    } else {
                        blank(1)
                    }
                } while depth > 0 && index < scalars.count
                continue
            }
            var hashes = 0
            while at(hashes, "#") { hashes += 1 }
            if at(hashes, "\"") {
                let multiline = at(hashes, "\"\"\"")
                stack.append(.string(hashes: hashes, multiline: multiline))
                blank(hashes + (multiline ? 3 : 1))
                continue
            }
            if case .interpolation(let depth) = stack.last {
                if scalars[index] == "(" { stack[stack.count - 1] = .interpolation(depth: depth + 1) }
                if scalars[index] == ")" {
                    if depth == 0 {
                        stack.removeLast()
                        blank(1)
                        continue
                    }
                    stack[stack.count - 1] = .interpolation(depth: depth - 1)
                }
            }
            code.append(scalars[index])
            index += 1
        }
        return String(code)
    }

    /// Keywords that open a body; a body opened by a type or an extension holds declarations, any
    /// other (a function, an accessor, a closure, a statement) holds local names.
    static let bodyKeyword = try! NSRegularExpression(pattern:
        #"\b(struct|enum|class|actor|protocol|extension|func|init|deinit|subscript|var|let|get|set|willSet|didSet|"#
        + #"if|guard|else|for|while|repeat|switch|do|catch|defer)\b"#)
    static let typeKeywords: Set<String> = ["struct", "enum", "class", "actor", "protocol", "extension"]

    /// The parts of `code` outside function bodies, accessors and closures: its top-level code, and
    /// the members of its types and extensions at any depth, where the names other files use are.
    static func declarationLevels(_ code: String) -> (topLevel: String, members: String) {
        let characters = Array(code)
        var topLevel: [Character] = [], members: [Character] = []
        var bodies: [Bool] = []  // whether each open brace is a type's or an extension's body
        var localDepth = 0  // open braces that are not a type's body
        var headerStart = 0
        for (index, character) in characters.enumerated() {
            switch character {
            case "{":
                let header = String(characters[headerStart..<index])
                let range = NSRange(header.startIndex..., in: header)
                let last = bodyKeyword.matches(in: header, range: range).last.map {
                    String(header[Range($0.range(at: 1), in: header)!])
                }
                let isType = localDepth == 0 && last.map { typeKeywords.contains($0) } == true
                bodies.append(isType)
                if !isType { localDepth += 1 }
                headerStart = index + 1
            case "}":
                if bodies.popLast() == false { localDepth -= 1 }
                headerStart = index + 1
            default:
                if character == ";" { headerStart = index + 1 }
                guard localDepth == 0 else { continue }
                if bodies.isEmpty { topLevel.append(character) } else { members.append(character) }
                if character == "\n" { topLevel.append(character); members.append(character) }
            }
        }
        return (String(topLevel), String(members))
    }

    static let declaration = try! NSRegularExpression(pattern:
        #"(?m)^[ \t]*(?:@[A-Za-z_]+(?:\([^)\n]*\))?[ \t]+)*"#
        + #"(?:(?:public|package|internal|fileprivate|private|open|static|class|final|indirect|override|mutating|"#
        + #"nonmutating|nonisolated|lazy|weak|unowned|dynamic|convenience|required)(?:\(set\))?[ \t]+)*"#
        + #"(?:struct|enum|class|actor|protocol|typealias|func|var|let|case)[ \t]+([A-Za-z_][A-Za-z0-9_]*)"#)
    /// The further names of an enum's `case a, b(Int), c`.
    static let furtherCases = try! NSRegularExpression(pattern: #"(?m)^[ \t]*(?:indirect[ \t]+)?case[ \t]+[^\n]*"#)
    static let caseName = try! NSRegularExpression(pattern: #",[ \t]*([A-Za-z_][A-Za-z0-9_]*)"#)

    /// A name `code` declares for other files: a type, function, property or type alias, top-level
    /// or a member of a type or an extension at any depth (local names are left out).
    struct Declared: Hashable {
        var name: String
        /// A member is used as `.name` (or by a type's own code, which is in its own folder).
        var isMember: Bool
    }

    static func declaredNames(in code: String) -> [Declared] {
        let levels = declarationLevels(code)
        func matches(_ regex: NSRegularExpression, _ text: String) -> [String] {
            regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                String(text[Range($0.range(at: $0.numberOfRanges - 1), in: text)!])
            }
        }
        func names(_ text: String) -> [String] {
            // Commas inside a case's associated values are at a parenthesis depth: drop those first.
            let lists = matches(furtherCases, text).map {
                $0.replacingOccurrences(of: #"\([^()]*\)"#, with: "", options: .regularExpression)
            }
            return matches(declaration, text) + lists.flatMap { matches(caseName, $0) }
        }
        return names(levels.topLevel).map { Declared(name: $0, isMember: false) }
            + names(levels.members).map { Declared(name: $0, isMember: true) }
    }

    static let word = try! NSRegularExpression(pattern: #"(\.?)(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)"#)

    /// The identifiers `code` uses: every word, and the words used as members (after one dot:
    /// `...name` is a range).
    static func usedNames(in code: String) -> (words: Set<String>, members: Set<String>) {
        var words: Set<String> = [], members: Set<String> = []
        let units = Array(code.utf16)
        for match in word.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
            let name = String(code[Range(match.range(at: 2), in: code)!])
            words.insert(name)
            let dot = match.range(at: 1)
            if dot.length == 1, dot.location == 0 || units[dot.location - 1] != 0x2E {
                members.insert(name)
            }
        }
        return (words, members)
    }

    @Test("every folder has a layer")
    func everyFolderHasALayer() throws {
        let sources = try Self.sources()
        #expect(sources.count >= Self.minimumFiles, "only \(sources.count) files under \(Self.library.path)")
        let unknown = Set(sources.map(\.folder)).subtracting(Self.layers.keys)
        #expect(unknown.isEmpty, "folders without a layer: \(unknown.sorted())")
    }

    @Test("no file uses a name declared in a layer above it or in a sibling folder")
    func noUpwardUse() throws {
        let sources = try Self.sources()
        #expect(sources.count >= Self.minimumFiles, "only \(sources.count) files under \(Self.library.path)")
        // Name → the folders that declare it.
        var declared: [Declared: Set<String>] = [:]
        for source in sources {
            for name in Self.declaredNames(in: source.code) { declared[name, default: []].insert(source.folder) }
        }
        #expect(declared.count >= Self.minimumNames, "only \(declared.count) names declared under \(Self.library.path)")
        var violations: [String] = []
        var checked = 0
        for source in sources {
            let used = Self.usedNames(in: source.code)
            let layer = Self.layers[source.folder] ?? 0
            func allowed(_ folder: String) -> Bool { folder == source.folder || (Self.layers[folder] ?? 0) < layer }
            let inOrder = declared.sorted { ($0.key.name, $0.key.isMember ? 1 : 0) < ($1.key.name, $1.key.isMember ? 1 : 0) }
            for (declared, folders) in inOrder {
                // A name also declared where this file may look (an overload, a member of the same
                // name on another type) cannot be told apart by its text: only the rest count.
                let name = declared.name
                guard !folders.contains(where: allowed), !(declared.isMember && Self.ambiguousMembers.contains(name)) else {
                    continue
                }
                checked += 1
                if (declared.isMember ? used.members : used.words).contains(name) {
                    let from = folders.sorted().joined(separator: ", ")
                    violations.append("\(source.file) uses \(declared.isMember ? "." : "")\(name) from \(from)/")
                }
            }
        }
        #expect(checked >= Self.minimumChecks, "only \(checked) (file, name) pairs checked")
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
