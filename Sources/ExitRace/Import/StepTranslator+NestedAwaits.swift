/// Work inside an expression that runs before the expression's own: a call's arguments, a string's
/// interpolations, a subscript's indices, a parenthesized base (`(await store.items()).count`). Swift
/// evaluates them first, so `try await Api.shared.send(await Store.shared.pending())` awaits
/// `Store.pending` and then `Api.send`: each such sub-expression that awaits, calls the app's own code or
/// passes a closure is translated first, in source order, and the expression's own translation sees a
/// placeholder in its place (docs/import.md, the table's "work nested in an expression").
extension StepTranslator {
    /// `expr` with the sub-expressions it evaluates first taken out (each replaced by a placeholder), and
    /// the steps they translate into, in the order Swift evaluates them.
    mutating func translateEvaluatedFirst(_ expr: SwiftExpr, _ context: Context) -> (rest: SwiftExpr, steps: [ImportedStep]) {
        var first: [SwiftExpr] = []
        let rest = hoist(expr, context, into: &first)
        guard !first.isEmpty else { return (expr, []) }
        var inner = context
        inner.assignedName = nil
        return (rest, first.flatMap { translate($0, inner) })
    }

    /// Walks the parts of `expr` evaluated before its own work (not a binary's operands, which the
    /// translator reads one by one, nor closures, which run when they are called).
    private func hoist(_ expr: SwiftExpr, _ context: Context, into first: inout [SwiftExpr]) -> SwiftExpr {
        var expr = expr
        switch expr.kind {
        case .prefix(let word, let operand):
            expr.kind = .prefix(word, hoist(operand, context, into: &first))
        case .member(let base, let name):
            expr.kind = .member(hoist(base, context, into: &first), name)
        case .generic(let base, let names):
            expr.kind = .generic(hoist(base, context, into: &first), names)
        case .call(let callee, let arguments, let trailing):
            let callee = hoist(callee, context, into: &first)
            expr.kind = .call(callee, hoist(arguments, context, into: &first), trailing: trailing)
        case .tuple(let elements):
            expr.kind = .tuple(hoist(elements, context, into: &first))
        case .collection(let elements):
            expr.kind = .collection(hoist(elements, context, into: &first))
        case .name, .implicitMember, .literal, .closure, .binary, .pound, .opaque:
            break
        }
        var kept: [SwiftExpr] = []
        for inner in expr.embedded {
            if runsCode(inner, context) { first.append(inner) } else { kept.append(inner) }
        }
        expr.embedded = kept
        return expr
    }

    private func hoist(_ arguments: [SwiftArgument], _ context: Context, into first: inout [SwiftExpr]) -> [SwiftArgument] {
        arguments.map { argument in
            guard runsCode(argument.value, context) else { return argument }
            first.append(argument.value)
            return SwiftArgument(label: argument.label, value: SwiftExpr(kind: .opaque("…"), location: argument.value.location))
        }
    }

    /// Whether translating `expr` on its own can give a step or a note worth having: it awaits, calls a
    /// function (or a local closure) of the files, or passes a closure (a `Task { }`, a dispatched block),
    /// outside any closure it holds. A closure itself is not: the call it is passed to decides when it runs.
    func runsCode(_ expr: SwiftExpr, _ context: Context) -> Bool {
        switch expr.kind {
        case .closure: return false
        case .prefix("await", _): return true
        case .call(let callee, let arguments, let trailing):
            if !trailing.isEmpty || arguments.contains(where: { if case .closure = $0.value.kind { true } else { false } }) {
                return true
            }
            if case .closure = callee.kind { return true }  // `{ … }()`
            if case .name(let name) = callee.kind, context.localClosures[name] != nil { return true }
            if definesFunction(callee, context) { return true }
        case .name, .member:
            if accessor("get", of: expr, context) != nil { return true }  // a computed property's getter
        default:
            break
        }
        return expr.children.contains { runsCode($0, context) } || expr.embedded.contains { runsCode($0, context) }
    }
}

