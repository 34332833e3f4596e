/// The part of a Swift file the importer reads: type and function declarations, and inside
/// function bodies the statements and expressions it can translate. Whatever else the parser
/// meets it skips by balanced delimiters, keeping only where it was (``SwiftExpr/Kind/opaque``).

/// Where something is in a source file (1-based line and byte column).
package struct SwiftLocation: Equatable, Sendable, Comparable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ token: SwiftToken) { self.init(line: token.line, column: token.column) }

    package static func < (a: SwiftLocation, b: SwiftLocation) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// A parsed Swift file: its top-level declarations.
package struct SwiftFile: Sendable {
    /// The file's name as given (shown in `file:line` references).
    package var path: String
    package var declarations: [SwiftDecl]
    /// The source's lines, for quoting the code a step came from.
    package var lines: [String]
    package var problems: [SwiftSyntaxProblem]
    /// The `#if` branches with code that the build `import` reads does not compile (not parsed).
    package var skippedBranches: [SwiftSkippedBranch] = []
}

/// A declaration the importer cares about.
package indirect enum SwiftDecl: Sendable {
    case type(SwiftTypeDecl)
    case function(SwiftFunction)
    /// `let`/`var` at type or file level (a property that holds a closure or a Combine subscription is
    /// read for entry points).
    case property(SwiftProperty)
}

/// A stored or computed property: `let`/`var` at type or file level.
package struct SwiftProperty: Sendable {
    package var name: String
    /// Its initial value, if written.
    package var value: SwiftExpr?
    package var location: SwiftLocation
    /// The type its annotation names when that is a plain name (`var appDelegate: AppDelegate!`), or the
    /// generic type's name (`var activity: Activity<Attributes>?` → `Activity`).
    package var type: String?
    /// Whether it is a `let`.
    package var constant: Bool
    package var modifiers: [String] = []
    /// The key path of an `@Environment(\.name)` attribute: `scenePhase` for `@Environment(\.scenePhase) var phase`.
    package var environmentKey: String?
    /// Its accessors and observers written in a block (`get`, `set`, `willSet`, `didSet`), each a function
    /// named after the property with its ``SwiftFunction/accessor``.
    package var accessors: [SwiftFunction] = []

    package init(name: String, value: SwiftExpr?, location: SwiftLocation, type: String?, constant: Bool) {
        self.name = name
        self.value = value
        self.location = location
        self.type = type
        self.constant = constant
    }
}

/// `class`, `struct`, `enum`, `actor`, `extension` or `protocol`.
package struct SwiftTypeDecl: Sendable {
    package var keyword: String
    package var name: String
    package var attributes: [String]
    package var modifiers: [String]
    /// Inherited types and conformances, as written (`UIResponder`, `UIApplicationDelegate`).
    package var inherits: [String]
    package var members: [SwiftDecl]
    package var location: SwiftLocation
}

/// A function, initializer or `deinit`, with its body when it has one.
package struct SwiftFunction: Sendable {
    package var name: String
    /// The argument labels' names as written in the parameter list (`_` included), for matching
    /// `#selector(name(_:))` and delegate methods.
    package var parameterLabels: [String]
    /// The parameters' names inside the body, in the same order: the second word when a parameter
    /// has two (`completion handler:` → `handler`), else its label.
    package var parameterNames: [String] = []
    package var attributes: [String]
    package var modifiers: [String]
    package var isAsync: Bool
    package var body: [SwiftStatement]?
    package var location: SwiftLocation
    /// For a property's code: `get` (a computed property's getter, `var x: T { … }` included), `set`,
    /// `willSet` or `didSet`; `nil` for a function, an initializer or `deinit`. An accessor is not a callee:
    /// it runs when its property is read or assigned.
    package var accessor: String? = nil
}

/// A closure expression: `{ @MainActor [weak self] value in … }`.
package struct SwiftClosure: Sendable {
    package var attributes: [String]
    /// The parameter names before `in` (`_` included), empty when it has none.
    package var parameters: [String]
    package var body: [SwiftStatement]
    package var location: SwiftLocation
    /// Whether its signature declares a result other than `Void` (`{ state -> Bool in … }`).
    package var declaresResult = false
}

/// A call argument: `label: value`, or an unlabelled value.
package struct SwiftArgument: Sendable {
    package var label: String?
    package var value: SwiftExpr
}

/// One case of a `switch`: its patterns (as expressions, `default` has none) and its body.
package struct SwiftSwitchCase: Sendable {
    package var patterns: [SwiftExpr]
    package var isDefault: Bool
    package var body: [SwiftStatement]
}

/// One `catch` clause of a `do` statement: where its `catch` is, its pattern as written (empty for a
/// bare `catch`) and its body.
package struct SwiftCatchClause: Sendable {
    package var pattern: String
    package var body: [SwiftStatement]
    package var location: SwiftLocation
}

