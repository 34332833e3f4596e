import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceReport

/// The importer's Swift lexer: every token with its place, comments and directives dropped,
/// string literals whole, and an end on any bytes.
@Suite("Swift lexer")
struct SwiftLexerTests {
    static func kinds(_ source: String) -> [String] {
        SwiftLexer(source).tokens.map { "\($0.kind):\($0.text)" }
    }

    @Test("nested block comments and line comments are dropped")
    func comments() {
        expectEqual(Self.kinds("a /* x /* y */ z */ b // c\nd"), ["identifier:a", "identifier:b", "identifier:d"])
    }

    @Test("an unterminated block comment is a problem, not a hang")
    func unterminatedComment() {
        let lexer = SwiftLexer("a /* x /* y */")
        expectEqual(lexer.tokens.map(\.kind), [.identifier, .invalid])
        expectEqual(lexer.problems.count, 1)
    }

    @Test("strings with escapes and nested interpolation are one token")
    func interpolation() {
        let source = #"let s = "a \"q\" \(f("x\(g(")"))")) b" + c"#
        expectEqual(Self.kinds(source), [
            "identifier:let", "identifier:s", "operator:=", #"string:"a \"q\" \(f("x\(g(")"))")) b""#, "operator:+",
            "identifier:c",
        ])
    }

    @Test("multi-line and raw strings with any number of #")
    func rawAndMultiline() {
        let source = "a \"\"\"\n  one \" two \"\" three\n  \"\"\" b ##\"x \"# y\"## c #\"\\(no) \\#(yes(\")\"))\"# d"
        expectEqual(SwiftLexer(source).tokens.map(\.kind), [.identifier, .string, .identifier, .string, .identifier, .string, .identifier])
        #expect(SwiftLexer(source).problems.isEmpty)
    }

    @Test("attributes, pound keywords, #if directives, backticks, numbers and operators")
    func otherTokens() {
        let source = "@MainActor #if os(iOS)\nfunc `default`() -> Int { #selector(f) ; 0x1e_ff + 1.5e-3 ..< a?.b! }\n#endif"
        expectEqual(Self.kinds(source), [
            "attribute:@MainActor", "identifier:func", "identifier:default", "punctuation:(", "punctuation:)",
            "operator:->", "identifier:Int", "punctuation:{", "poundKeyword:#selector", "punctuation:(", "identifier:f",
            "punctuation:)", "punctuation:;", "number:0x1e_ff", "operator:+", "number:1.5e-3", "operator:..<",
            "identifier:a", "operator:?", "punctuation:.", "identifier:b", "operator:!", "punctuation:}",
        ])
    }

    @Test("a generic type's closing > is not glued to the member dot after it")
    func genericThenMember() {
        expectEqual(Self.kinds("Activity<A>.activities"), [
            "identifier:Activity", "operator:<", "identifier:A", "operator:>", "punctuation:.", "identifier:activities",
        ])
    }

    @Test("every token knows its line and column, and whether it starts a line")
    func positions() {
        let tokens = SwiftLexer("a\n  /* c */ b.c\n\td").tokens
        expectEqual(tokens.map { "\($0.line):\($0.column)\($0.startsLine ? "^" : "")" }, ["1:1^", "2:11^", "2:12", "2:13", "3:2^"])
    }

    @Test("invalid UTF-8 and stray bytes give tokens and end")
    func anyBytes() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x22, 0x5C, 0x28, 0x80, 0x60, 0x23, 0x23, 0x0A, 0x2F, 0x2A]
        let lexer = SwiftLexer(bytes)
        #expect(!lexer.tokens.isEmpty)
        #expect(!lexer.problems.isEmpty)
    }

    @Test("interpolations nested past the bound end the literal instead of the stack")
    func deepInterpolation() {
        let source = String(repeating: #""\("#, count: 10_000)
        let lexer = SwiftLexer(source)
        #expect(!lexer.problems.isEmpty)
    }
}