/// What an `await` awaits when it is not a plain call: a call read through (`await api.upload().isSuccess`,
/// `try await session.data(from: url).0`), a closure called in place, a property.
extension StepTranslator {
    /// The call an `await` is about: `(call)` unwrapped, and the members read after the last call left
    /// out (`await Api.shared.upload().isSuccess` awaits `upload()`; the member is read from its result).
    static func awaitedCall(_ expr: SwiftExpr) -> SwiftExpr {
        var core = expr
        while true {
            if case .tuple(let elements) = core.kind, elements.count == 1, elements[0].label == nil {
                core = elements[0].value
            } else if case .member(let base, _) = core.kind, makesCall(base) {
                core = base
            } else if case .prefix(let word, let inner) = core.kind, word.hasPrefix("try") || word == "await" {
                core = inner
            } else {
                return core
            }
        }
    }

    /// Whether an `await` at `location` is in a task body, where the scenario language has one;
    /// if not, it is noted as not translated (the hooks are synchronous).
    mutating func inTask(_ location: SwiftLocation, _ context: Context) -> Bool {
        guard !context.isAsync else { return true }
        note(.untranslated, location, context, "await outside a task body: the scenario's hooks are synchronous; "
            + "put it in a task by hand", dropsAwait: true)
        return false
    }

    /// `{ … }()` (and `await { … }()`): the closure's body, here and now.
    mutating func translateInPlace(_ closure: SwiftClosure, _ context: Context) -> [ImportedStep] {
        var inner = context
        inner.assignedName = nil
        inner.atTaskBodyTop = false
        return translate(closure.body, inner)
    }

    /// `await store.pendingCount`: an awaited property, not a call. Of a type of the files it is a read of
    /// that type's state (named as taken as instant); of an API the importer does not know it is an
    /// async getter (or another actor's property): a system call named after it, as an awaited call is.
    mutating func translateAwaitedProperty(_ core: SwiftExpr, _ location: SwiftLocation, _ context: Context) -> [ImportedStep] {
        let names = Self.chain(core)
        guard names.count >= 2 || (names.count == 1 && context.isAsync) else {
            note(.untranslated, location, context, "await of something that is neither a call nor a property: write it "
                + "by hand", dropsAwait: true)
            return []
        }
        if let getter = followGetter(core, context) { return getter }  // `await store.pending`: an async getter
        let receiver = names.first.map { codebase.valueTypes[$0] ?? $0 } ?? ""
        if codebase.typeKeywords[receiver] != nil || names.count == 1 {
            note(.instant, location, context, "await \(names.joined(separator: ".")): a property of the app's own code, "
                + "read where the code runs")
            return []
        }
        guard inTask(location, context) else { return [] }
        let name = systemCallName(core, context)
        let source = reference(location, context)
        note(.assumption, location, context, "await \(names.joined(separator: ".")): an awaited property (an async "
            + "getter, or another actor's state), taken as a system call \(name); if reading it takes no time, delete "
            + "its step")
        recordCall(name, source)
        return [ImportedStep(.call(name), source)]
    }
}

extension StepTranslator {
    /// Whether statements hold an `await` anywhere, closures included.
    static func awaits(_ statements: [SwiftStatement]) -> Bool {
        statements.contains { statement in
            switch statement.kind {
            case .forIn(_, _, let body, let loopAwaits):
                if loopAwaits || awaits(body) { return true }
            case .ifStatement(_, let then, let otherwise):
                if awaits(then) || awaits(otherwise ?? []) { return true }
            case .guardStatement(_, let body), .doBlock(let body, _), .deferBlock(let body), .loop(_, _, let body):
                if awaits(body) { return true }
            case .switchStatement(_, let cases):
                if cases.contains(where: { awaits($0.body) }) { return true }
            default:
                break
            }
            return statement.ownExpressions.contains(where: awaits)
        }
    }

    /// Whether an expression holds an `await`, in its closures too.
    static func awaits(_ expr: SwiftExpr) -> Bool {
        switch expr.kind {
        case .prefix("await", _): return true
        case .closure(let closure): return awaits(closure.body)
        case .call(_, _, let trailing): if trailing.contains(where: { awaits($0.body) }) { return true }
        default: break
        }
        return expr.children.contains(where: awaits) || expr.embedded.contains(where: awaits)
    }
}
