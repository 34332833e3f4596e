/// Parses the tokens of one Swift file into ``SwiftFile``: declarations, and in bodies the
/// statements and expressions of ``SwiftStatement`` and ``SwiftExpr``. Anything else is skipped by
/// balanced delimiters.
///
/// Every loop consumes at least one token per turn, and nesting deeper than ``maxDepth`` is skipped
/// without recursion, so any token sequence parses in linear time without overflowing the stack.
package struct SwiftParser {
    /// How deeply declarations, statements and expressions may nest before the rest is skipped.
    package static let maxDepth = 150
    /// How many links (member accesses, calls, trailing closures, generic argument lists) may lie
    /// on one path into an expression before the rest of a chain is read and dropped and the file
    /// refused. Each link wraps the chain before it, and the walks over expressions and the release
    /// of the tree recurse once a link: a chain of 25,000 `.b` overflowed the stack (2026-12-02).
    /// A link holding arguments or closures stands above the links in them, so chains in a closure
    /// of a chain count with it; chains side by side (a view's children, an array's elements) do
    /// not add up. 1,000 links on a path take well under the 512 KB a secondary thread has on macOS.
    package static let maxChainLinks = 1_000

    private let tokens: [SwiftToken]
    /// The bytes the tokens were read from: a string's interpolations are read from them.
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// The most chain links on one path into what was parsed since the innermost measure began
    /// (``measuringLinks(_:)``): the height chains give the tree, which ``maxChainLinks`` bounds.
    private var pathLinks = 0
    /// Whether a chain of the outermost expression being parsed was cut (its problem is noted once),
    /// and how many expressions are being parsed, one inside another (0 between expressions).
    private var chainCut = false
    private var expressionDepth = 0
    private var problems: [SwiftSyntaxProblem] = []
    /// The type the last `: Type` annotation skipped names, when it is a plain name (`AppDelegate!`) or a
    /// generic type's (`Activity<A>?` → `Activity`).
    private var annotatedType: String?
    /// The key path of the last declaration's `@Environment(\.key)` attribute.
    private var environmentKey: String?

    /// Lexes and parses one file's bytes; `path` is only carried along for references.
    package static func parse(path: String, bytes: [UInt8]) -> SwiftFile {
        let lexer = SwiftLexer(bytes)
        var parser = SwiftParser(tokens: lexer.tokens, bytes: bytes)
        parser.problems = lexer.problems
        let declarations = parser.parseDeclarations()
        while parser.index < parser.tokens.count {
            let token = parser.tokens[parser.index]
            parser.problem(token, "unbalanced '\(token.text)': no matching opening delimiter")
            parser.index += 1
            _ = parser.parseDeclarations()
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        return SwiftFile(
            path: path, declarations: declarations, lines: lines, problems: parser.problems,
            skippedBranches: lexer.skippedBranches)
    }

    init(tokens: [SwiftToken], bytes: [UInt8] = []) {
        self.tokens = tokens
        self.bytes = bytes
    }

    // MARK: - Tokens

    private var current: SwiftToken? { index < tokens.count ? tokens[index] : nil }
    private func peek(_ offset: Int) -> SwiftToken? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }
    private func at(_ symbol: String) -> Bool { current?.isSymbol(symbol) ?? false }
    private func atWord(_ word: String) -> Bool { current?.isWord(word) ?? false }
    private var location: SwiftLocation {
        current.map(SwiftLocation.init) ?? tokens.last.map(SwiftLocation.init) ?? SwiftLocation(line: 1, column: 1)
    }

    private mutating func problem(_ token: SwiftToken, _ message: String) {
        problems.append(SwiftSyntaxProblem(line: token.line, column: token.column, message: message))
    }

    private static let openers: Set<String> = ["(", "[", "{"]
    private static let closers: Set<String> = [")", "]", "}"]

    private func isOpener(_ token: SwiftToken) -> Bool { token.kind == .punctuation && Self.openers.contains(token.text) }
    private func isCloser(_ token: SwiftToken) -> Bool { token.kind == .punctuation && Self.closers.contains(token.text) }

    /// Skips one token, or a whole bracketed group if it starts one; without recursion.
    private mutating func skipBalanced() {
        guard let first = current else { return }
        index += 1
        guard isOpener(first) else { return }
        var open: [String] = [first.text]
        while let token = current, !open.isEmpty {
            if isOpener(token) {
                open.append(token.text)
            } else if isCloser(token) {
                if Self.matches(open.last!, token.text) {
                    open.removeLast()
                } else {
                    // A stray closer of another kind: report it and take it as closing the innermost group.
                    problem(token, "unbalanced '\(token.text)' inside '\(open.last!)'")
                    open.removeLast()
                }
            }
            index += 1
        }
        if !open.isEmpty { problem(first, "'\(first.text)' is never closed") }
    }

    /// Skips up to the next `{` or `}` (not consumed), groups whole.
    private mutating func skipUntilBrace() {
        while let token = current, !token.isSymbol("{"), !token.isSymbol("}") { skipBalanced() }
    }

    private static func matches(_ opener: String, _ closer: String) -> Bool {
        (opener == "(" && closer == ")") || (opener == "[" && closer == "]") || (opener == "{" && closer == "}")
    }

    /// Consumes the closer `symbol` or reports what stands there instead.
    private mutating func expectClose(_ symbol: String, openedAt opener: SwiftToken) {
        if at(symbol) {
            index += 1
        } else if let token = current {
            problem(token, "expected '\(symbol)' closing the '\(opener.text)' of line \(opener.line), found '\(token.text)'")
        } else {
            problem(opener, "'\(opener.text)' is never closed")
        }
    }

    // MARK: - Declarations

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "final", "static", "override", "mutating",
        "nonmutating", "nonisolated", "lazy", "weak", "unowned", "required", "convenience", "dynamic", "optional",
        "indirect", "package", "isolated", "consuming", "borrowing", "distributed",
    ]
    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "actor", "extension", "protocol"]
    private static let skippedDeclarations: Set<String> = [
        "import", "typealias", "associatedtype", "subscript", "operator", "precedencegroup", "case", "macro",
    ]

    /// Declarations until a `}` (not consumed) or the end.
    mutating func parseDeclarations() -> [SwiftDecl] {
        var declarations: [SwiftDecl] = []
        while let token = current, !token.isSymbol("}") {
            let start = index
            if let declaration = parseDeclaration() { declarations.append(declaration) }
            if index == start { skipBalanced() }
        }
        return declarations
    }

    /// Attributes and modifiers before a declaration.
    private mutating func parsePrefixes() -> (attributes: [String], modifiers: [String]) {
        var attributes: [String] = [], modifiers: [String] = []
        environmentKey = nil
        while let token = current {
            if token.kind == .attribute {
                attributes.append(token.text)
                index += 1
                if token.text == "@Environment", at("("), peek(1)?.text == "\\", peek(2)?.isSymbol(".") == true,
                    let key = peek(3), key.kind == .identifier
                {
                    environmentKey = key.text  // `@Environment(\.scenePhase)`
                }
                if at("("), current?.followsSpace == false { skipBalanced() }
            } else if token.kind == .identifier, Self.modifiers.contains(token.text) || isClassModifier(token) {
                modifiers.append(token.text)
                index += 1
                if at("("), current?.followsSpace == false { skipBalanced() }  // private(set)
            } else {
                break
            }
        }
        return (attributes, modifiers)
    }

    /// `class func`, `class var`: `class` as a modifier, not a type.
    private func isClassModifier(_ token: SwiftToken) -> Bool {
        guard token.text == "class", let next = peek(1) else { return false }
        return ["func", "var", "let", "subscript"].contains(next.text) || Self.modifiers.contains(next.text)
    }

    private mutating func parseDeclaration() -> SwiftDecl? {
        let (attributes, modifiers) = parsePrefixes()
        guard let token = current, token.kind == .identifier else { return nil }
        if Self.typeKeywords.contains(token.text) { return parseType(attributes, modifiers) }
        switch token.text {
        case "func", "init", "deinit": return parseFunction(attributes, modifiers)
        case "var", "let": return parseProperty(attributes, modifiers)
        default:
            if Self.skippedDeclarations.contains(token.text) { skipDeclarationRest() }
            return nil
        }
    }

    /// Skips to the next token that starts a line outside brackets, or a `}` that closes the scope.
    private mutating func skipDeclarationRest() {
        skipBalanced()
        while let token = current, !token.startsLine, !token.isSymbol("}") { skipBalanced() }
    }

    private mutating func nested<T>(_ fallback: T, _ body: (inout SwiftParser) -> T) -> T {
        guard depth < Self.maxDepth else {
            if let token = current { problem(token, "nested more than \(Self.maxDepth) levels deep: skipped") }
            skipBalanced()
            return fallback
        }
        depth += 1
        defer { depth -= 1 }
        return body(&self)
    }

    private mutating func parseType(_ attributes: [String], _ modifiers: [String]) -> SwiftDecl? {
        let keyword = tokens[index]
        index += 1
        var name = ""
        while let token = current, token.kind == .identifier || (token.isSymbol(".") && !name.isEmpty) {
            name += token.text
            index += 1
        }
        var inherits: [String] = []
        var entry = ""
        var angle = 0
        while let token = current, !token.isSymbol("{"), !token.isSymbol("}") {
            if token.isWord("where") && angle == 0 { break }
            if token.kind == .operator { angle += token.text.filter { $0 == "<" }.count - token.text.filter { $0 == ">" }.count }
            if token.isSymbol(",") && angle == 0 || token.isSymbol(":") && angle == 0 {
                if !entry.isEmpty { inherits.append(entry) }
                entry = ""
            } else if angle == 0, token.kind == .identifier || token.isSymbol(".") {
                entry += token.text
            }
            skipBalanced()
        }
        if !entry.isEmpty { inherits.append(entry) }
        while let token = current, !token.isSymbol("{"), !token.isSymbol("}") { skipBalanced() }
        guard let open = current, open.isSymbol("{") else { return nil }
        index += 1
        let members = nested([]) { $0.parseDeclarations() }
        expectClose("}", openedAt: open)
        return .type(SwiftTypeDecl(
            keyword: keyword.text, name: name, attributes: attributes, modifiers: modifiers, inherits: inherits,
            members: members, location: SwiftLocation(keyword)))
    }

    private mutating func parseFunction(_ attributes: [String], _ modifiers: [String]) -> SwiftDecl? {
        let keyword = tokens[index]
        index += 1
        var name = keyword.text
        if keyword.text == "func", let token = current, token.kind == .identifier || token.kind == .operator {
            name = token.text
            index += 1
        }
        while let token = current, !token.isSymbol("("), !token.isSymbol("{"), !token.startsLine { skipBalanced() }
        var labels: [String] = [], names: [String] = []
        if at("("), let open = current {
            (labels, names) = parameterLabels()
            if index < tokens.count, !at(")") { problem(open, "a parameter list that does not close") }
            if at(")") { index += 1 }
        }
        var isAsync = false
        while let token = current, !token.isSymbol("{"), !token.isSymbol("}") {
            if token.startsLine, token.kind == .identifier || token.kind == .attribute, !token.isWord("where"),
                !token.isWord("async"), !token.isWord("throws"), !token.isWord("rethrows")
            {
                break
            }
            if token.isWord("async") { isAsync = true }
            skipBalanced()
        }
        var body: [SwiftStatement]?
        if at("{") { body = parseBlock() }
        var function = SwiftFunction(
            name: name, parameterLabels: labels, attributes: attributes, modifiers: modifiers, isAsync: isAsync,
            body: body, location: SwiftLocation(keyword))
        function.parameterNames = names
        return .function(function)
    }

    /// Reads `(label name: Type = default, …)` up to its `)` (not consumed): the first word of each
    /// (its label), and the name the body uses (the second word when there are two, else the first).
    private mutating func parameterLabels() -> (labels: [String], names: [String]) {
        index += 1
        var labels: [String] = [], names: [String] = []
        var expectLabel = true
        while let token = current, !token.isSymbol(")") {
            if token.isSymbol("}") || token.isSymbol("]") { break }
            if expectLabel, token.kind == .identifier {
                labels.append(token.text)
                names.append(peek(1).map { $0.kind == .identifier ? $0.text : token.text } ?? token.text)
            }
            expectLabel = token.isSymbol(",")
            skipBalanced()
        }
        return (labels, names)
    }

    private mutating func parseProperty(_ attributes: [String], _ modifiers: [String]) -> SwiftDecl? {
        let keyword = tokens[index]
        let environmentKey = self.environmentKey
        index += 1
        let name = boundName()
        var property = SwiftProperty(
            name: name, value: nil, location: SwiftLocation(keyword), type: annotatedType, constant: keyword.text == "let")
        property.modifiers = modifiers
        property.environmentKey = environmentKey
        if at("=") {
            index += 1
            property.value = parseExpression(trailingClosures: true)
        }
        if at("{"), current?.startsLine == false {
            guard startsAccessorBlock() else {
                // `var name: T { … }`: a computed property, its block the getter.
                var getter = SwiftFunction(
                    name: name, parameterLabels: [], attributes: attributes, modifiers: modifiers, isAsync: false,
                    body: parseBlock(), location: SwiftLocation(keyword))
                getter.accessor = "get"
                return .function(getter)
            }
            property.accessors = parseAccessors(of: name, attributes: attributes)
        }
        return .property(property)
    }

    private static let accessorWords: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify", "init"]

    /// Whether the `{` here opens a property's accessor block (`{ get … set … }`, `{ didSet { … } }`) rather
    /// than a getter's body or a trailing closure.
    private func startsAccessorBlock() -> Bool {
        var offset = 1
        while let token = peek(offset), token.kind == .attribute || token.isWord("mutating") || token.isWord("nonmutating") {
            offset += 1
        }
        guard let word = peek(offset), word.kind == .identifier, Self.accessorWords.contains(word.text),
            let next = peek(offset + 1)
        else { return false }
        return next.isSymbol("{") || next.isSymbol("(") || next.isWord("async") || next.isWord("throws")
            || (next.isSymbol("}") && word.text != "init") || (next.kind == .identifier && Self.accessorWords.contains(next.text))
    }

    /// `{ get { … } set(newValue) { … } }`, `{ willSet { … } didSet { … } }`: each accessor with a body, as a
    /// function named after the property.
    private mutating func parseAccessors(of name: String, attributes: [String]) -> [SwiftFunction] {
        guard let open = current else { return [] }
        return nested([]) { parser in
            parser.index += 1
            var accessors: [SwiftFunction] = []
            while let token = parser.current, !token.isSymbol("}") {
                let start = parser.index
                let (_, modifiers) = parser.parsePrefixes()
                if let word = parser.current, word.kind == .identifier, Self.accessorWords.contains(word.text) {
                    parser.index += 1
                    var isAsync = false
                    while let t = parser.current, !t.isSymbol("{"), !t.isSymbol("}") {
                        if t.isWord("async") { isAsync = true }
                        parser.skipBalanced()
                    }
                    if parser.at("{") {
                        var accessor = SwiftFunction(
                            name: name, parameterLabels: [], attributes: attributes, modifiers: modifiers, isAsync: isAsync,
                            body: parser.parseBlock(), location: SwiftLocation(word))
                        accessor.accessor = word.text
                        accessors.append(accessor)
                    }
                }
                if parser.index == start { parser.skipBalanced() }
            }
            parser.expectClose("}", openedAt: open)
            return accessors
        }
    }

    /// Skips `: Type` up to `=`, `{`, the end of the line, or a closer; a plain `Name`, `Name!` or
    /// `Name?` is kept in ``annotatedType``.
    private mutating func skipTypeAnnotation() {
        annotatedType = nil
        guard at(":") else { return }
        index += 1
        let start = index
        if let token = current, token.kind == .identifier {
            var next = peek(1)
            if let mark = next, mark.text == "!" || mark.text == "?", !mark.followsSpace { next = peek(2) }
            if next.map({ $0.startsLine || $0.isSymbol("=") || $0.isSymbol("{") || isCloser($0) }) ?? true {
                annotatedType = token.text
            } else if let open = peek(1), open.kind == .operator, open.text == "<", !open.followsSpace {
                annotatedType = token.text  // `Activity<Attributes>?`: the generic type's name
            }
        }
        index = start
        while let token = current, !token.isSymbol("="), !token.isSymbol("{"), !isCloser(token), !token.isSymbol(",") {
            if token.startsLine && !token.isSymbol(".") { break }
            skipBalanced()
        }
    }

    // MARK: - Statements

    /// `{ statements }`, with the braces.
    mutating func parseBlock() -> [SwiftStatement] {
        guard let open = current, open.isSymbol("{") else { return [] }
        return nested([]) { parser in
            parser.index += 1
            let statements = parser.parseStatements()
            parser.expectClose("}", openedAt: open)
            return statements
        }
    }

    /// Statements until a `}` (not consumed) or the end.
    private mutating func parseStatements(untilCase: Bool = false) -> [SwiftStatement] {
        var statements: [SwiftStatement] = []
        while let token = current, !token.isSymbol("}") {
            if untilCase, token.isWord("case") || token.isWord("default") || token.kind == .attribute { break }
            let start = index
            if let statement = parseStatement() { statements.append(statement) }
            if index == start {
                statements.append(SwiftStatement(kind: .opaque(token.text), location: SwiftLocation(token)))
                skipBalanced()
            }
        }
        return statements
    }

    private mutating func parseStatement() -> SwiftStatement? {
        guard let token = current else { return nil }
        let here = SwiftLocation(token)
        func statement(_ kind: SwiftStatement.Kind) -> SwiftStatement { SwiftStatement(kind: kind, location: here) }
        if token.isSymbol(";") {
            index += 1
            return nil
        }
        if token.isWord("async"), peek(1)?.isWord("let") == true {
            index += 1
            guard case .binding(let name, let value)? = parseBinding() else { return nil }
            return statement(.asyncLet(name: name, value: value))
        }
        if token.kind == .attribute || (token.kind == .identifier && Self.modifiers.contains(token.text) && peek(1)?.kind == .identifier) {
            let saved = index
            let (attributes, modifiers) = parsePrefixes()
            if atWord("let") || atWord("var") || atWord("func") || current.map({ Self.typeKeywords.contains($0.text) }) == true {
                return parseDeclaration(attributes, modifiers).map { statement(.declaration($0)) }
            }
            index = saved
        }
        guard token.kind == .identifier else { return parseExpression(trailingClosures: true).map { statement(.expression($0)) } }
        switch token.text {
        case "let", "var": return parseBinding().map(statement)
        case "for": return parseFor().map(statement)
        case "if": return statement(parseIf())
        case "guard":
            index += 1
            let conditions = parseConditions(until: "else")
            if atWord("else") { index += 1 }
            return statement(.guardStatement(conditions: conditions, otherwise: parseBlock()))
        case "switch": return parseSwitch().map(statement)
        case "do":
            index += 1
            if atWord("throws") { skipUntilBrace() }  // `do throws(MyError) { … }`
            let body = parseBlock()
            var catches: [SwiftCatchClause] = []
            while let word = current, word.isWord("catch") {
                index += 1
                let start = index
                skipUntilBrace()
                let pattern = tokens[start..<index].enumerated().map { $0 > 0 && $1.followsSpace ? " " + $1.text : $1.text }
                    .joined()
                catches.append(SwiftCatchClause(pattern: pattern, body: parseBlock(), location: SwiftLocation(word)))
            }
            return statement(.doBlock(body, catches: catches))
        case "defer":
            index += 1
            return statement(.deferBlock(parseBlock()))
        case "while":
            index += 1
            let conditions = parseConditions(until: nil)
            return statement(.loop(keyword: "while", conditions: conditions, body: parseBlock()))
        case "repeat":
            index += 1
            let body = parseBlock()
            var conditions: [SwiftExpr] = []
            if atWord("while") {
                index += 1
                conditions = parseExpression(trailingClosures: false).map { [$0] } ?? []
            }
            return statement(.loop(keyword: "repeat", conditions: conditions, body: body))
        case "return", "throw", "break", "continue", "fallthrough":
            index += 1
            var value: SwiftExpr?
            if let next = current, !next.startsLine, !next.isSymbol("}"), !next.isSymbol(";") {
                value = parseExpression(trailingClosures: true)
            }
            return statement(.jump(token.text, value))
        default:
            if Self.typeKeywords.contains(token.text) || token.text == "func" {
                return parseDeclaration([], []).map { statement(.declaration($0)) }
            }
            return parseExpression(trailingClosures: true).map { statement(.expression($0)) }
        }
    }

    private mutating func parseDeclaration(_ attributes: [String], _ modifiers: [String]) -> SwiftDecl? {
        guard let token = current else { return nil }
        if Self.typeKeywords.contains(token.text) { return parseType(attributes, modifiers) }
        if token.isWord("func") { return parseFunction(attributes, modifiers) }
        return parseProperty(attributes, modifiers)
    }

    /// The name a `let`/`var` binds (`_` for a pattern, which is skipped), past its type annotation.
    private mutating func boundName() -> String {
        var name = "_"
        if let token = current, token.kind == .identifier {
            name = token.text
            index += 1
        } else {
            skipBalanced()
        }
        skipTypeAnnotation()
        return name
    }

    private mutating func parseBinding() -> SwiftStatement.Kind? {
        index += 1
        let name = boundName()
        guard at("=") else { return .binding(name: name, value: nil) }
        index += 1
        return .binding(name: name, value: parseExpression(trailingClosures: true))
    }

    private mutating func parseFor() -> SwiftStatement.Kind? {
        index += 1
        var pattern = ""
        // `for try await x in …`: the words before the pattern say the loop awaits; they are not the pattern's.
        var awaits = false
        while let token = current, token.isWord("try") || token.isWord("await") {
            if token.isWord("await") { awaits = true }
            index += 1
        }
        while let token = current, !token.isWord("in"), !token.isSymbol("{"), !token.isSymbol("}") {
            if token.kind == .identifier, !["case", "let", "var"].contains(token.text) { pattern += token.text }
            skipBalanced()
        }
        guard atWord("in") else { return nil }
        index += 1
        let sequence = parseExpression(trailingClosures: false) ?? SwiftExpr(kind: .opaque("for"), location: location)
        while let token = current, !token.isSymbol("{"), !token.isSymbol("}") { skipBalanced() }  // where …
        return .forIn(pattern: pattern, sequence: sequence, body: parseBlock(), awaits: awaits)
    }

    private mutating func parseIf() -> SwiftStatement.Kind {
        index += 1
        let conditions = parseConditions(until: nil)
        let then = parseBlock()
        var otherwise: [SwiftStatement]?
        if atWord("else") {
            index += 1
            if let token = current, token.isWord("if") {
                // Each `else if` nests in the one before: bounded as every nesting is.
                otherwise = [SwiftStatement(kind: nested(.opaque("if")) { $0.parseIf() }, location: SwiftLocation(token))]
            } else {
                otherwise = parseBlock()
            }
        }
        return .ifStatement(conditions: conditions, then: then, otherwise: otherwise)
    }

    /// Conditions separated by commas up to `{` (or the word `stop`); `let`/`case` patterns are skipped.
    private mutating func parseConditions(until stop: String?) -> [SwiftExpr] {
        var conditions: [SwiftExpr] = []
        while let token = current, !token.isSymbol("{"), !token.isSymbol("}") {
            if let stop, token.isWord(stop) { break }
            let start = index
            if token.isWord("case"), let dot = peek(1), dot.isSymbol("."), let name = peek(2), name.kind == .identifier,
                peek(3)?.isSymbol("=") == true
            {
                // `case .inactive = value`: kept as `.inactive ~= value` (a scene phase's test is read from it).
                index += 4
                let pattern = SwiftExpr(kind: .implicitMember(name.text), location: SwiftLocation(dot))
                if let value = parseExpression(trailingClosures: false) {
                    conditions.append(SwiftExpr(kind: .binary([pattern, value], operators: ["~="]), location: pattern.location))
                }
            } else if token.isWord("let") || token.isWord("var") || token.isWord("case") {
                // `let x = value`, `case .some(let x) = value`: the pattern is skipped, the value read (it may
                // await a call). `if let x` (SE-0345's shorthand for `if let x = x`) reads `x`: its condition.
                let shorthand = token.isWord("case") ? nil : peek(1).flatMap { $0.kind == .identifier ? $0 : nil }
                var valueRead = false
                while let t = current, !t.isSymbol(","), !t.isSymbol("{"), !t.isSymbol("}") {
                    if let stop, t.isWord(stop) { break }
                    if t.isSymbol("=") {
                        index += 1
                        if let value = parseExpression(trailingClosures: false) { conditions.append(value) }
                        valueRead = true
                        break
                    }
                    skipBalanced()
                }
                if !valueRead, let name = shorthand {
                    conditions.append(SwiftExpr(kind: .name(name.text), location: SwiftLocation(name)))
                }
            } else if let condition = parseExpression(trailingClosures: false) {
                conditions.append(condition)
            }
            if at(",") { index += 1 }
            if index == start { skipBalanced() }
        }
        return conditions
    }

    private mutating func parseSwitch() -> SwiftStatement.Kind? {
        index += 1
        let subject = parseExpression(trailingClosures: false) ?? SwiftExpr(kind: .opaque("switch"), location: location)
        while let token = current, !token.isSymbol("{"), !token.isSymbol("}") { skipBalanced() }
        guard let open = current, open.isSymbol("{") else { return nil }
        let cases: [SwiftSwitchCase] = nested([]) { parser in
            parser.index += 1
            var cases: [SwiftSwitchCase] = []
            while let token = parser.current, !token.isSymbol("}") {
                let start = parser.index
                if token.kind == .attribute { parser.index += 1; continue }  // @unknown
                if token.isWord("case") || token.isWord("default") {
                    cases.append(parser.parseCase())
                } else {
                    _ = parser.parseStatements(untilCase: true)
                }
                if parser.index == start { parser.skipBalanced() }
            }
            parser.expectClose("}", openedAt: open)
            return cases
        }
        return .switchStatement(subject: subject, cases: cases)
    }

    private mutating func parseCase() -> SwiftSwitchCase {
        let isDefault = atWord("default")
        index += 1
        var patterns: [SwiftExpr] = []
        while let token = current, !token.isSymbol(":"), !token.isSymbol("}") {
            let start = index
            if token.isWord("let") || token.isWord("var") || token.isWord("where") {
                skipBalanced()
            } else if let pattern = parseExpression(trailingClosures: false) {
                patterns.append(pattern)
            }
            if at(",") { index += 1 }
            if index == start { skipBalanced() }
        }
        if at(":") { index += 1 }
        return SwiftSwitchCase(patterns: patterns, isDefault: isDefault, body: parseStatements(untilCase: true))
    }

    // MARK: - Expressions

    /// `trailingClosures` is false in conditions (`if x {`), where a brace opens the body.
    mutating func parseExpression(trailingClosures: Bool) -> SwiftExpr? {
        if expressionDepth == 0 { chainCut = false }
        expressionDepth += 1
        defer { expressionDepth -= 1 }
        return nested(SwiftExpr(kind: .opaque("…"), location: location)) { parser in
            parser.parseBinary(trailingClosures: trailingClosures)
        }
    }

    private mutating func parseBinary(trailingClosures: Bool) -> SwiftExpr? {
        guard let first = parsePrefixed(trailingClosures: trailingClosures) else { return nil }
        var operands = [first], operators: [String] = []
        while let token = current {
            var op: String
            if token.kind == .operator, token.followsSpace || !(peek(1)?.followsSpace ?? true) || token.text == "=" {
                op = token.text
            } else if token.isWord("is") || token.isWord("as") {
                op = token.text
                if let next = peek(1), next.kind == .operator, !next.followsSpace, next.text == "?" || next.text == "!" {
                    op += next.text
                    index += 1
                }
            } else if token.isSymbol(":"), operators.last == "?" {
                op = ":"
            } else {
                break
            }
            index += 1
            guard let operand = parsePrefixed(trailingClosures: trailingClosures) else {
                operands.append(SwiftExpr(kind: .opaque(op), location: SwiftLocation(token)))
                operators.append(op)
                break
            }
            operators.append(op)
            operands.append(operand)
        }
        return operators.isEmpty ? first : SwiftExpr(kind: .binary(operands, operators: operators), location: first.location)
    }

    private mutating func parsePrefixed(trailingClosures: Bool) -> SwiftExpr? {
        guard let token = current else { return nil }
        let here = SwiftLocation(token)
        if token.isWord("await") || token.isWord("try") || token.isWord("consume") || token.isWord("copy") {
            index += 1
            var word = token.text
            if token.text == "try", let mark = current, mark.kind == .operator, !mark.followsSpace,
                mark.text == "?" || mark.text == "!"
            {
                word += mark.text
                index += 1
            }
            guard let operand = nested(nil, { $0.parsePrefixed(trailingClosures: trailingClosures) }) else {
                return SwiftExpr(kind: .opaque(word), location: here)
            }
            return SwiftExpr(kind: .prefix(word, operand), location: here)
        }
        if token.kind == .operator, !(peek(1)?.followsSpace ?? true), token.text != "\\" {
            index += 1
            guard let operand = nested(nil, { $0.parsePrefixed(trailingClosures: trailingClosures) }) else {
                return SwiftExpr(kind: .opaque(token.text), location: here)
            }
            return SwiftExpr(kind: .prefix(token.text, operand), location: here)
        }
        let (primary, links) = measuringLinks { $0.parsePrimary(trailingClosures: trailingClosures) }
        guard let primary else { return nil }
        return parsePostfix(primary, links: links, trailingClosures: trailingClosures)
    }

    private mutating func parsePrimary(trailingClosures: Bool) -> SwiftExpr? {
        guard let token = current else { return nil }
        let here = SwiftLocation(token)
        switch token.kind {
        case .identifier:
            if ["else", "in", "where", "case", "default", "catch"].contains(token.text) { return nil }
            index += 1
            return SwiftExpr(kind: .name(token.text), location: here)
        case .number, .string:
            index += 1
            var literal = SwiftExpr(kind: .literal(token.text), location: here)
            literal.embedded = nested([]) { $0.interpolated(token) }
            return literal
        case .poundKeyword:
            index += 1
            var arguments: [SwiftArgument] = []
            if at("("), current?.followsSpace == false { arguments = parseArguments() }
            return SwiftExpr(kind: .pound(token.text, arguments), location: here)
        case .punctuation:
            switch token.text {
            case ".":
                guard let name = peek(1), name.kind == .identifier || name.kind == .number else { return nil }
                index += 2
                return SwiftExpr(kind: .implicitMember(name.text), location: here)
            case "(":
                return SwiftExpr(kind: .tuple(parseArguments()), location: here)
            case "[":
                return SwiftExpr(kind: .collection(parseCollection()), location: here)
            case "{":
                return parseClosure().map { SwiftExpr(kind: .closure($0), location: here) }
            default:
                return nil
            }
        case .operator where token.text == "\\":
            index += 1  // a key path: \Type.member
            while let t = current, !t.followsSpace, t.kind == .identifier || t.isSymbol(".") { index += 1 }
            return SwiftExpr(kind: .opaque("\\"), location: here)
        case .attribute:
            index += 1
            return SwiftExpr(kind: .opaque(token.text), location: here)
        default:
            return nil
        }
    }

    /// The links after `primary`, which has `links` chain links on its longest path: each member
    /// access, call, trailing closure or generic argument list wraps the chain so far, one link
    /// above it and above the links in its own arguments and closures. A link that would put more
    /// than ``maxChainLinks`` on a path is read (its arguments and closures parsed as usual) and
    /// dropped, and the file refused.
    private mutating func parsePostfix(_ primary: SwiftExpr, links: Int, trailingClosures: Bool) -> SwiftExpr {
        var expr = primary
        var links = links
        defer { pathLinks = max(pathLinks, links) }
        while let token = current {
            if token.isSymbol("."), let name = peek(1), name.kind == .identifier || name.kind == .number {
                index += 2
                guard wraps(links + 1, at: token) else { continue }
                links += 1
                expr = SwiftExpr(kind: .member(expr, name.text), location: expr.location)
                expr.memberLocation = SwiftLocation(token)
            } else if token.isSymbol("("), !token.startsLine {
                let ((arguments, trailing), inner) = measuringLinks {
                    ($0.parseArguments(), $0.parseTrailingClosures(trailingClosures))
                }
                guard wraps(1 + max(links, inner), at: token) else { continue }
                links = 1 + max(links, inner)
                expr = SwiftExpr(kind: .call(expr, arguments, trailing: trailing), location: expr.location)
            } else if token.isSymbol("{"), trailingClosures, !token.startsLine, !startsAccessorBlock() {
                let (trailing, inner) = measuringLinks { $0.parseTrailingClosures(true) }
                guard wraps(1 + max(links, inner), at: token) else { continue }
                links = 1 + max(links, inner)
                expr = SwiftExpr(kind: .call(expr, [], trailing: trailing), location: expr.location)
            } else if token.isSymbol("["), !token.followsSpace {
                // A subscript: its indices are kept with the expression subscripted (an `await` in one runs first).
                let (indices, inner) = measuringLinks { $0.parseCollection().map(\.value) }
                links = max(links, inner)
                expr.embedded += indices
            } else if token.kind == .operator, !token.followsSpace, token.text == "?" || token.text == "!" {
                index += 1
            } else if token.kind == .operator, token.text == "<", !token.followsSpace, let names = genericArguments() {
                guard wraps(links + 1, at: token) else { continue }
                links += 1
                expr = SwiftExpr(kind: .generic(expr, names), location: expr.location)
            } else {
                break
            }
        }
        return expr
    }

    /// `body`'s result and the most chain links on one path into what it parsed.
    private mutating func measuringLinks<T>(_ body: (inout SwiftParser) -> T) -> (T, Int) {
        let outer = pathLinks
        pathLinks = 0
        let result = body(&self)
        let inner = pathLinks
        pathLinks = outer
        return (result, inner)
    }

    /// Whether a link that puts `height` chain links on a path may wrap its chain: not past
    /// ``maxChainLinks`` (the problem is noted at the first link dropped in an outermost expression).
    private mutating func wraps(_ height: Int, at token: SwiftToken) -> Bool {
        guard height > Self.maxChainLinks else { return true }
        noteChainCut(at: token)
        return false
    }

    private mutating func noteChainCut(at token: SwiftToken) {
        guard !chainCut else { return }
        chainCut = true
        problem(token, "a chain of more than \(TimeFormatting.grouped(Self.maxChainLinks)) member accesses and calls: the rest skipped")
    }

    /// The expressions in a string literal's interpolations (`\(a)`, `\(value, format: f)`), in order, each
    /// read from the file's bytes at its place; what cannot be read in one is left out (the lexer has
    /// found the literal whole, so the file's problems are not changed by it).
    /// Their chains count in the expression the literal is in (``maxChainLinks``), and one cut
    /// there is noted at the literal.
    private mutating func interpolated(_ token: SwiftToken) -> [SwiftExpr] {
        var expressions: [SwiftExpr] = []
        for interpolation in token.interpolations {
            guard interpolation.bytes.lowerBound >= 0, interpolation.bytes.upperBound <= bytes.count else { continue }
            let slice = Array(bytes[interpolation.bytes])
            let lexer = SwiftLexer(slice, line: interpolation.line, column: interpolation.column)
            var parser = SwiftParser(tokens: lexer.tokens, bytes: slice)
            parser.depth = depth
            parser.expressionDepth = expressionDepth
            expressions += parser.parseArguments().map(\.value)
            pathLinks = max(pathLinks, parser.pathLinks)
            if parser.chainCut { noteChainCut(at: token) }
        }
        return expressions
    }

    /// `<A, B.C>` right after a name, when it holds only type names; `nil` (nothing consumed) otherwise.
    private mutating func genericArguments() -> [String]? {
        var offset = 1, names: [String] = [], name = ""
        while let token = peek(offset) {
            if token.kind == .identifier || token.isSymbol(".") {
                name += token.text
            } else if token.isSymbol(",") {
                names.append(name)
                name = ""
            } else if token.kind == .operator, token.text == ">" {
                names.append(name)
                index += offset + 1
                return names
            } else {
                return nil
            }
            offset += 1
        }
        return nil
    }

    /// Trailing closures after a call: `{ … }` and then `label: { … }` ones.
    private mutating func parseTrailingClosures(_ allowed: Bool) -> [SwiftClosure] {
        guard allowed else { return [] }
        var closures: [SwiftClosure] = []
        if at("{"), current?.startsLine == false, let closure = parseClosure() { closures.append(closure) }
        while !closures.isEmpty, let label = current, label.kind == .identifier, !label.startsLine,
            peek(1)?.isSymbol(":") == true, peek(2)?.isSymbol("{") == true
        {
            index += 2
            guard let closure = parseClosure() else { break }
            closures.append(closure)
        }
        return closures
    }

    /// `( label: value, … )` with the parentheses.
    private mutating func parseArguments() -> [SwiftArgument] {
        guard let open = current, open.isSymbol("(") else { return [] }
        return nested([]) { parser in
            parser.index += 1
            var arguments: [SwiftArgument] = []
            while let token = parser.current, !token.isSymbol(")") {
                if token.isSymbol("}") || token.isSymbol("]") { break }
                let start = parser.index
                var label: String?
                if token.kind == .identifier, parser.peek(1)?.isSymbol(":") == true {
                    label = token.text
                    parser.index += 2
                }
                if let next = parser.current, next.isSymbol(",") || next.isSymbol(")") {
                    arguments.append(SwiftArgument(label: label, value: SwiftExpr(kind: .opaque("_"), location: SwiftLocation(next))))
                } else if let value = parser.parseExpression(trailingClosures: true) {
                    arguments.append(SwiftArgument(label: label, value: value))
                }
                if parser.at(",") { parser.index += 1 }
                if parser.index == start { parser.skipBalanced() }
            }
            parser.expectClose(")", openedAt: open)
            return arguments
        }
    }

    /// `[a, b]`, `[key: value]`, `[:]` with the brackets: the elements (keys and values) in order.
    private mutating func parseCollection() -> [SwiftArgument] {
        guard let open = current, open.isSymbol("[") else { return [] }
        return nested([]) { parser in
            parser.index += 1
            var elements: [SwiftArgument] = []
            while let token = parser.current, !token.isSymbol("]") {
                if token.isSymbol("}") || token.isSymbol(")") { break }
                let start = parser.index
                if let value = parser.parseExpression(trailingClosures: true) {
                    elements.append(SwiftArgument(label: nil, value: value))
                }
                if parser.at(",") || parser.at(":") { parser.index += 1 }
                if parser.index == start { parser.skipBalanced() }
            }
            parser.expectClose("]", openedAt: open)
            return elements
        }
    }

    /// `{ attributes [captures] parameters in statements }`.
    private mutating func parseClosure() -> SwiftClosure? {
        guard let open = current, open.isSymbol("{") else { return nil }
        return nested(nil) { parser in
            parser.index += 1
            var attributes: [String] = []
            while let token = parser.current, token.kind == .attribute {
                attributes.append(token.text)
                parser.index += 1
                if parser.at("("), parser.current?.followsSpace == false { parser.skipBalanced() }
            }
            let (parameters, declaresResult) = parser.closureSignature()
            let body = parser.parseStatements()
            parser.expectClose("}", openedAt: open)
            return SwiftClosure(
                attributes: attributes, parameters: parameters, body: body, location: SwiftLocation(open),
                declaresResult: declaresResult)
        }
    }

    /// The parameters of a closure's signature, consuming it up to and including `in`, and whether it
    /// declares a result other than `Void` (`-> Bool`); `[]` and nothing consumed when the closure has none.
    private mutating func closureSignature() -> (parameters: [String], declaresResult: Bool) {
        let start = index
        var parameters: [String] = []
        var declaresResult = false
        var previous: SwiftToken?
        while let token = current {
            if token.isWord("in") {
                index += 1
                return (parameters, declaresResult)
            }
            if token.kind == .operator, token.text == "->", let result = peek(1) {
                declaresResult = !(result.isWord("Void") || (result.isSymbol("(") && peek(2)?.isSymbol(")") == true))
            }
            let isCaptureList = token.isSymbol("[") && previous == nil
            let fits = token.kind == .identifier || token.kind == .attribute || token.isSymbol(",") || token.isSymbol(":")
                || token.isSymbol(".") || token.isSymbol("(") || token.isSymbol("[") || token.isSymbol(")")
                || (token.kind == .operator && ["->", "?", "!", "<", ">", "&", "...", "=", "==", "<>"].contains(token.text))
            guard fits, !["return", "let", "var", "if", "guard", "for", "switch", "self", "try", "await"].contains(token.text)
            else { break }
            if token.kind == .identifier, previous == nil || previous!.isSymbol(",") || previous!.isSymbol("(") || previous!.isSymbol("]") {
                parameters.append(token.text)
            }
            if token.isSymbol("("), previous == nil {
                // `(a: T, b: U) in`: the names inside the parentheses.
                previous = token
                index += 1
                continue
            }
            if isCaptureList || token.isSymbol("[") || token.isSymbol("(") {
                skipBalanced()
                previous = tokens[index - 1]
            } else {
                previous = token
                index += 1
            }
        }
        index = start
        return ([], false)
    }
}
