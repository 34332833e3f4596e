/// One token of Swift source, as ``SwiftLexer`` reads it.
package struct SwiftToken: Equatable, Sendable {
    /// What a token is; the parser needs no finer distinction.
    package enum Kind: Equatable, Sendable {
        /// A name or keyword: `func`, `Task`, `self`, `` `default` `` (without its backticks).
        case identifier
        /// An integer or floating-point literal, with its underscores and exponent.
        case number
        /// A string literal, whole: quotes, raw `#`s, interpolations and all.
        case string
        /// `@MainActor`, `@objc`: the text holds the name with its `@`.
        case attribute
        /// `#selector`, `#available`, `#file`: a pound keyword that is part of an expression.
        case poundKeyword
        /// `(` `)` `{` `}` `[` `]` `,` `:` `;`, or a `.` starting a member.
        case punctuation
        /// Any operator: `==`, `->`, `?`, `!`, `&&`, `=`, `+`.
        case `operator`
        /// A byte sequence that is no Swift token (an unterminated string or comment, a stray byte):
        /// the lexer records a problem for it and goes on.
        case invalid
    }

    package var kind: Kind
    /// The token's text (invalid UTF-8 replaced), without the backticks of an escaped identifier.
    package var text: String
    /// 1-based line of the first byte.
    package var line: Int
    /// 1-based column of the first byte, counted in bytes.
    package var column: Int
    /// Whether a line break separates this token from the one before (Swift ends statements there).
    package var startsLine: Bool
    /// Whether whitespace or a comment separates this token from the one before: `a?` is optional
    /// chaining, `a ? b : c` a conditional; `f(x)` is a call, `f (x)` on a new line is not.
    package var followsSpace: Bool
    /// A string literal's interpolations `\( … )`, its own (not those of strings nested in them), in order.
    package var interpolations: [SwiftInterpolation] = []

    package init(kind: Kind, text: String, line: Int, column: Int, startsLine: Bool, followsSpace: Bool = true) {
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column
        self.startsLine = startsLine
        self.followsSpace = followsSpace || startsLine
    }

    /// Whether the token is the punctuation or operator `text`.
    package func isSymbol(_ symbol: String) -> Bool {
        (kind == .punctuation || kind == .operator) && text == symbol
    }

    /// Whether the token is the identifier or keyword `word`.
    package func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// Where one interpolation of a string literal is in the file: the bytes from its `(` to its `)`, both
/// included, and the line and column of its `(`; the parser reads the expressions in it.
package struct SwiftInterpolation: Equatable, Sendable {
    package var bytes: Range<Int>
    package var line: Int
    package var column: Int
}

/// A problem the lexer or parser found in the source, with where it is.
package struct SwiftSyntaxProblem: Equatable, Sendable {
    package var line: Int
    package var column: Int
    package var message: String
}
