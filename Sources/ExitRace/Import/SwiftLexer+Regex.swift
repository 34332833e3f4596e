/// Regex literals (SE-0354, "Regex Literals", Swift 5.7; bare `/…/` literals are Swift 6's default): `#/…/#`
/// (any number of `#`, multi-line when the opening delimiter ends its line) is always one; a bare `/…/` is
/// one only where an expression can start, as the proposal's heuristics say:
///
/// - the opening `/` is not bound to what is before it (whitespace, or `(`, `[`, `{`, `,`, `;`, `:` precede
///   it); written with whitespace on both sides, it is a binary `/` unless the token before it cannot end an
///   expression (an operator, an opening delimiter, a keyword other than `true`, `false`, `nil`, `self`, …);
///   never after `func` or `operator` (an operator's declaration);
/// - it does not start with a space or tab, nor end with one before the closing `/`, and the closing `/` is on
///   the same line, not followed by `/` or `*` (a comment);
/// - it holds no unbalanced `)` (outside a custom character class `[…]` and escapes), so `(/x).foo(/y)` and
///   `bar(/x)/2` stay operators;
/// - operator characters before the `/` in an expression position are a prefix operator of their own (`^^/x/`).
///
/// A literal is one `string` token: its braces, quotes and slashes are the regex's, not Swift's.
extension SwiftLexer {
    /// Keywords an expression may follow (`return /x/`, `case /x/`, `= try /x/`); not `true`, `self`, … which end one.
    private static let keywordsBeforeExpressions: Set<String> = [
        "return", "throw", "try", "await", "in", "case", "if", "guard", "while", "where", "else", "repeat", "switch",
        "for", "do", "defer", "is", "as", "yield", "consume", "copy", "discard", "then", "some", "any", "each", "let",
        "var", "inout", "throws", "rethrows", "async", "catch", "default",
    ]

    /// Whether the `/` here starts a bare regex literal.
    func startsBareRegex() -> Bool {
        bareRegexLength(at: index, operatorStart: index) != nil
    }

    /// `/…/` here: the literal; or, if it is not one after all, the operator it starts.
    mutating func scanBareRegex() -> SwiftToken.Kind {
        guard let length = regexBody(from: index, mustBeRegex: true) else {
            advance()
            return .operator
        }
        for _ in 0..<length { advance() }
        return .string
    }

    /// In an operator that starts here, where a regex literal starts after a prefix operator (`^^/x/`), if one does.
    func regexInPrefixOperator() -> Int? {
        var slash = index + 1
        while slash < bytes.count, Self.isOperator(bytes[slash]), bytes[slash] != UInt8(ascii: "/") { slash += 1 }
        guard slash < bytes.count, bytes[slash] == UInt8(ascii: "/") else { return nil }
        return bareRegexLength(at: slash, operatorStart: index) != nil ? slash : nil
    }

    /// The length of a bare regex literal at `start`, in an operator run that begins at `operatorStart`; `nil`
    /// when the heuristics above say it is an operator.
    private func bareRegexLength(at start: Int, operatorStart: Int) -> Int? {
        if let previous = tokens.last, previous.kind == .identifier, previous.text == "func" || previous.text == "operator" {
            return nil  // `func /^/ (…)`, `operator /^/`: an operator's name
        }
        let leftBound = !sawTrivia && operatorStart > 0 && !"([{,;:".utf8.contains(bytes[operatorStart - 1])
        guard !leftBound else { return nil }
        var end = operatorStart
        while end < bytes.count, Self.isOperator(bytes[end]) { end += 1 }
        let rightBound = end < bytes.count && !Self.isWhitespace(bytes[end])
        var mustBeRegex = false
        if !rightBound {
            // Spaced on both sides: a binary operator, unless no expression can end before it.
            guard inRegexPosition() else { return nil }
            mustBeRegex = tokens.last?.kind == .operator
        }
        return regexBody(from: start, mustBeRegex: mustBeRegex)
    }

    /// Whether the token before this one cannot end an expression, so an expression starts here.
    private func inRegexPosition() -> Bool {
        guard let previous = tokens.last else { return true }
        switch previous.kind {
        case .punctuation: return ["(", "[", "{", ",", ":", ";"].contains(previous.text)
        case .operator:
            if previous.text == "->" || previous.text == "..." || previous.text.hasPrefix(">") { return false }
            return previous.followsSpace || !sawTrivia  // a postfix operator (`x! / y`) ends an expression
        case .identifier: return Self.keywordsBeforeExpressions.contains(previous.text)
        case .number, .string, .attribute, .poundKeyword: return false
        case .invalid: return true
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// The length of `/…/` from the opening `/` at `start` to its closing one; `nil` when it is not a regex.
    /// With `mustBeRegex` (after a binary operator, or already decided), spaces at its ends and an unbalanced
    /// `)` do not rule it out.
    private func regexBody(from start: Int, mustBeRegex: Bool) -> Int? {
        var at = start + 1
        guard at < bytes.count else { return nil }
        let first = bytes[at]
        if first == UInt8(ascii: "*") || first == UInt8(ascii: "/") { return nil }  // a comment
        if !mustBeRegex, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { return nil }
        var groups = 0, classes = 0, lastSpace = -1
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "/") {
                if let next = at + 1 < bytes.count ? bytes[at + 1] : nil, next == UInt8(ascii: "/") || next == UInt8(ascii: "*") {
                    return nil
                }
                if !mustBeRegex, lastSpace == at - 1 { return nil }
                return at + 1 - start
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
            case UInt8(ascii: "\\"):
                at += 1
                guard at < bytes.count, bytes[at] != UInt8(ascii: "\n"), bytes[at] != UInt8(ascii: "\r") else { return nil }
            case UInt8(ascii: "(") where classes == 0: groups += 1
            case UInt8(ascii: ")") where classes == 0:
                if groups == 0 { if !mustBeRegex { return nil } } else { groups -= 1 }
            case UInt8(ascii: "["): classes += 1
            case UInt8(ascii: "]"): if classes > 0 { classes -= 1 }
            case UInt8(ascii: " "), UInt8(ascii: "\t"): lastSpace = at
            default: break
            }
            at += 1
        }
        return nil
    }

    /// The length of `#…#/…/#…#` from its first `#` (with `hashes` of them) to the end of its closing
    /// delimiter; `nil` when it is not closed (on its line, or, multi-line, anywhere). A multi-line literal
    /// (only spaces before the end of the opening line) may span lines; escapes are skipped.
    func extendedRegexLength(hashes: Int) -> Int? {
        var at = index + hashes + 1
        var scan = at
        while scan < bytes.count, bytes[scan] == UInt8(ascii: " ") || bytes[scan] == UInt8(ascii: "\t") { scan += 1 }
        let multiline = scan < bytes.count && (bytes[scan] == UInt8(ascii: "\n") || bytes[scan] == UInt8(ascii: "\r"))
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "/"), closesExtendedRegex(at: at, hashes: hashes) { return at + 1 + hashes - index }
            if !multiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
            at += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return nil
    }

    private func closesExtendedRegex(at slash: Int, hashes: Int) -> Bool {
        for offset in 1...hashes where slash + offset >= bytes.count || bytes[slash + offset] != UInt8(ascii: "#") { return false }
        return true
    }
}