/// An expression, as far as the importer understands it.
package struct SwiftExpr: Sendable {
    package indirect enum Kind: Sendable {
        /// A name: `Task`, `self`, `semaphore`, `nil`.
        case name(String)
        /// `.background`, `.immediate`.
        case implicitMember(String)
        /// A number or string literal, as written.
        case literal(String)
        /// `base.member`.
        case member(SwiftExpr, String)
        /// `callee(arguments) { trailing closures }`.
        case call(SwiftExpr, [SwiftArgument], trailing: [SwiftClosure])
        /// `base<Generic, Arguments>`, as in `Activity<Attributes>`.
        case generic(SwiftExpr, [String])
        case closure(SwiftClosure)
        /// `await`, `try`, `try?`, `!`, `-` before an expression.
        case prefix(String, SwiftExpr)
        /// `a op b op c …` as written (no precedence): `operands.count == operators.count + 1`.
        case binary([SwiftExpr], operators: [String])
        /// `( … )`: a parenthesized expression or tuple.
        case tuple([SwiftArgument])
        /// `[a, b]` or `[key: value]`: an array or dictionary literal's elements in order (keys and
        /// values alike), unlabelled.
        case collection([SwiftArgument])
        /// `#selector(…)`: the pound keyword and its arguments.
        case pound(String, [SwiftArgument])
        /// Something the parser skipped (an array, a key path, a too-deep nesting), by its first token.
        case opaque(String)
    }

    package var kind: Kind
    package var location: SwiftLocation
    /// Expressions the parser reads inside what it otherwise keeps whole: a string literal's
    /// interpolations (`"\(await store.count())"`) and a subscript's indices (`cache[await key()]`,
    /// on the expression subscripted), in source order. They are evaluated before the expression's own
    /// work, so the translator runs the ones that await or call code first (`StepTranslator+NestedAwaits.swift`).
    package var embedded: [SwiftExpr] = []
    /// For `base.member`, where its `.` is (the expression's own place is its base's): a SwiftUI modifier's
    /// note points at its line, not at the start of the chain.
    package var memberLocation: SwiftLocation? = nil

    package init(kind: Kind, location: SwiftLocation) {
        self.kind = kind
        self.location = location
    }

    /// The expressions directly in this one (not in closures, nor ``embedded``).
    package var children: [SwiftExpr] {
        switch kind {
        case .name, .implicitMember, .literal, .opaque, .closure: []
        case .member(let base, _), .generic(let base, _), .prefix(_, let base): [base]
        case .call(let callee, let arguments, _): [callee] + arguments.map(\.value)
        case .binary(let operands, _): operands
        case .tuple(let arguments), .collection(let arguments), .pound(_, let arguments): arguments.map(\.value)
        }
    }
}

/// A statement in a function or closure body.
package struct SwiftStatement: Sendable {
    package indirect enum Kind: Sendable {
        case expression(SwiftExpr)
        /// `let name = value` or `var name: T = value` (`value` nil without an initializer).
        case binding(name: String, value: SwiftExpr?)
        /// `async let name = value`: a child task whose value is awaited later.
        case asyncLet(name: String, value: SwiftExpr?)
        /// `for pattern in sequence { body }`; `awaits`: `for await` or `for try await`, a loop over an async
        /// sequence (each iteration awaits the sequence's next element).
        case forIn(pattern: String, sequence: SwiftExpr, body: [SwiftStatement], awaits: Bool)
        /// `if conditions { then } else { otherwise }`; `else if` is an `if` alone in `otherwise`.
        case ifStatement(conditions: [SwiftExpr], then: [SwiftStatement], otherwise: [SwiftStatement]?)
        /// `guard conditions else { otherwise }`.
        case guardStatement(conditions: [SwiftExpr], otherwise: [SwiftStatement])
        case switchStatement(subject: SwiftExpr, cases: [SwiftSwitchCase])
        /// `do { body } catch { … }`: the body, and its `catch` clauses (none for a plain `do { }`).
        case doBlock([SwiftStatement], catches: [SwiftCatchClause])
        case deferBlock([SwiftStatement])
        /// `while conditions { body }`, `repeat { body } while condition`: loops the importer does not
        /// unroll (a polling loop becomes a `waitUntil`).
        case loop(keyword: String, conditions: [SwiftExpr], body: [SwiftStatement])
        /// `return`, `break`, `continue`, `throw`, with a returned value if any.
        case jump(String, SwiftExpr?)
        /// A local declaration (a nested function or type): not followed.
        case declaration(SwiftDecl)
        /// Something the parser skipped, by its first token.
        case opaque(String)
    }

    package var kind: Kind
    package var location: SwiftLocation

    /// The expressions of this statement itself, not of the statements in its bodies.
    package var ownExpressions: [SwiftExpr] {
        switch kind {
        case .expression(let expr): [expr]
        case .binding(_, let value), .asyncLet(_, let value), .jump(_, let value): value.map { [$0] } ?? []
        case .forIn(_, let sequence, _, _): [sequence]
        case .ifStatement(let conditions, _, _), .guardStatement(let conditions, _), .loop(_, let conditions, _): conditions
        case .switchStatement(let subject, _): [subject]
        case .doBlock, .deferBlock, .declaration, .opaque: []
        }
    }
}
