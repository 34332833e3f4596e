import Testing

@testable import ExitRaceImport

/// Regex literals (SE-0354): valid Swift with `/[{]/` or `#/a{2}/#` was refused as "not Swift" (its brace or
/// quote read as Swift's). A literal is one token where the proposal's heuristics say so; a `/` elsewhere
/// stays an operator (issue 23, the audit's fifth gap).
@Suite("SwiftLexer: regex literals")
struct SwiftLexerRegexTests {
    /// The tokens of one line, as (kind, text).
    static func tokens(_ source: String) -> [String] {
        SwiftLexer(source).tokens.map { token in
            switch token.kind {
            case .string: "S(\(token.text))"
            case .operator: "O(\(token.text))"
            default: token.text
            }
        }
    }

    @Test("a regex literal where an expression starts is one token, braces, quotes and slashes inside it")
    func literals() {
        expectEqual(Self.tokens("let a = /[{]/"), ["let", "a", "O(=)", "S(/[{]/)"])
        expectEqual(Self.tokens(#"let b = /Task\s*\{/"#), ["let", "b", "O(=)", #"S(/Task\s*\{/)"#])
        expectEqual(Self.tokens(#"let c = #/a{2}/#"#), ["let", "c", "O(=)", #"S(#/a{2}/#)"#])
        expectEqual(Self.tokens(#"let d = /"/"#), ["let", "d", "O(=)", #"S(/"/)"#])
        expectEqual(Self.tokens(#"let e = /\//"#), ["let", "e", "O(=)", #"S(/\//)"#])
        expectEqual(Self.tokens(#"if s.contains(/\}/) { }"#), ["if", "s", ".", "contains", "(", #"S(/\}/)"#, ")", "{", "}"])
        expectEqual(Self.tokens("return /x+/"), ["return", "S(/x+/)"])
        expectEqual(Self.tokens("let j = ^^/x/"), ["let", "j", "O(=)", "O(^^)", "S(/x/)"], "a prefix operator before it")
    }

    @Test("a multi-line extended literal spans its lines; its '#' comments and quotes are the regex's")
    func multiline() {
        let lexer = SwiftLexer("let e = #/\n  usr/lib/ # a \"quote\n  (?<sub> [^/]+ )\n/#\nlet f = 1")
        #expect(lexer.problems.isEmpty)
        expectEqual(lexer.tokens.map(\.text).suffix(4), ["let", "f", "=", "1"])
        expectEqual(lexer.tokens.filter { $0.kind == .string }.count, 1)
    }

    @Test("division, unapplied operators and operator declarations stay operators")
    func operators() {
        expectEqual(Self.tokens("let f = 1 / 2 / 3"), ["let", "f", "O(=)", "1", "O(/)", "2", "O(/)", "3"])
        expectEqual(Self.tokens("let g = x/y/z"), ["let", "g", "O(=)", "x", "O(/)", "y", "O(/)", "z"])
        #expect(Self.tokens("let h = array.reduce(1, /) / 5").contains("O(/)"))
        #expect(!Self.tokens("(/x).foo(/y)").contains { $0.hasPrefix("S(") }, "an unbalanced ')' inside: operators")
        #expect(!Self.tokens("foo(/a, /b)").contains { $0.hasPrefix("S(") }, "a space before the closing '/': operators")
        #expect(!Self.tokens("n /= 2 / 3").contains { $0.hasPrefix("S(") })
        expectEqual(Self.tokens("infix operator /^/"), ["infix", "operator", "O(/^/)"])
        expectEqual(Self.tokens("func /^/ (l: Int, r: Int) -> Int { l }").prefix(2), ["func", "O(/^/)"])
        expectEqual(Self.tokens("let x = a // b/ c"), ["let", "x", "O(=)", "a"], "a line comment")
    }

    @Test("a file with regex literals imports (it was refused as not Swift)")
    func fileImports() throws {
        let result = try SwiftImportTests.run(["App.swift": #"""
            class AppDelegate: UIResponder, UIApplicationDelegate {
                let braces = /[{]/
                let tasks = /Task\s*\{/
                let pairs = #/a{2}/#
                let quote = /"/
                func applicationWillTerminate(_ application: UIApplication) {
                    Task.detached { await Analytics.shared.flush() }
                }
            }
            """#])
        expectEqual(result.hooks.map(\.name), ["AppDelegate.applicationWillTerminate"])
    }
}
