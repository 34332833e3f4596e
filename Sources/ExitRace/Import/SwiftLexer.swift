/// Reads Swift source into tokens: comments (nested block comments too) and `#if`-family
/// directives are dropped, and so is the code of every `#if` branch an iOS device release build does
/// not compile (``CompilationConditions``; each such branch with code is kept in ``skippedBranches``);
/// string literals (multi-line, raw with any number of `#`, with nested interpolations) are one token each.
///
/// It works on bytes, so any input, valid UTF-8 or not, gives tokens and ends: every step of the
/// main loop consumes at least one byte, and interpolations nest at most ``maxNesting`` deep.
package struct SwiftLexer {
    /// How deep string interpolations may nest before the rest of the literal is taken as invalid.
    package static let maxNesting = 64

    let bytes: [UInt8]
    var index = 0
    private var line = 1
    private var lineStart = 0
    private var sawLineBreak = true
    var sawTrivia = true
    /// Where a regex literal starts that an operator before it was cut short for (`^^/x/`: the prefix `^^`,
    /// then the literal; SwiftLexer+Regex.swift).
    var pendingRegex: Int?
    package private(set) var tokens: [SwiftToken] = []
    package private(set) var problems: [SwiftSyntaxProblem] = []
    /// The `#if` / `#elseif` / `#else` branches not read, with code in them, in order.
    package internal(set) var skippedBranches: [SwiftSkippedBranch] = []
    /// The `#if` blocks open at this point, innermost last.
    var conditionals: [ConditionalBlock] = []
    /// The interpolations of the string literal being scanned (its own, not those of strings nested in them).
    private var interpolations: [SwiftInterpolation] = []

    /// Lexes `bytes` at once; read ``tokens`` and ``problems``.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        run()
    }

    /// Lexes the bytes of a string's interpolation, whose first byte is at `line` and `column` of its file:
    /// the tokens carry the file's places.
    init(_ bytes: [UInt8], line: Int, column: Int) {
        self.bytes = bytes
        self.line = line
        lineStart = 1 - column
        run(script: false)
    }

    package init(_ text: String) { self.init(Array(text.utf8)) }

    private mutating func run(script: Bool = true) {
        // A script's shebang line (`#!/usr/bin/swift`), which Swift allows as the first line.
        if script, bytes.starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")]) {
            while let b = peek(), b != UInt8(ascii: "\n") { advance() }
        }
        while index < bytes.count {
            let start = index, startLine = line, startColumn = index - lineStart + 1
            interpolations = []
            guard let kind = scanToken() else {
                sawTrivia = true
                continue
            }
            assert(index > start)
            if !conditionals.isEmpty, !conditionals[conditionals.count - 1].isRead {
                conditionals[conditionals.count - 1].branch.lastLine = line  // code in a branch not read: dropped
                continue
            }
            var text = String(decoding: bytes[start..<index], as: UTF8.self)
            if kind == .identifier, text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 {
                text = String(text.dropFirst().dropLast())
            }
            if kind == .invalid {
                problems.append(SwiftSyntaxProblem(line: startLine, column: startColumn, message: "unexpected \(describe(text))"))
            }
            var token = SwiftToken(
                kind: kind, text: text, line: startLine, column: startColumn, startsLine: sawLineBreak, followsSpace: sawTrivia)
            if kind == .string { token.interpolations = interpolations }
            tokens.append(token)
            sawLineBreak = false
            sawTrivia = false
        }
        while !conditionals.isEmpty { endConditional() }  // an #if without #endif ends with the file
    }

    private func describe(_ text: String) -> String {
        let short = text.count > 20 ? String(text.prefix(20)) + "…" : text
        return "'\(short.replacingOccurrences(of: "\n", with: "\\n"))'"
    }

    func peek(_ offset: Int = 0) -> UInt8? {
        let at = index + offset
        return at < bytes.count ? bytes[at] : nil
    }

    /// Consumes one byte, keeping line and column.
    mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
            sawLineBreak = true
        }
        index += 1
    }

    /// Scans one token or skips trivia (then `nil`); always consumes at least one byte.
    private mutating func scanToken() -> SwiftToken.Kind? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), 0x0B, 0x0C, 0:
            advance()
            return nil
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            while let b = peek(), b != UInt8(ascii: "\n") { advance() }
            return nil
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            return skipBlockComment() ? nil : .invalid
        case UInt8(ascii: "/") where pendingRegex == index || startsBareRegex():
            pendingRegex = nil
            return scanBareRegex()
        case UInt8(ascii: "\""):
            return scanString(hashes: 0, depth: 0) ? .string : .invalid
        case UInt8(ascii: "#"):
            return scanPound()
        case UInt8(ascii: "@"):
            advance()
            scanIdentifierBody()
            return .attribute
        case UInt8(ascii: "`"):
            advance()
            while let b = peek(), b != UInt8(ascii: "`"), b != UInt8(ascii: "\n") { advance() }
            if peek() == UInt8(ascii: "`") { advance(); return .identifier }
            return .invalid
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            scanNumber()
            return .number
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"):
            advance()
            return .punctuation
        case UInt8(ascii: "."):
            if peek(1) == UInt8(ascii: ".") { scanOperator(); return .operator }
            advance()
            return .punctuation
        default:
            if Self.isIdentifierStart(byte) {
                scanIdentifierBody()
                return .identifier
            }
            if Self.isOperator(byte) {
                scanOperator()
                return .operator
            }
            advance()
            return .invalid
        }
    }

    static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80
    }

    static func isIdentifierBody(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    static func isOperator(_ b: UInt8) -> Bool {
        "=-+!*%<>&|^~?/\\".utf8.contains(b)
    }

    private mutating func scanIdentifierBody() {
        while let b = peek(), Self.isIdentifierBody(b) { advance() }
    }

    /// An operator may hold `.` only if it starts with one (`...`, `..<`), as in Swift: `>.` in
    /// `Activity<A>.activities` is `>` then `.`.
    private mutating func scanOperator() {
        let dotted = bytes[index] == UInt8(ascii: ".")
        let regex = dotted ? nil : regexInPrefixOperator()
        advance()
        while let b = peek(), Self.isOperator(b) || (dotted && b == UInt8(ascii: ".")) {
            if b == UInt8(ascii: "/"), let next = peek(1), next == UInt8(ascii: "/") || next == UInt8(ascii: "*") { break }
            if index == regex {
                pendingRegex = index  // `^^/x/`: the prefix operator ends where the literal starts
                break
            }
            advance()
        }
    }

    private mutating func scanNumber() {
        while let b = peek() {
            if Self.isIdentifierBody(b) {
                let wasExponent = "eEpP".utf8.contains(b) && !isHexPrefix()
                advance()
                if wasExponent, let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { advance() }
            } else if b == UInt8(ascii: "."), let next = peek(1), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                advance()
            } else {
                break
            }
        }
    }

    /// Whether the number being scanned started with `0x` (where `e` is a digit, not an exponent).
    private func isHexPrefix() -> Bool {
        var start = index
        while start > 0, Self.isIdentifierBody(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".") { start -= 1 }
        return start + 1 < bytes.count && bytes[start] == UInt8(ascii: "0")
            && (bytes[start + 1] == UInt8(ascii: "x") || bytes[start + 1] == UInt8(ascii: "X"))
    }

    /// Skips `/* … */` with nesting; `false` if it runs to the end of the input.
    private mutating func skipBlockComment() -> Bool {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                advance(); advance()
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                advance(); advance()
                if depth == 0 { return true }
            } else {
                advance()
            }
        }
        return false
    }

    /// `#` starts a raw string, a directive (`#if`, dropped with its condition) or a pound keyword.
    private mutating func scanPound() -> SwiftToken.Kind? {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "/"), let length = extendedRegexLength(hashes: hashes) {
            for _ in 0..<length { advance() }  // `#/…/#`, `##/…/##`: always a regex literal
            return .string
        }
        if peek(hashes) == UInt8(ascii: "\"") {
            for _ in 0..<hashes { advance() }
            return scanString(hashes: hashes, depth: 0) ? .string : .invalid
        }
        advance()
        let wordStart = index
        scanIdentifierBody()
        let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
        switch word {
        case "if", "elseif", "else", "endif":
            let at = (line: line, column: index - lineStart - word.utf8.count)
            let conditionStart = index
            skipDirectiveRest(keepsParenthesized: false)
            let condition = String(decoding: bytes[conditionStart..<index], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            conditional(word, condition, at: at)
            return nil
        case "sourceLocation", "warning", "error":
            skipDirectiveRest(keepsParenthesized: true)
            return nil
        case "":
            return .invalid
        default:
            return .poundKeyword
        }
    }

    /// Drops the rest of a directive's line (its condition), or its parenthesized argument.
    private mutating func skipDirectiveRest(keepsParenthesized: Bool) {
        if keepsParenthesized {
            while let b = peek(), b == UInt8(ascii: " ") { advance() }
            guard peek() == UInt8(ascii: "(") else { return }
            var depth = 0
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "\"") { _ = scanString(hashes: 0, depth: 0); continue }
                advance()
                if b == UInt8(ascii: "(") { depth += 1 } else if b == UInt8(ascii: ")") { depth -= 1; if depth == 0 { return } }
            }
            return
        }
        while let b = peek(), b != UInt8(ascii: "\n") {
            if b == UInt8(ascii: "/"), let next = peek(1), next == UInt8(ascii: "/") || next == UInt8(ascii: "*") { return }
            advance()
        }
    }

    /// Scans a string literal starting at its first `"` (after any raw `#`s), up to and including
    /// its closing delimiter. `false` if it is unterminated (the token then runs to where it stopped).
    private mutating func scanString(hashes: Int, depth: Int) -> Bool {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        let quotes = multiline ? 3 : 1
        for _ in 0..<quotes { advance() }
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\n") && !multiline { return false }
            if b == UInt8(ascii: "\""), closes(quotes: quotes, hashes: hashes) {
                for _ in 0..<(quotes + hashes) { advance() }
                return true
            }
            if b == UInt8(ascii: "\\"), escapeHashes(hashes) {
                for _ in 0...hashes { advance() }
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "(") {
                    let open = index, openLine = line, openColumn = index - lineStart + 1
                    guard depth < Self.maxNesting, scanInterpolation(depth: depth + 1) else { return false }
                    if depth == 0 {
                        interpolations.append(SwiftInterpolation(bytes: open..<index, line: openLine, column: openColumn))
                    }
                } else {
                    advance()
                }
                continue
            }
            advance()
        }
        return false
    }

    private func closes(quotes: Int, hashes: Int) -> Bool {
        for offset in 0..<quotes where peek(offset) != UInt8(ascii: "\"") { return false }
        for offset in 0..<hashes where peek(quotes + offset) != UInt8(ascii: "#") { return false }
        return true
    }

    /// Whether the `\` at the current byte is followed by the literal's `#`s, making it an escape.
    private func escapeHashes(_ hashes: Int) -> Bool {
        for offset in 0..<hashes where peek(1 + offset) != UInt8(ascii: "#") { return false }
        return true
    }

    /// Scans `( … )` of an interpolation, strings inside it included; `false` if unterminated.
    private mutating func scanInterpolation(depth: Int) -> Bool {
        var parens = 0
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                guard scanString(hashes: 0, depth: depth) else { return false }
                continue
            }
            if b == UInt8(ascii: "#"), rawStringAhead() {
                var hashes = 0
                while peek() == UInt8(ascii: "#") { hashes += 1; advance() }
                guard scanString(hashes: hashes, depth: depth) else { return false }
                continue
            }
            if b == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                guard skipBlockComment() else { return false }
                continue
            }
            advance()
            if b == UInt8(ascii: "(") {
                parens += 1
            } else if b == UInt8(ascii: ")") {
                parens -= 1
                if parens == 0 { return true }
            }
        }
        return false
    }

    private func rawStringAhead() -> Bool {
        var offset = 0
        while peek(offset) == UInt8(ascii: "#") { offset += 1 }
        return peek(offset) == UInt8(ascii: "\"")
    }
}
